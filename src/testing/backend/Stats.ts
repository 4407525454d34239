/**
 * Statistics and history: `/documents/stats`, `/ratings/stats`, `/events/stats` (deprecated,
 * always page-based), `/events/history` and `/workflow-logs/history` (cursor-based), and custom
 * events (`POST /events`).
 */
import * as Effect from "effect/Effect"
import { unprocessable } from "./ApiError.js"
import { recordEvent } from "./EventLog.js"
import { availability } from "./Availabilities.js"
import { allNamespaces, BAD_CUSTOM_EVENT_TYPE, CORE_EVENT_FORMAT, document, event, genericFamilies, rating, workflowLog } from "./Families.js"
import { transaction } from "./Transactions.js"
import { user } from "./Users.js"
import * as Pagination from "./Pagination.js"
import * as R from "./Resources.js"
import type { Family } from "./Resources.js"
import { type RequestContext, route, type Route } from "./Route.js"
import type { Doc } from "./Store.js"
import * as V from "./Validation.js"

const getPath = (doc: Doc, path: string): unknown =>
  path.split(".").reduce<unknown>((value, key) => (value === null || typeof value !== "object" ? undefined : (value as Doc)[key]), doc)

interface StatsOptions {
  readonly groupBy: string
  readonly groupOf: (doc: Doc) => unknown
  readonly valueOf: ((doc: Doc) => unknown) | undefined
  readonly orderBy: "count" | "avg" | "sum" | "min" | "max"
  readonly order: "asc" | "desc"
  readonly computeRanking: boolean
  readonly avgPrecision: number
}

/** Groups objects and aggregates a numeric field (count, sum, avg, min, max, optional ranking). */
const aggregate = (docs: ReadonlyArray<Doc>, options: StatsOptions): Array<Doc> => {
  const groups = new Map<string, { value: unknown; count: number; numbers: Array<number> }>()
  for (const doc of docs) {
    const value = options.groupOf(doc)
    const key = JSON.stringify(value ?? null)
    const group = groups.get(key) ?? { value: value ?? null, count: 0, numbers: [] }
    if (options.valueOf !== undefined) {
      const raw = options.valueOf(doc)
      if (raw === undefined || raw === null) continue
      const number = Number(raw)
      if (Number.isNaN(number)) throw unprocessable(`Non-number value was found for field "${options.groupBy}"`)
      group.numbers.push(number)
    }
    group.count += 1
    groups.set(key, group)
  }
  const precision = 10 ** options.avgPrecision
  const rows = [...groups.values()].map((group) => {
    const sum = group.numbers.reduce((total, number) => total + number, 0)
    const hasNumbers = options.valueOf !== undefined && group.numbers.length > 0
    return {
      id: String(group.value),
      groupBy: options.groupBy,
      groupByValue: group.value,
      count: group.count,
      avg: hasNumbers ? Math.round((sum / group.numbers.length) * precision) / precision : null,
      sum: hasNumbers ? sum : null,
      // reduce, not Math.min(...numbers): spreading a long list into a call overflows the stack
      min: hasNumbers ? group.numbers.reduce((least, number) => Math.min(least, number)) : null,
      max: hasNumbers ? group.numbers.reduce((most, number) => Math.max(most, number)) : null
    }
  })
  const direction = options.order === "asc" ? 1 : -1
  rows.sort((a, b) => direction * (Number(a[options.orderBy] ?? 0) - Number(b[options.orderBy] ?? 0)) || (a.id < b.id ? -1 : 1))
  return options.computeRanking
    ? rows.map((row, index) => ({ ...row, ranking: index + 1, lowestRanking: rows.length }))
    : rows
}

const statsParams = {
  orderBy: V.string({ valid: ["count", "avg", "sum", "min", "max"] }),
  order: V.string({ valid: ["asc", "desc"] }),
  computeRanking: V.boolean(),
  avgPrecision: V.integer({ min: 0 })
}

const statsQuery = (filters: Record<string, V.Rule>) => (version: Pagination.ApiVersion): V.Rule =>
  V.object(
    {
      ...Pagination.paginationRules(version),
      ...statsParams,
      ...filters
    },
    { oxor: Pagination.isOffsetVersion(version) ? [] : Pagination.cursorPeers }
  )

/** Sends aggregated rows in the version's list shape (cursors point at group values). */
const respondStats = (rows: ReadonlyArray<Doc>, ctx: RequestContext, version = ctx.version): unknown => {
  const page = Pagination.paginate(rows, { ...ctx.query, orderBy: "id" } as Pagination.PageParams, version, { sorted: true })
  return { ...page, results: page.results.map(({ id: _id, ...row }) => row) }
}

const optionsOf = (ctx: RequestContext, groupBy: string, valueOfDoc: StatsOptions["valueOf"], defaultOrderBy: StatsOptions["orderBy"]): StatsOptions => ({
  groupBy,
  groupOf: (doc) => getPath(doc, groupBy),
  valueOf: valueOfDoc,
  orderBy: (ctx.query.orderBy as StatsOptions["orderBy"] | undefined) ?? defaultOrderBy,
  order: (ctx.query.order as StatsOptions["order"] | undefined) ?? "desc",
  computeRanking: ctx.query.computeRanking === true,
  avgPrecision: (ctx.query.avgPrecision as number | undefined) ?? 2
})

const filtered = (family: Family, ctx: RequestContext, keys: ReadonlyArray<string>): Array<Doc> => {
  const query = Object.fromEntries(Object.entries(ctx.query).filter(([key]) => keys.includes(key)))
  return R.applyFilters(family, ctx.store.all(family.name), { ...ctx, query })
}

/** GET /documents/stats. */
const documentStats = (ctx: RequestContext) =>
  Effect.sync(() => {
    const { groupBy, field } = ctx.query as { groupBy: string; field?: string }
    if (field !== undefined && field === groupBy) throw unprocessable(`${field} cannot be field and groupBy at the same time`)
    const docs = filtered(document, ctx, ["type", "label", "authorId", "targetId", "data"])
    const rows = aggregate(docs, optionsOf(ctx, groupBy, field === undefined ? undefined : (doc) => getPath(doc, field), "count"))
    return respondStats(rows, ctx)
  })

/** GET /ratings/stats: score statistics per author, target, asset or transaction. */
const ratingStats = (ctx: RequestContext) =>
  Effect.sync(() => {
    const groupBy = String(ctx.query.groupBy)
    const docs = filtered(rating, ctx, ["authorId", "targetId", "assetId", "transactionId", "label"])
    // scores average to whole numbers, the best average comes first (the rating plugin's default,
    // where documents' stats sort by count), and the group is named by its field (`targetId: ...`)
    const rows = aggregate(docs, { ...optionsOf(ctx, groupBy, (doc) => doc.score, "avg"), avgPrecision: 0 })
      .map(({ groupBy: _groupBy, groupByValue, ...row }) => ({ ...row, [groupBy]: groupByValue }))
    return respondStats(rows, ctx)
  })

/** GET /events/stats (deprecated): always page-based. */
const eventStats = (ctx: RequestContext) =>
  Effect.sync(() => {
    const { groupBy, field } = ctx.query as { groupBy: string; field?: string }
    const docs = filtered(event, ctx, ["type", "objectType", "objectId", "emitter", "emitterId", "object", "metadata", "createdDate"])
    const rows = aggregate(docs, optionsOf(ctx, groupBy, field === undefined ? undefined : (doc) => getPath(doc, field), "count"))
      .map(({ id: _id, ...row }) => row)
    const page = (ctx.query.page as number | undefined) ?? 1
    return Pagination.offsetPage(rows, page, (ctx.query.nbResultsPerPage as number | undefined) ?? Pagination.DEFAULT_PAGE_SIZE)
  })

const truncate = (date: string, groupBy: string): string => {
  const d = new Date(date)
  if (groupBy === "month") return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1)).toISOString()
  if (groupBy === "day") return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate())).toISOString()
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), d.getUTCHours())).toISOString()
}

/** Counts per hour, day or month, newest first, cursor-based. */
const history = (family: Family, keys: ReadonlyArray<string>) => (ctx: RequestContext) =>
  Effect.sync(() => {
    const groupBy = String(ctx.query.groupBy)
    const counts = new Map<string, number>()
    for (const doc of filtered(family, ctx, keys)) {
      const bucket = truncate(doc.createdDate, groupBy)
      counts.set(bucket, (counts.get(bucket) ?? 0) + 1)
    }
    const direction = ctx.query.order === "asc" ? 1 : -1
    const rows = [...counts.entries()]
      .sort(([a], [b]) => direction * (a < b ? -1 : 1))
      .map(([date, count]) => ({ id: date, [groupBy]: date, count }))
    return respondStats(rows, ctx, Pagination.latestVersion)
  })

const historyQuery = (filters: Record<string, V.Rule>) =>
  V.object(
    {
      ...Pagination.paginationRules(Pagination.latestVersion),
      groupBy: V.required(V.string({ valid: ["hour", "day", "month"] })),
      ...filters
    },
    { oxor: Pagination.cursorPeers }
  )

/** Families by id prefix, to describe the object a custom event is about. */
const familiesByPrefix: Readonly<Record<string, Family>> = Object.fromEntries(
  [...genericFamilies, user, transaction, availability].map((family) => [family.prefix, family])
)

/**
 * POST /events: a custom event; its object (when `objectId` names one) is stored as the API shows
 * it to a reader of every namespace, as the real server stores it. The real server also answers
 * with that object, and the public role may create events: any publishable key would read any
 * user's email and private data, or anyone's transaction, by naming it. The backend answers with
 * the object as the caller's own `GET` of it shows it, or `null` when that `GET` is refused.
 */
const createEvent = (ctx: RequestContext) =>
  Effect.sync(() => {
    if (CORE_EVENT_FORMAT.test(ctx.body.type)) throw unprocessable(BAD_CUSTOM_EVENT_TYPE)
    const objectId: string | undefined = ctx.body.objectId
    const prefix = objectId === undefined ? undefined : (objectId.startsWith("org_") ? "usr" : objectId.split("_")[0]!)
    const family = prefix === undefined ? undefined : familiesByPrefix[prefix]
    const stored = family === undefined || objectId === undefined ? undefined : ctx.store.get(family.name, objectId)
    const doc = recordEvent(ctx, {
      type: ctx.body.type,
      objectId: objectId ?? null,
      objectType: family?.name ?? null,
      object: stored === undefined ? null : R.expose(family!, stored, allNamespaces(ctx)),
      emitter: "custom",
      emitterId: ctx.body.emitterId ?? null,
      metadata: ctx.body.metadata ?? {}
    })
    const shownObject = stored === undefined || !R.canRead(family!, stored, ctx) ? null : R.expose(family!, stored, ctx)
    return R.expose(event, { ...doc, object: shownObject }, ctx)
  })

const ids = V.ids()

/** The statistics and history routes. */
export const routes: ReadonlyArray<Route> = [
  route("GET", "/documents/stats", {
    permissions: ["document:stats:all"],
    query: statsQuery({
      type: V.required(V.string()),
      groupBy: V.required(V.string()),
      field: V.string(),
      label: ids,
      authorId: ids,
      targetId: ids,
      data: V.record()
    })
  }, documentStats),
  route("GET", "/ratings/stats", {
    permissions: ["rating:stats:all"],
    query: statsQuery({
      groupBy: V.required(V.string({ valid: ["authorId", "targetId", "assetId", "transactionId"] })),
      authorId: ids,
      targetId: ids,
      assetId: ids,
      transactionId: ids,
      label: ids
    })
  }, ratingStats),
  route("GET", "/events/stats", {
    permissions: ["event:stats:all"],
    query: V.object({
      ...Pagination.paginationRules("2019-05-20"),
      ...statsParams,
      groupBy: V.required(V.string()),
      field: V.string(),
      type: ids,
      objectType: ids,
      objectId: ids,
      emitter: ids,
      emitterId: ids,
      object: V.record(),
      metadata: V.record(),
      createdDate: V.range(V.isoDate())
    })
  }, eventStats),
  route("GET", "/events/history", {
    permissions: ["event:stats:all"],
    query: historyQuery({
      id: ids,
      createdDate: V.range(V.isoDate()),
      type: ids,
      objectType: ids,
      objectId: ids,
      emitter: ids,
      emitterId: ids
    })
  }, history(event, ["id", "createdDate", "type", "objectType", "objectId", "emitter", "emitterId"])),
  route("GET", "/workflow-logs/history", {
    permissions: ["workflowLog:stats:all"],
    query: historyQuery({
      id: ids,
      createdDate: V.range(V.isoDate()),
      workflowId: ids,
      eventId: ids,
      runId: ids,
      type: ids
    })
  }, history(workflowLog, ["id", "createdDate", "workflowId", "eventId", "runId", "type"])),
  route("POST", "/events", {
    permissions: ["event:create:all"],
    body: V.required(V.object({
      type: V.required(V.string({ max: 255 })),
      objectId: V.string(),
      emitterId: V.string(),
      metadata: V.record()
    }))
  }, createEvent)
]
