import type * as T from "../../../Types.js"
import { as, get, patch, post } from "../model.js"

/**
 * Order lines: what a payer owes a receiver (`/order-lines`).
 *
 * @id OrderLineId an order line (`ordl_...`)
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
