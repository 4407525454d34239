/**
 * Orders (`ord_`), order lines (`ordl_`) and order moves (`ordm_`).
 *
 * An order is built from transactions (one line per transaction: the taker pays `takerAmount`,
 * the owner receives `ownerAmount`, the platform keeps the difference) or from explicit lines.
 * `amountDue` sums the lines, `amountPaid` the moves.
 */
import * as Effect from "effect/Effect"
import { type ApiError, forbidden, unprocessable } from "./ApiError.js"
import { requireRef } from "./Families.js"
import * as R from "./Resources.js"
import { F, dataFields, type Family } from "./Resources.js"
import { can, type RequestContext, route, type Route } from "./Route.js"
import { type Doc, newId } from "./Store.js"
import * as V from "./Validation.js"

const amount = () => V.nullable(V.number())

const lineFields = {
  transactionId: V.nullable(V.string()),
  reversal: V.boolean(),
  payerId: V.nullable(V.string()),
  payerAmount: amount(),
  receiverId: V.nullable(V.string()),
  receiverAmount: amount(),
  platformAmount: amount(),
  currency: V.required(V.string()),
  ...dataFields
}

const moveFields = { ...lineFields, real: V.nullable(V.record()) }

const lineOwners = (doc: Doc) => [doc.payerId, doc.receiverId]

/** Order lines. */
export const orderLine: Family = {
  name: "orderLine",
  path: "/order-lines",
  prefix: "ordl",
  operations: ["read", "update"],
  scope: "own",
  owners: lineOwners,
  create: V.object({ orderId: V.required(V.string()), ...lineFields }),
  update: V.object({ payerId: V.nullable(V.string()), receiverId: V.nullable(V.string()), ...dataFields }),
  defaults: () => ({
    transactionId: null,
    reversal: false,
    payerId: null,
    payerAmount: null,
    receiverId: null,
    receiverAmount: null,
    platformAmount: null
  }),
  prepare: (draft, ctx, previous) => (previous === undefined ? attach(ctx, draft, "lines") : refresh(ctx, draft, "lines"))
}

/** Order moves (payments). */
export const orderMove: Family = {
  name: "orderMove",
  path: "/order-moves",
  prefix: "ordm",
  operations: ["read", "update"],
  scope: "own",
  owners: lineOwners,
  create: V.object({ orderId: V.required(V.string()), ...moveFields }),
  update: V.object({ real: V.nullable(V.record()), ...dataFields }),
  defaults: () => ({ ...orderLine.defaults!({} as RequestContext), real: null }),
  mergeFields: ["real"],
  prepare: (draft, ctx, previous) => (previous === undefined ? attach(ctx, draft, "moves") : refresh(ctx, draft, "moves"))
}

const sum = (items: ReadonlyArray<Doc>, field: string): number =>
  items.reduce((total, item) => total + (item.reversal ? -1 : 1) * Number(item[field] ?? 0), 0)

/** Recomputes an order's amounts from its lines and moves. */
const withAmounts = (order: Doc): Doc => {
  const amountDue = sum(order.lines ?? [], "payerAmount")
  const amountPaid = sum(order.moves ?? [], "payerAmount")
  return { ...order, amountDue, amountPaid, amountRemaining: amountDue - amountPaid, paymentAttempted: amountPaid > 0 }
}

const attach = Effect.fnUntraced(function*(ctx: RequestContext, item: Doc, key: "lines" | "moves") {
  const order = yield* requireRef(ctx, "order", item.orderId, "Order not found")
  const next = withAmounts({ ...order, [key]: [...order![key], item], updatedDate: item.createdDate })
  ctx.store.put("order", next)
  return item
})

const refresh = (ctx: RequestContext, item: Doc, key: "lines" | "moves"): Effect.Effect<Doc, ApiError> => {
  const order = ctx.store.get("order", item.orderId)
  if (order !== undefined) {
    ctx.store.put("order", {
      ...order,
      [key]: order[key].map((existing: Doc) => (existing.id === item.id ? item : existing))
    })
  }
  return Effect.succeed(item)
}

/** Orders. */
export const order: Family = {
  name: "order",
  path: "/orders",
  prefix: "ord",
  operations: ["list", "read", "update"],
  scope: "own",
  owners: (doc) => [doc.payerId, ...(doc.lines ?? []).map((line: Doc) => line.receiverId)],
  update: V.object({ ...dataFields }),
  filters: {
    payerId: F.in(),
    receiverId: F.custom(V.ids(), (doc, value) =>
      (doc.lines ?? []).some((line: Doc) => String(value).split(",").includes(line.receiverId))),
    transactionId: F.custom(V.ids(), (doc, value) =>
      (doc.lines ?? []).some((line: Doc) => String(value).split(",").includes(line.transactionId)))
  }
}

const orderBody = V.object({
  transactionIds: V.array(V.string(), { single: true }),
  lines: V.array(V.object(lineFields)),
  moves: V.array(V.object(moveFields)),
  ...dataFields
}, { xor: [["transactionIds", "lines"]] })

/** Builds an order (not stored) from transactions or lines. */
const draftOrder = Effect.fnUntraced(function*(ctx: RequestContext) {
  if (ctx.body.platformData !== undefined && !can(ctx.access, "platformData:edit:all")) {
    return yield* Effect.fail(forbidden())
  }
  const date = ctx.store.timestamp(ctx.now)
  const orderId = newId("ord")
  let lines: Array<Doc>
  if (ctx.body.transactionIds !== undefined) {
    lines = []
    for (const id of ctx.body.transactionIds as Array<string>) {
      const transaction = ctx.store.get("transaction", id)
      if (transaction === undefined) return yield* Effect.fail(unprocessable(`Transaction ${id} not found`))
      lines.push({
        transactionId: id,
        reversal: false,
        payerId: transaction.takerId,
        payerAmount: transaction.takerAmount,
        receiverId: transaction.ownerId,
        receiverAmount: transaction.ownerAmount,
        platformAmount: transaction.platformAmount,
        currency: transaction.currency
      })
    }
  } else {
    lines = ctx.body.lines
  }
  const currencies = new Set(lines.map((line) => line.currency))
  if (currencies.size > 1) return yield* Effect.fail(unprocessable("Lines must share one currency"))
  const payers = new Set(lines.map((line) => line.payerId).filter((id) => id !== null && id !== undefined))
  const payerId: string | null = payers.size === 1 ? [...payers][0] : null
  const item = (prefix: string) => (fields: Doc): Doc => ({
    id: newId(prefix),
    createdDate: date,
    updatedDate: date,
    orderId,
    transactionId: null,
    reversal: false,
    payerId: null,
    payerAmount: null,
    receiverId: null,
    receiverAmount: null,
    platformAmount: null,
    ...fields,
    metadata: fields.metadata ?? {},
    platformData: fields.platformData ?? {}
  })
  return withAmounts({
    id: orderId,
    createdDate: date,
    updatedDate: date,
    lines: lines.map(item("ordl")),
    moves: (ctx.body.moves ?? []).map((move: Doc) => item("ordm")({ real: null, ...move })),
    currency: [...currencies][0] ?? null,
    payerId,
    metadata: ctx.body.metadata ?? {},
    platformData: ctx.body.platformData ?? {}
  })
})

/** POST /orders: without `order:create:all`, only for orders the current user pays. */
const createOrder = Effect.fnUntraced(function*(ctx: RequestContext) {
  const doc = yield* draftOrder(ctx)
  if (!can(ctx.access, "order:create:all") && (ctx.currentUserId === undefined || doc.payerId !== ctx.currentUserId)) {
    return yield* Effect.fail(forbidden())
  }
  ctx.store.put("order", doc)
  for (const line of doc.lines) ctx.store.put("orderLine", line)
  for (const move of doc.moves) ctx.store.put("orderMove", move)
  R.emit({ ...order, event: "order" }, "created", doc, ctx)
  return R.expose(order, doc, ctx)
})

/** POST /orders/preview: the order that would be created (no ids, nothing stored). */
const previewOrder = Effect.fnUntraced(function*(ctx: RequestContext) {
  const { id: _id, createdDate: _c, updatedDate: _u, metadata: _m, platformData: _p, ...doc } = yield* draftOrder(ctx)
  const strip = ({ id: _i, orderId: _o, createdDate: _cd, updatedDate: _ud, ...rest }: Doc) => rest
  return { ...doc, lines: doc.lines.map(strip), moves: doc.moves.map(strip), livemode: false }
})

const createItem = (family: Family) => (ctx: RequestContext) => R.create(family, ctx)

/** The order routes. */
export const routes: ReadonlyArray<Route> = [
  route("POST", "/orders/preview", { permissions: ["order:preview", "order:preview:all"], body: V.required(orderBody) }, previewOrder),
  ...R.routes(order),
  route("POST", "/orders", { permissions: ["order:create", "order:create:all"], body: V.required(orderBody) }, createOrder),
  ...R.routes(orderLine),
  route("POST", "/order-lines", {
    permissions: ["orderLine:create", "orderLine:create:all"],
    body: V.required(orderLine.create!)
  }, createItem(orderLine)),
  ...R.routes(orderMove),
  route("POST", "/order-moves", {
    permissions: ["orderMove:create", "orderMove:create:all"],
    body: V.required(orderMove.create!)
  }, createItem(orderMove))
]
