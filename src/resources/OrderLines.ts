/**
 * Order lines: what a payer owes a receiver (`/order-lines`).
 *
 * @since 0.1.0
 */
import { call } from "../internal/call.js"
import { orderLines as endpoints } from "../internal/endpoints.js"

/** Reads one order line (`GET /order-lines/:id`). */
export const read = /*#__PURE__*/ call(endpoints, "read")

/** Creates an order line (`POST /order-lines`). */
export const create = /*#__PURE__*/ call(endpoints, "create")

/** Updates an order line (`PATCH /order-lines/:id`; metadata and platformData are deep-merged). */
export const update = /*#__PURE__*/ call(endpoints, "update")
