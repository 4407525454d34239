import * as Schema from "effect/Schema"
import type * as T from "../../../Types.js"
import { as, get, list, patch, post } from "../model.js"
import { customData, live, type Resource, resource, resourceOf, stamped } from "../schemaParts.js"
import { OrderId, UserId } from "../sharedSchemas.js"
import { OrderLine } from "./orderLines.js"
import { OrderMove } from "./orderMoves.js"

/**
 * Orders: what users pay for transactions (`/orders`).
 *
 * @id OrderId an order (`ord_...`)
 * @apiReference Order API › Order
 * @since 0.1.0
 */
export const orders = {
  /** Lists orders (`GET /orders`): one page, with its pagination meta. */
  list: /*#__PURE__*/ list("/orders", as<T.Order, T.OrderListParams>),
  /** Reads one order (`GET /orders/:id`). */
  read: /*#__PURE__*/ get("/orders/:id", as<T.Order>),
  /** Creates an order (`POST /orders`). */
  create: /*#__PURE__*/ post("/orders", as<T.Order, T.OrderCreateParams>),
  /** Updates an order (`PATCH /orders/:id`; metadata and platformData are deep-merged). */
  update: /*#__PURE__*/ patch("/orders/:id", as<T.Order, T.OrderUpdateParams>),
  /** Previews an order without creating it (`POST /orders/preview`). */
  preview: /*#__PURE__*/ post("/orders/preview", as<T.OrderPreview, T.OrderPreviewParams>)
}

const orderFields = () => ({
  id: OrderId,
  ...stamped,
  lines: Schema.Array(OrderLine),
  moves: Schema.Array(OrderMove),
  amountDue: Schema.NullOr(Schema.Number),
  amountPaid: Schema.NullOr(Schema.Number),
  amountRemaining: Schema.NullOr(Schema.Number),
  currency: Schema.String,
  payerId: Schema.NullOr(UserId),
  paymentAttempted: Schema.Boolean,
  /** Listed among the exposed fields, but nothing in the server sets it. */
  isExternal: Schema.optionalKey(Schema.Boolean),
  ...customData,
  ...live
})
/** An order (`ord_`): lines to pay and moves paid, for one payer in one currency. */
export const Order: Resource<ReturnType<typeof orderFields>, T.Order> = /*#__PURE__*/ resourceOf(orderFields)

const orderPreviewFields = () => {
  const {
    id: _id,
    createdDate: _createdDate,
    updatedDate: _updatedDate,
    metadata: _metadata,
    platformData: _platformData,
    lines: _lines,
    moves: _moves,
    ...fields
  } = orderFields()
  const { id: _lineId, createdDate: _lineCreatedDate, updatedDate: _lineUpdatedDate, ...lineFields } = OrderLine.fields
  const { id: _moveId, createdDate: _moveCreatedDate, updatedDate: _moveUpdatedDate, ...moveFields } = OrderMove.fields
  return { ...fields, lines: Schema.Array(resource(lineFields)), moves: Schema.Array(resource(moveFields)) }
}
/** Result of `POST /orders/preview`: an order not yet saved, so without ids or dates. */
export const OrderPreview: Resource<ReturnType<typeof orderPreviewFields>, T.OrderPreview> = /*#__PURE__*/ resourceOf(orderPreviewFields)

/** Body of `POST /orders/preview`; without `order:preview:all`, `transactionIds` is required. */
export interface OrderPreviewParams {
  /** Lines are computed from these transactions (exclusive with `lines`). */
  transactionIds?: T.IdFilter<T.TransactionId>
  lines?: ReadonlyArray<T.OrderLineParams>
  /** Needs `lines`. */
  moves?: ReadonlyArray<T.OrderMoveParams>
}

/** Body of `POST /orders`: either `transactionIds` or `lines`. */
export type OrderCreateParams =
  & T.CustomDataParams
  & { moves?: ReadonlyArray<T.OrderMoveParams> }
  & (
    | { transactionIds: T.IdFilter<T.TransactionId>; lines?: never }
    | { lines: ReadonlyArray<T.OrderLineParams>; transactionIds?: never }
  )

/** Body of `PATCH /orders/:id`. */
export type OrderUpdateParams = T.CustomDataParams

/** Query of `GET /orders` (no date filters). */
export interface OrderListParams extends T.PaginationParams, T.OrderParams<"createdDate" | "updatedDate"> {
  id?: T.IdFilter<T.OrderId>
  payerId?: T.IdFilter<T.UserId>
  receiverId?: T.IdInput<T.UserId>
  transactionId?: T.IdInput<T.TransactionId>
}
