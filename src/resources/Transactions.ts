/**
 * Transactions: bookings of assets, moved through their process by transitions (`/transactions`).
 *
 * @since 0.1.0
 */
import { call } from "../internal/call.js"
import { transactions as endpoints } from "../internal/endpoints.js"
import { paginate as pages } from "../internal/paginate.js"

/** Lists transactions (`GET /transactions`): one page, with its pagination meta. */
export const list = /*#__PURE__*/ call(endpoints, "list")

/** Every transaction across all pages, as a stream (page-based or cursor-based, whichever the server answers). */
export const paginate = /*#__PURE__*/ pages(endpoints, "list")

/** Reads one transaction (`GET /transactions/:id`). */
export const read = /*#__PURE__*/ call(endpoints, "read")

/** Creates a transaction (`POST /transactions`). */
export const create = /*#__PURE__*/ call(endpoints, "create")

/** Updates a transaction (`PATCH /transactions/:id`; metadata and platformData are deep-merged). */
export const update = /*#__PURE__*/ call(endpoints, "update")

/** Moves a transaction through its process (`POST /transactions/:id/transitions`). */
export const createTransition = /*#__PURE__*/ call(endpoints, "createTransition")

/** Previews a transaction's amounts without creating it (`POST /transactions/preview`). */
export const preview = /*#__PURE__*/ call(endpoints, "preview")
