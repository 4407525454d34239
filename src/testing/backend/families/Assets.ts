/** Assets (`ast_`) and the events their updates derive. */
import * as Effect from "effect/Effect"
import { badRequest, unprocessable } from "../ApiError.js"
import { isValidCurrency } from "../Currencies.js"
import { dataFields, F, type Family } from "../Resources.js"
import { type Doc, newId } from "../Store.js"
import * as V from "../Validation.js"
import { assetType } from "./AssetTypes.js"
import { checkCustomAttributes } from "./CustomAttributes.js"

const isEqual = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b)

/** The fields a change really changes (given, and different from before). */
const changedFields = (changes: Doc, previous: Doc, fields: ReadonlyArray<string>): Doc =>
  Object.fromEntries(fields.filter((field) => changes[field] !== undefined && !isEqual(changes[field], previous[field]))
    .map((field) => [field, changes[field]]))

/** What the real server derives from an asset update: one event per kind of change. */
const assetDeltas = (changes: Doc, previous: Doc): Record<string, Doc> => {
  const deltas: Record<string, Doc> = {
    asset__name_changed: changedFields(changes, previous, ["name"]),
    asset__description_changed: changedFields(changes, previous, ["description"]),
    asset__category_switched: changedFields(changes, previous, ["categoryId"]),
    asset__type_switched: changedFields(changes, previous, ["assetTypeId"]),
    asset__custom_attribute_changed: changes.customAttributes === undefined || isEqual(changes.customAttributes, previous.customAttributes)
      ? {}
      : { customAttributes: changes.customAttributes },
    asset__locations_changed: changedFields(changes, previous, ["locations"]),
    asset__quantity_changed: changedFields(changes, previous, ["quantity"]),
    asset__pricing_changed: changedFields(changes, previous, ["price", "currency"]),
    asset__activated: changes.active === true && previous.active !== true ? { active: true } : {},
    asset__deactivated: changes.active === false && previous.active !== false ? { active: false } : {},
    asset__validated: changes.validated === true && previous.validated !== true ? { validated: true } : {}
  }
  return Object.fromEntries(Object.entries(deltas).filter(([, delta]) => Object.keys(delta).length > 0))
}

const locationRule = V.object({
  latitude: V.required(V.number({ min: -90, max: 90 })),
  longitude: V.required(V.number({ min: -180, max: 180 }))
}, { unknown: true })

const assetBody = V.object({
  name: V.required(V.string({ max: 255 })),
  ownerId: V.nullable(V.string({ empty: true })),
  description: V.nullable(V.string({ max: 3000, empty: true })),
  categoryId: V.nullable(V.string()),
  validated: V.boolean(),
  active: V.boolean(),
  locations: V.array(locationRule),
  assetTypeId: V.string(),
  quantity: V.integer({ min: 0 }),
  price: V.number({ min: 0 }),
  currency: V.string(),
  customAttributes: V.record(),
  ...dataFields
})

/** Assets (`ast_`): owned by `ownerId`; category, asset type and custom attributes are checked. */
export const asset: Family = {
  name: "asset",
  path: "/assets",
  prefix: "ast",
  operations: ["list", "read", "create", "update", "remove"],
  scope: "own",
  owners: (doc) => [doc.ownerId],
  ownerField: "ownerId",
  namespacesOwner: (doc) => doc.ownerId ?? undefined,
  create: assetBody,
  update: V.extend(V.partial(assetBody), { ownerId: V.forbidden() }),
  filters: {
    ownerId: F.in(),
    categoryId: F.in(),
    assetTypeId: F.in(),
    validated: F.equals("boolean"),
    active: F.equals("boolean"),
    quantity: F.range("number"),
    price: F.range("number")
  },
  offsetOrderBy: ["name", "createdDate", "updatedDate", "quantity", "price", "validated", "active"],
  defaults: (ctx) => ({
    description: null,
    categoryId: null,
    validated: ctx.store.config.stelace?.assetsValidationAutomatic ?? true,
    active: true,
    locations: [],
    quantity: 1,
    price: 0,
    currency: null,
    customAttributes: {}
  }),
  mergeFields: ["customAttributes"],
  deltaEvents: assetDeltas,
  prepare: Effect.fnUntraced(function*(draft, ctx, previous) {
    // the real server's order of checks: category (on create), currency, category (on update), asset type...
    const invalidCurrency = Boolean(ctx.body.currency) && !isValidCurrency(ctx.body.currency)
    const missingCategory = Boolean(ctx.body.categoryId) && ctx.store.get("category", ctx.body.categoryId) === undefined
    if (previous === undefined && missingCategory) return yield* Effect.fail(unprocessable("Asset category not found"))
    if (invalidCurrency) return yield* Effect.fail(badRequest("Invalid currency"))
    if (missingCategory) return yield* Effect.fail(unprocessable("Asset category not found"))
    let type = draft.assetTypeId === undefined ? undefined : ctx.store.get("assetType", draft.assetTypeId)
    if (draft.assetTypeId !== undefined && type === undefined) {
      return yield* Effect.fail(unprocessable("Asset type not found"))
    }
    if (type === undefined) {
      const types = ctx.store.all("assetType")
      type = types.find((candidate) => candidate.isDefault)
      if (types.length === 0) {
        // the first asset of a platform without asset types gets one, made as POST /asset-types would
        const date = ctx.store.timestamp(ctx.now)
        type = ctx.store.put("assetType", {
          id: newId("typ"),
          createdDate: date,
          updatedDate: date,
          name: null,
          timeBased: false,
          ...assetType.defaults!(ctx),
          isDefault: true,
          metadata: {},
          platformData: {}
        })
      } else if (type === undefined) {
        return yield* Effect.fail(badRequest("Missing asset type ID and not asset type with `isDefault` enabled"))
      }
    }
    if (!type.active) return yield* Effect.fail(unprocessable("Asset type inactive"))
    if (ctx.body.customAttributes) yield* checkCustomAttributes(ctx, ctx.body.customAttributes)
    const quantity = type.infiniteStock && (previous === undefined || ctx.body.quantity !== undefined) ? 1 : draft.quantity
    return { ...draft, assetTypeId: type.id, quantity }
  }),
  event: "asset"
}
