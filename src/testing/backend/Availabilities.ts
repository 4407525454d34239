/**
 * Availabilities (`avl_`) and the quantity of an asset over time.
 *
 * An asset offers `quantity` units; availability periods override it (`quantity: 0`, `2`) or shift
 * it (`'+1'`, `'-1'`); time-based transactions in a blocking status (asset type `unavailableWhen`,
 * by default `validated` and `completed`) use units over their period. Recurring patterns are
 * stored but each period counts once.
 */
import * as Effect from "effect/Effect"
import { type ApiError, forbidden, unprocessable } from "./ApiError.js"
import * as R from "./Resources.js"
import { F, dataFields, type Family } from "./Resources.js"
import { can, type RequestContext, route, type Route } from "./Route.js"
import type { Doc, Store } from "./Store.js"
import * as V from "./Validation.js"

/** Statuses of a transaction that use the asset. */
export const unavailableWhen = (assetType: Doc | undefined): ReadonlyArray<string> =>
  assetType?.unavailableWhen ?? ["validated", "completed"]

const isRelative = (quantity: unknown): quantity is string => typeof quantity === "string" && /^[+-]\d+$/.test(quantity)

const capacityAt = (store: Store, asset: Doc, date: string): number => {
  let capacity = Number(asset.quantity ?? 1)
  const periods = store
    .all("availability")
    .filter((avl) => avl.assetId === asset.id && avl.startDate <= date && date < avl.endDate)
    .sort((a, b) => (a.createdDate < b.createdDate ? -1 : 1))
  for (const period of periods) {
    capacity = isRelative(period.quantity) ? capacity + Number(period.quantity) : Number(period.quantity)
  }
  return Math.max(0, capacity)
}

const blockingTransactions = (store: Store, asset: Doc, excludeId?: string): Array<Doc> =>
  store.all("transaction").filter((trn) =>
    trn.assetId === asset.id && trn.id !== excludeId && trn.startDate && trn.endDate &&
    trn.assetType?.timeBased && !trn.assetType?.infiniteStock &&
    unavailableWhen(trn.assetType).includes(trn.status)
  )

const usedAt = (transactions: ReadonlyArray<Doc>, date: string): number =>
  transactions
    .filter((trn) => trn.startDate <= date && date < trn.endDate)
    .reduce((sum, trn) => sum + Number(trn.quantity ?? 1), 0)

/** Units of an asset free during the whole period. */
export const availableQuantity = (
  store: Store,
  asset: Doc,
  startDate: string,
  endDate: string,
  excludeTransactionId?: string
): number => {
  const transactions = blockingTransactions(store, asset, excludeTransactionId)
  const boundaries = new Set<string>([startDate])
  for (const doc of [...transactions, ...store.all("availability").filter((avl) => avl.assetId === asset.id)]) {
    for (const date of [doc.startDate, doc.endDate]) if (date > startDate && date < endDate) boundaries.add(date)
  }
  return Math.min(...[...boundaries].map((date) => capacityAt(store, asset, date) - usedAt(transactions, date)))
}

/** The availability graph of an asset (`GET /availabilities/graph`). */
export const graph = (store: Store, asset: Doc): Doc => {
  const transactions = blockingTransactions(store, asset)
  const dates = new Set<string>()
  for (const doc of [...transactions, ...store.all("availability").filter((avl) => avl.assetId === asset.id)]) {
    dates.add(doc.startDate)
    dates.add(doc.endDate)
  }
  const graphDates = [...dates].sort().map((date) => ({
    date,
    usedQuantity: usedAt(transactions, date),
    availableQuantity: capacityAt(store, asset, date)
  }))
  return {
    graphDates,
    defaultQuantity: Number(asset.quantity ?? 1),
    totalUsedQuantity: Math.max(0, ...graphDates.map((point) => point.usedQuantity))
  }
}

const quantityRule = V.alternatives([V.integer({ min: 0 }), V.string({ pattern: /^[+-]?\d+$/ })])

const assetOf = (ctx: RequestContext, doc: Doc): Doc | undefined => ctx.store.get("asset", doc.assetId)

/** Availabilities, owned through their asset. */
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
  prepare: Effect.fnUntraced(function*(draft, ctx, previous) {
    const asset = assetOf(ctx, draft)
    if (asset === undefined) return yield* Effect.fail(unprocessable("Asset not found"))
    const action = previous === undefined ? "create" : "edit"
    if (!can(ctx.access, `availability:${action}:all`) && asset.ownerId !== ctx.currentUserId) {
      return yield* Effect.fail(forbidden())
    }
    const startDate = new Date(draft.startDate).toISOString()
    const endDate = new Date(draft.endDate).toISOString()
    if (endDate <= startDate) return yield* Effect.fail(unprocessable("Start date must be before end date"))
    const quantity = typeof draft.quantity === "string" && !isRelative(draft.quantity)
      ? Number(draft.quantity)
      : draft.quantity
    return { ...draft, startDate, endDate, quantity }
  }),
  event: "availability"
}

const graphRoute = (ctx: RequestContext): Effect.Effect<Doc, ApiError> => {
  const asset = ctx.store.get("asset", String(ctx.query.assetId))
  return asset === undefined ? Effect.fail(unprocessable("Asset not found")) : Effect.succeed(graph(ctx.store, asset))
}

/** The availability routes. */
export const routes: ReadonlyArray<Route> = [
  route("GET", "/availabilities/graph", {
    permissions: ["availability:list", "availability:list:all"],
    query: V.object({ assetId: V.required(V.string()) })
  }, graphRoute),
  ...R.routes(availability)
]
