/** API keys (`apik_`). */
import * as Effect from "effect/Effect"
import { unprocessable } from "../ApiError.js"
import { dataFields, F, type Family } from "../Resources.js"
import { can } from "../Route.js"
import { randomString } from "../Store.js"
import * as V from "../Validation.js"

const obfuscate = (key: string): string => {
  const parts = key.split("_")
  const random = parts[2] ?? ""
  return `${parts[0]}_${parts[1]}_${random.slice(0, 4)}${"x".repeat(Math.max(0, random.length - 8))}${random.slice(-4)}`
}

const BUILT_IN_KEY_TYPES = ["seck", "pubk", "cntk"]

/** Roles and rights (ignored for the built-in key types, which have fixed ones). */
const keyRights = () => V.array(V.string())

const apiKeyBody = V.object({
  name: V.required(V.string()),
  type: V.alternatives([V.string({ valid: BUILT_IN_KEY_TYPES }), V.string({ pattern: /^[a-z\d]{5,10}$/i })]),
  roles: keyRights(),
  permissions: keyRights(),
  readNamespaces: keyRights(),
  editNamespaces: keyRights(),
  ...dataFields
})

/** API keys (`apik_`); secret and custom keys are shown obfuscated except right after creation. */
export const apiKey: Family = {
  name: "apiKey",
  path: "/api-keys",
  prefix: "apik",
  operations: ["list", "read", "create", "update", "remove"],
  scope: "own",
  owners: (doc, ctx) => (doc.id === ctx.access.apiKey.id ? [ctx.currentUserId] : []),
  create: apiKeyBody,
  update: V.extend(apiKeyBody, { name: V.string() }),
  filters: {
    type: F.custom(V.string(), (doc, value) => String(doc.key).startsWith(`${value}_`)),
    reveal: F.custom(V.integer({ min: 0, max: 1 }), () => true)
  },
  offsetOrderBy: ["name", "createdDate", "updatedDate"],
  readQuery: { reveal: V.integer({ min: 0, max: 1 }) },
  defaults: () => ({ roles: [], permissions: [], readNamespaces: [], editNamespaces: [] }),
  prepare: Effect.fnUntraced(function*(draft, ctx, previous) {
    if (draft.roles.length > 0 && ctx.body.roles !== undefined) {
      const known = new Set(ctx.store.all("role").map((role) => role.value))
      const invalid = (draft.roles as Array<string>).filter((role) => !known.has(role))
      if (invalid.length > 0) return yield* Effect.fail(unprocessable(`Invalid roles: ${invalid.join(", ")}`))
    }
    if (previous !== undefined) return draft
    // a key without type is publishable, as on the real server; built-in types have fixed rights
    const type: string = draft.type ?? "pubk"
    const { type: _type, ...rest } = draft
    const fixed = type === "seck"
      ? { roles: ["dev"], permissions: [], readNamespaces: ["*"], editNamespaces: ["*"] }
      : type === "pubk"
      ? { roles: ["public"], permissions: [], readNamespaces: [], editNamespaces: [] }
      : type === "cntk"
      ? { permissions: ["entry:list:all", "entry:read:all"] }
      : {}
    return { ...rest, ...fixed, key: `${type}_test_${randomString(32)}` }
  }),
  expose: (doc, ctx) => {
    const type = String(doc.key).split("_")[0]
    // shown once, where the key is created (its answer and its event), never where another route
    // shows the object (a custom event naming it, POST /events)
    const created = ctx.method === "POST" && ctx.path === "/api-keys"
    const reveal = created ||
      (String(ctx.query.reveal) === "1" && ctx.access.claims !== undefined &&
        (can(ctx.access, "apiKey:create:all") || can(ctx.access, "apiKey:edit:all")))
    const hidden = type !== "pubk" && type !== "cntk" && !reveal
    return hidden ? { ...doc, key: obfuscate(String(doc.key)) } : { ...doc }
  },
  event: "api_key"
}
