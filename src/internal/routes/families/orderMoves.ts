import type * as T from "../../../Types.js"
import { as, get, patch, post } from "../model.js"

/**
 * Order moves: money actually moved for an order (`/order-moves`).
 *
 * @id OrderMoveId an order move (`ordm_...`)
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
