import type * as T from "../../../Types.js"
import { as, del, get, list, patch, post } from "../model.js"

/**
 * Categories of assets (`/categories`).
 *
 * @id CategoryId a category (`ctgy_...`)
 * @since 0.1.0
 */
export const categories = {
  /** Lists categories (`GET /categories`): one page, with its pagination meta. */
  list: /*#__PURE__*/ list("/categories", as<T.Category, T.CategoryListParams, "version-or-array">),
  /** Reads one category (`GET /categories/:id`). */
  read: /*#__PURE__*/ get("/categories/:id", as<T.Category>),
  /** Creates a category (`POST /categories`). */
  create: /*#__PURE__*/ post("/categories", as<T.Category, T.CategoryCreateParams>),
  /** Updates a category (`PATCH /categories/:id`; metadata and platformData are deep-merged). */
  update: /*#__PURE__*/ patch("/categories/:id", as<T.Category, T.CategoryUpdateParams>),
  /** Removes a category (`DELETE /categories/:id`); answers `{ id }`. */
  remove: /*#__PURE__*/ del("/categories/:id", as<T.Deleted>)
}
