/**
 * Documents: free-form typed records, with stats (`/documents`).
 *
 * @since 0.1.0
 */
import { call } from "../internal/call.js"
import { documents as endpoints } from "../internal/endpoints.js"
import { paginate as pages } from "../internal/paginate.js"

/** Lists documents (`GET /documents`): one page, with its pagination meta. */
export const list = call(endpoints.list)

/** Every document across all pages, as a stream (page-based or cursor-based, whichever the server answers). */
export const paginate = pages(endpoints.list)

/** Reads one document (`GET /documents/:id`). */
export const read = call(endpoints.read)

/** Creates a document (`POST /documents`). */
export const create = call(endpoints.create)

/** Updates a document (`PATCH /documents/:id`; metadata and platformData are deep-merged). */
export const update = call(endpoints.update)

/** Removes a document (`DELETE /documents/:id`); answers `{ id }`. */
export const remove = call(endpoints.remove)

/** Document stats grouped by a field (`GET /documents/stats`): one page. */
export const getStats = call(endpoints.getStats)

/** Every item across all pages, as a stream (page-based or cursor-based, whichever the server answers). */
export const paginateStats = pages(endpoints.getStats)
