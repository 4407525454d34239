import * as Schema from "effect/Schema"
import type * as T from "../../../Types.js"
import { as, del, get, list, patch, post } from "../model.js"
import { live, OpenRecord, type Resource, resourceOf, stamped } from "../schemaParts.js"
import { EntryId } from "../sharedSchemas.js"

/**
 * Entries: localized content collections (`/entries`).
 *
 * @id EntryId a content entry (`ent_...`)
 * @apiReference Content API › Entries
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

const entryFields = () => ({
  id: EntryId,
  ...stamped,
  collection: Schema.String,
  locale: Schema.String,
  name: Schema.String,
  fields: OpenRecord,
  metadata: OpenRecord,
  ...live
})
/** A content entry (`ent_`): localized fields of a collection (no `platformData`). */
export const Entry: Resource<ReturnType<typeof entryFields>, T.Entry> = /*#__PURE__*/ resourceOf(entryFields)

/** Body of `POST /entries`. */
export interface EntryCreateParams {
  collection: string
  /** Letters, `_` and `-` only, e.g. `"en-US"`. */
  locale: string
  name: string
  fields?: Record<string, unknown>
  metadata?: Record<string, unknown>
}

/** Body of `PATCH /entries/:id`. */
export type EntryUpdateParams = Partial<EntryCreateParams>

/** Query of `GET /entries` (no date filters). */
export interface EntryListParams extends T.PaginationParams, T.OrderParams<"createdDate" | "updatedDate"> {
  id?: T.IdFilter<T.EntryId>
  collection?: T.StringFilter
  locale?: T.StringFilter
  name?: T.StringFilter
}
