/**
 * Availabilities of assets over time, and the availability graph (`/availabilities`).
 *
 * @since 0.1.0
 */
import { call } from "../internal/call.js"
import { availabilities as endpoints } from "../internal/endpoints.js"
import { paginate as pages } from "../internal/paginate.js"

/** Lists availabilities (`GET /availabilities`): one page, with its pagination meta. */
export const list = /*#__PURE__*/ call(endpoints, "list")

/** Every availability across all pages, as a stream (page-based or cursor-based, whichever the server answers). */
export const paginate = /*#__PURE__*/ pages(endpoints, "list")

/** Creates an availability (`POST /availabilities`). */
export const create = /*#__PURE__*/ call(endpoints, "create")

/** Updates an availability (`PATCH /availabilities/:id`; metadata and platformData are deep-merged). */
export const update = /*#__PURE__*/ call(endpoints, "update")

/** Removes an availability (`DELETE /availabilities/:id`); answers `{ id }`. */
export const remove = /*#__PURE__*/ call(endpoints, "remove")

/** The availability graph of an asset (`GET /availabilities/graph`). */
export const getGraph = /*#__PURE__*/ call(endpoints, "getGraph")
