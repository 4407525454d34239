/** Custom attributes (`attr_`) and the check of asset values against them. */
import * as Effect from "effect/Effect"
import { type ApiError, unprocessable } from "../ApiError.js"
import { dataFields, type Family } from "../Resources.js"
import { type RequestContext } from "../Route.js"
import { type Doc } from "../Store.js"
import * as V from "../Validation.js"
import { strings, unique } from "./shared.js"

/** Custom attributes (`attr_`); `name` and `type` cannot change. */
export const customAttribute: Family = {
  name: "customAttribute",
  path: "/custom-attributes",
  prefix: "attr",
  operations: ["list", "read", "create", "update", "remove"],
  scope: "all",
  create: V.object({
    name: V.required(V.string({ max: 255, pattern: /^[A-Za-z0-9_]+$/ })),
    type: V.required(V.string({ valid: ["number", "boolean", "text", "select", "tags"] })),
    listValues: V.nullable(strings()),
    ...dataFields
  }),
  update: V.object({ listValues: V.nullable(strings()), ...dataFields }),
  defaults: () => ({ listValues: null }),
  prepare: Effect.fnUntraced(function*(draft, ctx) {
    yield* unique(ctx, "customAttribute", draft, ["name"], "Custom attribute name already used")
    if (draft.type === "select" && !Array.isArray(draft.listValues)) {
      return yield* Effect.fail(unprocessable("Custom attribute of type \"select\" needs list values"))
    }
    return draft
  }),
  event: "custom_attribute"
}

/** Checks asset custom attribute values against their definitions. */
export const checkCustomAttributes = (ctx: RequestContext, values: Doc): Effect.Effect<void, ApiError> => {
  const definitions = ctx.store.all("customAttribute")
  const errors: Array<Doc> = []
  for (const [name, value] of Object.entries(values)) {
    const definition = definitions.find((candidate) => candidate.name === name)
    if (definition === undefined) {
      errors.push({ name, message: "Unknown custom attribute" })
      continue
    }
    const listValues: ReadonlyArray<string> | null = definition.listValues
    const valid = value === null || ((): boolean => {
      switch (definition.type) {
        case "number":
          return typeof value === "number"
        case "boolean":
          return typeof value === "boolean"
        case "text":
          return typeof value === "string"
        case "select":
          return typeof value === "string" && (listValues === null || listValues.includes(value))
        case "tags":
          return Array.isArray(value) &&
            value.every((tag) => typeof tag === "string" && (listValues === null || listValues.includes(tag)))
        default:
          return false
      }
    })()
    if (!valid) errors.push({ name, message: `Invalid value for the custom attribute of type ${definition.type}` })
  }
  return errors.length === 0
    ? Effect.void
    : Effect.fail(unprocessable(`Invalid custom attributes (${errors.map((error) => error.name).join(", ")})`, {
      errors
    }))
}
