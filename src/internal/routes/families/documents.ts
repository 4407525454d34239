import * as Schema from "effect/Schema"
import type * as T from "../../../Types.js"
import { as, del, get, list, patch, post } from "../model.js"
import { customData, live, OpenRecord, type Resource, resourceOf, stamped, statRanking } from "../schemaParts.js"
import { DocumentId, StatValues } from "../sharedSchemas.js"

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

const documentFields = () => ({
  id: DocumentId,
  ...stamped,
  authorId: Schema.NullOr(Schema.String),
  targetId: Schema.NullOr(Schema.String),
  type: Schema.String,
  /** Colon-separated, e.g. `"main:secondary"`. */
  label: Schema.NullOr(Schema.String),
  data: OpenRecord,
  ...customData,
  ...live
})
/** A document (`doc_`): free-form data of a given type, with author, target and label. */
export const Document: Resource<ReturnType<typeof documentFields>, T.Document> = /*#__PURE__*/ resourceOf(documentFields)

const documentStatFields = () => ({
  ...StatValues.fields,
  ...statRanking,
  /** The `groupBy` of the query. */
  groupBy: Schema.String,
  /** The group's value; `null` in the placeholder row of a label with no document. */
  groupByValue: Schema.NullOr(Schema.String)
})
/** A row of `GET /documents/stats`. */
export const DocumentStat: Resource<ReturnType<typeof documentStatFields>, T.DocumentStat> = /*#__PURE__*/ resourceOf(documentStatFields)

/** Body of `POST /documents`. */
export interface DocumentCreateParams extends T.CustomDataParams {
  type: string
  authorId?: string
  targetId?: string
  label?: string
  data?: Record<string, unknown>
}

/** Body of `PATCH /documents/:id`; `data` is merged except for the listed top-level properties. */
export interface DocumentUpdateParams extends T.CustomDataParams {
  label?: string
  data?: Record<string, unknown>
  replaceDataProperties?: ReadonlyArray<string>
}

/** Query of `GET /documents`: `type` is required. */
export interface DocumentListParams extends T.PaginationParams, T.OrderParams<"createdDate" | "updatedDate"> {
  type: string
  id?: T.IdFilter<T.DocumentId>
  /** Labels, `*` wildcards allowed (e.g. `"main:*"`); several match any. */
  label?: T.StringFilter
  authorId?: T.IdFilter
  targetId?: T.IdFilter
  /** Matches documents whose `data` contains this object. */
  data?: Record<string, unknown>
}

/** Query of `GET /documents/stats`. */
export interface DocumentStatsParams extends T.PaginationParams, T.OrderParams<T.StatsOrderBy> {
  type: string
  groupBy: "authorId" | "targetId" | `data.${string}`
  /** Numeric data field to aggregate, e.g. `"data.score"`. */
  field?: `data.${string}`
  avgPrecision?: number
  computeRanking?: boolean
  label?: T.StringFilter
  authorId?: T.IdFilter
  targetId?: T.IdFilter
  data?: Record<string, unknown>
}
