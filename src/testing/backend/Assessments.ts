/**
 * Assessments (`assm_`): statements about an asset (its state at handover, say) that the people
 * named as signers sign, with a code when one is set. Not in stelace.js, served by the real server.
 *
 * As on the real server: only signers may read, update and sign (or a key with `:all`
 * permissions); sign codes are shown to their own signer only (all of them with
 * `assessment:config:all`); once every signer needed has signed, the assessment is signed and
 * its status and statement settle (`accept` unless someone challenged it).
 */
import * as Effect from "effect/Effect"
import { type ApiError, forbidden, notFound, unprocessable } from "./ApiError.js"
import { allNamespaces } from "./Families.js"
import { recordEvent } from "./EventLog.js"
import * as R from "./Resources.js"
import { dataFields, type Family } from "./Resources.js"
import { can, type RequestContext, route, type Route } from "./Route.js"
import type { Doc } from "./Store.js"
import * as V from "./Validation.js"

const signersRule = V.object(undefined, {
  values: V.nullable(V.object({
    comment: V.nullable(V.string({ empty: true })),
    statement: V.nullable(V.string({ valid: ["pass", "challenge"] }))
  }))
})

const signCodesRule = V.object(undefined, { values: V.nullable(V.string()) })

const body = V.object({
  assetId: V.required(V.string()),
  status: V.nullable(V.string({ valid: ["draft", "accept", "reject"] })),
  statement: V.nullable(V.string({ valid: ["pass", "challenge"] })),
  transactionId: V.nullable(V.string()),
  ownerId: V.nullable(V.string()),
  takerId: V.nullable(V.string()),
  emitterId: V.nullable(V.string()),
  receiverId: V.nullable(V.string()),
  signers: signersRule,
  signCodes: signCodesRule,
  nbSigners: V.integer({ min: 1 }),
  expirationDate: V.nullable(V.isoDate()),
  ...dataFields
})

const FIELD_ORDER = [
  "id", "createdDate", "updatedDate", "statement", "status", "assetId", "transactionId", "ownerId", "takerId", "emitterId",
  "receiverId", "signers", "signCodes", "nbSigners", "expirationDate", "signedDate", "assessmentDate", "metadata", "platformData"
] as const

const isSigner = (doc: Doc, userId: string | undefined) => userId !== undefined && Object.keys(doc.signers ?? {}).includes(userId)

/** Sign codes a caller may see: all with `assessment:config:all`, their own as a signer, none otherwise. */
const visibleSignCodes = (ctx: RequestContext, doc: Doc): Doc => {
  const self = isSigner(doc, ctx.currentUserId)
  if (can(ctx.access, "assessment:config:all") || (can(ctx.access, "assessment:config") && self)) return doc.signCodes ?? {}
  return self ? { [ctx.currentUserId!]: doc.signCodes?.[ctx.currentUserId!] } : {}
}

/** Assessments. */
export const assessment: Family = {
  name: "assessment",
  path: "/assessments",
  prefix: "assm",
  operations: [],
  scope: "own",
  owners: (doc) => Object.keys(doc.signers ?? {}),
  create: body,
  update: V.extend(body, { assetId: V.forbidden(), transactionId: V.forbidden(), ownerId: V.forbidden(), takerId: V.forbidden() }),
  expose: (doc) => {
    const shown: Doc = {}
    for (const field of FIELD_ORDER) if (field in doc) shown[field] = doc[field]
    return shown
  }
}

const show = (ctx: RequestContext, doc: Doc) => R.expose(assessment, { ...doc, signCodes: visibleSignCodes(ctx, doc) }, ctx)

const withSignerDefaults = (signer: Doc | null) => ({ comment: null, statement: null, signedDate: null, ...signer })

const event = (ctx: RequestContext, type: string, doc: Doc, changesRequested?: Doc) =>
  recordEvent(ctx, {
    type,
    objectType: "assessment",
    objectId: doc.id,
    object: R.expose(assessment, doc, allNamespaces(ctx)),
    ...(changesRequested === undefined ? {} : { changesRequested: R.expose(assessment, changesRequested, allNamespaces(ctx)) })
  })

/** GET /assessments?assetId=: every assessment of the asset, newest first, without sign codes. */
const list = (ctx: RequestContext) =>
  Effect.sync(() => {
    const docs = ctx.store.all("assessment").filter((doc) => doc.assetId === ctx.query.assetId)
    const page = R.respondList({ ...assessment, offsetOrderBy: ["assessmentDate"] }, docs, { ...ctx, query: { ...ctx.query, orderBy: "assessmentDate" } }) as Doc
    return { ...page, results: (page.results as Array<Doc>).map((doc) => ({ ...doc, signCodes: {} })) }
  })

const read = Effect.fnUntraced(function*(ctx: RequestContext) {
  const doc = ctx.store.get("assessment", ctx.params.id!)
  if (doc === undefined) return yield* Effect.fail(notFound())
  if (!can(ctx.access, "assessment:read:all") && !isSigner(doc, ctx.currentUserId)) return yield* Effect.fail(forbidden())
  return show(ctx, doc)
})

/** POST /assessments: the asset's owner and the transaction's taker fill in when not given. */
const create = Effect.fnUntraced(function*(ctx: RequestContext) {
  const input = ctx.body
  const asset = ctx.store.get("asset", input.assetId)
  const transaction = input.transactionId ? ctx.store.get("transaction", input.transactionId) : undefined
  if (asset === undefined) return yield* Effect.fail(unprocessable("Asset not found"))
  if (input.transactionId && transaction === undefined) return yield* Effect.fail(unprocessable("Transaction not found"))
  if (input.ownerId && asset.ownerId !== input.ownerId) {
    return yield* Effect.fail(unprocessable(`The provided owner (ID ${input.ownerId}) doesn't match with the asset owner (ID ${asset.ownerId})`))
  }
  if (transaction !== undefined) {
    if (transaction.assetId !== input.assetId) {
      return yield* Effect.fail(unprocessable(`The transaction (asset ID ${transaction.assetId}) and the asset (ID ${input.assetId}) does not match`))
    }
    if (input.takerId && transaction.takerId !== input.takerId) {
      return yield* Effect.fail(unprocessable(`The provided taker (ID ${input.takerId}) doesn't match with the transaction taker (ID ${transaction.takerId})`))
    }
  }
  // the real server takes sign codes from an assessment's updates, never from its creation
  const signers: Doc = input.signers ?? {}
  const date = ctx.store.timestamp(ctx.now)
  const built = yield* R.build(assessment, ctx, {
    statement: null,
    status: input.status || "draft",
    transactionId: null,
    takerId: (input.takerId || transaction?.takerId) ?? null,
    emitterId: null,
    receiverId: null,
    nbSigners: 1,
    expirationDate: null,
    signedDate: null,
    ...input,
    ownerId: input.ownerId || asset.ownerId,
    signers: Object.fromEntries(Object.entries(signers).map(([id, signer]) => [id, withSignerDefaults(signer)])),
    signCodes: Object.fromEntries(Object.keys(signers).map((id) => [id, null])),
    assessmentDate: date
  })
  ctx.store.put("assessment", built)
  // a field with no default is left out of what a creation shows (answer and event), as on the real server
  const { emitterId: _emitterId, ...inserted } = built
  const created = input.emitterId === undefined ? inserted : built
  event(allNamespaces(ctx), "assessment__created", created)
  return show(ctx, created)
})

/** Is an update more than a signer changing their own comment or statement? */
const changesConfig = (ctx: RequestContext, input: Doc): boolean => {
  const signerIds = input.signers === undefined ? [] : Object.keys(input.signers)
  const selfOnly = ctx.currentUserId !== undefined && signerIds.length === 1 && signerIds[0] === ctx.currentUserId &&
    typeof input.signers[ctx.currentUserId] === "object" && input.signers[ctx.currentUserId] !== null
  return Boolean(input.status || input.statement || input.emitterId || input.receiverId || input.signCodes ||
    input.nbSigners !== undefined || input.expirationDate !== undefined || (input.signers !== undefined && !selfOnly))
}

/** PATCH /assessments/:id. */
const update = Effect.fnUntraced(function*(ctx: RequestContext) {
  const previous = ctx.store.get("assessment", ctx.params.id!)
  if (previous === undefined) return yield* Effect.fail(notFound())
  const self = isSigner(previous, ctx.currentUserId)
  if (!can(ctx.access, "assessment:edit:all") && !self) return yield* Effect.fail(forbidden())
  const canConfig = can(ctx.access, "assessment:config:all") || (can(ctx.access, "assessment:config") && self)
  const { signers, signCodes, metadata, platformData, ...fields } = ctx.body
  if (changesConfig(ctx, ctx.body) && !canConfig) return yield* Effect.fail(forbidden())
  if (!canConfig) {
    if (previous.signedDate) return yield* Effect.fail(unprocessable("Cannot update a signed assessment"))
    if (previous.expirationDate && previous.expirationDate < new Date(ctx.now).toISOString()) {
      return yield* Effect.fail(unprocessable("Assessment expired"))
    }
  }
  const nextSigners: Doc = structuredClone(previous.signers ?? {})
  const nextCodes: Doc = { ...previous.signCodes, ...signCodes }
  for (const [id, signer] of Object.entries((signers ?? {}) as Doc)) {
    if (previous.signers?.[id]?.signedDate) {
      return yield* Effect.fail(unprocessable(
        `Cannot update a signer’s config after own signature on ${new Date(previous.signers[id].signedDate).toUTCString()}`,
        { signerId: id }
      ))
    }
    if (signer === null) {
      delete nextSigners[id]
      delete nextCodes[id]
    } else {
      nextSigners[id] = withSignerDefaults(signer)
      if (nextCodes[id] === undefined) nextCodes[id] = signCodes?.[id] ?? null
    }
  }
  const codesChanged = JSON.stringify(nextCodes) !== JSON.stringify(previous.signCodes ?? {})
  const changes: Doc = {
    ...fields,
    ...(signers === undefined ? {} : { signers: nextSigners }),
    ...(codesChanged ? { signCodes: nextCodes } : {})
  }
  const doc = R.applyPatch(assessment, previous, { ...changes, ...(metadata === undefined ? {} : { metadata }), ...(platformData === undefined ? {} : { platformData }) }, ctx)
  ctx.store.put("assessment", doc)
  event(allNamespaces(ctx), "assessment__draft_updated", doc, { ...changes, metadata, platformData })
  return show(ctx, doc)
})

const STATUS_LEVELS = ["reject", "accept", "draft", null]
const STATEMENT_LEVELS = ["challenge", "pass", null]

/** POST /assessments/:id/signatures: the current user signs, with their sign code when one is set. */
const sign = Effect.fnUntraced(function*(ctx: RequestContext) {
  const signerId = ctx.currentUserId
  if (signerId === undefined) return yield* Effect.fail(forbidden())
  const doc = ctx.store.get("assessment", ctx.params.id!)
  if (doc === undefined) return yield* Effect.fail(notFound())
  if (!isSigner(doc, signerId)) return yield* Effect.fail(forbidden())
  if (doc.signedDate) return yield* Effect.fail(unprocessable(`Assessment already signed on ${new Date(doc.signedDate).toUTCString()}`))
  const now = new Date(ctx.now).toISOString()
  if (doc.expirationDate && doc.expirationDate < now) {
    return yield* Effect.fail(forbidden(`Assessment expired on ${new Date(doc.expirationDate).toUTCString()}`))
  }
  const signer = doc.signers[signerId]
  const code = doc.signCodes?.[signerId]
  if (signer?.signedDate) return yield* Effect.fail(unprocessable("User already signed"))
  if (code) {
    if (!ctx.body.signCode) return yield* Effect.fail(forbidden("Missing sign code"))
    if (code !== ctx.body.signCode) return yield* Effect.fail(forbidden("Invalid sign code"))
  }
  const date = ctx.store.timestamp(ctx.now)
  const signatures = Object.entries(doc.signers as Doc).filter(([id, entry]) => id === signerId || entry?.signedDate).length
  const all = doc.nbSigners <= signatures
  const statementLevel = STATEMENT_LEVELS.indexOf(signer?.statement || "pass")
  const statement = statementLevel < STATEMENT_LEVELS.indexOf(doc.statement) ? STATEMENT_LEVELS[statementLevel] : doc.statement
  const statusLevel = STATUS_LEVELS.indexOf(all && doc.statement !== "challenge" && signer?.statement !== "challenge" ? "accept" : "draft")
  const status = statusLevel < STATUS_LEVELS.indexOf(doc.status) ? STATUS_LEVELS[statusLevel] : doc.status
  const next = {
    ...doc,
    signers: { ...doc.signers, [signerId]: { ...signer, signedDate: date } },
    status,
    statement,
    ...(all ? { signedDate: date } : {}),
    updatedDate: date
  }
  ctx.store.put("assessment", next)
  event(allNamespaces(ctx), next.signedDate ? "assessment__signed" : "assessment__signed_once", next)
  return show(ctx, next)
})

/** DELETE /assessments/:id: with `assessment:remove:all`, unless signed. */
const remove = (ctx: RequestContext): Effect.Effect<unknown, ApiError> =>
  Effect.suspend(() => {
    const doc = ctx.store.get("assessment", ctx.params.id!)
    if (doc === undefined) return Effect.succeed({ id: ctx.params.id! })
    if (!can(ctx.access, "assessment:remove:all")) return Effect.fail(forbidden())
    if (doc.signedDate) return Effect.fail(unprocessable("Signed assessment cannot be deleted"))
    ctx.store.delete("assessment", doc.id)
    event(allNamespaces(ctx), "assessment__deleted", doc)
    return Effect.succeed({ id: doc.id })
  })

/** The assessment routes. */
export const routes: ReadonlyArray<Route> = [
  route("GET", "/assessments", {
    permissions: ["assessment:list", "assessment:list:all"],
    query: V.object({
      order: V.string({ valid: ["asc", "desc"] }),
      page: V.integer({ min: 1 }),
      nbResultsPerPage: V.integer({ min: 1, max: 100 }),
      assetId: V.required(V.string())
    })
  }, list),
  route("GET", "/assessments/:id", { permissions: ["assessment:read", "assessment:read:all"] }, read),
  route("POST", "/assessments", { permissions: ["assessment:create", "assessment:create:all"], body: V.required(body) }, create),
  route("PATCH", "/assessments/:id", { permissions: ["assessment:edit", "assessment:edit:all"], body: V.required(assessment.update!) }, update),
  route("POST", "/assessments/:id/signatures", {
    permissions: ["assessment:sign", "assessment:sign:all"],
    body: V.required(V.object({ signCode: V.nullable(V.string({ empty: true })) }))
  }, sign),
  route("DELETE", "/assessments/:id", { permissions: ["assessment:remove", "assessment:remove:all"] }, remove)
]
