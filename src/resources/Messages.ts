/**
 * Messages between users (`/messages`).
 *
 * @since 0.1.0
 */
import { call } from "../internal/call.js"
import { messages as endpoints } from "../internal/endpoints.js"
import { paginate as pages } from "../internal/paginate.js"

/** Lists messages (`GET /messages`): one page, with its pagination meta. */
export const list = /*#__PURE__*/ call(endpoints, "list")

/** Every message across all pages, as a stream (page-based or cursor-based, whichever the server answers). */
export const paginate = /*#__PURE__*/ pages(endpoints, "list")

/** Reads one message (`GET /messages/:id`). */
export const read = /*#__PURE__*/ call(endpoints, "read")

/** Creates a message (`POST /messages`). */
export const create = /*#__PURE__*/ call(endpoints, "create")

/** Updates a message (`PATCH /messages/:id`; metadata and platformData are deep-merged). */
export const update = /*#__PURE__*/ call(endpoints, "update")

/** Removes a message (`DELETE /messages/:id`); answers `{ id }`. */
export const remove = /*#__PURE__*/ call(endpoints, "remove")
