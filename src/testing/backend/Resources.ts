/**
 * The generic create/read/update/remove/list engine, driven by one {@link Family} declaration per
 * resource. Families with special behaviour (users, transactions, search...) declare themselves
 * here too and add hooks or extra routes in their own modules.
 *
 * What every family gets, as on the real server:
 * - ids with the family's prefix, `createdDate`/`updatedDate`, `metadata`/`platformData`, `livemode`;
 * - permissions `<name>:<action>` (own objects) and `<name>:<action>:all`;
 * - 400 on invalid bodies and queries, 404 on unknown ids, 403 on other users' objects;
 * - `metadata`/`platformData` deep-merged on PATCH, `DELETE` answering `{ id }`;
 * - lists filtered on `id`, `createdDate`, `updatedDate` and the family's fields, in the
 *   version's pagination shape; events `<event>__created|updated|deleted` when the family has them.
 */
import * as Effect from "effect/Effect"
import { type ApiError, forbidden, notFound } from "./ApiError.js"
import { recordEvent } from "./EventLog.js"
import { canEditFor, hideNamespaces, readNamespacesFor } from "./Namespaces.js"
import * as Pagination from "./Pagination.js"
import { isSuperset, matchesRange, toList } from "./QueryString.js"
import { can, type RequestContext, route, type Route } from "./Route.js"
import { deepMerge, type Doc, jsonbMerge, newId } from "./Store.js"

const isPlainObject = (value: unknown): value is Doc =>
  typeof value === "object" && value !== null && !Array.isArray(value)
import * as V from "./Validation.js"

/** The five generic operations. */
export type Operation = "list" | "read" | "create" | "update" | "remove"

/** A list filter: how a query parameter selects objects. */
export type Filter =
  | { readonly kind: "in"; readonly field?: string }
  | { readonly kind: "equals"; readonly field?: string; readonly type: "string" | "boolean" | "number" }
  | { readonly kind: "range"; readonly field?: string; readonly type: "number" | "date" }
  | { readonly kind: "superset"; readonly field?: string }
  // biome-ignore lint/suspicious/noExplicitAny: `rule` has checked the value, so each test reads it in its rule's shape
  | { readonly kind: "custom"; readonly rule: V.Rule; readonly test: (doc: Doc, value: any, ctx: RequestContext) => boolean }

/** Filter builders. */
export const F = {
  /** Matches any of the given values (`a`, `a,b`, `a[]=..`); `field` defaults to the parameter name. */
  in: (field?: string): Filter => ({ kind: "in", ...(field === undefined ? {} : { field }) }),
  /** Matches an exact value. */
  equals: (type: "string" | "boolean" | "number", field?: string): Filter => ({
    kind: "equals",
    type,
    ...(field === undefined ? {} : { field })
  }),
  /** Matches a value or a `{ lt, lte, gt, gte }` range. */
  range: (type: "number" | "date", field?: string): Filter => ({
    kind: "range",
    type,
    ...(field === undefined ? {} : { field })
  }),
  /** Matches objects containing the given JSON. */
  superset: (field?: string): Filter => ({ kind: "superset", ...(field === undefined ? {} : { field }) }),
  /** Any other test. */
  // biome-ignore lint/suspicious/noExplicitAny: as in Filter, `rule` has checked the value the test reads
  custom: (rule: V.Rule, test: (doc: Doc, value: any, ctx: RequestContext) => boolean): Filter => ({
    kind: "custom",
    rule,
    test
  })
}

/** The declaration of a resource family. */
export interface Family {
  /** Permission namespace, object type and store collection: `asset`. */
  readonly name: string
  /** Route path: `/assets`. */
  readonly path: string
  /** Id prefix: `ast`. */
  readonly prefix: string
  /** The generic routes to declare. */
  readonly operations: ReadonlyArray<Operation>
  /** `own`: `<name>:<action>` allows acting on one's own objects; `all`: only `:all` permissions exist. */
  readonly scope: "own" | "all"
  /** Users owning an object (own scope). */
  readonly owners?: (doc: Doc, ctx: RequestContext) => ReadonlyArray<unknown>
  /** Field set to the current user on create, when the caller lacks `<name>:create:all`. */
  readonly ownerField?: string
  /** Body of POST. */
  readonly create?: V.Rule
  /** Body of PATCH (defaults to the create body with every field optional). */
  readonly update?: V.Rule
  /** List filters besides `id`, `createdDate`, `updatedDate`. */
  readonly filters?: Readonly<Record<string, Filter>>
  /** List parameters that must be present. */
  readonly requiredFilters?: ReadonlyArray<string>
  /** Query parameters accepted by read. */
  readonly readQuery?: Readonly<Record<string, V.Rule>>
  /** Fields of a new object before the body is applied. */
  readonly defaults?: (ctx: RequestContext) => Doc
  /** Checks references and computes fields before an object is stored (`previous` on update). */
  readonly prepare?: (draft: Doc, ctx: RequestContext, previous: Doc | undefined) => Effect.Effect<Doc, ApiError>
  /** Refuses a removal (e.g. a category that still has children). */
  readonly beforeRemove?: (doc: Doc, ctx: RequestContext) => Effect.Effect<void, ApiError>
  /** What the API shows of an object (beyond dropping nothing): hide private fields, add computed ones. */
  readonly expose?: (doc: Doc, ctx: RequestContext) => Doc
  /**
   * The user whose `_private`/`_protected` data the object holds (users: themself, assets: the
   * owner): they write and read it. Families without one refuse those namespaces.
   */
  readonly namespacesOwner?: (doc: Doc) => string | undefined
  /** Event type prefix (`asset` → `asset__created`); no events when absent. */
  readonly event?: string
  /**
   * Events derived from an update, each with the changes it is about (`asset__name_changed:
   * { name }`); recorded before the `__updated` event they belong to.
   */
  readonly deltaEvents?: (changes: Doc, previous: Doc) => Readonly<Record<string, Doc>>
  /** Under 2019-05-20 the list is a plain array of every object, in this order. */
  readonly plainArrayIn2019?: { readonly orderBy: string; readonly order: "asc" | "desc" }
  /** The list answers `cache-control: max-age=60` (asset types, categories, entries). */
  readonly cachedList?: boolean
  /** The list only exists with cursor pagination (its schemas exist only for 2020-08-10). */
  readonly cursorOnly?: boolean
  /** `orderBy` values of page-based lists. */
  readonly offsetOrderBy?: ReadonlyArray<string>
  /** `orderBy` values of cursor lists (default `createdDate`, `updatedDate`). */
  readonly cursorOrderBy?: ReadonlyArray<string>
  /** The object has no `platformData`. */
  readonly noPlatformData?: boolean
  /** The object has no `updatedDate`. */
  readonly noUpdatedDate?: boolean
  /**
   * Fields the answer to a creation leaves out when the body did not give them: the real server
   * answers with what it inserted, and these have no default until read back (as `null`).
   */
  readonly absentUntilRead?: ReadonlyArray<string>
  /** Fields deep-merged on PATCH besides `metadata` and `platformData`. */
  readonly mergeFields?: ReadonlyArray<string>
}

const permission = (family: Family, action: string): ReadonlyArray<string> =>
  family.scope === "all" ? [`${family.name}:${action}:all`] : [`${family.name}:${action}`, `${family.name}:${action}:all`]

/** Does the caller hold the `:all` permission for an action? */
export const canAll = (ctx: RequestContext, family: Family, action: string): boolean =>
  can(ctx.access, `${family.name}:${action}:all`)

/** Does the current user own the object? */
export const isOwner = (family: Family, doc: Doc, ctx: RequestContext): boolean => {
  if (ctx.currentUserId === undefined || family.owners === undefined) return false
  return family.owners(doc, ctx).includes(ctx.currentUserId)
}

/** Would the caller's own `GET` of the object succeed: the read route's permission, and owning it where reads are the owners'. */
export const canRead = (family: Family, doc: Doc, ctx: RequestContext): boolean =>
  permission(family, "read").some((name) => can(ctx.access, name)) &&
  (family.scope !== "own" || canAll(ctx, family, "read") || isOwner(family, doc, ctx))

/** Fails with 403 unless the caller has `<name>:<action>:all` or owns the object. */
export const authorize = (family: Family, action: string, doc: Doc, ctx: RequestContext): Effect.Effect<void, ApiError> =>
  canAll(ctx, family, action) || isOwner(family, doc, ctx) ? Effect.void : Effect.fail(forbidden())

/** The object as the API shows it. */
export const expose = (family: Family, doc: Doc, ctx: RequestContext, single = true): Doc => {
  const shown = family.expose === undefined ? { ...doc } : family.expose(doc, ctx)
  const namespaces = family.namespacesOwner === undefined
    ? ctx.access.readNamespaces
    : readNamespacesFor(family.namespacesOwner(doc), ctx, single)
  return { ...hideNamespaces(shown, namespaces), livemode: false }
}

/** Finds an object or fails with 404. */
export const find = (family: Family, id: string, ctx: RequestContext): Effect.Effect<Doc, ApiError> => {
  const doc = ctx.store.get(family.name, id)
  return doc === undefined ? Effect.fail(notFound()) : Effect.succeed(doc)
}

const filterRule = (filter: Filter): V.Rule => {
  switch (filter.kind) {
    case "in":
      return V.ids()
    case "equals":
      return filter.type === "boolean" ? V.boolean() : filter.type === "number" ? V.number() : V.string()
    case "range":
      return V.range(filter.type === "number" ? V.number() : V.isoDate())
    case "superset":
      return V.record()
    case "custom":
      return filter.rule
  }
}

const baseFilters = (family: Family): Record<string, Filter> => ({
  id: F.in(),
  createdDate: F.range("date"),
  ...(family.noUpdatedDate ? {} : { updatedDate: F.range("date") }),
  ...family.filters
})

/** The query rule of a family's list for a version. */
export const listQueryRule = (family: Family) => (requested: Pagination.ApiVersion): V.Rule => {
  const version = family.cursorOnly ? Pagination.latestVersion : requested
  const filters = Object.fromEntries(
    Object.entries(baseFilters(family)).map(([name, filter]) => {
      const rule = filterRule(filter)
      return [name, family.requiredFilters?.includes(name) ? V.required(rule) : rule]
    })
  )
  return V.object(
    {
      ...Pagination.paginationRules(version, {
        ...(family.offsetOrderBy === undefined ? {} : { offsetOrderBy: family.offsetOrderBy }),
        ...(family.cursorOrderBy === undefined ? {} : { cursorOrderBy: family.cursorOrderBy })
      }),
      ...filters
    },
    { oxor: Pagination.isOffsetVersion(version) ? [] : Pagination.cursorPeers }
  )
}

const matches = (doc: Doc, name: string, filter: Filter, value: unknown, ctx: RequestContext): boolean => {
  const field = "field" in filter && filter.field !== undefined ? filter.field : name
  switch (filter.kind) {
    case "in":
      return toList(value).includes(String(doc[field]))
    case "equals":
      return doc[field] === value
    case "range":
      return matchesRange(doc[field], value, filter.type)
    case "superset":
      return isSuperset(doc[field], value)
    case "custom":
      return filter.test(doc, value, ctx)
  }
}

/** Applies the family's list filters of the (validated) query. */
export const applyFilters = (family: Family, docs: ReadonlyArray<Doc>, ctx: RequestContext): Array<Doc> => {
  const active = Object.entries(baseFilters(family)).filter(([name]) => ctx.query[name] !== undefined)
  return docs.filter((doc) => active.every(([name, filter]) => matches(doc, name, filter, ctx.query[name], ctx)))
}

/** Sends a list in the version's shape (a plain array under 2019-05-20 for some families). */
export const respondList = (family: Family, docs: ReadonlyArray<Doc>, ctx: RequestContext): unknown => {
  if (family.plainArrayIn2019 && Pagination.isOffsetVersion(ctx.version)) {
    const { orderBy, order } = family.plainArrayIn2019
    return Pagination.sortDocs(docs, orderBy, order).map((doc) => expose(family, doc, ctx, false))
  }
  const version = family.cursorOnly ? Pagination.latestVersion : ctx.version
  const page = Pagination.paginate(docs, ctx.query as Pagination.PageParams, version)
  return { ...page, results: page.results.map((doc) => expose(family, doc, ctx, false)) }
}

/** GET /path: the filtered list, restricted to one's own objects without `<name>:list:all`. */
export const list = (family: Family, ctx: RequestContext): Effect.Effect<unknown, ApiError> =>
  Effect.sync(() => {
    let docs = applyFilters(family, ctx.store.all(family.name), ctx)
    if (family.scope === "own" && !canAll(ctx, family, "list")) docs = docs.filter((doc) => isOwner(family, doc, ctx))
    return respondList(family, docs, ctx)
  })

/** GET /path/:id. */
export const read = Effect.fnUntraced(function*(family: Family, ctx: RequestContext) {
  const doc = yield* find(family, ctx.params.id!, ctx)
  if (family.scope === "own") yield* authorize(family, "read", doc, ctx)
  return expose(family, doc, ctx)
})

const checkPlatformData = (ctx: RequestContext): Effect.Effect<void, ApiError> =>
  ctx.body.platformData !== undefined && !can(ctx.access, "platformData:edit:all")
    ? Effect.fail(forbidden())
    : Effect.void

/** Builds (without storing) a new object from the body: defaults, owner, dates, prepare hook. */
export const build = Effect.fnUntraced(function*(family: Family, ctx: RequestContext, body: Doc = ctx.body) {
  yield* checkPlatformData(ctx)
  // object fields get their defaults below what the body gives (`timing: { timeUnit: "h" }` keeps `minDuration: null`)
  const defaults = family.defaults?.(ctx) ?? {}
  const draft: Doc = { ...defaults, ...structuredClone(body) }
  for (const field of family.mergeFields ?? []) {
    if (isPlainObject(defaults[field]) && isPlainObject(draft[field])) draft[field] = deepMerge(defaults[field], draft[field])
  }
  if (family.scope === "own" && family.ownerField !== undefined && !canAll(ctx, family, "create")) {
    const owner = draft[family.ownerField]
    if (ctx.currentUserId === undefined || (owner !== undefined && owner !== ctx.currentUserId)) {
      return yield* Effect.fail(forbidden())
    }
    draft[family.ownerField] = ctx.currentUserId
  } else if (family.ownerField !== undefined && draft[family.ownerField] === undefined) {
    draft[family.ownerField] = ctx.currentUserId ?? null
  }
  const date = ctx.store.timestamp(ctx.now)
  const doc: Doc = {
    id: newId(family.prefix),
    createdDate: date,
    ...(family.noUpdatedDate ? {} : { updatedDate: date }),
    ...draft,
    metadata: draft.metadata ?? {},
    ...(family.noPlatformData ? {} : { platformData: draft.platformData ?? {} })
  }
  if (family.namespacesOwner !== undefined && !canEditFor(body, family.namespacesOwner(doc), ctx)) {
    return yield* Effect.fail(forbidden("Invalid namespaces"))
  }
  return family.prepare === undefined ? doc : yield* family.prepare(doc, ctx, undefined)
})

/** Records `<event>__<action>` for an object, when the family has events; the event, if any. */
export const emit = (family: Family, action: string, doc: Doc, ctx: RequestContext, extra: Doc = {}): Doc | undefined => {
  if (family.event === undefined) return undefined
  // events show objects with every namespace of their data
  const all: RequestContext = { ...ctx, access: { ...ctx.access, readNamespaces: ["*"] } }
  return recordEvent(ctx, {
    type: `${family.event}__${action}`,
    objectType: family.name,
    objectId: doc.id,
    object: expose(family, doc, all),
    ...extra
  })
}

/**
 * Records the events of an update: the derived ones (`asset__name_changed`...), then
 * `<event>__updated` with the changes requested.
 */
export const emitUpdate = (family: Family, doc: Doc, previous: Doc, changes: Doc, ctx: RequestContext): Doc | undefined => {
  if (family.event === undefined) return undefined
  const all: RequestContext = { ...ctx, access: { ...ctx.access, readNamespaces: ["*"] } }
  const parentId = newId("evt")
  for (const [type, delta] of Object.entries(family.deltaEvents?.(changes, previous) ?? {})) {
    recordEvent(ctx, {
      type,
      objectType: family.name,
      objectId: doc.id,
      changesRequested: expose(family, delta, all),
      related: expose(family, doc, all),
      parentId
    })
  }
  return emit(family, "updated", doc, ctx, { id: parentId, changesRequested: expose(family, changes, all) })
}

/** POST /path. */
export const create = Effect.fnUntraced(function*(family: Family, ctx: RequestContext) {
  const doc = yield* build(family, ctx)
  ctx.store.put(family.name, doc)
  emit(family, "created", doc, { ...ctx, access: { ...ctx.access, readNamespaces: ["*"] } })
  const shown = expose(family, doc, ctx)
  for (const field of family.absentUntilRead ?? []) if (ctx.body[field] === undefined) delete shown[field]
  return shown
})

/** Applies a PATCH body to an object: deep merge of data fields, replacement of the others. */
export const applyPatch = (family: Family, doc: Doc, patch: Doc, ctx: RequestContext): Doc => {
  const merged = new Set(["metadata", "platformData", ...(family.mergeFields ?? [])])
  const next: Doc = { ...doc }
  for (const [key, value] of Object.entries(patch)) {
    next[key] = merged.has(key) ? jsonbMerge(doc[key] ?? {}, value) : structuredClone(value)
  }
  if (!family.noUpdatedDate) next.updatedDate = ctx.store.timestamp(ctx.now)
  return next
}

/** PATCH /path/:id. */
export const update = Effect.fnUntraced(function*(family: Family, ctx: RequestContext) {
  const previous = yield* find(family, ctx.params.id!, ctx)
  if (family.scope === "own") yield* authorize(family, "edit", previous, ctx)
  yield* checkPlatformData(ctx)
  if (family.namespacesOwner !== undefined && !canEditFor(ctx.body, family.namespacesOwner(previous), ctx)) {
    return yield* Effect.fail(forbidden("Invalid namespace"))
  }
  let doc = applyPatch(family, previous, ctx.body, ctx)
  if (family.prepare !== undefined) doc = yield* family.prepare(doc, ctx, previous)
  ctx.store.put(family.name, doc)
  emitUpdate(family, doc, previous, ctx.body, ctx)
  return expose(family, doc, ctx)
})

/** DELETE /path/:id, answering `{ id }`, also when there is no such object (the real server does). */
export const remove = Effect.fnUntraced(function*(family: Family, ctx: RequestContext) {
  const doc = ctx.store.get(family.name, ctx.params.id!)
  if (doc === undefined) return { id: ctx.params.id! }
  if (family.scope === "own") yield* authorize(family, "remove", doc, ctx)
  if (family.beforeRemove !== undefined) yield* family.beforeRemove(doc, ctx)
  ctx.store.delete(family.name, doc.id)
  emit(family, "deleted", doc, ctx)
  return { id: doc.id }
})

/** The generic routes of a family (list, read, create, update, remove as declared). */
export const routes = (family: Family): Array<Route> => {
  const ops = new Set(family.operations)
  const all: Array<Route> = []
  if (ops.has("list")) {
    all.push(route("GET", family.path, {
      permissions: permission(family, "list"),
      query: listQueryRule(family),
      cache: family.cachedList ?? false
    }, (ctx) => list(family, ctx)))
  }
  if (ops.has("read")) {
    all.push(
      route(
        "GET",
        `${family.path}/:id`,
        {
          permissions: permission(family, "read"),
          ...(family.readQuery === undefined ? {} : { query: V.object(family.readQuery) })
        },
        (ctx) => read(family, ctx)
      )
    )
  }
  if (ops.has("create")) {
    all.push(
      route("POST", family.path, {
        permissions: permission(family, "create"),
        editsProtectedNamespaces: family.namespacesOwner !== undefined,
        ...(family.create === undefined ? {} : { body: V.required(family.create) })
      }, (ctx) => create(family, ctx))
    )
  }
  if (ops.has("update")) {
    const body = family.update ?? (family.create === undefined ? undefined : V.partial(family.create))
    all.push(
      route("PATCH", `${family.path}/:id`, {
        permissions: permission(family, "edit"),
        editsProtectedNamespaces: family.namespacesOwner !== undefined,
        ...(body === undefined ? {} : { body })
      }, (ctx) => update(family, ctx))
    )
  }
  if (ops.has("remove")) {
    all.push(route("DELETE", `${family.path}/:id`, { permissions: permission(family, "remove") }, (ctx) =>
      remove(family, ctx)))
  }
  return all
}

/** Fields every create body accepts. */
export const dataFields = { metadata: V.record(), platformData: V.record() }
