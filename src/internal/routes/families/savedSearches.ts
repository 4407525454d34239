import * as Schema from "effect/Schema"
import type * as T from "../../../Types.js"
import { as, del, get, list, patch, post } from "../model.js"
import { customData, DateString, live, OpenRecord, type Resource, resourceOf, stamped } from "../schemaParts.js"
import { GeoPoint, SavedSearchId, UserId } from "../sharedSchemas.js"

const forceSave = (input: Record<string, unknown>) => ({ ...input, save: true })

/**
 * Saved searches (`/search` with `save: true`, and `GET/PATCH/DELETE /search/:id`).
 *
 * @id SavedSearchId a saved search (`sch_...`)
 * @apiReference Saved search API
 * @since 0.1.0
 * @facade savedSearch
 */
export const savedSearches = {
  /** Lists saved searches (`GET /search`): one page, with its pagination meta. */
  list: /*#__PURE__*/ list("/search", as<T.SavedSearch, T.SavedSearchListParams>),
  /** Reads one saved search (`GET /search/:id`). */
  read: /*#__PURE__*/ get("/search/:id", as<T.SavedSearch>),
  /** Saves a search (`POST /search`, `save: true` forced). */
  create: /*#__PURE__*/ post("/search", as<T.SavedSearch, T.SavedSearchCreateParams>, { prepare: forceSave }),
  /** Updates a saved search (`PATCH /search/:id`; metadata and platformData are deep-merged). */
  update: /*#__PURE__*/ patch("/search/:id", as<T.SavedSearch, T.SavedSearchUpdateParams>),
  /** Removes a saved search (`DELETE /search/:id`); answers `{ id }`. */
  remove: /*#__PURE__*/ del("/search/:id", as<T.Deleted>)
}

/** One id or several. */
const idOrIds = () => Schema.Union([Schema.String, Schema.Array(Schema.String)])

const searchCriteriaFields = () => ({
  query: Schema.optionalKey(Schema.String),
  categoryId: Schema.optionalKey(idOrIds()),
  assetTypeId: Schema.optionalKey(idOrIds()),
  location: Schema.optionalKey(GeoPoint),
  /** In metres. */
  maxDistance: Schema.optionalKey(Schema.Number),
  startDate: Schema.optionalKey(DateString),
  endDate: Schema.optionalKey(DateString),
  quantity: Schema.optionalKey(Schema.Number),
  without: Schema.optionalKey(idOrIds()),
  similarTo: Schema.optionalKey(idOrIds()),
  page: Schema.optionalKey(Schema.Number),
  nbResultsPerPage: Schema.optionalKey(Schema.Number),
  customAttributes: Schema.optionalKey(OpenRecord),
  filter: Schema.optionalKey(Schema.String),
  validated: Schema.optionalKey(Schema.Boolean),
  active: Schema.optionalKey(Schema.NullOr(Schema.Boolean)),
  sort: Schema.optionalKey(Schema.Union([OpenRecord, Schema.Array(OpenRecord)])),
  availabilityFilter: Schema.optionalKey(OpenRecord),
  createdBefore: Schema.optionalKey(Schema.NullOr(DateString)),
  createdAfter: Schema.optionalKey(Schema.NullOr(DateString))
})
/** The search criteria a saved search stores, as `POST /search` takes them. */
export const SearchCriteria: Resource<ReturnType<typeof searchCriteriaFields>, T.SearchCriteria> = /*#__PURE__*/ resourceOf(searchCriteriaFields)

const savedSearchFields = () => ({
  id: SavedSearchId,
  ...stamped,
  name: Schema.String,
  userId: Schema.NullOr(UserId),
  search: SearchCriteria,
  active: Schema.Boolean,
  ...customData,
  ...live
})
/** A saved search (`sch_`): search criteria stored for a user. */
export const SavedSearch: Resource<ReturnType<typeof savedSearchFields>, T.SavedSearch> = /*#__PURE__*/ resourceOf(savedSearchFields)

/** Body of `POST /search` when saving (`save: true`, which the SDK sets). */
export interface SavedSearchCreateParams extends T.SearchQuery, T.CustomDataParams {
  save?: true
  name: string
  /** Defaults to the current user; another user needs `savedSearch:create:all`. */
  userId?: T.IdInput<T.UserId>
}

/** Body of `PATCH /search/:id`. */
export interface SavedSearchUpdateParams extends T.CustomDataParams {
  name?: string
  active?: boolean
}

/** Query of `GET /search` (saved searches). */
export interface SavedSearchListParams extends T.PaginationParams, T.OrderParams<"createdDate" | "updatedDate"> {
  id?: T.IdFilter<T.SavedSearchId>
  userId?: T.IdFilter<T.UserId>
  active?: boolean
}
