import * as Schema from "effect/Schema"
import type * as T from "../../../Types.js"
import { as, del, get, list, patch, post } from "../model.js"
import { customData, live, type Resource, resourceOf, stamped } from "../schemaParts.js"
import { AssetTypeId, Duration, TimeUnit } from "../sharedSchemas.js"

/**
 * Asset types: booking rules (time-based or not, pricing, transaction process) shared by assets (`/asset-types`).
 *
 * @id AssetTypeId an asset type (`typ_...`)
 * @apiReference Asset API › Asset Type
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

const assetTypePricingFields = () => ({
  ownerFeesPercent: Schema.Number,
  takerFeesPercent: Schema.Number
})
/** Platform fees of an asset type, in whole percents (0-100). */
export const AssetTypePricing: Resource<ReturnType<typeof assetTypePricingFields>, T.AssetTypePricing> = /*#__PURE__*/ resourceOf(assetTypePricingFields)

const assetTypeTimingFields = () => ({
  timeUnit: TimeUnit,
  minDuration: Schema.NullOr(Duration),
  maxDuration: Schema.NullOr(Duration)
})
/** Time settings of an asset type. */
export const AssetTypeTiming: Resource<ReturnType<typeof assetTypeTimingFields>, T.AssetTypeTiming> = /*#__PURE__*/ resourceOf(assetTypeTimingFields)

const transactionTransitionFields = () => ({
  name: Schema.String,
  /** A status, or `"*"` (any status). */
  from: Schema.String,
  to: Schema.String,
  /** Who may trigger it, e.g. `["owner"]`, `["taker"]`. */
  actors: Schema.optionalKey(Schema.Array(Schema.String))
})
/** A transition of a transaction process; `from` may be `"*"` (any status). */
export const TransactionTransition: Resource<ReturnType<typeof transactionTransitionFields>, T.TransactionTransition> = /*#__PURE__*/ resourceOf(transactionTransitionFields)

const transactionProcessFields = () => ({
  initStatus: Schema.String,
  cancelStatus: Schema.String,
  transitions: Schema.Array(TransactionTransition)
})
/** A custom transaction process (the default one is used when an asset type has none). */
export const TransactionProcess: Resource<ReturnType<typeof transactionProcessFields>, T.TransactionProcess> = /*#__PURE__*/ resourceOf(transactionProcessFields)

const assetTypeNamespacesFields = () => ({
  /** Namespaces made visible to the other party, by transaction statuses. */
  visibility: Schema.Record(Schema.String, Schema.Array(Schema.String))
})
/** Which namespaces become visible to the other party, by transaction statuses. */
export const AssetTypeNamespaces: Resource<ReturnType<typeof assetTypeNamespacesFields>, T.AssetTypeNamespaces> = /*#__PURE__*/ resourceOf(assetTypeNamespacesFields)

const assetTypeFields = () => ({
  id: AssetTypeId,
  ...stamped,
  name: Schema.String,
  timeBased: Schema.Boolean,
  infiniteStock: Schema.Boolean,
  /** Left out (like `timing`, `unavailableWhen`, `transactionProcess`) if the plan has no transaction permission. */
  pricing: Schema.optionalKey(AssetTypePricing),
  timing: Schema.optionalKey(AssetTypeTiming),
  /** Statuses that block availability; `null` means `["validated", "completed"]`. */
  unavailableWhen: Schema.optionalKey(Schema.NullOr(Schema.Array(Schema.String))),
  transactionProcess: Schema.optionalKey(Schema.NullOr(TransactionProcess)),
  namespaces: AssetTypeNamespaces,
  isDefault: Schema.Boolean,
  active: Schema.Boolean,
  ...customData,
  ...live
})
/** An asset type (`typ_`): how assets of a kind are booked. */
export const AssetType: Resource<ReturnType<typeof assetTypeFields>, T.AssetType> = /*#__PURE__*/ resourceOf(assetTypeFields)

/** Body of `POST /asset-types`. */
export interface AssetTypeCreateParams extends T.CustomDataParams {
  name: string
  timeBased: boolean
  infiniteStock?: boolean
  pricing?: Partial<T.AssetTypePricing>
  timing?: Partial<T.AssetTypeTiming>
  transactionProcess?: {
    initStatus: string
    cancelStatus: string
    transitions?: ReadonlyArray<T.TransactionTransition>
  } | null
  namespaces?: Partial<T.AssetTypeNamespaces>
  unavailableWhen?: ReadonlyArray<string>
  isDefault?: boolean
  active?: boolean
}

/** Body of `PATCH /asset-types/:id`. */
export type AssetTypeUpdateParams = Partial<AssetTypeCreateParams>

/** Query of `GET /asset-types` (2020-08-10; under 2019-05-20 the route takes no query). */
export interface AssetTypeListParams extends Omit<T.ListParams<"createdDate" | "updatedDate", T.AssetTypeId>, "page"> {
  isDefault?: boolean
  active?: boolean
}
