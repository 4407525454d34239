/**
 * Workflows: server-side automations triggered by events (`/workflows`).
 *
 * @since 0.1.0
 */
import { call } from "../internal/call.js"
import { workflows as endpoints } from "../internal/endpoints.js"
import { paginate as pages } from "../internal/paginate.js"

/** Lists workflows (`GET /workflows`): one page, with its pagination meta. */
export const list = /*#__PURE__*/ call(endpoints, "list")

/** Every workflow across all pages, as a stream (page-based or cursor-based, whichever the server answers). */
export const paginate = /*#__PURE__*/ pages(endpoints, "list")

/** Reads one workflow (`GET /workflows/:id`). */
export const read = /*#__PURE__*/ call(endpoints, "read")

/** Creates a workflow (`POST /workflows`). */
export const create = /*#__PURE__*/ call(endpoints, "create")

/** Updates a workflow (`PATCH /workflows/:id`; metadata and platformData are deep-merged). */
export const update = /*#__PURE__*/ call(endpoints, "update")

/** Removes a workflow (`DELETE /workflows/:id`); answers `{ id }`. */
export const remove = /*#__PURE__*/ call(endpoints, "remove")
