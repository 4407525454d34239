/**
 * Entries: localized content collections (`/entries`).
 *
 * @since 0.1.0
 */
import { call } from "../internal/call.js"
import { entries as endpoints } from "../internal/endpoints.js"
import { paginate as pages } from "../internal/paginate.js"

/** Lists entries (`GET /entries`): one page, with its pagination meta. */
export const list = /*#__PURE__*/ call(endpoints, "list")

/** Every entry across all pages, as a stream (page-based or cursor-based, whichever the server answers). */
export const paginate = /*#__PURE__*/ pages(endpoints, "list")

/** Reads one entry (`GET /entries/:id`). */
export const read = /*#__PURE__*/ call(endpoints, "read")

/** Creates an entry (`POST /entries`). */
export const create = /*#__PURE__*/ call(endpoints, "create")

/** Updates an entry (`PATCH /entries/:id`; metadata and platformData are deep-merged). */
export const update = /*#__PURE__*/ call(endpoints, "update")

/** Removes an entry (`DELETE /entries/:id`); answers `{ id }`. */
export const remove = /*#__PURE__*/ call(endpoints, "remove")
