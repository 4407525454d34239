import type * as T from "../../../Types.js"
import { as, del, get, list, patch, post } from "../model.js"

/**
 * Entries: localized content collections (`/entries`).
 *
 * @id EntryId a content entry (`ent_...`)
 * @since 0.1.0
 */
export const entries = {
  /** Lists entries (`GET /entries`): one page, with its pagination meta. */
  list: /*#__PURE__*/ list("/entries", as<T.Entry, T.EntryListParams>),
  /** Reads one entry (`GET /entries/:id`). */
  read: /*#__PURE__*/ get("/entries/:id", as<T.Entry>),
  /** Creates an entry (`POST /entries`). */
  create: /*#__PURE__*/ post("/entries", as<T.Entry, T.EntryCreateParams>),
  /** Updates an entry (`PATCH /entries/:id`; metadata and platformData are deep-merged). */
  update: /*#__PURE__*/ patch("/entries/:id", as<T.Entry, T.EntryUpdateParams>),
  /** Removes an entry (`DELETE /entries/:id`); answers `{ id }`. */
  remove: /*#__PURE__*/ del("/entries/:id", as<T.Deleted>)
}
