/**
 * The resource families served by the generic engine, one declaration each.
 * Families with more behaviour (users, transactions, availabilities, orders, saved searches) are
 * declared in their own modules.
 */
import * as Effect from "effect/Effect"
import { badRequest, type ApiError, forbidden, notFound, unprocessable } from "./ApiError.js"
import { isValidCurrency } from "./Currencies.js"
import { apiVersions } from "./Pagination.js"
import * as R from "./Resources.js"
import { F, dataFields, type Family } from "./Resources.js"
import { can, type RequestContext, route, type Route } from "./Route.js"
import { type Doc, newId, randomString } from "./Store.js"
import * as V from "./Validation.js"

const strings = () => V.array(V.string())


/** Fails with 422 unless the referenced object exists. */
export const requireRef = (
  ctx: RequestContext,
  collection: string,
  id: unknown,
  message: string
): Effect.Effect<Doc | undefined, ApiError> => {
  if (id === undefined || id === null) return Effect.succeed(undefined)
  const doc = ctx.store.get(collection, String(id))
  return doc === undefined ? Effect.fail(unprocessable(message)) : Effect.succeed(doc)
}

const unique = (
  ctx: RequestContext,
  collection: string,
  draft: Doc,
  keys: ReadonlyArray<string>,
  message: string
): Effect.Effect<void, ApiError> =>
  ctx.store.all(collection).some((doc) => doc.id !== draft.id && keys.every((key) => doc[key] === draft[key]))
    ? Effect.fail(unprocessable(message))
    : Effect.void

/** Label filters accept `*` wildcards (`main:*`). */
const labelFilter = F.custom(V.ids(), (doc, value) => {
  const labels = Array.isArray(value) ? value.map(String) : String(value).split(",")
  return labels.some((label) => {
    if (label === "*") return true
    const pattern = new RegExp(`^${label.split("*").map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join(".*")}$`)
    return typeof doc.label === "string" && pattern.test(doc.label)
  })
})

// ---------------------------------------------------------------------------------------------
// API keys

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
    const reveal = ctx.method === "POST" ||
      (String(ctx.query.reveal) === "1" && ctx.access.claims !== undefined &&
        (can(ctx.access, "apiKey:create:all") || can(ctx.access, "apiKey:edit:all")))
    const hidden = type !== "pubk" && type !== "cntk" && !reveal
    return hidden ? { ...doc, key: obfuscate(String(doc.key)) } : { ...doc }
  },
  event: "api_key"
}

// ---------------------------------------------------------------------------------------------
// Catalogue: asset types, categories, custom attributes, assets

const transactionProcessRule = V.nullable(
  V.object({
    initStatus: V.required(V.string()),
    cancelStatus: V.required(V.string()),
    transitions: V.array(V.object({
      name: V.required(V.string()),
      from: V.required(V.string()),
      to: V.required(V.string()),
      actors: strings()
    }))
  })
)

/** The init status must start some transition and never end one; the cancel status must appear. */
const checkTransactionProcess = (process: Doc | null | undefined): Effect.Effect<void, ApiError> => {
  if (process === null || process === undefined) return Effect.void
  const transitions: ReadonlyArray<Doc> = process.transitions ?? []
  const from = new Set(transitions.map((t) => t.from).filter((state) => state !== "*"))
  const to = new Set(transitions.map((t) => t.to))
  if (!from.has(process.initStatus) || to.has(process.initStatus)) {
    return Effect.fail(unprocessable("The provided init status does not appear as `from` property in transitions"))
  }
  if (!from.has(process.cancelStatus) && !to.has(process.cancelStatus)) {
    return Effect.fail(unprocessable("The provided cancel status does not appear in transitions"))
  }
  return Effect.void
}

/** Asset types (`typ_`). */
export const assetType: Family = {
  name: "assetType",
  path: "/asset-types",
  prefix: "typ",
  operations: ["list", "read", "create", "update", "remove"],
  scope: "all",
  create: V.object({
    name: V.required(V.string({ max: 255 })),
    timeBased: V.required(V.boolean()),
    infiniteStock: V.boolean(),
    pricing: V.object({
      ownerFeesPercent: V.integer({ min: 0, max: 100 }),
      takerFeesPercent: V.integer({ min: 0, max: 100 })
    }),
    timing: V.object({
      timeUnit: V.string({ valid: ["m", "h", "d", "n", "w", "M"] }),
      minDuration: V.nullable(V.duration()),
      maxDuration: V.nullable(V.duration())
    }),
    transactionProcess: transactionProcessRule,
    namespaces: V.object({ visibility: V.object(undefined, { values: strings() }) }),
    unavailableWhen: strings(),
    isDefault: V.boolean(),
    active: V.boolean(),
    ...dataFields
  }),
  filters: { isDefault: F.equals("boolean"), active: F.equals("boolean") },
  cachedList: true,
  defaults: () => ({
    infiniteStock: false,
    pricing: { ownerFeesPercent: 0, takerFeesPercent: 0 },
    timing: { timeUnit: "d", minDuration: null, maxDuration: null },
    unavailableWhen: null,
    transactionProcess: null,
    namespaces: { visibility: {} },
    isDefault: false,
    active: true
  }),
  mergeFields: ["pricing", "timing", "namespaces", "transactionProcess"],
  prepare: Effect.fnUntraced(function*(draft, ctx, previous) {
    yield* checkTransactionProcess(draft.transactionProcess)
    // without `isDefault`, the platform's first asset type is the default one
    const isDefault = ctx.body.isDefault ?? (previous === undefined ? ctx.store.all("assetType").length === 0 : previous.isDefault)
    if (isDefault) {
      for (const other of ctx.store.all("assetType")) {
        if (other.id !== draft.id && other.isDefault) ctx.store.put("assetType", { ...other, isDefault: false })
      }
    }
    return { ...draft, isDefault }
  }),
  beforeRemove: (doc, ctx) =>
    ctx.store.all("asset").some((asset) => asset.assetTypeId === doc.id)
      ? Effect.fail(unprocessable("Some assets are still associated with this asset type"))
      : Effect.void,
  event: "asset_type",
  plainArrayIn2019: { orderBy: "createdDate", order: "asc" }
}

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

/** Custom attributes (`attr_`); `name` and `type` cannot change. */
export const customAttribute: Family = {
  name: "customAttribute",
  path: "/custom-attributes",
  prefix: "attr",
  operations: ["list", "read", "create", "update", "remove"],
  scope: "all",
  create: V.object({
    name: V.required(V.string({ max: 255, pattern: /^[A-Za-z0-9_]+$/ })),
    type: V.required(V.string({ valid: ["number", "boolean", "text", "select", "tags"] })),
    listValues: V.nullable(strings()),
    ...dataFields
  }),
  update: V.object({ listValues: V.nullable(strings()), ...dataFields }),
  defaults: () => ({ listValues: null }),
  prepare: Effect.fnUntraced(function*(draft, ctx) {
    yield* unique(ctx, "customAttribute", draft, ["name"], "Custom attribute name already used")
    if (draft.type === "select" && !Array.isArray(draft.listValues)) {
      return yield* Effect.fail(unprocessable("Custom attribute of type \"select\" needs list values"))
    }
    return draft
  }),
  event: "custom_attribute"
}

/** Checks asset custom attribute values against their definitions. */
export const checkCustomAttributes = (ctx: RequestContext, values: Doc): Effect.Effect<void, ApiError> => {
  const definitions = ctx.store.all("customAttribute")
  const errors: Array<Doc> = []
  for (const [name, value] of Object.entries(values)) {
    const definition = definitions.find((candidate) => candidate.name === name)
    if (definition === undefined) {
      errors.push({ name, message: "Unknown custom attribute" })
      continue
    }
    const listValues: ReadonlyArray<string> | null = definition.listValues
    const valid = value === null || ((): boolean => {
      switch (definition.type) {
        case "number":
          return typeof value === "number"
        case "boolean":
          return typeof value === "boolean"
        case "text":
          return typeof value === "string"
        case "select":
          return typeof value === "string" && (listValues === null || listValues.includes(value))
        case "tags":
          return Array.isArray(value) &&
            value.every((tag) => typeof tag === "string" && (listValues === null || listValues.includes(tag)))
        default:
          return false
      }
    })()
    if (!valid) errors.push({ name, message: `Invalid value for the custom attribute of type ${definition.type}` })
  }
  return errors.length === 0
    ? Effect.void
    : Effect.fail(unprocessable(`Invalid custom attributes (${errors.map((error) => error.name).join(", ")})`, {
      errors
    }))
}

const isEqual = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b)

/** The fields a change really changes (given, and different from before). */
const changedFields = (changes: Doc, previous: Doc, fields: ReadonlyArray<string>): Doc =>
  Object.fromEntries(fields.filter((field) => changes[field] !== undefined && !isEqual(changes[field], previous[field]))
    .map((field) => [field, changes[field]]))

/** What the real server derives from an asset update: one event per kind of change. */
const assetDeltas = (changes: Doc, previous: Doc): Record<string, Doc> => {
  const deltas: Record<string, Doc> = {
    asset__name_changed: changedFields(changes, previous, ["name"]),
    asset__description_changed: changedFields(changes, previous, ["description"]),
    asset__category_switched: changedFields(changes, previous, ["categoryId"]),
    asset__type_switched: changedFields(changes, previous, ["assetTypeId"]),
    asset__custom_attribute_changed: changes.customAttributes === undefined || isEqual(changes.customAttributes, previous.customAttributes)
      ? {}
      : { customAttributes: changes.customAttributes },
    asset__locations_changed: changedFields(changes, previous, ["locations"]),
    asset__quantity_changed: changedFields(changes, previous, ["quantity"]),
    asset__pricing_changed: changedFields(changes, previous, ["price", "currency"]),
    asset__activated: changes.active === true && previous.active !== true ? { active: true } : {},
    asset__deactivated: changes.active === false && previous.active !== false ? { active: false } : {},
    asset__validated: changes.validated === true && previous.validated !== true ? { validated: true } : {}
  }
  return Object.fromEntries(Object.entries(deltas).filter(([, delta]) => Object.keys(delta).length > 0))
}

const locationRule = V.object({
  latitude: V.required(V.number({ min: -90, max: 90 })),
  longitude: V.required(V.number({ min: -180, max: 180 }))
}, { unknown: true })

const assetBody = V.object({
  name: V.required(V.string({ max: 255 })),
  ownerId: V.nullable(V.string({ empty: true })),
  description: V.nullable(V.string({ max: 3000, empty: true })),
  categoryId: V.nullable(V.string()),
  validated: V.boolean(),
  active: V.boolean(),
  locations: V.array(locationRule),
  assetTypeId: V.string(),
  quantity: V.integer({ min: 0 }),
  price: V.number({ min: 0 }),
  currency: V.string(),
  customAttributes: V.record(),
  ...dataFields
})

/** Assets (`ast_`): owned by `ownerId`; category, asset type and custom attributes are checked. */
export const asset: Family = {
  name: "asset",
  path: "/assets",
  prefix: "ast",
  operations: ["list", "read", "create", "update", "remove"],
  scope: "own",
  owners: (doc) => [doc.ownerId],
  ownerField: "ownerId",
  namespacesOwner: (doc) => doc.ownerId ?? undefined,
  create: assetBody,
  update: V.extend(V.partial(assetBody), { ownerId: V.forbidden() }),
  filters: {
    ownerId: F.in(),
    categoryId: F.in(),
    assetTypeId: F.in(),
    validated: F.equals("boolean"),
    active: F.equals("boolean"),
    quantity: F.range("number"),
    price: F.range("number")
  },
  offsetOrderBy: ["name", "createdDate", "updatedDate", "quantity", "price", "validated", "active"],
  defaults: (ctx) => ({
    description: null,
    categoryId: null,
    validated: ctx.store.config.stelace?.assetsValidationAutomatic ?? true,
    active: true,
    locations: [],
    quantity: 1,
    price: 0,
    currency: null,
    customAttributes: {}
  }),
  mergeFields: ["customAttributes"],
  deltaEvents: assetDeltas,
  prepare: Effect.fnUntraced(function*(draft, ctx, previous) {
    // the real server's order of checks: category (on create), currency, category (on update), asset type...
    const invalidCurrency = Boolean(ctx.body.currency) && !isValidCurrency(ctx.body.currency)
    const missingCategory = Boolean(ctx.body.categoryId) && ctx.store.get("category", ctx.body.categoryId) === undefined
    if (previous === undefined && missingCategory) return yield* Effect.fail(unprocessable("Asset category not found"))
    if (invalidCurrency) return yield* Effect.fail(badRequest("Invalid currency"))
    if (missingCategory) return yield* Effect.fail(unprocessable("Asset category not found"))
    let type = draft.assetTypeId === undefined ? undefined : ctx.store.get("assetType", draft.assetTypeId)
    if (draft.assetTypeId !== undefined && type === undefined) {
      return yield* Effect.fail(unprocessable("Asset type not found"))
    }
    if (type === undefined) {
      const types = ctx.store.all("assetType")
      type = types.find((candidate) => candidate.isDefault)
      if (types.length === 0) {
        // the first asset of a platform without asset types gets one, made as POST /asset-types would
        const date = ctx.store.timestamp(ctx.now)
        type = ctx.store.put("assetType", {
          id: newId("typ"),
          createdDate: date,
          updatedDate: date,
          name: null,
          timeBased: false,
          ...assetType.defaults!(ctx),
          isDefault: true,
          metadata: {},
          platformData: {}
        })
      } else if (type === undefined) {
        return yield* Effect.fail(badRequest("Missing asset type ID and not asset type with `isDefault` enabled"))
      }
    }
    if (!type.active) return yield* Effect.fail(unprocessable("Asset type inactive"))
    if (ctx.body.customAttributes) yield* checkCustomAttributes(ctx, ctx.body.customAttributes)
    const quantity = type.infiniteStock && (previous === undefined || ctx.body.quantity !== undefined) ? 1 : draft.quantity
    return { ...draft, assetTypeId: type.id, quantity }
  }),
  event: "asset"
}

// ---------------------------------------------------------------------------------------------
// Content, documents, events, messages, ratings, roles, tasks, webhooks, workflows, assessments

/** Entries (`ent_`), the content API; unique per collection, locale and name. */
export const entry: Family = {
  name: "entry",
  path: "/entries",
  prefix: "ent",
  operations: ["list", "read", "create", "update", "remove"],
  scope: "all",
  create: V.object({
    collection: V.required(V.string({ max: 255 })),
    locale: V.required(V.string({ max: 255 })),
    name: V.required(V.string({ max: 255 })),
    fields: V.record(),
    metadata: V.record()
  }),
  filters: { collection: F.in(), locale: F.in(), name: F.in() },
  cachedList: true,
  defaults: () => ({ fields: {} }),
  mergeFields: ["fields"],
  prepare: (draft, ctx) => {
    // the real database has one entry per locale and name, whatever the collection
    const conflict = ctx.store.all("entry").find((doc) => doc.id !== draft.id && doc.locale === draft.locale && doc.name === draft.name)
    return conflict === undefined
      ? Effect.succeed(draft)
      : Effect.fail(unprocessable(`The entry with ID "${conflict.id}" already has the same name and locale`))
  },
  noPlatformData: true,
  event: "entry"
}

const documentBody = V.object({
  authorId: V.nullable(V.string()),
  targetId: V.nullable(V.string()),
  type: V.required(V.string({ max: 255 })),
  label: V.nullable(V.string({ max: 255 })),
  data: V.record(),
  ...dataFields
})

/** Documents (`doc_`): free-form data, listed per `type`. */
export const document: Family = {
  name: "document",
  path: "/documents",
  prefix: "doc",
  operations: ["list", "read", "create", "update", "remove"],
  scope: "all",
  create: documentBody,
  update: V.object({
    label: V.nullable(V.string({ max: 255 })),
    data: V.record(),
    replaceDataProperties: strings(),
    ...dataFields
  }),
  filters: {
    type: F.equals("string"),
    label: labelFilter,
    authorId: F.in(),
    targetId: F.in(),
    data: F.superset()
  },
  requiredFilters: ["type"],
  defaults: () => ({ authorId: null, targetId: null, label: null, data: {} }),
  mergeFields: ["data"],
  prepare: (draft, ctx, previous) => {
    const replace: ReadonlyArray<string> = ctx.body.replaceDataProperties ?? []
    const { replaceDataProperties: _ignored, ...doc } = draft
    for (const key of replace) doc.data[key] = structuredClone(ctx.body.data?.[key] ?? previous?.data?.[key])
    return Effect.succeed(doc)
  }
}

/** Events (`evt_`): recorded by the backend, created as custom events through the API. */
export const event: Family = {
  name: "event",
  path: "/events",
  prefix: "evt",
  operations: ["list", "read"],
  scope: "all",
  filters: {
    type: F.in(),
    objectType: F.in(),
    objectId: F.in(),
    emitter: F.custom(V.string({ valid: ["core", "custom", "task"] }), (doc, value) => doc.emitter === value),
    emitterId: F.in(),
    object: F.superset(),
    metadata: F.superset()
  },
  cursorOrderBy: ["createdDate"],
  // derived events (`asset__name_changed`) remember their parent, which the API never shows
  expose: ({ parentId: _parentId, ...doc }) => doc,
  noPlatformData: true,
  noUpdatedDate: true
}

const messageBody = V.object({
  topicId: V.required(V.string()),
  conversationId: V.string(),
  content: V.required(V.string({ max: 3000, empty: true })),
  attachments: V.array(V.record()),
  read: V.boolean(),
  senderId: V.string(),
  receiverId: V.required(V.string()),
  ...dataFields
})

/** Messages (`msg_`) between two users on a topic; each new message starts a conversation (`conv_`) unless it names one. */
export const message: Family = {
  name: "message",
  path: "/messages",
  prefix: "msg",
  operations: ["read", "update"],
  scope: "own",
  owners: (doc) => [doc.senderId, doc.receiverId],
  create: messageBody,
  // the fields of a sent message are fixed: only `read` and the data may change
  update: V.extend(messageBody, {
    topicId: V.forbidden(),
    conversationId: V.forbidden(),
    content: V.forbidden(),
    attachments: V.forbidden(),
    senderId: V.forbidden(),
    receiverId: V.forbidden()
  }),
  filters: {
    userId: F.custom(V.string(), (doc, value) => doc.senderId === value || doc.receiverId === value),
    senderId: F.equals("string"),
    receiverId: F.equals("string"),
    topicId: F.equals("string"),
    conversationId: F.equals("string")
  },
  defaults: () => ({ attachments: [], read: false, metadata: {}, platformData: {} })
}

/** POST /messages: sent by the current user (or `senderId` with `message:create:all`). */
const createMessage = Effect.fnUntraced(function*(ctx: RequestContext) {
  const body = ctx.body
  if (body.senderId === body.receiverId) return yield* Effect.fail(unprocessable("The sender cannot be the receiver"))
  if (!can(ctx.access, "message:create:all") && body.senderId && body.senderId !== ctx.currentUserId) {
    return yield* Effect.fail(forbidden())
  }
  const senderId = body.senderId || ctx.currentUserId
  if (!senderId) return yield* Effect.fail(unprocessable("Missing sender ID"))
  let conversationId: string = body.conversationId
  if (!conversationId) conversationId = newId("conv")
  else {
    const existing = ctx.store.all("message").find((doc) => doc.conversationId === conversationId)
    if (existing === undefined) return yield* Effect.fail(unprocessable(`No conversation with ID ${conversationId}`))
    if (existing.senderId !== senderId && existing.receiverId !== senderId) {
      return yield* Effect.fail(forbidden("The sender is not part of the conversation"))
    }
  }
  const doc = yield* R.build(message, ctx, { ...body, senderId, conversationId })
  ctx.store.put("message", doc)
  // the only message event of the real server
  R.emit({ ...message, event: "message" }, "created", doc, allNamespaces(ctx))
  return R.expose(message, doc, ctx)
})

/** GET /messages: refused as a whole if one message is someone else's (without `message:list:all`). */
const listMessages = (ctx: RequestContext): Effect.Effect<unknown, ApiError> =>
  Effect.suspend(() => {
    const answer = R.respondList(message, R.applyFilters(message, ctx.store.all("message"), ctx), ctx) as Doc
    if (!can(ctx.access, "message:list:all") &&
      (answer.results as Array<Doc>).some((doc) => !R.isOwner(message, doc, ctx))) {
      return Effect.fail(forbidden())
    }
    return Effect.succeed(answer)
  })

/** DELETE /messages/:id: only the sender. */
const removeMessage = Effect.fnUntraced(function*(ctx: RequestContext) {
  const doc = ctx.store.get("message", ctx.params.id!)
  if (doc === undefined) return { id: ctx.params.id! }
  if (!can(ctx.access, "message:remove:all") && doc.senderId !== ctx.currentUserId) return yield* Effect.fail(forbidden())
  ctx.store.delete("message", doc.id)
  return { id: doc.id }
})

/** The message routes besides read and update. */
export const messageRoutes: ReadonlyArray<Route> = [
  route("GET", "/messages", { permissions: ["message:list", "message:list:all"], query: R.listQueryRule(message) }, listMessages),
  route("POST", "/messages", { permissions: ["message:create", "message:create:all"], body: V.required(messageBody) }, createMessage),
  route("DELETE", "/messages/:id", { permissions: ["message:remove", "message:remove:all"] }, removeMessage)
]

/** Events and their objects show every namespace of the data. */
export const allNamespaces = (ctx: RequestContext): RequestContext => ({ ...ctx, access: { ...ctx.access, readNamespaces: ["*"] } })

const ratingBody = V.object({
  score: V.required(V.integer({ min: 0, max: 100 })),
  comment: V.nullable(V.string({ max: 3000, empty: true })),
  authorId: V.string(),
  targetId: V.required(V.string()),
  assetId: V.string(),
  transactionId: V.string(),
  label: V.string({ max: 255 }),
  ...dataFields
})

/** Ratings (`rtg_`), written by their author about a target user (stored as documents on the real server). */
export const rating: Family = {
  name: "rating",
  path: "/ratings",
  prefix: "rtg",
  operations: ["list", "read"],
  scope: "all",
  create: ratingBody,
  update: V.object({
    score: V.integer({ min: 0, max: 100 }),
    comment: V.nullable(V.string({ max: 3000, empty: true })),
    ...dataFields
  }),
  filters: {
    authorId: F.in(),
    targetId: F.in(),
    assetId: F.in(),
    transactionId: F.in(),
    label: labelFilter
  },
  defaults: () => ({ comment: null, authorId: null, targetId: null, assetId: null, transactionId: null, label: null })
}

/** POST /ratings: the author is the current user; the transaction's asset fills `assetId`. */
const createRating = Effect.fnUntraced(function*(ctx: RequestContext) {
  const body = ctx.body
  const all = can(ctx.access, "rating:create:all")
  if (!all && body.authorId && body.authorId !== ctx.currentUserId) return yield* Effect.fail(forbidden())
  const authorId = body.authorId || ctx.currentUserId
  if (!all && !(ctx.currentUserId && ctx.currentUserId === authorId)) return yield* Effect.fail(forbidden())
  const asset = body.assetId ? ctx.store.get("asset", body.assetId) : undefined
  if (body.assetId && asset === undefined) return yield* Effect.fail(unprocessable(`Asset ID ${body.assetId} doesn't exist`))
  const transaction = body.transactionId ? ctx.store.get("transaction", body.transactionId) : undefined
  if (body.transactionId && transaction === undefined) {
    return yield* Effect.fail(unprocessable(`Transaction ID ${body.transactionId} doesn't exist`))
  }
  // the real server reads the transaction's asset without checking there is a transaction: a 500
  if (!body.assetId && transaction === undefined) return yield* Effect.die(new Error("Cannot read property 'assetId' of undefined"))
  const assetId = body.assetId || transaction?.assetId
  if (asset && transaction && asset.id !== transaction.assetId) {
    return yield* Effect.fail(unprocessable(`The transaction ${transaction.id} isn't associated with the asset ${asset.id}`))
  }
  const doc = yield* R.build(rating, ctx, { ...body, authorId: authorId ?? null, assetId: assetId ?? null })
  ctx.store.put("rating", doc)
  return R.expose(rating, doc, ctx)
})

/**
 * PATCH /ratings/:id. The real server's check is inverted: anyone but the author (with
 * `rating:edit`) may update, the author may not (without `rating:edit:all`). The backend does
 * the same, so that tests see what production does.
 */
const updateRating = Effect.fnUntraced(function*(ctx: RequestContext) {
  const previous = ctx.store.get("rating", ctx.params.id!)
  if (previous === undefined) return yield* Effect.fail(notFound())
  const allowedByQuirk = Boolean(previous.authorId) && previous.authorId !== ctx.currentUserId
  if (!can(ctx.access, "rating:edit:all") && !allowedByQuirk) return yield* Effect.fail(forbidden())
  const doc = R.applyPatch(rating, previous, ctx.body, ctx)
  ctx.store.put("rating", doc)
  return R.expose(rating, doc, ctx)
})

/** DELETE /ratings/:id: the author only. */
const removeRating = Effect.fnUntraced(function*(ctx: RequestContext) {
  const doc = ctx.store.get("rating", ctx.params.id!)
  if (doc === undefined) return { id: ctx.params.id! }
  if (!can(ctx.access, "rating:remove:all") && doc.authorId !== ctx.currentUserId) return yield* Effect.fail(forbidden())
  ctx.store.delete("rating", doc.id)
  return { id: doc.id }
})

/** The rating routes besides list and read. */
export const ratingRoutes: ReadonlyArray<Route> = [
  route("POST", "/ratings", { permissions: ["rating:create", "rating:create:all"], body: V.required(ratingBody) }, createRating),
  route("PATCH", "/ratings/:id", { permissions: ["rating:edit", "rating:edit:all"], body: V.required(rating.update!) }, updateRating),
  route("DELETE", "/ratings/:id", { permissions: ["rating:remove", "rating:remove:all"] }, removeRating)
]

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

/** Core event types (two underscores) belong to the server: custom events and tasks use others. */
export const CORE_EVENT_FORMAT = /^[a-z\d_]+__[a-z\d_]+$/i

/** The real server's message when a custom event type looks like a core one. */
export const BAD_CUSTOM_EVENT_TYPE = "Cannot provide a type with 2 underscore characters to help distinguishing custom event types from core ones"

/** The core events webhooks and workflows may listen to. */
const CORE_EVENTS = new Set(`api_key__created api_key__updated api_key__deleted category__created category__updated
  category__deleted asset__created asset__name_changed asset__description_changed asset__category_switched
  asset__type_switched asset__custom_attribute_changed asset__locations_changed asset__quantity_changed
  asset__pricing_changed asset__activated asset__deactivated asset__validated asset__updated asset__deleted
  asset_type__created asset_type__updated asset_type__deleted availability__created availability__updated
  availability__deleted assets__searched custom_attribute__created custom_attribute__updated custom_attribute__deleted
  message__created assessment__created assessment__draft_updated assessment__signed_once assessment__signed
  assessment__deleted entry__created entry__updated entry__deleted order__created order__updated token__check_requested
  token__check_confirmed transaction__created transaction__updated transaction__status_changed user__created
  user__updated user__deleted user__organization_joined user__organization_left user__organization_rights_changed
  password__changed password__reset_requested password__reset_confirmed`.split(/\s+/))

/** A listened event must be a known core event, or a custom one. */
const checkListenedEvent = (event: unknown): Effect.Effect<void, ApiError> =>
  typeof event === "string" && event !== "" && CORE_EVENT_FORMAT.test(event) && !CORE_EVENTS.has(event)
    ? Effect.fail(unprocessable(`Invalid ${event} event`))
    : Effect.void

const CRON_FIELD = /^(\*|\d+(-\d+)?)(\/\d+)?(,(\*|\d+(-\d+)?)(\/\d+)?)*$/

/** A five-field cron pattern (minutes, hours, days, months, weekdays). */
const isCronPattern = (pattern: string): boolean => {
  const fields = pattern.trim().split(/\s+/)
  return fields.length === 5 && fields.every((field) => CRON_FIELD.test(field) || /^[A-Za-z]{3}(-[A-Za-z]{3})?$/.test(field))
}

/** An IANA time zone, as the platform's `Intl` knows them. */
const isTimeZone = (zone: string): boolean => {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone })
    return true
  } catch {
    return false
  }
}

/** Rounds a date to the nearest minute, as the real server stores execution dates. */
const toNearestMinute = (date: string): string => new Date(Math.round(Date.parse(date) / 60_000) * 60_000).toISOString()

/** Tasks (`task_`): scheduled or recurring events. */
export const task: Family = {
  name: "task",
  path: "/tasks",
  prefix: "task",
  operations: ["list", "read", "create", "update", "remove"],
  scope: "all",
  create: V.object({
    executionDate: V.nullable(V.isoDate()),
    recurringPattern: V.nullable(V.string()),
    recurringTimezone: V.nullable(V.string()),
    eventType: V.required(V.string({ max: 255 })),
    eventMetadata: V.record(),
    eventObjectId: V.nullable(V.string()),
    active: V.boolean(),
    ...dataFields
  }),
  filters: { eventType: F.in(), eventObjectId: F.in(), active: F.equals("boolean") },
  defaults: () => ({
    executionDate: null,
    recurringPattern: null,
    recurringTimezone: null,
    eventMetadata: {},
    eventObjectId: null,
    active: true
  }),
  prepare: Effect.fnUntraced(function*(draft, ctx) {
    const { executionDate, recurringPattern, recurringTimezone, eventType } = ctx.body
    if (recurringPattern && executionDate) {
      return yield* Effect.fail(badRequest("Cannot provide both executionDate and recurringPattern"))
    }
    if (recurringPattern && !isCronPattern(recurringPattern)) return yield* Effect.fail(badRequest("Invalid recurring pattern"))
    if (recurringTimezone && !isTimeZone(recurringTimezone)) return yield* Effect.fail(badRequest("Invalid recurring timezone"))
    if (eventType && CORE_EVENT_FORMAT.test(eventType)) return yield* Effect.fail(unprocessable(BAD_CUSTOM_EVENT_TYPE))
    return executionDate ? { ...draft, executionDate: toNearestMinute(executionDate) } : draft
  })
}

const webhookBody = V.object({
  name: V.required(V.string({ max: 255 })),
  targetUrl: V.string({ uri: true }),
  event: V.string(),
  apiVersion: V.string({ valid: [...apiVersions] }),
  active: V.boolean(),
  ...dataFields
})

/** Webhooks (`whk_`); `?logs` adds their logs. Fields given no value are `null` once stored. */
export const webhook: Family = {
  name: "webhook",
  path: "/webhooks",
  prefix: "whk",
  operations: ["list", "read", "create", "update", "remove"],
  scope: "all",
  create: webhookBody,
  update: V.extend(webhookBody, { name: V.string({ max: 255 }), targetUrl: V.forbidden() }),
  filters: { event: F.in(), active: F.equals("boolean") },
  readQuery: { logs: V.any() },
  defaults: (ctx) => ({ targetUrl: null, event: null, apiVersion: ctx.version, active: true }),
  absentUntilRead: ["targetUrl", "event"],
  prepare: (draft, ctx) => checkListenedEvent(ctx.body.event).pipe(Effect.as(draft)),
  expose: (doc, ctx) =>
    ctx.query.logs !== undefined && ctx.method === "GET" && ctx.params.id !== undefined
      ? { ...doc, logs: ctx.store.all("webhookLog").filter((log) => log.webhookId === doc.id) }
      : { ...doc },
  plainArrayIn2019: { orderBy: "createdDate", order: "desc" }
}

/** Webhook logs (`whl_`), cursor lists only. */
export const webhookLog: Family = {
  name: "webhookLog",
  path: "/webhook-logs",
  prefix: "whl",
  operations: ["list", "read"],
  scope: "all",
  filters: { webhookId: F.in(), eventId: F.in(), status: F.in() },
  cursorOrderBy: ["createdDate"],
  cursorOnly: true,
  noUpdatedDate: true,
  noPlatformData: true
}

const workflowStep = V.object({
  name: V.string({ max: 255 }),
  description: V.nullable(V.string({ max: 2048, empty: true })),
  computed: V.record(),
  filter: V.nullable(V.string({ max: 1024, empty: true })),
  stop: V.nullable(V.string({ max: 1024, empty: true })),
  skip: V.nullable(V.string({ max: 1024, empty: true })),
  handleErrors: V.boolean(),
  endpointMethod: V.required(V.string({ valid: ["GET", "PATCH", "POST", "DELETE"] })),
  endpointUri: V.required(V.string({
    pattern: /^(\/|http|\$)/,
    patternName: "full external URL like \"https://your.api.com\" or Stelace endpoint path like \"/assets\""
  })),
  endpointPayload: V.record(),
  endpointHeaders: V.object(undefined, { values: V.string() })
})

const workflowBody = V.object({
  name: V.required(V.string({ max: 255 })),
  description: V.nullable(V.string({ max: 2048, empty: true })),
  context: V.array(V.string(), { single: true }),
  notifyUrl: V.string({ uri: true }),
  event: V.string(),
  computed: V.record(),
  run: V.array(workflowStep, { single: true, max: 10 }),
  apiVersion: V.string({ valid: [...apiVersions] }),
  active: V.boolean(),
  ...dataFields
})

/** Workflows (`wfw_`); they are stored, not run. `?logs` adds their logs. */
export const workflow: Family = {
  name: "workflow",
  path: "/workflows",
  prefix: "wfw",
  operations: ["list", "read", "create", "update", "remove"],
  scope: "all",
  create: workflowBody,
  update: V.extend(workflowBody, { name: V.string({ max: 255 }) }),
  filters: { event: F.in(), active: F.equals("boolean") },
  readQuery: { logs: V.any() },
  defaults: (ctx) => ({
    description: null,
    context: null,
    notifyUrl: null,
    event: null,
    computed: null,
    run: null,
    active: true,
    stats: { nbTimesRun: 0 },
    apiVersion: ctx.version
  }),
  absentUntilRead: ["description", "notifyUrl", "event"],
  mergeFields: ["computed"],
  prepare: (draft, ctx) => checkListenedEvent(ctx.body.event).pipe(Effect.as(draft)),
  expose: (doc, ctx) =>
    ctx.query.logs !== undefined && ctx.method === "GET" && ctx.params.id !== undefined
      ? { ...doc, logs: ctx.store.all("workflowLog").filter((log) => log.workflowId === doc.id) }
      : { ...doc },
  plainArrayIn2019: { orderBy: "createdDate", order: "desc" }
}

/** Workflow logs (`wfl_`), cursor lists only. */
export const workflowLog: Family = {
  name: "workflowLog",
  path: "/workflow-logs",
  prefix: "wfl",
  operations: ["list", "read"],
  scope: "all",
  filters: { workflowId: F.in(), eventId: F.in(), runId: F.in(), type: F.in() },
  cursorOrderBy: ["createdDate"],
  cursorOnly: true,
  noUpdatedDate: true,
  noPlatformData: true
}

/** Every family served by the generic routes alone (the others live in their own modules). */
export const genericFamilies: ReadonlyArray<Family> = [
  apiKey,
  assetType,
  category,
  customAttribute,
  asset,
  entry,
  document,
  event,
  message,
  rating,
  role,
  task,
  webhook,
  webhookLog,
  workflow,
  workflowLog
]
