/**
 * Tasks: scheduled or recurring events (`/tasks`).
 *
 * @since 0.1.0
 */
import { call } from "../internal/call.js"
import { tasks as endpoints } from "../internal/endpoints.js"
import { paginate as pages } from "../internal/paginate.js"

/** Lists tasks (`GET /tasks`): one page, with its pagination meta. */
export const list = /*#__PURE__*/ call(endpoints, "list")

/** Every task across all pages, as a stream (page-based or cursor-based, whichever the server answers). */
export const paginate = /*#__PURE__*/ pages(endpoints, "list")

/** Reads one task (`GET /tasks/:id`). */
export const read = /*#__PURE__*/ call(endpoints, "read")

/** Creates a task (`POST /tasks`). */
export const create = /*#__PURE__*/ call(endpoints, "create")

/** Updates a task (`PATCH /tasks/:id`; metadata and platformData are deep-merged). */
export const update = /*#__PURE__*/ call(endpoints, "update")

/** Removes a task (`DELETE /tasks/:id`); answers `{ id }`. */
export const remove = /*#__PURE__*/ call(endpoints, "remove")
