/** Roles (`role_`). */
import * as Effect from "effect/Effect"
import { forbidden, unprocessable } from "../ApiError.js"
import { dataFields, type Family } from "../Resources.js"
import { type Doc } from "../Store.js"
import * as V from "../Validation.js"
import { requireRef, strings, unique } from "./shared.js"

const roleBody = V.object({
  name: V.required(V.string({ max: 255 })),
  value: V.required(V.string({ max: 255 })),
  parentId: V.nullable(V.string()),
  permissions: strings(),
  readNamespaces: strings(),
  editNamespaces: strings(),
  ...dataFields
})

/** Roles (`role_`); the built-in ones cannot be changed or removed, nor roles still in use. */
export const role: Family = {
  name: "role",
  path: "/roles",
  prefix: "role",
  operations: ["list", "read", "create", "update", "remove"],
  scope: "all",
  create: roleBody,
  update: V.extend(V.partial(roleBody), { value: V.forbidden() }),
  defaults: () => ({ parentId: null, permissions: [], readNamespaces: [], editNamespaces: [], customRole: true }),
  prepare: Effect.fnUntraced(function*(draft, ctx, previous) {
    if (previous === undefined) {
      yield* requireRef(ctx, "role", draft.parentId, "Parent role not found")
      yield* unique(ctx, "role", draft, ["value"], "Existing role with this value")
      return draft
    }
    yield* requireRef(ctx, "role", draft.parentId, "Parent role not found")
    if (draft.parentId && draft.parentId === draft.id) return yield* Effect.fail(unprocessable("A role cannot be its own parent"))
    if (!previous.customRole) return yield* Effect.fail(forbidden("Only custom roles can be modified"))
    for (let parent = draft.parentId; parent; parent = ctx.store.get("role", parent)?.parentId) {
      if (parent === draft.id) return yield* Effect.fail(unprocessable("The change of parentId introduces a circular hierarchy"))
    }
    return draft
  }),
  beforeRemove: (doc, ctx) => {
    if (!doc.customRole) return Effect.fail(forbidden("Only custom roles can be removed"))
    const count = (items: ReadonlyArray<Doc>) => items.filter((item) => (item.roles ?? []).includes(doc.value)).length
    const apiKeys = count(ctx.store.all("apiKey"))
    if (apiKeys > 0) return Effect.fail(unprocessable(`This role is still referenced in ${apiKeys} api keys`))
    const users = count(ctx.store.all("user"))
    if (users > 0) return Effect.fail(unprocessable(`This role is still referenced in ${users} users`))
    const roles = ctx.store.all("role").filter((other) => other.parentId === doc.id).length
    if (roles > 0) return Effect.fail(unprocessable(`This role is still referenced in ${roles} roles`))
    if ((ctx.store.config.stelace?.roles?.whitelist ?? []).includes(doc.value)) {
      return Effect.fail(unprocessable("This role is still referenced in the config roles whitelist"))
    }
    if ((ctx.store.config.stelace?.roles?.default ?? []).includes(doc.value)) {
      return Effect.fail(unprocessable("This role is still referenced in the config default roles"))
    }
    return Effect.void
  },
  plainArrayIn2019: { orderBy: "createdDate", order: "asc" }
}
