import type * as T from "../../../Types.js"
import { as, del, get, list, patch, post } from "../model.js"

/**
 * Asset types: booking rules (time-based or not, pricing, transaction process) shared by assets (`/asset-types`).
 *
 * @id AssetTypeId an asset type (`typ_...`)
 * @since 0.1.0
 */
export const assetTypes = {
  /** Lists asset types (`GET /asset-types`): one page, with its pagination meta. */
  list: /*#__PURE__*/ list("/asset-types", as<T.AssetType, T.AssetTypeListParams, "version-or-array">),
  /** Reads one asset type (`GET /asset-types/:id`). */
  read: /*#__PURE__*/ get("/asset-types/:id", as<T.AssetType>),
  /** Creates an asset type (`POST /asset-types`). */
  create: /*#__PURE__*/ post("/asset-types", as<T.AssetType, T.AssetTypeCreateParams>),
  /** Updates an asset type (`PATCH /asset-types/:id`; metadata and platformData are deep-merged). */
  update: /*#__PURE__*/ patch("/asset-types/:id", as<T.AssetType, T.AssetTypeUpdateParams>),
  /** Removes an asset type (`DELETE /asset-types/:id`); answers `{ id }`. */
  remove: /*#__PURE__*/ del("/asset-types/:id", as<T.Deleted>)
}
