/**
 * Ratings users give each other, with stats (`/ratings`).
 *
 * @since 0.1.0
 */
import { call } from "../internal/call.js"
import { ratings as endpoints } from "../internal/endpoints.js"
import { paginate as pages } from "../internal/paginate.js"

/** Lists ratings (`GET /ratings`): one page, with its pagination meta. */
export const list = /*#__PURE__*/ call(endpoints, "list")

/** Every rating across all pages, as a stream (page-based or cursor-based, whichever the server answers). */
export const paginate = /*#__PURE__*/ pages(endpoints, "list")

/** Reads one rating (`GET /ratings/:id`). */
export const read = /*#__PURE__*/ call(endpoints, "read")

/** Creates a rating (`POST /ratings`). */
export const create = /*#__PURE__*/ call(endpoints, "create")

/** Updates a rating (`PATCH /ratings/:id`; metadata and platformData are deep-merged). */
export const update = /*#__PURE__*/ call(endpoints, "update")

/** Removes a rating (`DELETE /ratings/:id`); answers `{ id }`. */
export const remove = /*#__PURE__*/ call(endpoints, "remove")

/** Rating stats grouped by author, target, asset or transaction (`GET /ratings/stats`): one page. */
export const getStats = /*#__PURE__*/ call(endpoints, "getStats")

/** Every item across all pages, as a stream (page-based or cursor-based, whichever the server answers). */
export const paginateStats = /*#__PURE__*/ pages(endpoints, "getStats")
