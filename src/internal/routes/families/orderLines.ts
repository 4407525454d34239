import * as Schema from "effect/Schema"
import type * as T from "../../../Types.js"
import { as, get, patch, post } from "../model.js"
import { OpenRecord, type Resource, resourceOf, stamped } from "../schemaParts.js"
import { OrderId, OrderLineId, TransactionId, UserId } from "../sharedSchemas.js"

/**
 * Order lines: what a payer owes a receiver (`/order-lines`).
 *
 * @id OrderLineId an order line (`ordl_...`)
 * @apiReference Order API › Order line
 * @since 0.1.0
 */
export const orderLines = {
  /** Reads one order line (`GET /order-lines/:id`). */
  read: /*#__PURE__*/ get("/order-lines/:id", as<T.OrderLine>),
  /** Creates an order line (`POST /order-lines`). */
  create: /*#__PURE__*/ post("/order-lines", as<T.OrderLine, T.OrderLineCreateParams>),
  /** Updates an order line (`PATCH /order-lines/:id`; metadata and platformData are deep-merged). */
  update: /*#__PURE__*/ patch("/order-lines/:id", as<T.OrderLine, T.OrderLineUpdateParams>)
}

const orderLineFields = () => ({
  id: OrderLineId,
  ...stamped,
  orderId: Schema.optionalKey(OrderId),
  transactionId: Schema.optionalKey(Schema.NullOr(TransactionId)),
  reversal: Schema.optionalKey(Schema.Boolean),
  payerId: Schema.optionalKey(Schema.NullOr(UserId)),
  payerAmount: Schema.optionalKey(Schema.NullOr(Schema.Number)),
  receiverId: Schema.optionalKey(Schema.NullOr(UserId)),
  receiverAmount: Schema.optionalKey(Schema.NullOr(Schema.Number)),
  platformAmount: Schema.optionalKey(Schema.NullOr(Schema.Number)),
  currency: Schema.String,
  metadata: Schema.optionalKey(OpenRecord),
  platformData: Schema.optionalKey(OpenRecord),
  /** `true` for objects of the live environment (left out of the lines of an order). */
  livemode: Schema.optionalKey(Schema.Boolean)
})
/**
 * An order line (`ordl_`): what a payer owes and a receiver gets. Lines live inside their order
 * and keep only the fields they were given or computed with, hence the optional fields.
 */
export const OrderLine: Resource<ReturnType<typeof orderLineFields>, T.OrderLine> = /*#__PURE__*/ resourceOf(orderLineFields)

/** An order line as sent in a body; an amount requires its party's id. */
export interface OrderLineParams extends T.CustomDataParams {
  currency: string
  transactionId?: T.IdInput<T.TransactionId>
  reversal?: boolean
  payerId?: T.IdInput<T.UserId>
  payerAmount?: number
  receiverId?: T.IdInput<T.UserId>
  receiverAmount?: number
  platformAmount?: number
}

/** Body of `POST /order-lines`. */
export interface OrderLineCreateParams extends OrderLineParams {
  orderId: T.IdInput<T.OrderId>
}

/** Body of `PATCH /order-lines/:id`; parties and amounts change only before any payment attempt. */
export interface OrderLineUpdateParams extends T.CustomDataParams {
  payerId?: T.IdInput<T.UserId> | null
  payerAmount?: number | null
  receiverId?: T.IdInput<T.UserId> | null
  receiverAmount?: number | null
  platformAmount?: number | null
}
