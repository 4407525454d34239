/**
 * Order moves: money actually moved for an order (`/order-moves`).
 *
 * @since 0.1.0
 */
import { call } from "../internal/call.js"
import { orderMoves as endpoints } from "../internal/endpoints.js"

/** Reads one order move (`GET /order-moves/:id`). */
export const read = /*#__PURE__*/ call(endpoints, "read")

/** Creates an order move (`POST /order-moves`). */
export const create = /*#__PURE__*/ call(endpoints, "create")

/** Updates an order move (`PATCH /order-moves/:id`; metadata and platformData are deep-merged). */
export const update = /*#__PURE__*/ call(endpoints, "update")
