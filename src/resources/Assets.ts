/**
 * Assets: what the marketplace lists (`/assets`).
 *
 * @since 0.1.0
 */
import { call } from "../internal/call.js"
import { assets as endpoints } from "../internal/endpoints.js"
import { paginate as pages } from "../internal/paginate.js"

/** Lists assets (`GET /assets`): one page, with its pagination meta. */
export const list = /*#__PURE__*/ call(endpoints, "list")

/** Every asset across all pages, as a stream (page-based or cursor-based, whichever the server answers). */
export const paginate = /*#__PURE__*/ pages(endpoints, "list")

/** Reads one asset (`GET /assets/:id`). */
export const read = /*#__PURE__*/ call(endpoints, "read")

/** Creates an asset (`POST /assets`). */
export const create = /*#__PURE__*/ call(endpoints, "create")

/** Updates an asset (`PATCH /assets/:id`; metadata and platformData are deep-merged). */
export const update = /*#__PURE__*/ call(endpoints, "update")

/** Removes an asset (`DELETE /assets/:id`); answers `{ id }`. */
export const remove = /*#__PURE__*/ call(endpoints, "remove")
