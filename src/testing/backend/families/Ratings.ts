/** Ratings (`rtg_`) and their routes besides list and read. */
import * as Effect from "effect/Effect"
import { forbidden, notFound, unprocessable } from "../ApiError.js"
import { dataFields, F, type Family } from "../Resources.js"
import * as R from "../Resources.js"
import { can, type RequestContext, route, type Route } from "../Route.js"
import * as V from "../Validation.js"
import { labelFilter } from "./shared.js"

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
 * `rating:edit`) may update, the author may not (without `rating:edit:all`). The backend refuses
 * the author as production does, but does not let anyone else rewrite someone's rating (a
 * deliberate difference, docs/testing.md): without `rating:edit:all`, nobody updates a rating.
 */
const updateRating = Effect.fnUntraced(function*(ctx: RequestContext) {
  const previous = ctx.store.get("rating", ctx.params.id!)
  if (previous === undefined) return yield* Effect.fail(notFound())
  if (!can(ctx.access, "rating:edit:all")) return yield* Effect.fail(forbidden())
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
