/** Categories (`ctgy_`). */
import * as Effect from "effect/Effect"
import { unprocessable } from "../ApiError.js"
import { dataFields, F, type Family } from "../Resources.js"
import * as V from "../Validation.js"
import { requireRef } from "./shared.js"

/** Categories (`ctgy_`), a tree through `parentId`. */
export const category: Family = {
  name: "category",
  path: "/categories",
  prefix: "ctgy",
  operations: ["list", "read", "create", "update", "remove"],
  scope: "all",
  create: V.object({ name: V.required(V.string({ max: 255 })), parentId: V.nullable(V.string()), ...dataFields }),
  filters: { parentId: F.in() },
  cachedList: true,
  defaults: () => ({ parentId: null }),
  prepare: Effect.fnUntraced(function*(draft, ctx, previous) {
    if (previous === undefined) {
      yield* requireRef(ctx, "category", draft.parentId, "Parent category not found")
      return draft
    }
    if (draft.parentId && ctx.store.get("category", draft.parentId) === undefined) {
      return yield* Effect.fail(unprocessable(`Parent category ${draft.parentId} not found`))
    }
    if (draft.parentId === draft.id) return yield* Effect.fail(unprocessable("A category cannot be its own parent"))
    for (let parent = draft.parentId; parent; parent = ctx.store.get("category", parent)?.parentId) {
      if (parent === draft.id) {
        return yield* Effect.fail(unprocessable("The change of parentId introduces a circular hierarchy"))
      }
    }
    return draft
  }),
  beforeRemove: (doc, ctx) => {
    if (ctx.store.all("asset").some((asset) => asset.categoryId === doc.id)) {
      return Effect.fail(unprocessable("Assets are still associated with this category"))
    }
    return ctx.store.all("category").some((child) => child.parentId === doc.id)
      ? Effect.fail(unprocessable("Children categories are still associated with this category"))
      : Effect.void
  },
  event: "category",
  plainArrayIn2019: { orderBy: "name", order: "asc" }
}
