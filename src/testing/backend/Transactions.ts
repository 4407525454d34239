/**
 * Transactions (`trn_`): booking an asset through a transaction process.
 *
 * The process is the asset type's `transactionProcess`, or the default one (draft → accepted /
 * confirmed / pending-acceptance / pending-payment → validated → completed, cancel from anywhere).
 * A transition not allowed from the current status answers 422; a transition whose actors are
 * `owner` or `taker` can only be run by them (or with `transaction:transition:all`).
 *
 * Pricing follows the server: `value = unitPrice × duration × quantity`, then the asset type's
 * fees (`ownerAmount = value − ownerFees`, `takerAmount = value + takerFees`).
 */
import * as Effect from "effect/Effect"
import { forbidden, unprocessable } from "./ApiError.js"
import { availableQuantity } from "./Availabilities.js"
import { recordEvent } from "./EventLog.js"
import { asset as assetFamily, assetType as assetTypeFamily } from "./Families.js"
import * as R from "./Resources.js"
import { F, dataFields, type Family } from "./Resources.js"
import { can, type RequestContext, route, type Route } from "./Route.js"
import type { Doc } from "./Store.js"
import * as V from "./Validation.js"

/** The default transaction process of the server. */
export const defaultProcess = {
  initStatus: "draft",
  cancelStatus: "cancelled",
  transitions: [
    { name: "accept", from: "draft", to: "accepted", actors: ["owner"] },
    { name: "confirm", from: "draft", to: "confirmed", actors: ["taker"] },
    { name: "pay", from: "draft", to: "pending-acceptance", actors: ["taker"] },
    { name: "confirmAndPay", from: "draft", to: "pending-acceptance", actors: ["taker"] },
    { name: "pay", from: "confirmed", to: "pending-acceptance", actors: ["taker"] },
    { name: "accept", from: "confirmed", to: "pending-payment", actors: ["owner"] },
    { name: "pay", from: "accepted", to: "validated", actors: ["taker"] },
    { name: "confirmAndPay", from: "accepted", to: "validated", actors: ["taker"] },
    { name: "confirm", from: "accepted", to: "pending-payment", actors: ["taker"] },
    { name: "accept", from: "pending-acceptance", to: "validated", actors: ["owner"] },
    { name: "pay", from: "pending-payment", to: "validated", actors: ["taker"] },
    { name: "complete", from: "validated", to: "completed" },
    { name: "cancel", from: "*", to: "cancelled" }
  ]
} as const

interface Transition {
  readonly name: string
  readonly from: string
  readonly to: string
  readonly actors?: ReadonlyArray<string>
}

const processOf = (transaction: Doc): { initStatus: string; cancelStatus: string; transitions: ReadonlyArray<Transition> } =>
  transaction.assetType?.transactionProcess ?? defaultProcess

// ---------------------------------------------------------------------------------------------
// Durations and pricing

const UNIT_MS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000, n: 86_400_000, w: 604_800_000 }

/** Adds a duration object (`{ d: 3 }`, `{ M: 1 }`) to an ISO date. */
export const addDuration = (date: string, duration: Doc): string => {
  const result = new Date(date)
  for (const [unit, amount] of Object.entries(duration)) {
    if (unit === "M") result.setUTCMonth(result.getUTCMonth() + Number(amount))
    else result.setTime(result.getTime() + Number(amount) * (UNIT_MS[unit] ?? 0))
  }
  return result.toISOString()
}

const unitMs = (unit: string): number => (unit === "M" ? 30 * UNIT_MS.d! : (UNIT_MS[unit] ?? UNIT_MS.d!))

/** The time between two ISO dates in a time unit. */
const diffIn = (start: string, end: string, unit: string): number => (Date.parse(end) - Date.parse(start)) / unitMs(unit)

/** A duration expressed in a time unit. */
const durationIn = (duration: Doc, unit: string): number => {
  const start = "2000-01-01T00:00:00.000Z"
  return diffIn(start, addDuration(start, duration), unit)
}

const round = (amount: number, decimals = 2): number => Math.round(amount * 10 ** decimals) / 10 ** decimals

/** Owner and taker amounts from a value and the asset type's fees. */
export const pricing = (value: number, fees: Doc | undefined) => {
  const ownerRate = Number(fees?.ownerFeesPercent ?? 0) / 100
  const takerRate = Number(fees?.takerFeesPercent ?? 0) / 100
  const ownerFees = round(ownerRate * value)
  const takerFees = round((takerRate / (1 - takerRate)) * value)
  return { ownerAmount: round(value - ownerFees), takerAmount: round(value + takerFees) }
}

const AMOUNT_FIELDS = ["value", "ownerAmount", "takerAmount"] as const

/**
 * Fills a transaction from its asset: snapshots, owner, dates, duration, unit price and amounts.
 * Checks the asset, the duration limits of the asset type and the availability.
 */
const fill = Effect.fnUntraced(function*(draft: Doc, ctx: RequestContext, previous: Doc | undefined) {
  const overrides = AMOUNT_FIELDS.filter((field) => ctx.body[field] !== undefined)
  if (overrides.length > 0 && !can(ctx.access, "transaction:config:all")) return yield* Effect.fail(forbidden())
  if (draft.assetId === null || draft.assetId === undefined) {
    return { ...draft, assetId: null, assetSnapshot: {}, assetTypeId: null, assetType: {}, ownerId: draft.ownerId ?? null }
  }
  const reprice = previous === undefined ||
    ["assetId", "startDate", "endDate", "duration", "quantity", ...AMOUNT_FIELDS].some((field) => ctx.body[field] !== undefined)
  if (!reprice) return draft

  const asset = ctx.store.get("asset", draft.assetId)
  if (asset === undefined) return yield* Effect.fail(unprocessable("Asset not found"))
  const assetType = ctx.store.get("assetType", asset.assetTypeId)
  if (assetType === undefined) return yield* Effect.fail(unprocessable("Asset type not found"))
  if (previous === undefined && !asset.active) return yield* Effect.fail(unprocessable("Asset not active"))
  if (previous === undefined && !asset.validated) return yield* Effect.fail(unprocessable("Asset not validated"))

  const quantity = Number(draft.quantity ?? 1)
  let { startDate = null, endDate = null, duration = null } = draft
  const timeUnit: string | null = assetType.timeBased ? (assetType.timing?.timeUnit ?? "d") : null
  let nbTimeUnits = 1
  if (assetType.timeBased && startDate !== null) {
    startDate = new Date(startDate).toISOString()
    // The end comes from the field the request changed; otherwise from the stored duration.
    const fromEndDate = ctx.body.endDate !== undefined ||
      (ctx.body.duration === undefined && (duration === null || duration === undefined))
    if (fromEndDate) {
      if (endDate === null || endDate === undefined) {
        return yield* Effect.fail(unprocessable("Missing end date or duration"))
      }
      endDate = new Date(endDate).toISOString()
      if (endDate <= startDate) return yield* Effect.fail(unprocessable("End date must be after start date"))
      duration = { [timeUnit!]: round(diffIn(startDate, endDate, timeUnit!), 4) }
    } else {
      endDate = addDuration(startDate, duration)
    }
    nbTimeUnits = durationIn(duration, timeUnit!)
    const errors: Array<Doc> = []
    if (nbTimeUnits <= 0) errors.push({ message: "Duration must be a strictly positive number", value: duration })
    const { minDuration, maxDuration } = assetType.timing ?? {}
    if (minDuration && nbTimeUnits < durationIn(minDuration, timeUnit!)) {
      errors.push({ message: "Duration must be equal to or greater than the minimum duration", value: duration, limit: minDuration })
    }
    if (maxDuration && nbTimeUnits > durationIn(maxDuration, timeUnit!)) {
      errors.push({ message: "Duration must be equal to or less than the maximum duration", value: duration, limit: maxDuration })
    }
    if (errors.length > 0) return yield* Effect.fail(unprocessable("Invalid dates", { errors }))
    if (!assetType.infiniteStock && availableQuantity(ctx.store, asset, startDate, endDate, draft.id) < quantity) {
      return yield* Effect.fail(unprocessable("Not enough availability"))
    }
  } else if (!assetType.infiniteStock && quantity > Number(asset.quantity)) {
    return yield* Effect.fail(unprocessable("Not enough quantity"))
  }

  const unitPrice = Number(asset.price ?? 0)
  const value = ctx.body.value ?? round(unitPrice * nbTimeUnits * quantity)
  const computed = pricing(value, assetType.pricing)
  const ownerAmount = ctx.body.ownerAmount ?? computed.ownerAmount
  const takerAmount = ctx.body.takerAmount ?? computed.takerAmount
  return {
    ...draft,
    takerId: draft.takerId ?? ctx.currentUserId ?? null,
    assetSnapshot: R.expose(assetFamily, asset, ctx),
    assetTypeId: assetType.id,
    assetType: R.expose(assetTypeFamily, assetType, ctx),
    ownerId: asset.ownerId ?? null,
    quantity,
    startDate,
    endDate,
    duration,
    timeUnit,
    unitPrice,
    value,
    ownerAmount,
    takerAmount,
    platformAmount: round(takerAmount - ownerAmount),
    currency: asset.currency ?? null
  }
})

const createBody = V.object({
  assetId: V.nullable(V.string()),
  startDate: V.isoDate(),
  endDate: V.isoDate(),
  duration: V.duration(),
  quantity: V.integer({ min: 1 }),
  value: V.number({ min: 0 }),
  ownerAmount: V.number({ min: 0 }),
  takerAmount: V.number({ min: 0 }),
  takerId: V.string(),
  ...dataFields
}, { oxor: [["endDate", "duration"]] })

/** Transactions, owned by their owner and their taker. */
export const transaction: Family = {
  name: "transaction",
  path: "/transactions",
  prefix: "trn",
  operations: ["list", "read"],
  scope: "own",
  owners: (doc) => [doc.ownerId, doc.takerId],
  ownerField: "takerId",
  create: createBody,
  update: V.extend(createBody, { status: V.string() }),
  filters: {
    assetId: F.in(),
    assetTypeId: F.in(),
    ownerId: F.in(),
    takerId: F.in(),
    status: F.in(),
    value: F.range("number"),
    ownerAmount: F.range("number"),
    takerAmount: F.range("number"),
    platformAmount: F.range("number")
  },
  defaults: () => ({
    assetId: null,
    status: null,
    statusHistory: [],
    quantity: 1,
    startDate: null,
    endDate: null,
    duration: null,
    timeUnit: null,
    unitPrice: null,
    value: null,
    ownerAmount: null,
    takerAmount: null,
    platformAmount: null,
    currency: null,
    completedDate: null,
    cancelledDate: null,
    cancellationReason: null
  }),
  prepare: (draft, ctx, previous) =>
    fill(draft, ctx, previous).pipe(
      Effect.map((doc) => {
        if (previous !== undefined) return doc
        const status = processOf(doc).initStatus
        return { ...doc, status, statusHistory: [{ status, date: doc.createdDate }] }
      })
    ),
  event: "transaction"
}

const setStatus = (ctx: RequestContext, doc: Doc, status: string, data: Doc = {}): Doc => {
  const date = ctx.store.timestamp(ctx.now)
  const process = processOf(doc)
  return {
    ...doc,
    status,
    statusHistory: [{ status, date }, ...(doc.statusHistory ?? [])],
    updatedDate: date,
    ...(status === "completed" ? { completedDate: date } : {}),
    ...(status === process.cancelStatus
      ? { cancelledDate: date, cancellationReason: data.cancellationReason ?? doc.cancellationReason ?? null }
      : {})
  }
}

const emitStatusChange = (ctx: RequestContext, doc: Doc, previousStatus: string) =>
  recordEvent(ctx, {
    type: "transaction__status_changed",
    objectType: "transaction",
    objectId: doc.id,
    object: R.expose(transaction, doc, ctx),
    changesRequested: { status: doc.status },
    metadata: { previousStatus }
  })

/** PATCH /transactions/:id (a `status` change is recorded in `statusHistory`). */
const update = Effect.fnUntraced(function*(ctx: RequestContext) {
  const previous = yield* R.find(transaction, ctx.params.id!, ctx)
  yield* R.authorize(transaction, "edit", previous, ctx)
  const { status, ...patch } = ctx.body
  if (status !== undefined && !can(ctx.access, "transaction:config:all") && !can(ctx.access, "transaction:edit:all")) {
    return yield* Effect.fail(forbidden())
  }
  let doc = R.applyPatch(transaction, previous, patch, ctx)
  doc = yield* fill(doc, ctx, previous)
  if (status !== undefined && status !== previous.status) doc = setStatus(ctx, doc, status)
  ctx.store.put("transaction", doc)
  R.emit(transaction, "updated", doc, ctx, { changesRequested: ctx.body })
  if (doc.status !== previous.status) emitStatusChange(ctx, doc, previous.status)
  return R.expose(transaction, doc, ctx)
})

/** POST /transactions/:id/transitions. */
const transition = Effect.fnUntraced(function*(ctx: RequestContext) {
  const doc = yield* R.find(transaction, ctx.params.id!, ctx)
  const all = can(ctx.access, "transaction:transition:all")
  if (!all && !R.isOwner(transaction, doc, ctx)) return yield* Effect.fail(forbidden())
  const name: string = ctx.body.name
  const candidates = processOf(doc).transitions.filter((t) => t.name === name)
  const found = candidates.find((t) => t.from === doc.status) ?? candidates.find((t) => t.from === "*")
  if (found === undefined) {
    return yield* Effect.fail(
      unprocessable(`Transition "${name}" is not allowed from the status "${doc.status}"`, {
        status: doc.status,
        allowedTransitions: processOf(doc).transitions
          .filter((t) => t.from === doc.status || t.from === "*")
          .map((t) => t.name)
      })
    )
  }
  const actors = found.actors ?? []
  if (!all && actors.length > 0) {
    const isActor = (actor: string) =>
      (actor === "owner" && doc.ownerId === ctx.currentUserId) || (actor === "taker" && doc.takerId === ctx.currentUserId)
    if (!actors.some(isActor)) return yield* Effect.fail(forbidden())
  }
  if (found.to !== doc.status && !unavailableSafe(ctx, doc, found.to)) {
    return yield* Effect.fail(unprocessable("Not enough availability"))
  }
  const next = setStatus(ctx, doc, found.to, ctx.body.data ?? {})
  ctx.store.put("transaction", next)
  emitStatusChange(ctx, next, doc.status)
  return R.expose(transaction, next, ctx)
})

/** Moving into a blocking status must leave enough units for the transaction's period. */
const unavailableSafe = (ctx: RequestContext, doc: Doc, status: string): boolean => {
  const blocking: ReadonlyArray<string> = doc.assetType?.unavailableWhen ?? ["validated", "completed"]
  if (!blocking.includes(status) || blocking.includes(doc.status) || !doc.startDate || !doc.endDate) return true
  if (!doc.assetType?.timeBased || doc.assetType?.infiniteStock) return true
  const asset = ctx.store.get("asset", doc.assetId)
  return asset === undefined || availableQuantity(ctx.store, asset, doc.startDate, doc.endDate, doc.id) >= Number(doc.quantity ?? 1)
}

/** Previews need no user: the taker is whoever the body or the caller says, if anyone. */
const previewFamily: Family = { ...transaction, ownerField: undefined, scope: "all" }

/** POST /transactions/preview: the transaction that would be created (no id, nothing stored). */
const preview = Effect.fnUntraced(function*(ctx: RequestContext) {
  const doc = yield* R.build(previewFamily, ctx)
  const { id: _id, createdDate: _created, updatedDate: _updated, ...shown } = R.expose(transaction, doc, ctx)
  return shown
})

const create = Effect.fnUntraced(function*(ctx: RequestContext) {
  const doc = yield* R.build(transaction, ctx)
  ctx.store.put("transaction", doc)
  R.emit(transaction, "created", doc, ctx)
  return R.expose(transaction, doc, ctx)
})

/** The transaction routes. */
export const routes: ReadonlyArray<Route> = [
  route("POST", "/transactions/preview", {
    permissions: ["transaction:preview:all"],
    body: V.required(V.extend(createBody, { assetId: V.required(V.string()) }))
  }, preview),
  ...R.routes(transaction),
  route("POST", "/transactions", {
    permissions: ["transaction:create", "transaction:create:all"],
    body: V.required(createBody)
  }, create),
  route("PATCH", "/transactions/:id", {
    permissions: ["transaction:edit", "transaction:edit:all"],
    body: transaction.update!
  }, update),
  route("POST", "/transactions/:id/transitions", {
    permissions: ["transaction:transition", "transaction:transition:all"],
    body: V.required(V.object({ name: V.required(V.string()), data: V.record() }))
  }, transition)
]
