/**
 * Saved searches (`/search` with `save: true`, and `GET/PATCH/DELETE /search/:id`).
 *
 * @since 0.1.0
 */
import { call } from "../internal/call.js"
import { savedSearches as endpoints } from "../internal/endpoints.js"
import { paginate as pages } from "../internal/paginate.js"

/** Lists saved searches (`GET /search`): one page, with its pagination meta. */
export const list = /*#__PURE__*/ call(endpoints, "list")

/** Every saved search across all pages, as a stream (page-based or cursor-based, whichever the server answers). */
export const paginate = /*#__PURE__*/ pages(endpoints, "list")

/** Reads one saved search (`GET /search/:id`). */
export const read = /*#__PURE__*/ call(endpoints, "read")

/** Saves a search (`POST /search`, `save: true` forced). */
export const create = /*#__PURE__*/ call(endpoints, "create")

/** Updates a saved search (`PATCH /search/:id`; metadata and platformData are deep-merged). */
export const update = /*#__PURE__*/ call(endpoints, "update")

/** Removes a saved search (`DELETE /search/:id`); answers `{ id }`. */
export const remove = /*#__PURE__*/ call(endpoints, "remove")
