/**
 * Orders (`ord_`) with their lines (`ordl_`) and moves (`ordm_`), kept inside the order as the
 * real server keeps them.
 *
 * An order built from transactions gets two lines per transaction: the taker pays `takerAmount`
 * (the platform keeps the taker fees), and the owner receives `ownerAmount` (the platform keeps
 * the owner fees). `amountDue` sums what the lines make the payer pay, `amountPaid` what the moves
 * did; lines and moves must share one payer and one currency. Without `order:create:all`, orders
 * are made from one's own transactions only.
 */
import * as Effect from "effect/Effect"
import { type ApiError, badRequest, forbidden, notFound, unprocessable } from "./ApiError.js"
import { isValidCurrency } from "./Currencies.js"
import { recordEvent } from "./EventLog.js"
import * as R from "./Resources.js"
import { F, dataFields, type Family } from "./Resources.js"
import { can, type RequestContext, route, type Route } from "./Route.js"
import { deepMerge, type Doc, newId, withFloat4 } from "./Store.js"
import { durationAs, pricing } from "./Transactions.js"
import * as V from "./Validation.js"

const amountPeers: ReadonlyArray<readonly [string, string]> = [["payerAmount", "payerId"], ["receiverAmount", "receiverId"]]

const lineKeys = {
  transactionId: V.string(),
  reversal: V.withDefault(V.boolean(), false),
  payerId: V.string(),
  payerAmount: V.number(),
  receiverId: V.string(),
  receiverAmount: V.number(),
  platformAmount: V.number()
}

const lineRule = V.object({ ...lineKeys, currency: V.required(V.string()), ...dataFields }, { with: amountPeers })

const realRule = V.withDefault(
  V.nullable(V.object({
    payerAmount: V.number(),
    receiverAmount: V.number(),
    platformAmount: V.number(),
    currency: V.required(V.string())
  })),
  null
)

const moveRule = V.object({ ...lineKeys, real: realRule, currency: V.string(), ...dataFields }, { with: amountPeers })

const transactionIdsRule = V.array(V.string(), { single: true, min: 1 })

const previewBody = V.required(V.object({
  transactionIds: transactionIdsRule,
  lines: V.array(lineRule, { min: 1 }),
  moves: V.array(moveRule, { min: 1 })
}))

const createBody = V.required(V.object({
  transactionIds: transactionIdsRule,
  lines: V.array(lineRule, { min: 1 }),
  moves: V.array(moveRule, { min: 1 }),
  ...dataFields
}, { xor: [["lines", "transactionIds"]] }))

const ORDER_FIELDS = [
  "id", "createdDate", "updatedDate", "lines", "moves", "amountDue", "amountPaid", "amountRemaining", "currency", "payerId",
  "paymentAttempted", "metadata", "platformData"
] as const

const LINE_FIELDS = [
  "id", "createdDate", "updatedDate", "orderId", "transactionId", "reversal", "payerId", "payerAmount", "receiverId",
  "receiverAmount", "platformAmount", "currency", "metadata", "platformData"
] as const

const MOVE_FIELDS = [
  "id", "createdDate", "updatedDate", "eventDate", "orderId", "transactionId", "reversal", "payerId", "payerAmount",
  "receiverId", "receiverAmount", "platformAmount", "currency", "real", "metadata", "platformData"
] as const

const pick = (doc: Doc, fields: ReadonlyArray<string>): Doc => {
  const shown: Doc = {}
  for (const field of fields) if (field in doc) shown[field] = doc[field]
  return shown
}

const isPayer = (doc: Doc, userId: string | undefined) => userId !== undefined && doc.payerId === userId

/** Orders: their payer and the receivers of their lines and moves may see them. */
export const order: Family = {
  name: "order",
  path: "/orders",
  prefix: "ord",
  operations: ["read"],
  scope: "own",
  owners: (doc) => [doc.payerId, ...(doc.lines ?? []).map((line: Doc) => line.receiverId), ...(doc.moves ?? []).map((move: Doc) => move.receiverId)],
  update: V.required(V.object({ ...dataFields })),
  filters: {
    payerId: F.in(),
    receiverId: F.custom(V.string(), (doc, value) => (doc.lines ?? []).some((line: Doc) => line.receiverId === value)),
    transactionId: F.custom(V.string(), (doc, value) => (doc.lines ?? []).some((line: Doc) => line.transactionId === value))
  },
  // lines and moves are shown as GET /order-lines/:id and /order-moves/:id show them
  expose: (doc) => {
    const shown = pick(doc, ORDER_FIELDS)
    if (Array.isArray(shown.lines)) shown.lines = shown.lines.map(exposeLine)
    if (Array.isArray(shown.moves)) shown.moves = shown.moves.map(exposeMove)
    return shown
  },
  event: "order"
}

function exposeLine(line: Doc): Doc {
  return { ...pick(line, LINE_FIELDS), livemode: false }
}

function exposeMove(move: Doc): Doc {
  return { ...pick(move, MOVE_FIELDS), livemode: false }
}

/** Columns of type `real` on the real server. */
const REAL_COLUMNS = ["amountDue", "amountPaid", "amountRemaining"]
const exposeOrder = (ctx: RequestContext, doc: Doc) => R.expose(order, doc, ctx)

interface Totals {
  payerId: string | null
  currency: string | null
  receiverIds: Array<string>
  transactionIds: Array<string>
  totalPayerAmount: number
}

/** What lines (or moves) add up to: the first payer and currency, receivers, transactions, the payer's total. */
const totals = (items: ReadonlyArray<Doc>): Totals => {
  const result: Totals = { payerId: null, currency: null, receiverIds: [], transactionIds: [], totalPayerAmount: 0 }
  for (const item of items) {
    result.payerId ||= item.payerId ?? null
    result.currency ||= item.currency ?? null
    if (item.receiverId) result.receiverIds.push(item.receiverId)
    if (item.transactionId) result.transactionIds.push(item.transactionId)
    if (typeof item.payerAmount === "number" && !item.reversal) result.totalPayerAmount += item.payerAmount
  }
  result.receiverIds = [...new Set(result.receiverIds)]
  result.transactionIds = [...new Set(result.transactionIds)]
  return result
}

/** The amounts and parties of an order from its lines and moves. */
const orderMeta = (lines: ReadonlyArray<Doc>, moves: ReadonlyArray<Doc>) => {
  const fromLines = totals(lines)
  const fromMoves = totals(moves)
  return {
    amountDue: fromLines.totalPayerAmount,
    amountPaid: fromMoves.totalPayerAmount,
    amountRemaining: fromLines.totalPayerAmount - fromMoves.totalPayerAmount,
    currency: fromLines.currency,
    payerId: fromLines.payerId,
    paymentAttempted: moves.length > 0
  }
}

/**
 * The two lines of a transaction: what its taker pays, what its owner receives. Amounts are
 * computed again from the asset's price and the fees, as the real server does (not read from the
 * transaction, whose amounts may have been set by hand).
 */
const linesOf = (transaction: Doc): Array<Doc> => {
  const nbTimeUnits = transaction.startDate && transaction.duration ? durationAs(transaction.duration, transaction.timeUnit) : 1
  const value = Number(transaction.unitPrice) * nbTimeUnits * (transaction.quantity || 1)
  const amounts = pricing(value, transaction.assetType?.pricing, transaction.currency)
  const { ownerFees, takerFees } = amounts
  return [
    {
      transactionId: transaction.id,
      reversal: false,
      payerId: transaction.takerId,
      payerAmount: amounts.takerAmount,
      receiverId: null,
      receiverAmount: 0,
      platformAmount: takerFees || 0,
      currency: transaction.currency,
      metadata: { duration: transaction.duration, timeUnit: transaction.timeUnit, unitPrice: transaction.unitPrice },
      platformData: {}
    },
    {
      transactionId: transaction.id,
      reversal: false,
      payerId: null,
      payerAmount: 0,
      receiverId: transaction.ownerId,
      receiverAmount: amounts.ownerAmount,
      platformAmount: ownerFees || 0,
      currency: transaction.currency,
      metadata: {},
      platformData: {}
    }
  ]
}

/** One payer and one currency across items (the first one sets them). */
const checkParties = (items: ReadonlyArray<Doc>, payerOf: (item: Doc) => unknown, currencyOf: (item: Doc) => unknown) => {
  let payerId: unknown
  let currency: unknown
  for (const item of items) {
    if (payerId !== payerOf(item)) {
      if (!payerId) payerId = payerOf(item)
      else return unprocessable(`Multiple payers detected: ${payerId}, ${payerOf(item)}`)
    }
    if (currency !== currencyOf(item)) {
      if (!currency) currency = currencyOf(item)
      else return unprocessable(`Multiple currencies are not accepted: ${currency}, ${currencyOf(item)}`)
    }
  }
  return undefined
}

/** The order POST /orders would create (and POST /orders/preview shows): lines, moves and amounts. */
const previewOrder = Effect.fnUntraced(function*(ctx: RequestContext, all: boolean) {
  const { transactionIds } = ctx.body
  let lines: Array<Doc> | undefined = ctx.body.lines
  const moves: Array<Doc> = ctx.body.moves ?? []
  if (lines && transactionIds) return yield* Effect.fail(unprocessable("Cannot provide lines and transactionIds at the same time"))
  if ((!lines || lines.length === 0) && moves.length > 0) {
    return yield* Effect.fail(unprocessable("Please also provide order lines if you want to specify order moves"))
  }
  if (!all) {
    if (ctx.currentUserId === undefined) return yield* Effect.fail(forbidden())
    if (!transactionIds) return yield* Effect.fail(badRequest("The parameter \"transactionIds\" is expected"))
  }
  if (transactionIds) {
    // transactions are read newest first, as the real server lists them
    const transactions = ctx.store.all("transaction")
      .filter((doc) => (transactionIds as Array<string>).includes(doc.id))
      .sort((a, b) => (a.createdDate < b.createdDate ? 1 : a.createdDate > b.createdDate ? -1 : 0))
    for (const transaction of transactions) {
      if (!transaction.ownerId) return yield* Effect.fail(unprocessable(`Missing owner for transaction with ID ${transaction.id}`))
      if (!transaction.takerId) return yield* Effect.fail(unprocessable(`Missing taker for transaction with ID ${transaction.id}`))
      if (!transaction.assetId) return yield* Effect.fail(unprocessable(`Missing asset for the transaction with ID ${transaction.id}`))
    }
    const conflict = checkParties(transactions, (doc) => doc.takerId, (doc) => doc.currency)
    if (conflict) return yield* Effect.fail(conflict)
    lines = transactions.flatMap(linesOf)
  }
  const moveConflict = checkParties(moves, (doc) => doc.payerId, (doc) => doc.currency)
  if (moveConflict) return yield* Effect.fail(moveConflict)
  lines ??= []
  const fromLines = totals(lines)
  const fromMoves = totals(moves)
  if (moves.length > 0) {
    if (fromLines.payerId !== fromMoves.payerId) {
      return yield* Effect.fail(unprocessable(`Order lines and moves payers don't match: ${fromLines.payerId}, ${fromMoves.payerId}`))
    }
    if (fromLines.currency !== fromMoves.currency) {
      return yield* Effect.fail(unprocessable(`Order lines and moves currencies don't match: ${fromLines.currency}, ${fromMoves.currency}`))
    }
    const extraTransactions = fromMoves.transactionIds.filter((id) => !fromLines.transactionIds.includes(id))
    const extraReceivers = fromMoves.receiverIds.filter((id) => !fromLines.receiverIds.includes(id))
    for (const extra of [extraTransactions, extraReceivers]) {
      if (extra.length > 0) {
        return yield* Effect.fail(unprocessable(`Order moves define receivers that don't exist in order lines: ${extra.join(", ")}`))
      }
    }
  }
  if (lines.length > 0 && !fromLines.payerId) return yield* Effect.fail(unprocessable("There is no payerId specified in order lines"))
  if (!all && fromLines.payerId !== ctx.currentUserId) return yield* Effect.fail(forbidden())
  return { ...orderMeta(lines, moves), lines, moves }
})

const isSelf = (doc: Doc, userId: string | undefined) =>
  userId !== undefined && (isPayer(doc, userId) || [...doc.lines, ...doc.moves].some((item: Doc) => item.receiverId === userId))

/** POST /orders/preview. */
const preview = Effect.fnUntraced(function*(ctx: RequestContext) {
  const all = can(ctx.access, "order:preview:all")
  const doc = yield* previewOrder(ctx, all)
  if (!all && !isSelf(doc, ctx.currentUserId)) return yield* Effect.fail(forbidden())
  return exposeOrder(ctx, doc)
})

const allNamespaces = (ctx: RequestContext): RequestContext => ({ ...ctx, access: { ...ctx.access, readNamespaces: ["*"] } })

/** POST /orders. */
const create = Effect.fnUntraced(function*(ctx: RequestContext) {
  const all = can(ctx.access, "order:create:all")
  const previewed = yield* previewOrder(ctx, all)
  const date = ctx.store.timestamp(ctx.now)
  // lines and moves share the order's dates
  const doc: Doc = {
    id: newId("ord"),
    createdDate: date,
    updatedDate: date,
    ...previewed,
    lines: previewed.lines.map((line: Doc) => ({ ...line, id: newId("ordl"), createdDate: date, updatedDate: date })),
    moves: previewed.moves.map((move: Doc) => ({ ...move, id: newId("ordm"), createdDate: date, updatedDate: date })),
    metadata: ctx.body.metadata ?? {},
    platformData: ctx.body.platformData ?? {}
  }
  if (!all && !isSelf(doc, ctx.currentUserId)) return yield* Effect.fail(forbidden())
  // the answer shows the computed amounts; the database keeps them as `real` values
  ctx.store.put("order", withFloat4(doc, REAL_COLUMNS))
  R.emit(order, "created", doc, allNamespaces(ctx))
  return exposeOrder(ctx, doc)
})

/** Stores an order's new lines or moves with recomputed amounts, and records `order__updated`. */
const saveOrder = (ctx: RequestContext, previous: Doc, changes: Doc, changesRequested: Doc): Doc => {
  const lines = changes.lines ?? previous.lines
  const moves = changes.moves ?? previous.moves
  const doc = ctx.store.put("order", withFloat4({ ...previous, ...changes, ...orderMeta(lines, moves), updatedDate: ctx.store.timestamp(ctx.now) }, REAL_COLUMNS))
  recordEvent(ctx, {
    type: "order__updated",
    objectType: "order",
    objectId: doc.id,
    object: exposeOrder(allNamespaces(ctx), doc),
    changesRequested: exposeOrder(allNamespaces(ctx), changesRequested)
  })
  return doc
}

/** PATCH /orders/:id: metadata and platformData only. */
const update = Effect.fnUntraced(function*(ctx: RequestContext) {
  const previous = ctx.store.get("order", ctx.params.id!)
  if (previous === undefined) return yield* Effect.fail(notFound())
  if (!can(ctx.access, "order:edit:all") && !isSelf(previous, ctx.currentUserId)) return yield* Effect.fail(forbidden())
  const next = R.applyPatch(order, previous, ctx.body, ctx)
  ctx.store.put("order", next)
  R.emit(order, "updated", next, allNamespaces(ctx), { changesRequested: exposeOrder(allNamespaces(ctx), ctx.body) })
  return exposeOrder(ctx, next)
})

/** The order holding a line or a move. */
const orderWith = (ctx: RequestContext, key: "lines" | "moves", id: string): { order: Doc; item: Doc } | undefined => {
  for (const doc of ctx.store.all("order")) {
    const item = (doc[key] as Array<Doc>).find((candidate) => candidate.id === id)
    if (item !== undefined) return { order: doc, item }
  }
  return undefined
}

const isItemParty = (item: Doc, userId: string | undefined) =>
  userId !== undefined && (item.payerId === userId || item.receiverId === userId)

const readItem = (key: "lines" | "moves", permission: string, show: (item: Doc) => Doc) => (ctx: RequestContext) =>
  Effect.suspend(() => {
    const found = orderWith(ctx, key, ctx.params.id!)
    if (found === undefined) return Effect.fail(notFound())
    if (!can(ctx.access, permission) && !isItemParty(found.item, ctx.currentUserId)) return Effect.fail(forbidden())
    return Effect.succeed(show(found.item))
  })

const newItem = (ctx: RequestContext, prefix: string): Doc => {
  const date = ctx.store.timestamp(ctx.now)
  return {
    id: newId(prefix),
    createdDate: date,
    updatedDate: date,
    transactionId: null,
    reversal: false,
    payerId: null,
    payerAmount: null,
    receiverId: null,
    receiverAmount: null,
    platformAmount: null,
    metadata: {},
    platformData: {}
  }
}

/** POST /order-lines: a line added to an order not paid yet (or a reversal). */
const createLine = Effect.fnUntraced(function*(ctx: RequestContext) {
  const body = { ...ctx.body }
  const previous = ctx.store.get("order", body.orderId)
  if (previous === undefined) return yield* Effect.fail(notFound())
  if (!body.reversal && previous.paymentAttempted) {
    return yield* Effect.fail(unprocessable("Only reversal order lines are allowed for orders with attempted payments"))
  }
  if (body.transactionId) {
    const transaction = ctx.store.get("transaction", body.transactionId)
    if (transaction === undefined) return yield* Effect.fail(unprocessable("Transaction not found"))
    if (body.payerId && transaction.takerId !== body.payerId) {
      return yield* Effect.fail(unprocessable(`The payer (${body.payerId}) doesn't match the transaction taker (${transaction.takerId})`))
    }
  }
  if (!previous.payerId && !body.payerId) {
    return yield* Effect.fail(unprocessable("There is no payerId associated with the order. Please create an order line with a payerId."))
  }
  if (body.payerId && body.payerId !== previous.payerId) {
    return yield* Effect.fail(unprocessable(`The provided payer (${body.payerId}) doesn't match with the order's payer (${previous.payerId})`))
  }
  const currency = totals(previous.lines).currency || previous.currency
  if (currency !== body.currency) {
    return yield* Effect.fail(unprocessable(`The provided currency (${body.currency}) doesn't match with the order's currency (${currency})`))
  }
  const line = { ...newItem(ctx, "ordl"), ...body }
  if (!can(ctx.access, "orderLine:create:all") && !isItemParty(line, ctx.currentUserId)) return yield* Effect.fail(forbidden())
  const lines = [...previous.lines, line]
  saveOrder(ctx, previous, { lines }, { lines })
  return exposeLine(line)
})

/** PATCH /order-lines/:id: parties and amounts until the order is paid, data anytime. */
const updateLine = Effect.fnUntraced(function*(ctx: RequestContext) {
  const found = orderWith(ctx, "lines", ctx.params.id!)
  if (found === undefined) return yield* Effect.fail(notFound())
  if (!can(ctx.access, "orderLine:edit:all") && !isItemParty(found.item, ctx.currentUserId)) return yield* Effect.fail(forbidden())
  const { metadata, platformData, ...core } = ctx.body
  const updatingCore = Object.keys(core).length > 0
  if (updatingCore && (found.item.reversal || found.order.paymentAttempted)) {
    return yield* Effect.fail(unprocessable("Users and amounts cannot be updated anymore"))
  }
  const line: Doc = {
    ...found.item,
    ...core,
    ...(metadata === undefined ? {} : { metadata: deepMerge(found.item.metadata ?? {}, metadata) }),
    ...(platformData === undefined ? {} : { platformData: deepMerge(found.item.platformData ?? {}, platformData) })
  }
  const lines = found.order.lines.map((item: Doc) => (item.id === line.id ? line : item))
  if (updatingCore) {
    const payerId = totals(lines).payerId
    if (!payerId) return yield* Effect.fail(unprocessable("The attribute payerId is missing in the order lines"))
    if (core.payerId && core.payerId !== payerId) return yield* Effect.fail(unprocessable("The specified payerId does not match with the order one"))
  }
  saveOrder(ctx, found.order, { lines }, { lines })
  return exposeLine(line)
})

/** POST /order-moves: a payment (or a reversal) of an order. */
const createMove = Effect.fnUntraced(function*(ctx: RequestContext) {
  const body = { ...ctx.body }
  const previous = ctx.store.get("order", body.orderId)
  if (previous === undefined) return yield* Effect.fail(notFound())
  if (previous.lines.length === 0) return yield* Effect.fail(unprocessable("Cannot create a move for an order that has no order line"))
  const fromLines = totals(previous.lines)
  if (body.transactionId && !fromLines.transactionIds.includes(body.transactionId)) {
    return yield* Effect.fail(unprocessable(`The provided transactionId (${body.transactionId}) doesn't match any order line`))
  }
  if (body.payerId && body.payerId !== previous.payerId) {
    return yield* Effect.fail(unprocessable(`The provided payer (${body.payerId}) doesn't match with the order's payer (${previous.payerId})`))
  }
  if (body.receiverId && !fromLines.receiverIds.includes(body.receiverId)) {
    return yield* Effect.fail(unprocessable(`The provided receiver (${body.receiverId}) doesn't match with any order line receiver`))
  }
  if (body.currency !== previous.currency) {
    return yield* Effect.fail(unprocessable(`The provided currency (${body.currency}) doesn't match with the order's currency (${previous.currency})`))
  }
  const move = { ...newItem(ctx, "ordm"), ...body }
  if (move.real) {
    move.real = { payerAmount: null, receiverAmount: null, platformAmount: null, ...move.real }
    if (!isValidCurrency(move.real.currency)) return yield* Effect.fail(unprocessable("Invalid currency for real amounts"))
  }
  if (!can(ctx.access, "orderMove:create:all") && !isItemParty(move, ctx.currentUserId)) return yield* Effect.fail(forbidden())
  const moves = [...previous.moves, move]
  saveOrder(ctx, previous, { moves }, { moves })
  return exposeMove(move)
})

/** PATCH /order-moves/:id: the real amounts and data (no `real` in the body resets it, as on the real server). */
const updateMove = Effect.fnUntraced(function*(ctx: RequestContext) {
  const found = orderWith(ctx, "moves", ctx.params.id!)
  if (found === undefined) return yield* Effect.fail(notFound())
  if (!can(ctx.access, "orderMove:edit:all") && !isItemParty(found.item, ctx.currentUserId)) return yield* Effect.fail(forbidden())
  const { real, metadata, platformData } = ctx.body
  const move: Doc = structuredClone(found.item)
  if (real === null) move.real = null
  else {
    for (const key of ["payerAmount", "receiverAmount", "platformAmount"]) {
      if (real[key] === undefined) continue
      // the real server sets the amount on the move's `real` without checking there is one: a 500
      if (move.real === null || move.real === undefined) return yield* Effect.die(new Error(`Cannot set property '${key}' of null`))
      move.real[key] = real[key]
    }
    if (real.currency && !isValidCurrency(real.currency)) return yield* Effect.fail(unprocessable("Invalid currency for real amounts"))
  }
  if (metadata !== undefined) move.metadata = deepMerge(move.metadata ?? {}, metadata)
  if (platformData !== undefined) move.platformData = deepMerge(move.platformData ?? {}, platformData)
  const moves = found.order.moves.map((item: Doc) => (item.id === move.id ? move : item))
  saveOrder(ctx, found.order, { moves }, { moves })
  return exposeMove(move)
})

/** GET /orders: without `order:list:all`, the list must name oneself as payer or receiver. */
const list = (ctx: RequestContext): Effect.Effect<unknown, ApiError> =>
  Effect.suspend(() => {
    if (!can(ctx.access, "order:list:all")) {
      const payers = ctx.query.payerId === undefined ? [] : [ctx.query.payerId].flat()
      const allowed = ctx.currentUserId !== undefined &&
        ((payers.length === 1 && payers[0] === ctx.currentUserId) || ctx.query.receiverId === ctx.currentUserId)
      if (!allowed) return Effect.fail(forbidden())
    }
    return Effect.succeed(R.respondList(order, R.applyFilters(order, ctx.store.all("order"), ctx), ctx))
  })

const updateItemBody = (extra: Record<string, V.Rule>) => V.required(V.object({ ...extra, ...dataFields }))

/** The order routes. */
export const routes: ReadonlyArray<Route> = [
  route("POST", "/orders/preview", { permissions: ["order:preview", "order:preview:all"], body: previewBody }, preview),
  route("GET", "/orders", { permissions: ["order:list", "order:list:all"], query: R.listQueryRule(order) }, list),
  ...R.routes(order),
  route("POST", "/orders", { permissions: ["order:create", "order:create:all"], body: createBody }, create),
  route("PATCH", "/orders/:id", { permissions: ["order:edit", "order:edit:all"], body: order.update! }, update),
  route("GET", "/order-lines/:id", { permissions: ["orderLine:read", "orderLine:read:all"] },
    readItem("lines", "orderLine:read:all", exposeLine)),
  route("POST", "/order-lines", {
    permissions: ["orderLine:create", "orderLine:create:all"],
    body: V.required(V.extend(lineRule, { orderId: V.required(V.string()) }))
  }, createLine),
  route("PATCH", "/order-lines/:id", {
    permissions: ["orderLine:edit", "orderLine:edit:all"],
    body: updateItemBody({
      payerId: V.nullable(V.string()),
      payerAmount: V.nullable(V.number()),
      receiverId: V.nullable(V.string()),
      receiverAmount: V.nullable(V.number()),
      platformAmount: V.nullable(V.number())
    })
  }, updateLine),
  route("GET", "/order-moves/:id", { permissions: ["orderMove:read", "orderMove:read:all"] },
    readItem("moves", "orderMove:read:all", exposeMove)),
  route("POST", "/order-moves", {
    permissions: ["orderMove:create", "orderMove:create:all"],
    body: V.required(V.extend(moveRule, { orderId: V.required(V.string()) }))
  }, createMove),
  route("PATCH", "/order-moves/:id", {
    permissions: ["orderMove:edit", "orderMove:edit:all"],
    body: updateItemBody({
      real: V.withDefault(V.nullable(V.object({
        payerAmount: V.nullable(V.number()),
        receiverAmount: V.nullable(V.number()),
        platformAmount: V.nullable(V.number()),
        currency: V.required(V.string())
      })), null)
    })
  }, updateMove)
]
