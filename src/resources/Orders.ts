/**
 * Orders: what users pay for transactions (`/orders`).
 *
 * @since 0.1.0
 */
import { call } from "../internal/call.js"
import { orders as endpoints } from "../internal/endpoints.js"
import { paginate as pages } from "../internal/paginate.js"

/** Lists orders (`GET /orders`): one page, with its pagination meta. */
export const list = call(endpoints.list)

/** Every order across all pages, as a stream (page-based or cursor-based, whichever the server answers). */
export const paginate = pages(endpoints.list)

/** Reads one order (`GET /orders/:id`). */
export const read = call(endpoints.read)

/** Creates an order (`POST /orders`). */
export const create = call(endpoints.create)

/** Updates an order (`PATCH /orders/:id`; metadata and platformData are deep-merged). */
export const update = call(endpoints.update)

/** Previews an order without creating it (`POST /orders/preview`). */
export const preview = call(endpoints.preview)
