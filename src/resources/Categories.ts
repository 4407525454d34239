/**
 * Categories of assets (`/categories`).
 *
 * @since 0.1.0
 */
import { call } from "../internal/call.js"
import { categories as endpoints } from "../internal/endpoints.js"
import { paginate as pages } from "../internal/paginate.js"

/** Lists categories (`GET /categories`): one page, with its pagination meta. */
export const list = /*#__PURE__*/ call(endpoints, "list")

/** Every category across all pages, as a stream (page-based or cursor-based, whichever the server answers). */
export const paginate = /*#__PURE__*/ pages(endpoints, "list")

/** Reads one category (`GET /categories/:id`). */
export const read = /*#__PURE__*/ call(endpoints, "read")

/** Creates a category (`POST /categories`). */
export const create = /*#__PURE__*/ call(endpoints, "create")

/** Updates a category (`PATCH /categories/:id`; metadata and platformData are deep-merged). */
export const update = /*#__PURE__*/ call(endpoints, "update")

/** Removes a category (`DELETE /categories/:id`); answers `{ id }`. */
export const remove = /*#__PURE__*/ call(endpoints, "remove")
