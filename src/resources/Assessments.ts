/**
 * Assessments: check-in and check-out statements signed by the parties of a transaction (`/assessments`; absent from stelace.js).
 *
 * @since 0.1.0
 */
import { call } from "../internal/call.js"
import { assessments as endpoints } from "../internal/endpoints.js"
import { paginate as pages } from "../internal/paginate.js"

/** Lists assessments (`GET /assessments`): one page, with its pagination meta. */
export const list = /*#__PURE__*/ call(endpoints, "list")

/** Every assessment across all pages, as a stream (page-based or cursor-based, whichever the server answers). */
export const paginate = /*#__PURE__*/ pages(endpoints, "list")

/** Reads one assessment (`GET /assessments/:id`). */
export const read = /*#__PURE__*/ call(endpoints, "read")

/** Creates an assessment (`POST /assessments`). */
export const create = /*#__PURE__*/ call(endpoints, "create")

/** Updates an assessment (`PATCH /assessments/:id`; metadata and platformData are deep-merged). */
export const update = /*#__PURE__*/ call(endpoints, "update")

/** Signs an assessment (`POST /assessments/:id/signatures`). */
export const sign = /*#__PURE__*/ call(endpoints, "sign")

/** Removes an assessment (`DELETE /assessments/:id`); answers `{ id }`. */
export const remove = /*#__PURE__*/ call(endpoints, "remove")
