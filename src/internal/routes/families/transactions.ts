import * as Schema from "effect/Schema"
import type * as T from "../../../Types.js"
import { as, get, list, patch, post } from "../model.js"
import { customData, DateString, live, OpenRecord, type OtherString, type Resource, resourceOf, stamped } from "../schemaParts.js"
import { AssetId, AssetLocation, AssetTypeId, CategoryId, Duration, TimeUnit, TransactionId, UserId } from "../sharedSchemas.js"

/**
 * Transactions: bookings of assets, moved through their process by transitions (`/transactions`).
 *
 * @id TransactionId a transaction (`trn_...`)
 * @apiReference Transaction API
 * @since 0.1.0
 */
export const transactions = {
  /** Lists transactions (`GET /transactions`): one page, with its pagination meta. */
  list: /*#__PURE__*/ list("/transactions", as<T.Transaction, T.TransactionListParams>),
  /** Reads one transaction (`GET /transactions/:id`). */
  read: /*#__PURE__*/ get("/transactions/:id", as<T.Transaction>),
  /** Creates a transaction (`POST /transactions`). */
  create: /*#__PURE__*/ post("/transactions", as<T.Transaction, T.TransactionCreateParams>),
  /** Updates a transaction (`PATCH /transactions/:id`; metadata and platformData are deep-merged). */
  update: /*#__PURE__*/ patch("/transactions/:id", as<T.Transaction, T.TransactionUpdateParams>),
  /** Moves a transaction through its process (`POST /transactions/:id/transitions`). */
  createTransition: /*#__PURE__*/ post("/transactions/:id/transitions", as<T.Transaction, T.TransactionTransitionParams>),
  /** Previews a transaction's amounts without creating it (`POST /transactions/preview`). */
  preview: /*#__PURE__*/ post("/transactions/preview", as<T.TransactionPreview, T.TransactionPreviewParams>)
}

const assetSnapshotFields = () => ({
  id: Schema.optionalKey(AssetId),
  createdDate: Schema.optionalKey(DateString),
  updatedDate: Schema.optionalKey(DateString),
  name: Schema.optionalKey(Schema.String),
  description: Schema.optionalKey(Schema.NullOr(Schema.String)),
  ownerId: Schema.optionalKey(Schema.NullOr(UserId)),
  categoryId: Schema.optionalKey(Schema.NullOr(CategoryId)),
  validated: Schema.optionalKey(Schema.Boolean),
  active: Schema.optionalKey(Schema.Boolean),
  locations: Schema.optionalKey(Schema.Array(AssetLocation)),
  assetTypeId: Schema.optionalKey(AssetTypeId),
  quantity: Schema.optionalKey(Schema.Number),
  price: Schema.optionalKey(Schema.Number),
  currency: Schema.optionalKey(Schema.NullOr(Schema.String)),
  // the real server sends null here in some transactions' snapshots (seen by npm run test:real)
  customAttributes: Schema.optionalKey(Schema.NullOr(OpenRecord)),
  metadata: Schema.optionalKey(OpenRecord),
  platformData: Schema.optionalKey(OpenRecord),
  livemode: Schema.optionalKey(Schema.Boolean)
})
/**
 * The asset as a transaction keeps it: its fields as they were when the asset was attached, none
 * before (a transaction created without an asset has an empty snapshot).
 */
export const AssetSnapshot: Resource<ReturnType<typeof assetSnapshotFields>, T.AssetSnapshot> = /*#__PURE__*/ resourceOf(assetSnapshotFields)

const transactionStatusStepFields = () => ({
  status: Schema.String,
  date: DateString
})
/** An entry of a transaction's status history. */
export const TransactionStatusStep: Resource<ReturnType<typeof transactionStatusStepFields>, T.TransactionStatusStep> = /*#__PURE__*/ resourceOf(transactionStatusStepFields)

const transactionFields = () => ({
  id: TransactionId,
  ...stamped,
  assetId: Schema.NullOr(AssetId),
  /** The asset as it was when attached; empty until an asset is attached. */
  assetSnapshot: AssetSnapshot,
  assetTypeId: Schema.NullOr(AssetTypeId),
  /** The asset type as it was when attached; empty until an asset is attached. */
  assetType: OpenRecord,
  /** `draft`, `accepted`, ... or any status of a custom process. */
  status: Schema.String,
  /** Newest first. A transaction created without an asset starts with the bare string `"draft"`. */
  statusHistory: Schema.Array(Schema.Union([TransactionStatusStep, Schema.String])),
  ownerId: Schema.NullOr(UserId),
  takerId: UserId,
  quantity: Schema.Number,
  startDate: Schema.NullOr(DateString),
  endDate: Schema.NullOr(DateString),
  duration: Schema.NullOr(Duration),
  timeUnit: Schema.NullOr(TimeUnit),
  unitPrice: Schema.NullOr(Schema.Number),
  value: Schema.NullOr(Schema.Number),
  ownerAmount: Schema.NullOr(Schema.Number),
  takerAmount: Schema.NullOr(Schema.Number),
  platformAmount: Schema.NullOr(Schema.Number),
  currency: Schema.NullOr(Schema.String),
  completedDate: Schema.NullOr(DateString),
  cancelledDate: Schema.NullOr(DateString),
  cancellationReason: Schema.NullOr(Schema.String),
  ...customData,
  ...live
})
/** A transaction (`trn_`): a taker booking an owner's asset. */
export const Transaction: Resource<ReturnType<typeof transactionFields>, T.Transaction> = /*#__PURE__*/ resourceOf(transactionFields)

const transactionPreviewFields = () => {
  const {
    id: _id,
    createdDate: _createdDate,
    updatedDate: _updatedDate,
    takerId: _takerId,
    completedDate: _completedDate,
    cancelledDate: _cancelledDate,
    cancellationReason: _cancellationReason,
    metadata: _metadata,
    platformData: _platformData,
    ...fields
  } = transactionFields()
  return {
    ...fields,
    /** Echoed when sent. */
    metadata: Schema.optionalKey(OpenRecord),
    /** Echoed when sent. */
    platformData: Schema.optionalKey(OpenRecord)
  }
}
/** Result of `POST /transactions/preview`: a transaction computed but not saved. */
export const TransactionPreview: Resource<ReturnType<typeof transactionPreviewFields>, T.TransactionPreview> = /*#__PURE__*/ resourceOf(transactionPreviewFields)

/** A transaction status: those of the default process, or any status of a custom process. */
export type TransactionStatus =
  | "draft"
  | "accepted"
  | "confirmed"
  | "pending-acceptance"
  | "pending-payment"
  | "validated"
  | "completed"
  | "cancelled"
  | OtherString

/** A transition name: those of the default process, or any of a custom process. */
export type TransactionTransitionName =
  | "accept"
  | "confirm"
  | "pay"
  | "confirmAndPay"
  | "complete"
  | "cancel"
  | OtherString

/** The end of a booked period: an `endDate` or a `duration`, not both. */
export type TransactionEnd =
  | { endDate?: string; duration?: never }
  | { duration?: T.Duration; endDate?: never }

/** The fields transaction create, update and preview bodies share. */
export interface TransactionFieldsParams extends T.CustomDataParams {
  assetId?: T.IdInput<T.AssetId>
  startDate?: string
  quantity?: number
  /** Setting amounts needs `transaction:config:all`. */
  value?: number
  ownerAmount?: number
  takerAmount?: number
}

/** Body of `POST /transactions`. */
export type TransactionCreateParams =
  & TransactionFieldsParams
  & TransactionEnd
  & {
    /** Defaults to the current user; another user needs `transaction:create:all`. */
    takerId?: T.IdInput<T.UserId>
  }

/** Body of `PATCH /transactions/:id`; setting `status` needs `transaction:config:all`. */
export type TransactionUpdateParams = TransactionFieldsParams & TransactionEnd & { status?: TransactionStatus }

/** Body of `POST /transactions/preview`. */
export type TransactionPreviewParams = TransactionFieldsParams & TransactionEnd & { assetId: T.IdInput<T.AssetId> }

/** Body of `POST /transactions/:id/transitions`; `cancel` needs `data.cancellationReason`. */
export interface TransactionTransitionParams {
  name: TransactionTransitionName
  data?: Record<string, unknown> & { cancellationReason?: string }
}

/** Query of `GET /transactions`; without `transaction:list:all`, filter on your own `ownerId` or `takerId`. */
export interface TransactionListParams extends T.ListParams<"createdDate" | "updatedDate", T.TransactionId> {
  assetId?: T.IdFilter<T.AssetId>
  assetTypeId?: T.IdFilter<T.AssetTypeId>
  ownerId?: T.IdFilter<T.UserId>
  takerId?: T.IdFilter<T.UserId>
  value?: T.RangeFilter<number>
  ownerAmount?: T.RangeFilter<number>
  takerAmount?: T.RangeFilter<number>
  platformAmount?: T.RangeFilter<number>
}
