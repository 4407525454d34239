/**
 * Roles and their permissions (`/roles`).
 *
 * @since 0.1.0
 */
import { call } from "../internal/call.js"
import { roles as endpoints } from "../internal/endpoints.js"
import { paginate as pages } from "../internal/paginate.js"

/** Lists roles (`GET /roles`): one page, with its pagination meta. */
export const list = /*#__PURE__*/ call(endpoints, "list")

/** Every role across all pages, as a stream (page-based or cursor-based, whichever the server answers). */
export const paginate = /*#__PURE__*/ pages(endpoints, "list")

/** Reads one role (`GET /roles/:id`). */
export const read = /*#__PURE__*/ call(endpoints, "read")

/** Creates a role (`POST /roles`). */
export const create = /*#__PURE__*/ call(endpoints, "create")

/** Updates a role (`PATCH /roles/:id`; metadata and platformData are deep-merged). */
export const update = /*#__PURE__*/ call(endpoints, "update")

/** Removes a role (`DELETE /roles/:id`); answers `{ id }`. */
export const remove = /*#__PURE__*/ call(endpoints, "remove")
