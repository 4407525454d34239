/**
 * Asset types: booking rules (time-based or not, pricing, transaction process) shared by assets (`/asset-types`).
 *
 * @since 0.1.0
 */
import { call } from "../internal/call.js"
import { assetTypes as endpoints } from "../internal/endpoints.js"
import { paginate as pages } from "../internal/paginate.js"

/** Lists asset types (`GET /asset-types`): one page, with its pagination meta. */
export const list = /*#__PURE__*/ call(endpoints, "list")

/** Every asset type across all pages, as a stream (page-based or cursor-based, whichever the server answers). */
export const paginate = /*#__PURE__*/ pages(endpoints, "list")

/** Reads one asset type (`GET /asset-types/:id`). */
export const read = /*#__PURE__*/ call(endpoints, "read")

/** Creates an asset type (`POST /asset-types`). */
export const create = /*#__PURE__*/ call(endpoints, "create")

/** Updates an asset type (`PATCH /asset-types/:id`; metadata and platformData are deep-merged). */
export const update = /*#__PURE__*/ call(endpoints, "update")

/** Removes an asset type (`DELETE /asset-types/:id`); answers `{ id }`. */
export const remove = /*#__PURE__*/ call(endpoints, "remove")
