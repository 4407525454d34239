/** Asset types (`typ_`) and their transaction processes. */
import * as Effect from "effect/Effect"
import { type ApiError, unprocessable } from "../ApiError.js"
import { dataFields, F, type Family } from "../Resources.js"
import { type Doc } from "../Store.js"
import * as V from "../Validation.js"
import { strings } from "./shared.js"

const transactionProcessRule = V.nullable(
  V.object({
    initStatus: V.required(V.string()),
    cancelStatus: V.required(V.string()),
    transitions: V.array(V.object({
      name: V.required(V.string()),
      from: V.required(V.string()),
      to: V.required(V.string()),
      actors: strings()
    }))
  })
)

/** The init status must start some transition and never end one; the cancel status must appear. */
const checkTransactionProcess = (process: Doc | null | undefined): Effect.Effect<void, ApiError> => {
  if (process === null || process === undefined) return Effect.void
  const transitions: ReadonlyArray<Doc> = process.transitions ?? []
  const from = new Set(transitions.map((t) => t.from).filter((state) => state !== "*"))
  const to = new Set(transitions.map((t) => t.to))
  if (!from.has(process.initStatus) || to.has(process.initStatus)) {
    return Effect.fail(unprocessable("The provided init status does not appear as `from` property in transitions"))
  }
  if (!from.has(process.cancelStatus) && !to.has(process.cancelStatus)) {
    return Effect.fail(unprocessable("The provided cancel status does not appear in transitions"))
  }
  return Effect.void
}

/** Asset types (`typ_`). */
export const assetType: Family = {
  name: "assetType",
  path: "/asset-types",
  prefix: "typ",
  operations: ["list", "read", "create", "update", "remove"],
  scope: "all",
  create: V.object({
    name: V.required(V.string({ max: 255 })),
    timeBased: V.required(V.boolean()),
    infiniteStock: V.boolean(),
    pricing: V.object({
      ownerFeesPercent: V.integer({ min: 0, max: 100 }),
      takerFeesPercent: V.integer({ min: 0, max: 100 })
    }),
    timing: V.object({
      timeUnit: V.string({ valid: ["m", "h", "d", "n", "w", "M"] }),
      minDuration: V.nullable(V.duration()),
      maxDuration: V.nullable(V.duration())
    }),
    transactionProcess: transactionProcessRule,
    namespaces: V.object({ visibility: V.object(undefined, { values: strings() }) }),
    unavailableWhen: strings(),
    isDefault: V.boolean(),
    active: V.boolean(),
    ...dataFields
  }),
  filters: { isDefault: F.equals("boolean"), active: F.equals("boolean") },
  cachedList: true,
  defaults: () => ({
    infiniteStock: false,
    pricing: { ownerFeesPercent: 0, takerFeesPercent: 0 },
    timing: { timeUnit: "d", minDuration: null, maxDuration: null },
    unavailableWhen: null,
    transactionProcess: null,
    namespaces: { visibility: {} },
    isDefault: false,
    active: true
  }),
  mergeFields: ["pricing", "timing", "namespaces", "transactionProcess"],
  prepare: Effect.fnUntraced(function*(draft, ctx, previous) {
    yield* checkTransactionProcess(draft.transactionProcess)
    // without `isDefault`, the platform's first asset type is the default one
    const isDefault = ctx.body.isDefault ?? (previous === undefined ? ctx.store.all("assetType").length === 0 : previous.isDefault)
    if (isDefault) {
      for (const other of ctx.store.all("assetType")) {
        if (other.id !== draft.id && other.isDefault) ctx.store.put("assetType", { ...other, isDefault: false })
      }
    }
    return { ...draft, isDefault }
  }),
  beforeRemove: (doc, ctx) =>
    ctx.store.all("asset").some((asset) => asset.assetTypeId === doc.id)
      ? Effect.fail(unprocessable("Some assets are still associated with this asset type"))
      : Effect.void,
  event: "asset_type",
  plainArrayIn2019: { orderBy: "createdDate", order: "asc" }
}
