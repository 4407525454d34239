import * as Schema from "effect/Schema"
import type * as T from "../../../Types.js"
import { as, post } from "../model.js"
import { type Resource, resourceOf } from "../schemaParts.js"
import { SavedSearchId } from "../sharedSchemas.js"
import { Asset } from "./assets.js"

const noSave = (input: Record<string, unknown>) => (input.save ? { ...input, save: false } : input)

/**
 * Asset search (`POST /search`).
 *
 * @apiReference Search API
 * @since 0.1.0
 */
export const search = {
  /**
   * Searches assets (`POST /search`, `save: false` forced): one page of results, page-based in
   * every API version (`exhaustiveNbResults` tells whether `nbResults` is exact).
   *
   * @alias list
   */
  results: /*#__PURE__*/ post("/search", as<T.SearchResult, T.SearchParams, "search">, { kind: "list", prepare: noSave })
}

const searchResultFields = () => ({
  ...Asset.fields,
  /** Present when `availabilityFilter.enabled` is `false`. */
  available: Schema.optionalKey(Schema.Boolean),
  /** Present when the search ran saved searches: those this asset matched. */
  savedSearchIds: Schema.optionalKey(Schema.Array(SavedSearchId))
})
/** An asset in search results. */
export const SearchResult: Resource<ReturnType<typeof searchResultFields>, T.SearchResult> = /*#__PURE__*/ resourceOf(searchResultFields)

/**
 * One sort step: a single key, a built-in field (`_createdDate`, `_updatedDate`, `_name`,
 * `_validated`, `_active`, `_price`, `_available`, which must come first) or a text, number or
 * boolean custom attribute.
 */
export type SearchSortStep = Readonly<Record<string, T.SortOrder>>

/** How search treats unavailable assets. */
export interface SearchAvailabilityFilter {
  /** `true` by default: unavailable assets are left out; `false` adds `available` to results. */
  enabled?: boolean
  /** `true` by default: assets must be available over the whole period. */
  fullPeriod?: boolean
  /** Transaction statuses that make an asset unavailable. */
  unavailableWhen?: T.StringFilter | null
}

/**
 * What `customAttributes` of a search takes for one attribute, by its type: a number or a range
 * for numbers, `true`/`false` for booleans, the exact string for text, one value or any of several
 * for select, one value or all of several for tags; `null` filters nothing.
 */
export type SearchAttributeFilter =
  | number
  | { readonly gt?: number; readonly gte?: number; readonly lt?: number; readonly lte?: number }
  | boolean
  | string
  | ReadonlyArray<string>
  | null

/** The search criteria of `POST /search`, also what a saved search stores. */
export interface SearchQuery {
  /** Full-text query; may be empty. */
  query?: string
  categoryId?: T.IdFilter<T.CategoryId>
  assetTypeId?: T.IdFilter<T.AssetTypeId>
  location?: T.GeoPoint
  /** In metres. */
  maxDistance?: number
  startDate?: string
  /** Must be after `startDate`. */
  endDate?: string
  quantity?: number
  without?: T.IdFilter<T.AssetId>
  /** Assets similar to these. */
  similarTo?: T.IdFilter<T.AssetId>
  /** Always page-based, in every API version. */
  page?: number
  nbResultsPerPage?: number
  /** By attribute name (see {@link SearchAttributeFilter}); every server applies them. */
  customAttributes?: Readonly<Record<string, SearchAttributeFilter>>
  /**
   * A filter expression, as Stelace's hosted API reads it: `_price >= 10 && _price <= 30`,
   * `seats > 4 || (electric && color[red, white])`; at most 512 characters. An open-source server
   * applies it only with its `stelace-search-filter-dsl-parser` plugin, and ignores it otherwise.
   */
  filter?: string
  validated?: boolean
  /** `true` by default; `null` disables the filter. */
  active?: boolean | null
  sort?: SearchSortStep | ReadonlyArray<SearchSortStep>
  availabilityFilter?: SearchAvailabilityFilter
  createdBefore?: string | null
  createdAfter?: string | null
}

/** Body of `POST /search` when searching (not saving). */
export interface SearchParams extends SearchQuery {
  /** Ignored: `Search.results` always sends `save: false` (use `SavedSearches.create` to save). */
  save?: boolean
  /** Runs stored searches instead (needs `savedSearch:list` or `savedSearch:list:all`). */
  savedSearch?: {
    userId?: T.IdInput<T.UserId>
    ids?: ReadonlyArray<T.IdInput<T.SavedSearchId>>
  }
}
