/**
 * A small Joi look-alike for request validation.
 *
 * The real server validates `params`, `body` and `query` with Joi (`convert: true`,
 * `allowUnknown: false`, `abortEarly: false`) and answers 400 with Joi's message and its
 * `details[]` as `data`. Rules here are plain data; `validate` reproduces Joi's messages for the
 * cases the backend meets (required, unknown key, types, bounds, allowed values, exclusive peers).
 */
import { ApiError } from "./ApiError.js"

interface BaseRule {
  readonly required?: boolean
  readonly nullable?: boolean
  readonly forbidden?: boolean
}

/** A validation rule (see the builders below). */
export type Rule =
  | BaseRule & {
    readonly kind: "string"
    readonly max?: number
    readonly min?: number
    readonly valid?: ReadonlyArray<string>
    readonly empty?: boolean
    readonly isoDate?: boolean
    readonly pattern?: RegExp
  }
  | BaseRule & {
    readonly kind: "number"
    readonly integer?: boolean
    readonly min?: number
    readonly max?: number
  }
  | BaseRule & { readonly kind: "boolean" }
  | BaseRule & {
    readonly kind: "object"
    readonly keys?: Readonly<Record<string, Rule>>
    readonly unknown?: boolean
    readonly values?: Rule
    readonly oxor?: ReadonlyArray<ReadonlyArray<string>>
    readonly xor?: ReadonlyArray<ReadonlyArray<string>>
  }
  | BaseRule & {
    readonly kind: "array"
    readonly items?: Rule
    readonly single?: boolean
    readonly max?: number
  }
  | BaseRule & { readonly kind: "any" }
  | BaseRule & { readonly kind: "alternatives"; readonly options: ReadonlyArray<Rule> }

/** One Joi-style error detail, as found in the `data` of a 400. */
export interface Detail {
  readonly message: string
  readonly path: ReadonlyArray<string | number>
  readonly type: string
  readonly context: Readonly<Record<string, unknown>>
}

type Options<R> = Omit<R, "kind">
type Of<K extends Rule["kind"]> = Extract<Rule, { kind: K }>

/** A string; `empty: true` accepts `''`. */
export const string = (options: Options<Of<"string">> = {}): Rule => ({ kind: "string", ...options })
/** An ISO 8601 date string. */
export const isoDate = (options: Options<Of<"string">> = {}): Rule => ({ kind: "string", isoDate: true, ...options })
/** A number. */
export const number = (options: Options<Of<"number">> = {}): Rule => ({ kind: "number", ...options })
/** An integer. */
export const integer = (options: Options<Of<"number">> = {}): Rule => ({ kind: "number", integer: true, ...options })
/** A boolean (`"true"`/`"false"` are converted, as Joi does). */
export const boolean = (options: Options<Of<"boolean">> = {}): Rule => ({ kind: "boolean", ...options })
/** An object with known keys; unknown keys are refused unless `unknown: true`. */
export const object = (keys?: Record<string, Rule>, options: Options<Omit<Of<"object">, "keys">> = {}): Rule => ({
  kind: "object",
  ...(keys === undefined ? { unknown: true } : { keys }),
  ...options
})
/** Any JSON object (metadata, platformData, free-form data). */
export const record = (options: BaseRule = {}): Rule => ({ kind: "object", unknown: true, ...options })
/** An array. */
export const array = (items?: Rule, options: Options<Omit<Of<"array">, "items">> = {}): Rule => ({
  kind: "array",
  ...(items === undefined ? {} : { items }),
  ...options
})
/** Any value. */
export const any = (options: BaseRule = {}): Rule => ({ kind: "any", ...options })
/** One of several rules. */
export const alternatives = (options: ReadonlyArray<Rule>, base: BaseRule = {}): Rule => ({
  kind: "alternatives",
  options,
  ...base
})
/** Marks a rule required. */
export const required = (rule: Rule): Rule => ({ ...rule, required: true })
/** Marks a rule as refusing any value. */
export const forbidden = (rule: Rule = any()): Rule => ({ ...rule, forbidden: true })
/** Allows `null`. */
export const nullable = (rule: Rule): Rule => ({ ...rule, nullable: true })
/** A string or an array of strings (id filters). */
export const ids = (): Rule => alternatives([string(), array(string())])
/** A value, or a range object `{ lt | lte, gt | gte }` of that value (list filters). */
export const range = (inner: Rule): Rule =>
  alternatives([
    inner,
    object({ lt: inner, lte: inner, gt: inner, gte: inner }, { oxor: [["lt", "lte"], ["gt", "gte"]] })
  ])
/** A duration object with one time unit key, e.g. `{ d: 3 }`. */
export const duration = (options: BaseRule = {}): Rule =>
  object({
    m: integer({ min: 0 }),
    h: integer({ min: 0 }),
    d: integer({ min: 0 }),
    n: integer({ min: 0 }),
    w: integer({ min: 0 }),
    M: integer({ min: 0 })
  }, options)

/** Adds, replaces or removes keys of an object rule (`undefined` removes the key). */
export const extend = (rule: Rule, keys: Record<string, Rule | undefined>, options: BaseRule = {}): Rule => {
  if (rule.kind !== "object") return rule
  const next: Record<string, Rule> = { ...rule.keys }
  for (const [key, value] of Object.entries(keys)) {
    if (value === undefined) delete next[key]
    else next[key] = value
  }
  return { ...rule, keys: next, ...options }
}

/** Makes every key of an object rule optional (a PATCH body from a create body). */
export const partial = (rule: Rule): Rule => {
  if (rule.kind !== "object" || rule.keys === undefined) return rule
  return {
    ...rule,
    keys: Object.fromEntries(Object.entries(rule.keys).map(([key, value]) => [key, { ...value, required: false }]))
  }
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/

const labelOf = (path: ReadonlyArray<string | number>, root: string): string => {
  if (path.length === 0) return root
  let label = ""
  for (const part of path) {
    if (typeof part === "number") label += `[${part}]`
    else label += label === "" ? part : `.${part}`
  }
  return label
}

interface State {
  readonly details: Array<Detail>
  readonly root: string
}

const report = (
  state: State,
  path: ReadonlyArray<string | number>,
  type: string,
  text: (label: string) => string,
  context: Record<string, unknown> = {}
): void => {
  const label = labelOf(path, state.root)
  state.details.push({
    message: text(`"${label}"`),
    path,
    type,
    context: { label, key: path[path.length - 1] ?? state.root, ...context }
  })
}

const parseJson = (value: string): unknown => {
  try {
    return JSON.parse(value)
  } catch {
    return undefined
  }
}

const check = (value: unknown, rule: Rule, path: ReadonlyArray<string | number>, state: State): unknown => {
  if (value === undefined) {
    if (rule.required) report(state, path, "any.required", (l) => `${l} is required`)
    return undefined
  }
  if (rule.forbidden) {
    report(state, path, "any.unknown", (l) => `${l} is not allowed`)
    return value
  }
  if (value === null) {
    if (rule.nullable || rule.kind === "any") return null
    if (rule.kind === "alternatives" && rule.options.some((option) => option.nullable)) return null
  }
  switch (rule.kind) {
    case "any":
      return value
    case "string": {
      if (typeof value !== "string") {
        report(state, path, "string.base", (l) => `${l} must be a string`)
        return value
      }
      if (value === "" && !rule.empty) {
        report(state, path, "string.empty", (l) => `${l} is not allowed to be empty`)
        return value
      }
      if (rule.valid !== undefined && !rule.valid.includes(value)) {
        report(state, path, "any.only", (l) => `${l} must be one of [${rule.valid!.join(", ")}]`, {
          valids: rule.valid
        })
      }
      if (rule.max !== undefined && value.length > rule.max) {
        report(
          state,
          path,
          "string.max",
          (l) => `${l} length must be less than or equal to ${rule.max} characters long`,
          { limit: rule.max }
        )
      }
      if (rule.min !== undefined && value.length < rule.min) {
        report(state, path, "string.min", (l) => `${l} length must be at least ${rule.min} characters long`, {
          limit: rule.min
        })
      }
      if (rule.isoDate && value !== "" && (!ISO_DATE.test(value) || Number.isNaN(Date.parse(value)))) {
        report(state, path, "string.isoDate", (l) => `${l} must be in iso format`)
      }
      if (rule.pattern !== undefined && !rule.pattern.test(value)) {
        report(
          state,
          path,
          "string.pattern.base",
          (l) => `${l} with value "${value}" fails to match the required pattern: ${rule.pattern}`
        )
      }
      return value
    }
    case "number": {
      const converted = typeof value === "string" && value.trim() !== "" ? Number(value) : value
      if (typeof converted !== "number" || Number.isNaN(converted)) {
        report(state, path, "number.base", (l) => `${l} must be a number`)
        return value
      }
      if (rule.integer && !Number.isInteger(converted)) {
        report(state, path, "number.integer", (l) => `${l} must be an integer`)
      }
      if (rule.min !== undefined && converted < rule.min) {
        report(state, path, "number.min", (l) => `${l} must be greater than or equal to ${rule.min}`, {
          limit: rule.min
        })
      }
      if (rule.max !== undefined && converted > rule.max) {
        report(state, path, "number.max", (l) => `${l} must be less than or equal to ${rule.max}`, {
          limit: rule.max
        })
      }
      return converted
    }
    case "boolean": {
      const converted = value === "true" ? true : value === "false" ? false : value
      if (typeof converted !== "boolean") {
        report(state, path, "boolean.base", (l) => `${l} must be a boolean`)
        return value
      }
      return converted
    }
    case "array": {
      let items: unknown = typeof value === "string" && value.trimStart().startsWith("[") ? parseJson(value) : value
      if (!Array.isArray(items)) {
        if (rule.single) items = [value]
        else {
          report(state, path, "array.base", (l) => `${l} must be an array`)
          return value
        }
      }
      const list = items as Array<unknown>
      if (rule.max !== undefined && list.length > rule.max) {
        report(state, path, "array.max", (l) => `${l} must contain less than or equal to ${rule.max} items`, {
          limit: rule.max
        })
      }
      const itemRule = rule.items
      return itemRule === undefined
        ? list
        : list.map((item, index) => check(item, { ...itemRule, required: false }, [...path, index], state))
    }
    case "object": {
      const source: unknown = typeof value === "string" && value.trimStart().startsWith("{") ? parseJson(value) : value
      if (typeof source !== "object" || source === null || Array.isArray(source)) {
        report(state, path, "object.base", (l) => `${l} must be of type object`)
        return value
      }
      const input = source as Record<string, unknown>
      const output: Record<string, unknown> = {}
      const keys = rule.keys
      for (const [key, item] of Object.entries(input)) {
        const keyRule = keys?.[key] ?? rule.values
        if (keyRule === undefined) {
          if (keys !== undefined && !rule.unknown) {
            report(state, [...path, key], "object.unknown", (l) => `${l} is not allowed`)
          }
          output[key] = item
          continue
        }
        const checked = check(item, keyRule, [...path, key], state)
        if (checked !== undefined) output[key] = checked
      }
      if (keys !== undefined) {
        for (const [key, keyRule] of Object.entries(keys)) {
          if (!(key in input) && keyRule.required) check(undefined, keyRule, [...path, key], state)
        }
      }
      for (const peers of rule.oxor ?? []) {
        const present = peers.filter((peer) => input[peer] !== undefined)
        if (present.length > 1) {
          report(
            state,
            path,
            "object.oxor",
            (l) => `${l} contains a conflict between optional exclusive peers [${peers.join(", ")}]`,
            { peers, present }
          )
        }
      }
      for (const peers of rule.xor ?? []) {
        const present = peers.filter((peer) => input[peer] !== undefined)
        if (present.length === 0) {
          report(
            state,
            path,
            "object.missing",
            (l) => `${l} must contain at least one of [${peers.join(", ")}]`,
            { peers }
          )
        } else if (present.length > 1) {
          report(
            state,
            path,
            "object.xor",
            (l) => `${l} contains a conflict between exclusive peers [${peers.join(", ")}]`,
            { peers, present }
          )
        }
      }
      return output
    }
    case "alternatives": {
      for (const option of rule.options) {
        const trial: State = { details: [], root: state.root }
        const checked = check(value, option, path, trial)
        if (trial.details.length === 0) return checked
      }
      report(state, path, "alternatives.match", (l) => `${l} does not match any of the allowed types`)
      return value
    }
  }
}

/**
 * Validates (and converts, as Joi's `convert: true` does) a value.
 * `root` names the value in messages: `"body" is required`.
 */
export const validate = (
  value: unknown,
  rule: Rule,
  root: string
): { readonly value: unknown; readonly details: ReadonlyArray<Detail> } => {
  const state: State = { details: [], root }
  const checked = check(value, rule, [], state)
  return { value: checked, details: state.details }
}

/** The 400 the server answers for failed validation: Joi's joined message, details as `data`. */
export const validationError = (details: ReadonlyArray<Detail>): ApiError =>
  new ApiError({
    statusCode: 400,
    message: details.map((detail) => detail.message).join(". "),
    data: details
  })
