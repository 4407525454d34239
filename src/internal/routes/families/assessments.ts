import type * as T from "../../../Types.js"
import { as, del, get, list, patch, post } from "../model.js"

/**
 * Assessments: check-in and check-out statements signed by the parties of a transaction (`/assessments`; absent from stelace.js).
 *
 * @id AssessmentId an assessment (`assm_...`)
 * @since 0.1.0
 */
export const assessments = {
  /** Lists assessments (`GET /assessments`): one page, with its pagination meta. */
  list: /*#__PURE__*/ list("/assessments", as<T.Assessment, T.AssessmentListParams>),
  /** Reads one assessment (`GET /assessments/:id`). */
  read: /*#__PURE__*/ get("/assessments/:id", as<T.Assessment>),
  /** Creates an assessment (`POST /assessments`). */
  create: /*#__PURE__*/ post("/assessments", as<T.Assessment, T.AssessmentCreateParams>),
  /** Updates an assessment (`PATCH /assessments/:id`; metadata and platformData are deep-merged). */
  update: /*#__PURE__*/ patch("/assessments/:id", as<T.Assessment, T.AssessmentUpdateParams>),
  /** Signs an assessment (`POST /assessments/:id/signatures`). */
  sign: /*#__PURE__*/ post("/assessments/:id/signatures", as<T.Assessment, T.AssessmentSignParams>, { bodyRequired: true }),
  /** Removes an assessment (`DELETE /assessments/:id`); answers `{ id }`. */
  remove: /*#__PURE__*/ del("/assessments/:id", as<T.Deleted>)
}
