import type * as T from "../../../Types.js"
import { as, get, list, patch, post } from "../model.js"

/**
 * Orders: what users pay for transactions (`/orders`).
 *
 * @id OrderId an order (`ord_...`)
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
