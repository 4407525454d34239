import type * as T from "../../../Types.js"
import { as, del, get, list, patch, post } from "../model.js"

/**
 * Assets: what the marketplace lists (`/assets`).
 *
 * @id AssetId an asset (`ast_...`)
 * @since 0.1.0
 */
export const assets = {
  /** Lists assets (`GET /assets`): one page, with its pagination meta. */
  list: /*#__PURE__*/ list("/assets", as<T.Asset, T.AssetListParams>),
  /** Reads one asset (`GET /assets/:id`). */
  read: /*#__PURE__*/ get("/assets/:id", as<T.Asset>),
  /** Creates an asset (`POST /assets`). */
  create: /*#__PURE__*/ post("/assets", as<T.Asset, T.AssetCreateParams>),
  /** Updates an asset (`PATCH /assets/:id`; metadata and platformData are deep-merged). */
  update: /*#__PURE__*/ patch("/assets/:id", as<T.Asset, T.AssetUpdateParams>),
  /** Removes an asset (`DELETE /assets/:id`); answers `{ id }`. */
  remove: /*#__PURE__*/ del("/assets/:id", as<T.Deleted>)
}
