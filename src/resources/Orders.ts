/**
 * Orders: what users pay for transactions (`/orders`).
 *
 * @since 0.1.0
 */
import { call } from "../internal/call.js"
import { orders as endpoints } from "../internal/endpoints.js"
import { paginate as pages } from "../internal/paginate.js"

/** Lists orders (`GET /orders`): one page, with its pagination meta. */
export const list = /*#__PURE__*/ call(endpoints, "list")

/** Every order across all pages, as a stream (page-based or cursor-based, whichever the server answers). */
export const paginate = /*#__PURE__*/ pages(endpoints, "list")

/** Reads one order (`GET /orders/:id`). */
export const read = /*#__PURE__*/ call(endpoints, "read")

/** Creates an order (`POST /orders`). */
export const create = /*#__PURE__*/ call(endpoints, "create")

/** Updates an order (`PATCH /orders/:id`; metadata and platformData are deep-merged). */
export const update = /*#__PURE__*/ call(endpoints, "update")

/** Previews an order without creating it (`POST /orders/preview`). */
export const preview = /*#__PURE__*/ call(endpoints, "preview")
