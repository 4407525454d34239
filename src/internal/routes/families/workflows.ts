import type * as T from "../../../Types.js"
import { as, del, get, list, patch, post } from "../model.js"

/**
 * Workflows: server-side automations triggered by events (`/workflows`).
 *
 * @id WorkflowId a workflow (`wfw_...`)
 * @since 0.1.0
 */
export const workflows = {
  /** Lists workflows (`GET /workflows`): one page, with its pagination meta. */
  list: /*#__PURE__*/ list("/workflows", as<T.Workflow, T.WorkflowListParams, "version-or-array">),
  /** Reads one workflow (`GET /workflows/:id`). */
  read: /*#__PURE__*/ get("/workflows/:id", as<T.Workflow, T.WorkflowReadParams>),
  /** Creates a workflow (`POST /workflows`). */
  create: /*#__PURE__*/ post("/workflows", as<T.Workflow, T.WorkflowCreateParams>),
  /** Updates a workflow (`PATCH /workflows/:id`; metadata and platformData are deep-merged). */
  update: /*#__PURE__*/ patch("/workflows/:id", as<T.Workflow, T.WorkflowUpdateParams>),
  /** Removes a workflow (`DELETE /workflows/:id`); answers `{ id }`. */
  remove: /*#__PURE__*/ del("/workflows/:id", as<T.Deleted>)
}
