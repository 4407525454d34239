import * as Schema from "effect/Schema"
import type * as T from "../../../Types.js"
import { as, get, patch, post } from "../model.js"
import { DateString, type Resource, resourceOf } from "../schemaParts.js"
import { OrderMoveId } from "../sharedSchemas.js"
import { OrderLine } from "./orderLines.js"

/**
 * Order moves: money actually moved for an order (`/order-moves`).
 *
 * @id OrderMoveId an order move (`ordm_...`)
 * @apiReference Order API › Order move
 * @since 0.1.0
 */
export const orderMoves = {
  /** Reads one order move (`GET /order-moves/:id`). */
  read: /*#__PURE__*/ get("/order-moves/:id", as<T.OrderMove>),
  /** Creates an order move (`POST /order-moves`). */
  create: /*#__PURE__*/ post("/order-moves", as<T.OrderMove, T.OrderMoveCreateParams>),
  /** Updates an order move (`PATCH /order-moves/:id`; metadata and platformData are deep-merged). */
  update: /*#__PURE__*/ patch("/order-moves/:id", as<T.OrderMove, T.OrderMoveUpdateParams>)
}

const orderMoveRealFields = () => ({
  payerAmount: Schema.optionalKey(Schema.NullOr(Schema.Number)),
  receiverAmount: Schema.optionalKey(Schema.NullOr(Schema.Number)),
  platformAmount: Schema.optionalKey(Schema.NullOr(Schema.Number)),
  currency: Schema.String
})
/** Amounts of an order move in the currency actually used. */
export const OrderMoveReal: Resource<ReturnType<typeof orderMoveRealFields>, T.OrderMoveReal> = /*#__PURE__*/ resourceOf(orderMoveRealFields)

const orderMoveFields = () => ({
  ...OrderLine.fields,
  id: OrderMoveId,
  eventDate: Schema.optionalKey(DateString),
  currency: Schema.optionalKey(Schema.String),
  real: Schema.optionalKey(Schema.NullOr(OrderMoveReal))
})
/** An order move (`ordm_`): money that actually moved. */
export const OrderMove: Resource<ReturnType<typeof orderMoveFields>, T.OrderMove> = /*#__PURE__*/ resourceOf(orderMoveFields)

/** An order move as sent in a body. */
export interface OrderMoveParams extends Omit<T.OrderLineParams, "currency"> {
  currency?: string
  real?: {
    payerAmount?: number
    receiverAmount?: number
    platformAmount?: number
    currency: string
  } | null
}

/** Body of `POST /order-moves`. */
export interface OrderMoveCreateParams extends OrderMoveParams {
  orderId: T.IdInput<T.OrderId>
}

/** Body of `PATCH /order-moves/:id`. */
export interface OrderMoveUpdateParams extends T.CustomDataParams {
  real?: {
    payerAmount?: number | null
    receiverAmount?: number | null
    platformAmount?: number | null
    currency: string
  } | null
}
