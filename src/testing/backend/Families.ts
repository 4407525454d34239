/**
 * The resource families served by the generic engine, one declaration each.
 * Families with more behaviour (users, transactions, availabilities, orders, saved searches) are
 * declared in their own modules.
 */
import * as Effect from "effect/Effect"
import { badRequest, type ApiError, forbidden, unprocessable } from "./ApiError.js"
import { isValidCurrency } from "./Currencies.js"
import { latestVersion, apiVersions } from "./Pagination.js"
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

/** API keys (`apik_`); secret and custom keys are shown obfuscated except right after creation. */
export const apiKey: Family = {
  name: "apiKey",
  path: "/api-keys",
  prefix: "apik",
  operations: ["list", "read", "create", "update", "remove"],
  scope: "own",
  owners: (doc, ctx) => (doc.id === ctx.access.apiKey.id ? [ctx.currentUserId] : []),
  create: V.object({
    name: V.required(V.string({ max: 255 })),
    type: V.string({ pattern: /^(seck|pubk|cntk|[A-Za-z0-9]{5,10})$/ }),
    roles: strings(),
    permissions: strings(),
    readNamespaces: strings(),
    editNamespaces: strings(),
    ...dataFields
  }),
  update: V.object({
    name: V.string({ max: 255 }),
    roles: strings(),
    permissions: strings(),
    readNamespaces: strings(),
    editNamespaces: strings(),
    ...dataFields
  }),
  filters: {
    type: F.custom(V.string(), (doc, value) => String(doc.key).startsWith(`${value}_`)),
    reveal: F.custom(V.integer({ min: 0, max: 1 }), () => true)
  },
  readQuery: { reveal: V.integer({ min: 0, max: 1 }) },
  defaults: () => ({ roles: [], permissions: [], readNamespaces: [], editNamespaces: [] }),
  prepare: (draft, _ctx, previous) => {
    if (previous !== undefined) return Effect.succeed(draft)
    const type = draft.type ?? "seck"
    const { type: _type, ...rest } = draft
    return Effect.succeed({ ...rest, key: `${type}_test_${randomString(24)}` })
  },
  expose: (doc, ctx) => {
    const type = String(doc.key).split("_")[0]
    const reveal = ctx.method === "POST" ||
      (String(ctx.query.reveal) === "1" && ctx.access.claims !== undefined &&
        (can(ctx.access, "apiKey:create:all") || can(ctx.access, "apiKey:edit:all")))
    const hidden = type !== "pubk" && type !== "cntk" && !reveal
    return hidden ? { ...doc, key: obfuscate(String(doc.key)) } : { ...doc }
  }
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
  defaults: () => ({ fields: {} }),
  mergeFields: ["fields"],
  prepare: (draft, ctx) =>
    unique(ctx, "entry", draft, ["collection", "locale", "name"], "An entry with the same collection, locale and name already exists")
      .pipe(Effect.as(draft)),
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
    emitter: F.in(),
    emitterId: F.in(),
    parentId: F.in(),
    object: F.superset(),
    metadata: F.superset()
  },
  cursorOrderBy: ["createdDate"],
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

/** Messages (`msg_`) between two users on a topic; conversations (`conv_`) are created as needed. */
export const message: Family = {
  name: "message",
  path: "/messages",
  prefix: "msg",
  operations: ["list", "read", "create", "update", "remove"],
  scope: "own",
  owners: (doc) => [doc.senderId, doc.receiverId],
  ownerField: "senderId",
  create: messageBody,
  update: V.object({ read: V.boolean(), ...dataFields }),
  filters: {
    userId: F.custom(V.ids(), (doc, value) =>
      String(value).split(",").some((id) => doc.senderId === id || doc.receiverId === id)),
    senderId: F.in(),
    receiverId: F.in(),
    topicId: F.in(),
    conversationId: F.in()
  },
  defaults: () => ({ attachments: [], read: false }),
  prepare: (draft, ctx, previous) => {
    if (previous !== undefined || draft.conversationId !== undefined) return Effect.succeed(draft)
    const pair = new Set([draft.senderId, draft.receiverId])
    const existing = ctx.store.all("message").find((doc) =>
      doc.topicId === draft.topicId && pair.has(doc.senderId) && pair.has(doc.receiverId)
    )
    return Effect.succeed({ ...draft, conversationId: existing?.conversationId ?? newId("conv") })
  },
  event: "message"
}

const ratingBody = V.object({
  score: V.required(V.integer({ min: 0, max: 100 })),
  comment: V.nullable(V.string({ max: 3000, empty: true })),
  authorId: V.string(),
  targetId: V.required(V.string()),
  topicId: V.nullable(V.string()),
  assetId: V.nullable(V.string()),
  transactionId: V.nullable(V.string()),
  label: V.nullable(V.string({ max: 255 })),
  ...dataFields
})

/** Ratings (`rtg_`), written by their author about a target user. */
export const rating: Family = {
  name: "rating",
  path: "/ratings",
  prefix: "rtg",
  operations: ["list", "read", "create", "update", "remove"],
  scope: "own",
  owners: (doc) => [doc.authorId],
  ownerField: "authorId",
  create: ratingBody,
  update: V.object({
    score: V.integer({ min: 0, max: 100 }),
    comment: V.nullable(V.string({ max: 3000, empty: true })),
    label: V.nullable(V.string({ max: 255 })),
    ...dataFields
  }),
  filters: {
    authorId: F.in(),
    targetId: F.in(),
    topicId: F.in(),
    assetId: F.in(),
    transactionId: F.in(),
    label: labelFilter
  },
  defaults: () => ({ comment: null, topicId: null, assetId: null, transactionId: null, label: null }),
  prepare: Effect.fnUntraced(function*(draft, ctx, previous) {
    if (previous === undefined) {
      yield* requireRef(ctx, "user", draft.targetId, "Target user not found")
      yield* requireRef(ctx, "asset", draft.assetId, "Asset not found")
      yield* requireRef(ctx, "transaction", draft.transactionId, "Transaction not found")
    }
    return draft
  }),
  event: "rating"
}

const roleBody = V.object({
  name: V.required(V.string({ max: 255 })),
  value: V.required(V.string({ max: 255 })),
  parentId: V.nullable(V.string()),
  permissions: strings(),
  readNamespaces: strings(),
  editNamespaces: strings(),
  ...dataFields
})

/** Roles (`role_`); the built-in ones cannot be changed or removed. */
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
    if (previous !== undefined && !previous.customRole) {
      return yield* Effect.fail(unprocessable("Cannot update a built-in role"))
    }
    yield* unique(ctx, "role", draft, ["value"], "A role with this value already exists")
    yield* requireRef(ctx, "role", draft.parentId, "Parent role not found")
    return draft
  }),
  beforeRemove: (doc) => doc.customRole ? Effect.void : Effect.fail(unprocessable("Cannot remove a built-in role")),
  plainArrayIn2019: { orderBy: "createdDate", order: "asc" }
}

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
  mergeFields: ["eventMetadata"],
  event: "task"
}

const webhookBody = V.object({
  name: V.required(V.string({ max: 255 })),
  targetUrl: V.required(V.string({ pattern: /^https?:\/\/\S+$/ })),
  event: V.string(),
  apiVersion: V.string({ valid: [...apiVersions] }),
  active: V.boolean(),
  ...dataFields
})

/** Webhooks (`whk_`); `?logs` adds their logs. */
export const webhook: Family = {
  name: "webhook",
  path: "/webhooks",
  prefix: "whk",
  operations: ["list", "read", "create", "update", "remove"],
  scope: "all",
  create: webhookBody,
  update: V.extend(V.partial(webhookBody), { targetUrl: V.forbidden() }),
  filters: { event: F.in(), active: F.equals("boolean") },
  readQuery: { logs: V.any() },
  defaults: () => ({ event: null, apiVersion: latestVersion, active: true }),
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

const workflowBody = V.object({
  name: V.required(V.string({ max: 255 })),
  description: V.nullable(V.string({ max: 2048, empty: true })),
  context: strings(),
  notifyUrl: V.nullable(V.string()),
  event: V.string(),
  computed: V.record(),
  run: V.array(V.record(), { max: 10 }),
  active: V.boolean(),
  apiVersion: V.string({ valid: [...apiVersions] }),
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
  filters: { event: F.in(), active: F.equals("boolean") },
  readQuery: { logs: V.any() },
  defaults: () => ({
    description: null,
    context: [],
    notifyUrl: null,
    event: null,
    computed: {},
    run: [],
    active: true,
    stats: { nbTimesRun: 0 },
    apiVersion: latestVersion
  }),
  mergeFields: ["computed"],
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

/** Assessments (`assm_`), not in the SDK but served. */
export const assessment: Family = {
  name: "assessment",
  path: "/assessments",
  prefix: "assm",
  operations: ["list", "read", "create", "update", "remove"],
  scope: "own",
  owners: (doc) => [doc.ownerId, doc.takerId, doc.emitterId, doc.receiverId, ...Object.keys(doc.signers ?? {})],
  ownerField: "emitterId",
  create: V.object({
    statement: V.nullable(V.string({ max: 3000, empty: true })),
    status: V.nullable(V.string()),
    assetId: V.required(V.string()),
    transactionId: V.nullable(V.string()),
    ownerId: V.nullable(V.string()),
    takerId: V.nullable(V.string()),
    emitterId: V.nullable(V.string()),
    receiverId: V.nullable(V.string()),
    signers: V.record(),
    signCodes: V.record(),
    nbSigners: V.integer({ min: 1 }),
    expirationDate: V.nullable(V.isoDate()),
    assessmentDate: V.nullable(V.isoDate()),
    ...dataFields
  }),
  filters: { assetId: F.in(), transactionId: F.in() },
  defaults: () => ({
    statement: null,
    status: null,
    transactionId: null,
    ownerId: null,
    takerId: null,
    receiverId: null,
    signers: {},
    signCodes: {},
    nbSigners: 1,
    expirationDate: null,
    signedDate: null,
    assessmentDate: null
  }),
  mergeFields: ["signers", "signCodes"],
  prepare: (draft, ctx, previous) =>
    previous === undefined
      ? requireRef(ctx, "asset", draft.assetId, "Asset not found").pipe(Effect.as(draft))
      : Effect.succeed(draft)
}

/** POST /assessments/:id/signatures: the current user signs (with their sign code, when one is set). */
export const assessmentSignature: Route = route("POST", "/assessments/:id/signatures", {
  permissions: ["assessment:sign", "assessment:sign:all"],
  body: V.object({ signCode: V.string() })
}, Effect.fnUntraced(function*(ctx) {
  const doc = yield* R.find(assessment, ctx.params.id!, ctx)
  const signer = ctx.currentUserId
  if (signer === undefined) return yield* Effect.fail(unprocessable("Missing signer"))
  if (!can(ctx.access, "assessment:sign:all") && doc.signers?.[signer] === undefined) {
    return yield* Effect.fail(forbidden())
  }
  const expected = doc.signCodes?.[signer]
  if (expected !== undefined && expected !== ctx.body.signCode) return yield* Effect.fail(forbidden("Invalid sign code"))
  const date = ctx.store.timestamp(ctx.now)
  const signers = { ...doc.signers, [signer]: { ...doc.signers?.[signer], signedDate: date } }
  const nbSigned = Object.values(signers).filter((entry: any) => entry?.signedDate).length
  const next = {
    ...doc,
    signers,
    signedDate: nbSigned >= doc.nbSigners ? date : doc.signedDate,
    updatedDate: date
  }
  ctx.store.put("assessment", next)
  return R.expose(assessment, next, ctx)
}))

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
  workflowLog,
  assessment
]
