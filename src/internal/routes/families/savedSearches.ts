import type * as T from "../../../Types.js"
import { as, del, get, list, patch, post } from "../model.js"

const forceSave = (input: Record<string, unknown>) => ({ ...input, save: true })

/**
 * Saved searches (`/search` with `save: true`, and `GET/PATCH/DELETE /search/:id`).
 *
 * @id SavedSearchId a saved search (`sch_...`)
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
