/**
 * Transactions: bookings of assets, moved through their process by transitions (`/transactions`).
 *
 * @since 0.1.0
 */
import { call } from "../internal/call.js"
import { transactions as endpoints } from "../internal/endpoints.js"
import { paginate as pages } from "../internal/paginate.js"

/** Lists transactions (`GET /transactions`): one page, with its pagination meta. */
export const list = call(endpoints.list)

/** Every transaction across all pages, as a stream (page-based or cursor-based, whichever the server answers). */
export const paginate = pages(endpoints.list)

/** Reads one transaction (`GET /transactions/:id`). */
export const read = call(endpoints.read)

/** Creates a transaction (`POST /transactions`). */
export const create = call(endpoints.create)

/** Updates a transaction (`PATCH /transactions/:id`; metadata and platformData are deep-merged). */
export const update = call(endpoints.update)

/** Moves a transaction through its process (`POST /transactions/:id/transitions`). */
export const createTransition = call(endpoints.createTransition)

/** Previews a transaction's amounts without creating it (`POST /transactions/preview`). */
export const preview = call(endpoints.preview)
