import type * as T from "../../../Types.js"
import { as, get, list, patch, post } from "../model.js"

/**
 * Transactions: bookings of assets, moved through their process by transitions (`/transactions`).
 *
 * @id TransactionId a transaction (`trn_...`)
 * @since 0.1.0
 */
export const transactions = {
  /** Lists transactions (`GET /transactions`): one page, with its pagination meta. */
  list: /*#__PURE__*/ list("/transactions", as<T.Transaction, T.TransactionListParams>),
  /** Reads one transaction (`GET /transactions/:id`). */
  read: /*#__PURE__*/ get("/transactions/:id", as<T.Transaction>),
  /** Creates a transaction (`POST /transactions`). */
  create: /*#__PURE__*/ post("/transactions", as<T.Transaction, T.TransactionCreateParams>),
  /** Updates a transaction (`PATCH /transactions/:id`; metadata and platformData are deep-merged). */
  update: /*#__PURE__*/ patch("/transactions/:id", as<T.Transaction, T.TransactionUpdateParams>),
  /** Moves a transaction through its process (`POST /transactions/:id/transitions`). */
  createTransition: /*#__PURE__*/ post("/transactions/:id/transitions", as<T.Transaction, T.TransactionTransitionParams>),
  /** Previews a transaction's amounts without creating it (`POST /transactions/preview`). */
  preview: /*#__PURE__*/ post("/transactions/preview", as<T.TransactionPreview, T.TransactionPreviewParams>)
}
