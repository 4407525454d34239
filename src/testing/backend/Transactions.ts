/**
 * Transactions (`trn_`): booking an asset through a transaction process.
 *
 * The process is the asset type's `transactionProcess`, or the default one (draft → accepted /
 * confirmed / pending-acceptance / pending-payment → validated → completed, cancel from anywhere).
 * As on the real server:
 * - a transition not allowed from the current status answers 422 "Invalid transition"; one whose
 *   actors are `owner` or `taker` can only be run by them (or with `transaction:transition:all`);
 *   `cancel` needs `data.cancellationReason`; reaching an end status (one no transition leaves)
 *   sets `completedDate`;
 * - `value = unitPrice × duration (in the asset type's time unit) × quantity`; fees are
 *   percentages of the value, and amounts are rounded to one decimal (none for currencies without
 *   minor units): `ownerAmount = value − ownerFees`, `takerAmount = value + takerFees`,
 *   `platformAmount = ownerFees + takerFees`;
 * - a transaction entering a status that blocks availability takes units from the asset (sales)
 *   or from the period (rentals), and cancels the pending transactions that no longer fit;
 * - without `transaction:list:all`, a list must filter on one's own `ownerId` or `takerId`.
 */
import * as Effect from "effect/Effect"
import { type ApiError, badRequest, forbidden, notFound, unprocessable } from "./ApiError.js"
import { isAvailable } from "./Availabilities.js"
import { currencyDecimals } from "./Currencies.js"
import { recordEvent } from "./EventLog.js"
import { asset as assetFamily } from "./Families.js"
import { hideNamespaces, readNamespacesFor } from "./Namespaces.js"
import * as R from "./Resources.js"
import { F, dataFields, type Family } from "./Resources.js"
import { can, type RequestContext, route, type Route } from "./Route.js"
import { type Doc, newId, withFloat4 } from "./Store.js"
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

interface Process {
  readonly initStatus: string
  readonly cancelStatus: string
  readonly transitions: ReadonlyArray<Transition>
}

const processOf = (doc: Doc): Process => doc.assetType?.transactionProcess ?? defaultProcess

/** Statuses no transition leaves: reaching one completes the transaction. */
const endStatuses = (process: Process): Set<string> => {
  const from = new Set(process.transitions.map((t) => t.from).filter((status) => status !== "*"))
  return new Set(process.transitions.map((t) => t.to).filter((status) => !from.has(status)))
}

/** Statuses of a transaction that use the asset. */
export const blockingStatuses = (doc: Doc): ReadonlyArray<string> => doc.assetType?.unavailableWhen ?? ["validated", "completed"]

const isBlocking = (doc: Doc, status: string): boolean => blockingStatuses(doc).includes(status)

// ---------------------------------------------------------------------------------------------
// Durations, as moment.js computes them on the real server

const DAY_MS = 86_400_000
const daysToMonths = (days: number) => (days * 4800) / 146_097
const monthsToDays = (months: number) => (months * 146_097) / 4800

/** A duration in a time unit (`n`, nights, counts as days; a duration given in nights counts 0, as moment ignores the key). */
export const durationAs = (duration: Doc, unit: string): number => {
  const ms = Number(duration.m ?? 0) * 60_000 + Number(duration.h ?? 0) * 3_600_000
  const days = Number(duration.d ?? 0) + Number(duration.w ?? 0) * 7
  const months = Number(duration.M ?? 0)
  return inUnit({ ms, days, months }, unit)
}

const inUnit = ({ days, months, ms }: { ms: number; days: number; months: number }, unit: string): number => {
  if (unit === "M") return months + daysToMonths(days + ms / DAY_MS)
  const allDays = days + Math.round(monthsToDays(months))
  switch (unit) {
    case "w":
      return allDays / 7 + ms / (7 * DAY_MS)
    case "h":
      return allDays * 24 + ms / 3_600_000
    case "m":
      return allDays * 1440 + ms / 60_000
    default:
      return allDays + ms / DAY_MS
  }
}

/** The time between two dates in a time unit. */
const diffDates = (end: string, start: string, unit: string): number =>
  inUnit({ ms: Date.parse(end) - Date.parse(start), days: 0, months: 0 }, unit)

/**
 * Adds a duration (`{ d: 3 }`, `{ M: 1 }`) to an ISO date; months keep the day, or the month's
 * last one. `null` past the dates JavaScript holds (±275,760 years), as the real server's moment
 * gives an invalid date whose `toISOString()` is `null`.
 */
export const addDuration = (date: string, duration: Doc): string | null => {
  const result = new Date(date)
  const months = Number(duration.M ?? 0)
  if (months !== 0) {
    const day = result.getUTCDate()
    result.setUTCDate(1)
    result.setUTCMonth(result.getUTCMonth() + months)
    const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate()
    result.setUTCDate(Math.min(day, lastDay))
  }
  const days = Number(duration.d ?? 0) + Number(duration.n ?? 0) + Number(duration.w ?? 0) * 7
  result.setTime(result.getTime() + days * DAY_MS + Number(duration.h ?? 0) * 3_600_000 + Number(duration.m ?? 0) * 60_000)
  return Number.isNaN(result.getTime()) ? null : result.toISOString()
}

// ---------------------------------------------------------------------------------------------
// Pricing

/** Rounds through the decimal notation, so that 8.325 rounds to 8.33 (not 8.32). */
export const roundDecimal = (amount: number, precision: number): number =>
  Number(`${Math.round(Number(`${amount}e${precision}`))}e-${precision}`)

/** Amounts are rounded to one decimal at most (none for currencies without minor units). */
const roundAmount = (amount: number, currency: unknown): number => roundDecimal(amount, Math.min(currencyDecimals(currency) ?? 2, 1))

/** The amounts of a transaction from its value (or the given amounts) and the asset type's fees. */
export const pricing = (
  value: number,
  fees: Doc | undefined,
  currency: unknown,
  given: { readonly ownerAmount?: number; readonly takerAmount?: number } = {}
) => {
  const ownerFees = roundAmount((Number(fees?.ownerFeesPercent ?? 0) / 100) * value, currency)
  const takerFees = roundAmount((Number(fees?.takerFeesPercent ?? 0) / 100) * value, currency)
  const ownerAmount = Number.isFinite(given.ownerAmount) ? given.ownerAmount! : roundAmount(value - ownerFees, currency)
  const takerAmount = Number.isFinite(given.takerAmount) ? given.takerAmount! : roundAmount(value + takerFees, currency)
  const charged = { ownerFees: roundAmount(value - ownerAmount, currency), takerFees: roundAmount(takerAmount - value, currency) }
  const platformAmount = roundAmount(charged.ownerFees + charged.takerFees, currency)
  // the fees are stored (not shown) with the transaction, as the real server does
  return { ownerAmount, takerAmount, platformAmount, ...charged }
}

// ---------------------------------------------------------------------------------------------
// Computing a transaction from its asset

interface Input {
  readonly assetId?: string
  readonly startDate?: string
  readonly endDate?: string
  readonly duration?: Doc
  readonly quantity?: number
  readonly takerId?: string
  readonly value?: number
  readonly ownerAmount?: number
  readonly takerAmount?: number
}

const isEmpty = (value: unknown): boolean =>
  value === null || value === undefined || (typeof value === "object" && Object.keys(value as object).length === 0)

/** `{ ...base, ...patch }` without the patch's undefined values (lodash's `merge` on flat fields). */
const mergeDefined = (base: Doc, patch: Doc): Doc => {
  const merged: Doc = { ...base }
  for (const [key, value] of Object.entries(patch)) if (value !== undefined) merged[key] = value
  return merged
}

/**
 * The fields a transaction gets from its asset and dates (the real server's
 * `computeTransactionInformation`): snapshots, owner, currency, dates and duration, quantity and
 * amounts, after checking the asset, the asset type's limits and the availability.
 */
const computeInformation = Effect.fnUntraced(function*(ctx: RequestContext, input: Input, previous: Doc | undefined) {
  const computed: Doc = {
    startDate: input.startDate === undefined ? previous?.startDate : input.startDate,
    endDate: input.endDate === undefined && input.duration === undefined
      ? previous?.endDate
      : input.endDate === undefined
      ? null
      : input.endDate,
    duration: input.endDate === undefined && input.duration === undefined
      ? previous?.duration
      : input.endDate === undefined
      ? input.duration
      : null,
    quantity: input.quantity === undefined ? previous?.quantity : input.quantity
  }
  let attrs: Doc = { takerId: input.takerId }
  const shouldChangeAsset = previous === undefined || isEmpty(previous.assetSnapshot) || previous.assetId !== input.assetId
  const assetIdToFetch = input.assetId ?? previous?.assetId
  let asset: Doc | undefined
  let assetType: Doc | undefined
  if (assetIdToFetch) {
    if (shouldChangeAsset) {
      asset = ctx.store.get("asset", assetIdToFetch)
      if (asset === undefined) return yield* Effect.fail(unprocessable("Asset is not found", { assetId: assetIdToFetch }))
      if (asset.ownerId && asset.ownerId === input.takerId) {
        return yield* Effect.fail(unprocessable("Owner cannot book its own asset", { ownerId: asset.ownerId }))
      }
      if (!asset.validated) return yield* Effect.fail(unprocessable("Asset not validated", { assetId: asset.id }))
      if (!asset.active) return yield* Effect.fail(unprocessable("Asset not active", { assetId: asset.id }))
      assetType = ctx.store.get("assetType", asset.assetTypeId)
      if (assetType === undefined) {
        return yield* Effect.fail(unprocessable("Asset type is not found", { assetTypeId: asset.assetTypeId }))
      }
      if (!assetType.active) return yield* Effect.fail(unprocessable("Asset type inactive", { assetTypeId: asset.assetTypeId }))
      const currency = asset.currency || ctx.store.config.stelace?.instant?.currency
      if (!currency) return yield* Effect.fail(unprocessable(`No currency for the asset with ID ${asset.id}`))
      attrs = {
        ...attrs,
        assetId: asset.id,
        ownerId: asset.ownerId,
        assetTypeId: assetType.id,
        // snapshots are the stored rows, without `livemode`
        assetType: structuredClone(assetType),
        assetSnapshot: structuredClone(asset),
        currency,
        timeUnit: assetType.timing?.timeUnit,
        unitPrice: asset.price,
        ...(previous === undefined ? { status: "draft", statusHistory: [{ status: "draft", date: ctx.store.timestamp(ctx.now) }] } : {})
      }
    } else {
      asset = previous!.assetSnapshot
      assetType = previous!.assetType
    }
  }

  const shouldCheckTiming = [input.startDate, input.endDate, input.duration].some((value) => value !== undefined)
  if (shouldChangeAsset || shouldCheckTiming) {
    if (shouldCheckTiming && computed.startDate && (computed.endDate || computed.duration)) {
      const timeUnit: string = assetType?.timing?.timeUnit ?? "d"
      if (computed.endDate) computed.duration = { [timeUnit]: diffDates(computed.endDate, computed.startDate, timeUnit) }
      else computed.endDate = addDuration(computed.startDate, computed.duration)
      if (asset !== undefined && assetType?.timeBased && computed.duration) {
        yield* checkDuration(computed.duration, assetType)
      }
    }
    attrs.startDate = computed.startDate
    attrs.endDate = computed.endDate
    attrs.duration = computed.duration
  }

  const shouldCheckAvailability = shouldCheckTiming || input.quantity !== undefined
  if (shouldChangeAsset || shouldCheckAvailability) {
    if (asset !== undefined && assetType !== undefined && !assetType.infiniteStock) {
      const quantity = Number(computed.quantity ?? 1)
      if (assetType.timeBased) {
        const stored = ctx.store.get("asset", asset.id) ?? asset
        const start = computed.startDate ?? new Date(ctx.now).toISOString()
        if (!isAvailable(ctx.store, stored, start, computed.endDate ?? undefined, quantity)) {
          return yield* Effect.fail(unprocessable("Asset not available"))
        }
      } else if (Number(asset.quantity) < quantity) {
        return yield* Effect.fail(badRequest("Asset does not have enough quantity", {
          quantity: asset.quantity,
          bookedQuantity: quantity
        }))
      }
    }
    attrs.quantity = input.quantity
  }

  const changingPricing = [input.value, input.ownerAmount, input.takerAmount].some((value) => value !== undefined)
  const merged = mergeDefined(previous ?? {}, attrs)
  if (shouldChangeAsset || shouldCheckTiming || shouldCheckAvailability || changingPricing) {
    const canCompute = merged.assetId && merged.assetSnapshot && merged.assetType &&
      (!merged.assetType.timeBased || typeof merged.startDate === "string") && typeof merged.quantity === "number"
    if (asset !== undefined && canCompute) {
      const nbTimeUnits = merged.startDate && merged.duration ? durationAs(merged.duration, merged.timeUnit) : 1
      const value = Number.isFinite(input.value) ? input.value! : Number(merged.unitPrice) * nbTimeUnits * (merged.quantity || 1)
      attrs = {
        ...attrs,
        value,
        ...pricing(value, merged.assetType.pricing, merged.currency, input)
      }
    } else {
      attrs = { ...attrs, value: input.value, ownerAmount: input.ownerAmount, takerAmount: input.takerAmount }
    }
  }
  if (previous !== undefined) {
    attrs = Object.fromEntries(Object.entries(attrs).filter(([key, value]) => value !== undefined && previous[key] !== value))
  }
  return attrs
})

/** The asset type's minimum and maximum durations (compared in days, as the real server does). */
const checkDuration = (duration: Doc, assetType: Doc): Effect.Effect<void, ApiError> => {
  const errors: Array<Doc> = []
  const days = durationAs(duration, "d")
  const { minDuration, maxDuration } = assetType.timing ?? {}
  if (days <= 0) errors.push({ message: "Duration must be a strictly positive number", value: duration })
  else {
    // the real server writes the limit object into the message as "[object Object]"
    if (minDuration && days < durationAs(minDuration, "d")) {
      errors.push({ message: `Duration must be equal to or greater than ${String(minDuration)}`, value: duration, limit: minDuration })
    }
    if (maxDuration && durationAs(maxDuration, "d") < days) {
      errors.push({ message: `Duration must be equal to or less than ${String(maxDuration)}`, value: duration, limit: maxDuration })
    }
  }
  return errors.length === 0 ? Effect.void : Effect.fail(unprocessable("Invalid dates", { errors }))
}

// ---------------------------------------------------------------------------------------------
// The family, its routes and its side effects

const durationRule = V.duration()

const createBody = V.object({
  assetId: V.string(),
  startDate: V.isoDate(),
  endDate: V.isoDate(),
  duration: durationRule,
  quantity: V.integer({ min: 1 }),
  value: V.number({ min: 0 }),
  ownerAmount: V.number({ min: 0 }),
  takerAmount: V.number({ min: 0 }),
  takerId: V.string(),
  ...dataFields
}, { oxor: [["endDate", "duration"]] })

const previewBody = V.object({
  assetId: V.required(V.string()),
  startDate: V.isoDate(),
  endDate: V.isoDate(),
  duration: durationRule,
  quantity: V.integer({ min: 1 }),
  value: V.number({ min: 0 }),
  ownerAmount: V.number({ min: 0 }),
  takerAmount: V.number({ min: 0 }),
  ...dataFields
}, { oxor: [["endDate", "duration"]] })

/** The order of a transaction's fields in the real server's answers. */
const FIELD_ORDER = [
  "id", "createdDate", "updatedDate", "assetId", "assetSnapshot", "assetTypeId", "assetType", "status", "statusHistory",
  "ownerId", "takerId", "quantity", "startDate", "endDate", "duration", "timeUnit", "unitPrice", "value", "ownerAmount",
  "takerAmount", "platformAmount", "currency", "completedDate", "cancelledDate", "cancellationReason", "metadata",
  "platformData"
] as const

/** Fields a stored transaction has even when nothing set them. */
const COLUMN_DEFAULTS: Doc = {
  assetId: null,
  assetSnapshot: {},
  assetTypeId: null,
  assetType: {},
  status: "draft",
  statusHistory: ["draft"],
  ownerId: null,
  takerId: null,
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
  cancellationReason: null,
  metadata: {},
  platformData: {}
}

/** Columns of type `real` on the real server. */
const REAL_COLUMNS = ["unitPrice", "value", "ownerAmount", "takerAmount", "platformAmount", "ownerFees", "takerFees"]

/** Stores a transaction as the real database keeps it. */
const store = (ctx: RequestContext, doc: Doc): Doc => ctx.store.put("transaction", withFloat4(doc, REAL_COLUMNS))

const withoutUndefined = (doc: Doc): Doc => Object.fromEntries(Object.entries(doc).filter(([, value]) => value !== undefined))

/** Transactions, read by their owner and their taker. */
export const transaction: Family = {
  name: "transaction",
  path: "/transactions",
  prefix: "trn",
  operations: ["read"],
  scope: "own",
  owners: (doc) => [doc.ownerId, doc.takerId],
  create: createBody,
  update: V.extend(createBody, { status: V.string() }),
  filters: {
    assetId: F.in(),
    assetTypeId: F.in(),
    ownerId: F.in(),
    takerId: F.in(),
    value: F.range("number"),
    ownerAmount: F.range("number"),
    takerAmount: F.range("number"),
    platformAmount: F.range("number")
  },
  expose: (doc, ctx) => {
    const shown: Doc = {}
    for (const field of FIELD_ORDER) if (field in doc) shown[field] = doc[field]
    // the real server shows the snapshot whole, the owner's `_private` data included, to the
    // taker (and to anyone through a preview): it shows here what the caller's read of the asset does
    const snapshot = shown.assetSnapshot as Doc | undefined
    if (typeof snapshot === "object" && snapshot !== null && typeof snapshot.ownerId === "string") {
      shown.assetSnapshot = hideNamespaces(snapshot, readNamespacesFor(snapshot.ownerId, ctx, true))
    }
    return shown
  },
  // seeds go through the same computation as POST /transactions, as the secret key
  prepare: Effect.fnUntraced(function*(draft, ctx) {
    const attrs = yield* computeInformation(ctx, { ...ctx.body, quantity: ctx.body.quantity ?? 1 } as Input, undefined)
    return initialStatus(ctx, { ...COLUMN_DEFAULTS, ...draft, ...withoutUndefined(attrs) })
  }),
  event: "transaction"
}

/** A new transaction starts in its process's initial status. */
const initialStatus = (ctx: RequestContext, doc: Doc): Doc => {
  if (isEmpty(doc.assetType)) return doc
  const status = processOf(doc).initStatus
  return { ...doc, status, statusHistory: [{ status, date: doc.createdDate ?? ctx.store.timestamp(ctx.now) }] }
}

const expose = (ctx: RequestContext, doc: Doc) => R.expose(transaction, doc, ctx)

/** Sales take units from the asset when they start blocking it, and give them back when they stop. */
const syncAssetQuantity = (ctx: RequestContext, doc: Doc): void => {
  if (!doc.assetId || isEmpty(doc.assetType)) return
  const history: Array<Doc> = Array.isArray(doc.statusHistory) ? doc.statusHistory : []
  const previous = history.length < 2 ? false : isBlocking(doc, history[1]!.status)
  const current = isBlocking(doc, doc.status)
  if (previous === current || doc.assetType.timeBased || doc.assetType.infiniteStock) return
  const asset = ctx.store.get("asset", doc.assetId)
  if (asset === undefined) return
  const quantity = previous ? asset.quantity + doc.quantity : Math.max(asset.quantity - doc.quantity, 0)
  const updated = { ...asset, quantity, updatedDate: ctx.store.timestamp(ctx.now) }
  ctx.store.put("asset", updated)
  R.emitUpdate(assetFamily, updated, asset, { quantity }, ctx)
}

/** Cancels the pending transactions of the asset that a newly blocking transaction leaves without room. */
const cancelConflicts = (ctx: RequestContext, doc: Doc): void => {
  if (!doc.assetId || isEmpty(doc.assetType)) return
  const history: Array<Doc> = doc.statusHistory ?? []
  const previous = history.length < 2 ? false : isBlocking(doc, history[1]!.status)
  if (previous || !isBlocking(doc, doc.status) || doc.assetType.infiniteStock) return
  const asset = ctx.store.get("asset", doc.assetId)
  const pending = ctx.store.all("transaction").filter((other) =>
    other.assetId === doc.assetId && other.id !== doc.id && other.cancelledDate === null && other.completedDate === null
  )
  const conflicts = pending.filter((other) =>
    doc.assetType.timeBased
      ? asset !== undefined && !isAvailable(ctx.store, asset, other.startDate ?? new Date(ctx.now).toISOString(), other.endDate ?? undefined, other.quantity)
      : other.quantity > (asset?.quantity ?? 1)
  )
  for (const other of conflicts) {
    const process = processOf(other)
    const date = ctx.store.timestamp(ctx.now)
    const status = process.cancelStatus
    const cancelled = {
      ...other,
      cancellationReason: "transactionConflict",
      cancelledDate: date,
      status,
      statusHistory: [{ status, date }, ...(other.statusHistory ?? [])],
      ...(endStatuses(process).has(status) ? { completedDate: date } : {}),
      updatedDate: date
    }
    store(ctx, cancelled)
    // the real server's event carries the transaction as it was before the cancellation
    statusChangedEvent(ctx, other)
  }
}

const statusChangedEvent = (ctx: RequestContext, doc: Doc, extra: Doc = {}) =>
  recordEvent(ctx, {
    type: "transaction__status_changed",
    objectType: "transaction",
    objectId: doc.id,
    object: expose({ ...ctx, access: { ...ctx.access, readNamespaces: ["*"] } }, doc),
    ...extra
  })

/** GET /transactions: without `transaction:list:all`, the list must name oneself as owner or taker. */
const list = (ctx: RequestContext) =>
  Effect.suspend(() => {
    if (!can(ctx.access, "transaction:list:all")) {
      const single = (value: unknown) => {
        const ids = Array.isArray(value) ? value : value === undefined ? [] : [value]
        return ids.length === 1 && ids[0] === ctx.currentUserId
      }
      if (ctx.currentUserId === undefined || !(single(ctx.query.ownerId) || single(ctx.query.takerId))) {
        return Effect.fail(forbidden())
      }
    }
    return Effect.succeed(R.respondList(transaction, R.applyFilters(transaction, ctx.store.all("transaction"), ctx), ctx))
  })

/** POST /transactions/preview: what POST /transactions would compute (nothing stored, no id, no taker). */
const preview = Effect.fnUntraced(function*(ctx: RequestContext) {
  const input = { ...ctx.body, quantity: ctx.body.quantity ?? 1 } as Input
  const attrs: Doc = yield* computeInformation(ctx, input, undefined)
  const doc: Doc = { ...attrs, metadata: ctx.body.metadata, platformData: ctx.body.platformData }
  if (doc.assetType) doc.status = processOf(doc).initStatus
  return expose(ctx, withoutUndefined(doc))
})

/** POST /transactions: the taker is the current user (or `takerId` with `transaction:create:all`). */
const create = Effect.fnUntraced(function*(ctx: RequestContext) {
  const body = ctx.body
  const all = can(ctx.access, "transaction:create:all")
  let takerId: string | undefined = body.takerId
  if (!all && takerId && takerId !== ctx.currentUserId) return yield* Effect.fail(forbidden())
  if (!takerId && ctx.currentUserId) takerId = ctx.currentUserId
  if (!takerId) return yield* Effect.fail(unprocessable("Missing taker ID"))
  if (!all && takerId !== ctx.currentUserId) return yield* Effect.fail(forbidden())
  const pricingGiven = [body.value, body.ownerAmount, body.takerAmount].some((value) => value !== undefined)
  if (pricingGiven && !can(ctx.access, "transaction:config:all")) return yield* Effect.fail(forbidden())
  if (body.platformData !== undefined && !can(ctx.access, "platformData:edit:all")) return yield* Effect.fail(forbidden())

  const attrs = yield* computeInformation(ctx, { ...body, quantity: body.quantity ?? 1, takerId } as Input, undefined)
  const date = ctx.store.timestamp(ctx.now)
  const doc = initialStatus(ctx, {
    id: newId("trn"),
    createdDate: date,
    updatedDate: date,
    ...COLUMN_DEFAULTS,
    ...withoutUndefined(attrs),
    metadata: body.metadata ?? {},
    platformData: body.platformData ?? {}
  })
  // the answer shows the computed numbers; the database keeps them as `real` values
  store(ctx, doc)
  syncAssetQuantity(ctx, doc)
  R.emit(transaction, "created", doc, { ...ctx, access: { ...ctx.access, readNamespaces: ["*"] } })
  return expose(ctx, doc)
})

const CORE_FIELDS = ["assetId", "startDate", "endDate", "duration", "quantity", "value", "ownerAmount", "takerAmount"] as const

/** PATCH /transactions/:id: the taker (or `transaction:edit:all`); status and asset fields need `transaction:config:all`. */
const update = Effect.fnUntraced(function*(ctx: RequestContext) {
  const body = ctx.body
  const config = can(ctx.access, "transaction:config:all")
  if (!config && body.status) return yield* Effect.fail(forbidden("You haven't the permission to update the status"))
  const previous = ctx.store.get("transaction", ctx.params.id!)
  if (previous === undefined) return yield* Effect.fail(notFound())
  if (!can(ctx.access, "transaction:edit:all") && previous.takerId !== ctx.currentUserId) return yield* Effect.fail(forbidden())
  const pricingGiven = [body.value, body.ownerAmount, body.takerAmount].some((value) => value !== undefined)
  if (pricingGiven && !config) return yield* Effect.fail(forbidden())
  // a field the body gives (even equal, as a new object) counts as a change, as on the real server
  const rebuild = CORE_FIELDS.some((field) => (body[field] || previous[field]) !== previous[field])
  if (!config && previous.assetId && rebuild) {
    return yield* Effect.fail(forbidden(
      "If an asset is already associated to the transaction, \"asset\", \"duration\" and \"quantity\" cannot be updated without appropriate permissions (\"transaction:config:all\")"
    ))
  }
  const { metadata, platformData, status, ...input } = body
  const attrs: Doc = rebuild ? yield* computeInformation(ctx, input as Input, previous) : {}
  const date = ctx.store.timestamp(ctx.now)
  let doc: Doc = { ...previous, ...attrs, updatedDate: date }
  if (status) doc = { ...doc, status, statusHistory: [{ status, date }, ...(previous.statusHistory ?? [])] }
  doc = R.applyPatch(transaction, doc, withoutUndefined({ metadata, platformData }), ctx)
  doc = store(ctx, doc)
  if (status) syncAssetQuantity(ctx, doc)
  const all = { ...ctx, access: { ...ctx.access, readNamespaces: ["*"] } }
  const parent = R.emit(transaction, "updated", doc, all, { changesRequested: expose(all, withoutUndefined(body)) })
  if (body.status !== undefined && body.status !== previous.status) {
    // the derived event carries the stored row, not its exposed form
    recordEvent(ctx, { type: "transaction__status_changed", objectType: "transaction", objectId: doc.id, object: { ...doc }, parentId: parent?.id ?? null })
  }
  return expose(ctx, doc)
})

/** POST /transactions/:id/transitions. */
const transition = Effect.fnUntraced(function*(ctx: RequestContext) {
  const doc = ctx.store.get("transaction", ctx.params.id!)
  if (doc === undefined) return yield* Effect.fail(notFound())
  if (!doc.assetId) return yield* Effect.fail(unprocessable("This transaction is not associated to an asset"))
  const name: string = ctx.body.name
  const data: Doc = ctx.body.data ?? {}
  const process = processOf(doc)
  if (name === "cancel" && !data.cancellationReason) return yield* Effect.fail(badRequest("Missing cancellation reason"))
  const found = process.transitions.find((t) => t.name === name && (t.from === doc.status || t.from === "*"))
  if (found === undefined) return yield* Effect.fail(unprocessable("Invalid transition"))
  if (found.actors) {
    const allowed = (doc.ownerId === ctx.currentUserId && found.actors.includes("owner")) ||
      (doc.takerId === ctx.currentUserId && found.actors.includes("taker")) ||
      can(ctx.access, "transaction:transition:all")
    if (!allowed) return yield* Effect.fail(forbidden("You are not allowed to perform this transition"))
  }
  const date = ctx.store.timestamp(ctx.now)
  const next: Doc = {
    ...doc,
    status: found.to,
    statusHistory: [{ status: found.to, date, data }, ...(doc.statusHistory ?? [])],
    updatedDate: date,
    ...(name === "cancel" ? { cancellationReason: data.cancellationReason, cancelledDate: date } : {}),
    ...(endStatuses(process).has(found.to) ? { completedDate: date } : {})
  }
  const stored = store(ctx, next)
  syncAssetQuantity(ctx, stored)
  statusChangedEvent(ctx, stored)
  cancelConflicts(ctx, stored)
  return expose(ctx, stored)
})

/** The transaction routes. */
export const routes: ReadonlyArray<Route> = [
  route("POST", "/transactions/preview", {
    permissions: ["transaction:preview:all"],
    body: V.required(previewBody)
  }, preview),
  route("GET", "/transactions", {
    permissions: ["transaction:list", "transaction:list:all"],
    query: R.listQueryRule(transaction)
  }, list),
  ...R.routes(transaction),
  route("POST", "/transactions", {
    permissions: ["transaction:create", "transaction:create:all"],
    body: V.required(createBody)
  }, create),
  route("PATCH", "/transactions/:id", {
    permissions: ["transaction:edit", "transaction:edit:all"],
    body: V.required(transaction.update!)
  }, update),
  route("POST", "/transactions/:id/transitions", {
    permissions: ["transaction:transition", "transaction:transition:all"],
    body: V.required(V.object({ name: V.required(V.string()), data: V.record() }))
  }, transition)
]
