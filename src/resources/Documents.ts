/**
 * Documents: free-form typed records, with stats (`/documents`).
 *
 * @since 0.1.0
 */
import { call } from "../internal/call.js"
import { documents as endpoints } from "../internal/endpoints.js"
import { paginate as pages } from "../internal/paginate.js"

/** Lists documents (`GET /documents`): one page, with its pagination meta. */
export const list = /*#__PURE__*/ call(endpoints, "list")

/** Every document across all pages, as a stream (page-based or cursor-based, whichever the server answers). */
export const paginate = /*#__PURE__*/ pages(endpoints, "list")

/** Reads one document (`GET /documents/:id`). */
export const read = /*#__PURE__*/ call(endpoints, "read")

/** Creates a document (`POST /documents`). */
export const create = /*#__PURE__*/ call(endpoints, "create")

/** Updates a document (`PATCH /documents/:id`; metadata and platformData are deep-merged). */
export const update = /*#__PURE__*/ call(endpoints, "update")

/** Removes a document (`DELETE /documents/:id`); answers `{ id }`. */
export const remove = /*#__PURE__*/ call(endpoints, "remove")

/** Document stats grouped by a field (`GET /documents/stats`): one page. */
export const getStats = /*#__PURE__*/ call(endpoints, "getStats")

/** Every item across all pages, as a stream (page-based or cursor-based, whichever the server answers). */
export const paginateStats = /*#__PURE__*/ pages(endpoints, "getStats")
