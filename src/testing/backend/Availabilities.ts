/**
 * Availabilities (`avl_`) and the quantity of an asset over time.
 *
 * An asset offers `quantity` units; availability periods override it (`quantity: 0`, `2`) or shift
 * it (`'+1'`, `'-1'`); time-based transactions in a blocking status (asset type `unavailableWhen`,
 * by default `validated` and `completed`) use units over their period. Recurring patterns are
 * stored but each period counts once.
 */
import * as Effect from "effect/Effect"
import { type ApiError, badRequest, forbidden, unprocessable } from "./ApiError.js"
import * as R from "./Resources.js"
import { F, dataFields, type Family } from "./Resources.js"
import { can, type RequestContext, route, type Route } from "./Route.js"
import type { Doc, Store } from "./Store.js"
import * as V from "./Validation.js"

/** Statuses of a transaction that use the asset. */
export const unavailableWhen = (assetType: Doc | undefined): ReadonlyArray<string> =>
  assetType?.unavailableWhen ?? ["validated", "completed"]

const isRelative = (quantity: unknown): quantity is string => typeof quantity === "string" && /^[+-]\d+$/.test(quantity)

const covers = (period: Doc, date: string): boolean =>
  (period.startDate === null || period.startDate <= date) && (period.endDate === null || period.endDate === undefined || date < period.endDate)

/**
 * Units an asset offers at a date: the most recently updated fixed availability covering it (or
 * the asset's quantity), plus the relative ones (`'+1'`, `'-2'`), never below 0.
 */
const capacityAt = (store: Store, asset: Doc, date: string): number => {
  const periods = store.all("availability").filter((avl) => avl.assetId === asset.id && covers(avl, date))
  const fixed = periods.filter((avl) => !isRelative(avl.quantity))
    .sort((a, b) => (a.updatedDate < b.updatedDate ? 1 : a.updatedDate > b.updatedDate ? -1 : 0))[0]
  const relative = periods.filter((avl) => isRelative(avl.quantity)).reduce((sum, avl) => sum + Number(avl.quantity), 0)
  return Math.max((fixed === undefined ? Number(asset.quantity ?? 1) : Number(fixed.quantity)) + relative, 0)
}

/** Transactions using units of a rental asset: dated, in a blocking status, of a limited time-based type. */
const blockingTransactions = (store: Store, asset: Doc): Array<Doc> =>
  store.all("transaction").filter((trn) =>
    trn.assetId === asset.id && trn.startDate && trn.assetType?.timeBased && !trn.assetType?.infiniteStock &&
    unavailableWhen(trn.assetType).includes(trn.status)
  )

const usedAt = (transactions: ReadonlyArray<Doc>, date: string): number =>
  transactions.filter((trn) => covers(trn, date)).reduce((sum, trn) => sum + Number(trn.quantity ?? 1), 0)

/**
 * Can `quantity` units be booked from `startDate` to `endDate`? Every moment of the period must
 * have them; without an end date, some moment after the start must.
 */
export const isAvailable = (store: Store, asset: Doc, startDate: string, endDate: string | undefined, quantity: number): boolean => {
  const transactions = blockingTransactions(store, asset)
  const dates = new Set<string>([startDate])
  for (const doc of [...transactions, ...store.all("availability").filter((avl) => avl.assetId === asset.id)]) {
    for (const date of [doc.startDate, doc.endDate]) {
      if (typeof date === "string" && date > startDate && (endDate === undefined || date < endDate)) dates.add(date)
    }
  }
  const free = [...dates].map((date) => Math.max(capacityAt(store, asset, date) - usedAt(transactions, date), 0))
  // some() and every(), not Math.max(...free): spreading a long list into a call overflows the stack
  return endDate === undefined ? free.some((units) => units >= quantity) : free.every((units) => units >= quantity)
}

/** The availability graph of an asset (`GET /availabilities/graph`), as the real server draws it. */
export const graph = (store: Store, asset: Doc): Doc => {
  const transactions = blockingTransactions(store, asset).filter((trn) => trn.cancelledDate === null || trn.cancelledDate === undefined)
  const availabilities = store.all("availability").filter((avl) => avl.assetId === asset.id)
  const dates = new Set<string>()
  for (const trn of transactions) {
    dates.add(trn.startDate)
    if (trn.endDate) dates.add(trn.endDate)
  }
  for (const avl of availabilities) {
    dates.add(avl.startDate)
    dates.add(avl.endDate)
  }
  const graphDates = [...dates].sort().map((date) => ({
    date,
    usedQuantity: usedAt(transactions, date),
    availableQuantity: capacityAt(store, asset, date)
  }))
  return {
    graphDates,
    defaultQuantity: Number(asset.quantity ?? 1),
    totalUsedQuantity: transactions.reduce((sum, trn) => sum + Number(trn.quantity ?? 1), 0)
  }
}

/** `'+1'` / `'-2'` change the quantity, an integer sets it (the string comes first, as '+1' would pass as 1). */
const quantityRule = V.alternatives([
  V.string({ pattern: /^[+-]\d+$/, patternName: "signed number" }),
  V.integer({ min: 0 })
])

const assetOf = (ctx: RequestContext, doc: Doc): Doc | undefined => ctx.store.get("asset", doc.assetId)

/** Only the asset's owner (or `availability:<action>:all`) may act on its availabilities. */
const authorizeOnAsset = (ctx: RequestContext, asset: Doc | undefined, action: string): Effect.Effect<Doc, ApiError> => {
  if (asset === undefined) return Effect.fail(unprocessable("Asset not found"))
  if (!can(ctx.access, `availability:${action}:all`) && asset.ownerId !== ctx.currentUserId) return Effect.fail(forbidden())
  return Effect.succeed(asset)
}

/** Availabilities, owned through their asset; quantities are stored as strings, as on the real server. */
export const availability: Family = {
  name: "availability",
  path: "/availabilities",
  prefix: "avl",
  operations: ["list", "create", "update", "remove"],
  scope: "own",
  owners: (doc, ctx) => [assetOf(ctx, doc)?.ownerId],
  create: V.object({
    assetId: V.required(V.string()),
    startDate: V.required(V.isoDate()),
    endDate: V.required(V.isoDate()),
    quantity: V.required(quantityRule),
    recurringPattern: V.nullable(V.string()),
    recurringTimezone: V.nullable(V.string()),
    recurringDuration: V.nullable(V.duration()),
    ...dataFields
  }),
  update: V.object({
    startDate: V.isoDate(),
    endDate: V.isoDate(),
    quantity: quantityRule,
    recurringPattern: V.nullable(V.string()),
    recurringTimezone: V.nullable(V.string()),
    recurringDuration: V.nullable(V.duration()),
    ...dataFields
  }),
  filters: { assetId: F.in() },
  requiredFilters: ["assetId"],
  defaults: () => ({ recurringPattern: null, recurringTimezone: null, recurringDuration: null }),
  expose: (doc) => ({ ...doc, quantity: isRelative(doc.quantity) ? doc.quantity : Number.parseInt(String(doc.quantity), 10) }),
  prepare: Effect.fnUntraced(function*(draft, ctx, previous) {
    if (draft.endDate <= draft.startDate) return yield* Effect.fail(unprocessable("Start date must be before end date"))
    const asset = yield* authorizeOnAsset(ctx, assetOf(ctx, draft), previous === undefined ? "create" : "edit")
    const type = ctx.store.get("assetType", asset.assetTypeId)
    if (type === undefined) return yield* Effect.fail(unprocessable("No asset type is associated to the asset"))
    if (!type.timeBased || type.infiniteStock) return yield* Effect.fail(badRequest("Bad Request"))
    return { ...draft, quantity: String(draft.quantity) }
  }),
  event: "availability"
}

/** GET /availabilities: the asset's owner, or `availability:list:all`. */
const listRoute = (ctx: RequestContext): Effect.Effect<unknown, ApiError> =>
  Effect.suspend(() => {
    if (!can(ctx.access, "availability:list:all")) {
      const asset = ctx.store.get("asset", String(ctx.query.assetId))
      if (asset === undefined) return Effect.fail(unprocessable("Asset not found"))
      if (asset.ownerId !== ctx.currentUserId) return Effect.fail(forbidden())
    }
    return R.list(availability, ctx)
  })

const graphRoute = (ctx: RequestContext): Effect.Effect<Doc, ApiError> => {
  const asset = ctx.store.get("asset", String(ctx.query.assetId))
  if (asset === undefined) return Effect.fail(unprocessable("Asset not found"))
  if (!can(ctx.access, "availability:list:all") && asset.ownerId !== ctx.currentUserId) return Effect.fail(forbidden())
  return Effect.succeed(graph(ctx.store, asset))
}

/** The availability routes. */
export const routes: ReadonlyArray<Route> = [
  route("GET", "/availabilities/graph", {
    permissions: ["availability:list", "availability:list:all"],
    query: V.object({ assetId: V.required(V.string()) })
  }, graphRoute),
  route("GET", "/availabilities", {
    permissions: ["availability:list", "availability:list:all"],
    query: R.listQueryRule(availability)
  }, listRoute),
  ...R.routes({ ...availability, operations: ["create", "update", "remove"] })
]
