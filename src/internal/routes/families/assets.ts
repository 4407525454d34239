import * as Schema from "effect/Schema"
import type * as T from "../../../Types.js"
import { as, del, get, list, patch, post } from "../model.js"
import { customData, live, OpenRecord, type Resource, resourceOf, stamped } from "../schemaParts.js"
import { AssetId, AssetLocation, AssetTypeId, CategoryId, UserId } from "../sharedSchemas.js"

/**
 * Assets: what the marketplace lists (`/assets`).
 *
 * @id AssetId an asset (`ast_...`)
 * @apiReference Asset API › Asset
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

const assetFields = () => ({
  id: AssetId,
  ...stamped,
  name: Schema.String,
  description: Schema.NullOr(Schema.String),
  ownerId: Schema.NullOr(UserId),
  categoryId: Schema.NullOr(CategoryId),
  validated: Schema.Boolean,
  active: Schema.Boolean,
  locations: Schema.Array(AssetLocation),
  assetTypeId: AssetTypeId,
  quantity: Schema.Number,
  price: Schema.Number,
  currency: Schema.NullOr(Schema.String),
  /** Values keyed by custom attribute name. */
  customAttributes: OpenRecord,
  ...customData,
  ...live
})
/** An asset (`ast_`): the thing a platform lists. */
export const Asset: Resource<ReturnType<typeof assetFields>, T.Asset> = /*#__PURE__*/ resourceOf(assetFields)

/** Body of `POST /assets`. */
export interface AssetCreateParams extends T.CustomDataParams {
  name: string
  /** Defaults to the current user; another user needs `asset:create:all`. */
  ownerId?: T.IdInput<T.UserId> | null
  description?: string | null
  categoryId?: T.IdInput<T.CategoryId> | null
  validated?: boolean
  active?: boolean
  locations?: ReadonlyArray<T.AssetLocation>
  assetTypeId?: T.IdInput<T.AssetTypeId>
  quantity?: number
  price?: number
  currency?: string
  customAttributes?: Record<string, unknown>
}

/** Body of `PATCH /assets/:id`; the owner cannot change. */
export type AssetUpdateParams = Partial<Omit<AssetCreateParams, "ownerId">>

/** Query of `GET /assets`; sorting on fields other than the dates works only under 2019-05-20. */
export interface AssetListParams
  extends T.ListParams<"createdDate" | "updatedDate" | "name" | "quantity" | "price" | "validated" | "active", T.AssetId>
{
  ownerId?: T.IdFilter<T.UserId>
  categoryId?: T.IdFilter<T.CategoryId>
  assetTypeId?: T.IdFilter<T.AssetTypeId>
  validated?: boolean
  active?: boolean
  quantity?: T.RangeFilter<number>
  price?: T.RangeFilter<number>
}
