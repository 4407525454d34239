/**
 * API keys of the platform (`/api-keys`).
 *
 * @since 0.1.0
 */
import { call } from "../internal/call.js"
import { apiKeys as endpoints } from "../internal/endpoints.js"
import { paginate as pages } from "../internal/paginate.js"

/** Lists API keys (`GET /api-keys`): one page, with its pagination meta. */
export const list = /*#__PURE__*/ call(endpoints, "list")

/** Every API key across all pages, as a stream (page-based or cursor-based, whichever the server answers). */
export const paginate = /*#__PURE__*/ pages(endpoints, "list")

/** Reads one API key (`GET /api-keys/:id`). */
export const read = /*#__PURE__*/ call(endpoints, "read")

/** Creates a API key (`POST /api-keys`). */
export const create = /*#__PURE__*/ call(endpoints, "create")

/** Updates a API key (`PATCH /api-keys/:id`; metadata and platformData are deep-merged). */
export const update = /*#__PURE__*/ call(endpoints, "update")

/** Removes a API key (`DELETE /api-keys/:id`); answers `{ id }`. */
export const remove = /*#__PURE__*/ call(endpoints, "remove")
