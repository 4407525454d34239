import type * as T from "../../../Types.js"
import { as, del, get, list, patch, post } from "../model.js"

/**
 * Ratings users give each other, with stats (`/ratings`).
 *
 * @id RatingId a rating (`rtg_...`)
 * @since 0.1.0
 */
export const ratings = {
  /** Lists ratings (`GET /ratings`): one page, with its pagination meta. */
  list: /*#__PURE__*/ list("/ratings", as<T.Rating, T.RatingListParams>),
  /** Reads one rating (`GET /ratings/:id`). */
  read: /*#__PURE__*/ get("/ratings/:id", as<T.Rating>),
  /** Creates a rating (`POST /ratings`). */
  create: /*#__PURE__*/ post("/ratings", as<T.Rating, T.RatingCreateParams>),
  /** Updates a rating (`PATCH /ratings/:id`; metadata and platformData are deep-merged). */
  update: /*#__PURE__*/ patch("/ratings/:id", as<T.Rating, T.RatingUpdateParams>),
  /** Removes a rating (`DELETE /ratings/:id`); answers `{ id }`. */
  remove: /*#__PURE__*/ del("/ratings/:id", as<T.Deleted>),
  /** Rating stats grouped by author, target, asset or transaction (`GET /ratings/stats`): one page. */
  getStats: /*#__PURE__*/ list("/ratings/stats", as<T.RatingStat, T.RatingStatsParams>)
}
