import type * as T from "../../../Types.js"
import { as, del, get, list, patch, post } from "../model.js"

/**
 * Documents: free-form typed records, with stats (`/documents`).
 *
 * @id DocumentId a document (`doc_...`)
 * @since 0.1.0
 */
export const documents = {
  /** Lists documents (`GET /documents`): one page, with its pagination meta. */
  list: /*#__PURE__*/ list("/documents", as<T.Document, T.DocumentListParams>),
  /** Reads one document (`GET /documents/:id`). */
  read: /*#__PURE__*/ get("/documents/:id", as<T.Document>),
  /** Creates a document (`POST /documents`). */
  create: /*#__PURE__*/ post("/documents", as<T.Document, T.DocumentCreateParams>),
  /** Updates a document (`PATCH /documents/:id`; metadata and platformData are deep-merged). */
  update: /*#__PURE__*/ patch("/documents/:id", as<T.Document, T.DocumentUpdateParams>),
  /** Removes a document (`DELETE /documents/:id`); answers `{ id }`. */
  remove: /*#__PURE__*/ del("/documents/:id", as<T.Deleted>),
  /** Document stats grouped by a field (`GET /documents/stats`): one page. */
  getStats: /*#__PURE__*/ list("/documents/stats", as<T.DocumentStat, T.DocumentStatsParams>)
}
