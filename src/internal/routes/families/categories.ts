import * as Schema from "effect/Schema"
import type * as T from "../../../Types.js"
import { as, del, get, list, patch, post } from "../model.js"
import { customData, live, type Resource, resourceOf, stamped } from "../schemaParts.js"
import { CategoryId } from "../sharedSchemas.js"

/**
 * Categories of assets (`/categories`).
 *
 * @id CategoryId a category (`ctgy_...`)
 * @apiReference Asset API › Category
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

const categoryFields = () => ({
  id: CategoryId,
  ...stamped,
  name: Schema.String,
  parentId: Schema.NullOr(CategoryId),
  ...customData,
  ...live
})
/** A category (`ctgy_`) of assets, possibly nested. */
export const Category: Resource<ReturnType<typeof categoryFields>, T.Category> = /*#__PURE__*/ resourceOf(categoryFields)

/** Body of `POST /categories`. */
export interface CategoryCreateParams extends T.CustomDataParams {
  name: string
  parentId?: T.IdInput<T.CategoryId> | null
}

/** Body of `PATCH /categories/:id`. */
export type CategoryUpdateParams = Partial<CategoryCreateParams>

/** Query of `GET /categories` (2020-08-10; under 2019-05-20 the route takes no query). */
export interface CategoryListParams extends Omit<T.ListParams<"createdDate" | "updatedDate", T.CategoryId>, "page"> {
  parentId?: T.IdFilter<T.CategoryId>
}
