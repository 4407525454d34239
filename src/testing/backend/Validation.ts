/**
 * A small Joi look-alike for request validation.
 *
 * The real server validates `params`, `body` and `query` with Joi (`convert: true`,
 * `allowUnknown: false`, `abortEarly: false`) and answers 400 with Joi's message and its
 * `details[]` as `data`. Rules here are plain data; `validate` reproduces Joi's messages for the
 * cases the backend meets (required, unknown key, types, bounds, allowed values, exclusive peers).
 */
import { ApiError } from "./ApiError.js"
import { parseCheckedJson } from "./Limits.js"

interface BaseRule {
  readonly required?: boolean
  readonly nullable?: boolean
  readonly forbidden?: boolean
  /** The value when absent (Joi's `default`). */
  readonly default?: unknown
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
    /** Names the pattern in messages, as Joi's `regex(pattern, name)`. */
    readonly patternName?: string
    readonly email?: boolean
    /** An absolute URI with a scheme (Joi's `uri()`). */
    readonly uri?: boolean
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
    /** Exact number of keys. */
    readonly length?: number
    /** Joi's `with(main, peer)`: when `main` is present, `peer` must be too. */
    readonly with?: ReadonlyArray<readonly [string, string]>
  }
  | BaseRule & {
    readonly kind: "array"
    readonly items?: Rule
    readonly single?: boolean
    readonly max?: number
    readonly min?: number
  }
  | BaseRule & { readonly kind: "any" }
  | BaseRule & { readonly kind: "alternatives"; readonly options: ReadonlyArray<Rule> }
  | BaseRule & {
    readonly kind: "when"
    /** The sibling key deciding which rule applies. */
    readonly ref: string
    readonly is: unknown
    readonly then: Rule
    readonly otherwise: Rule
  }

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
/**
 * Joi's `when`: `then` when the sibling `ref` equals `is` (or `is(value)` holds, for a function),
 * `otherwise` else (keys of an object only).
 */
export const when = (ref: string, is: unknown, then: Rule, otherwise: Rule): Rule => ({ kind: "when", ref, is, then, otherwise })

const whenHolds = (is: unknown, value: unknown): boolean =>
  typeof is === "function" ? (is as (value: unknown) => boolean)(value) : (value ?? undefined) === is
/** Gives a rule a default value (Joi's `default`). */
export const withDefault = (rule: Rule, value: unknown): Rule => ({ ...rule, default: value })
/** Marks a rule required. */
export const required = (rule: Rule): Rule => ({ ...rule, required: true })
/** Marks a rule as refusing any value. */
export const forbidden = (rule: Rule = any()): Rule => ({ ...rule, forbidden: true })
/** Allows `null`. */
export const nullable = (rule: Rule): Rule => ({ ...rule, nullable: true })
/** A string or an array of strings (id filters). */
export const ids = (): Rule => alternatives([string(), array(string())])
/** A value, or a range object `{ lt, lte, gt, gte }` of that value (list filters). */
export const range = (inner: Rule): Rule => alternatives([inner, object({ lt: inner, lte: inner, gt: inner, gte: inner })])
/** A duration object with exactly one time unit key and a positive integer, e.g. `{ d: 3 }`. */
export const duration = (options: BaseRule = {}): Rule =>
  object({
    m: integer({ min: 1 }),
    h: integer({ min: 1 }),
    d: integer({ min: 1 }),
    n: integer({ min: 1 }),
    w: integer({ min: 1 }),
    M: integer({ min: 1 })
  }, { ...options, length: 1 })

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

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/

const ISO_DATE = /^\d{4}(-\d{2}(-\d{2})?)?(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)?)?$/

/** Joi's label of a path: `price`, `location.latitude`, `permissions[0]`; `value` at the root. */
const labelOf = (path: ReadonlyArray<string | number>): string => {
  if (path.length === 0) return "value"
  let label = ""
  for (const part of path) {
    if (typeof part === "number") label += `[${part}]`
    else label += label === "" ? part : `.${part}`
  }
  return label
}

interface State {
  readonly details: Array<Detail>
}

/** Joi's display of a list in messages: `[a, b]`. */
const list = (items: ReadonlyArray<unknown>): string => `[${items.map(String).join(", ")}]`

const report = (
  state: State,
  path: ReadonlyArray<string | number>,
  type: string,
  text: (label: string) => string,
  value: unknown,
  context: Record<string, unknown> = {}
): void => {
  const label = labelOf(path)
  state.details.push({
    message: text(`"${label}"`),
    path,
    type,
    context: {
      ...context,
      label,
      ...(value === undefined ? {} : { value }),
      ...(path.length === 0 ? {} : { key: path[path.length - 1] })
    }
  })
}

/** A JSON query value, or `undefined` when it is not JSON; hostile JSON is refused (see Limits). */
const parseJson = (value: string): unknown => {
  try {
    return parseCheckedJson(value, "Query value")
  } catch (error) {
    if (error instanceof ApiError) throw error
    return undefined
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

/** Validates one value; errors go to `state` in Joi's order, the converted value is returned. */
const check = (value: unknown, rule: Rule, path: ReadonlyArray<string | number>, state: State): unknown => {
  if (value === undefined) {
    if (rule.required) report(state, path, "any.required", (l) => `${l} is required`, undefined)
    return structuredClone(rule.default)
  }
  if (rule.forbidden) {
    report(state, path, "any.unknown", (l) => `${l} is not allowed`, value)
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
        report(state, path, "string.base", (l) => `${l} must be a string`, value)
        return value
      }
      if (value === "" && !rule.empty) {
        report(state, path, "string.empty", (l) => `${l} is not allowed to be empty`, value)
        return value
      }
      if (rule.valid !== undefined && !rule.valid.includes(value)) {
        const valids = rule.valid
        report(state, path, "any.only", (l) => `${l} must be ${valids.length === 1 ? "" : "one of "}${list(valids)}`, value, {
          valids
        })
        return value
      }
      if (rule.min !== undefined && value.length < rule.min) {
        report(state, path, "string.min", (l) => `${l} length must be at least ${rule.min} characters long`, value, {
          limit: rule.min
        })
      }
      if (rule.max !== undefined && value.length > rule.max) {
        report(
          state,
          path,
          "string.max",
          (l) => `${l} length must be less than or equal to ${rule.max} characters long`,
          value,
          { limit: rule.max }
        )
      }
      if (rule.pattern !== undefined && !rule.pattern.test(value)) {
        if (rule.patternName !== undefined) {
          const name = rule.patternName
          report(state, path, "string.pattern.name", (l) => `${l} with value "${value}" fails to match the ${name} pattern`,
            value, { name, regex: {} })
        } else {
          report(state, path, "string.pattern.base", (l) => `${l} with value "${value}" fails to match the required pattern: ${rule.pattern}`,
            value, { regex: {} })
        }
      }
      if (rule.uri && !/^[A-Za-z][A-Za-z\d+.-]*:[^\s]*$/.test(value)) {
        report(state, path, "string.uri", (l) => `${l} must be a valid uri`, value)
      }
      if (rule.email && !EMAIL.test(value)) {
        report(state, path, "string.email", (l) => `${l} must be a valid email`, value, { invalids: [value] })
      }
      if (rule.isoDate) {
        // Joi checks the ISO format, then (convert: true) stores the simplified extended format
        if (!ISO_DATE.test(value) || Number.isNaN(Date.parse(value))) {
          report(state, path, "string.isoDate", (l) => `${l} must be in iso format`, value)
          return value
        }
        return new Date(value).toISOString()
      }
      return value
    }
    case "number": {
      const converted = typeof value === "string" && value.trim() !== "" ? Number(value) : value
      if (typeof converted !== "number" || Number.isNaN(converted)) {
        report(state, path, "number.base", (l) => `${l} must be a number`, value)
        return value
      }
      if (!Number.isFinite(converted)) {
        report(state, path, "number.infinity", (l) => `${l} cannot be infinity`, value)
        return value
      }
      // Joi refuses what a double cannot hold exactly, before any other rule of the number
      if (Math.abs(converted) > Number.MAX_SAFE_INTEGER) {
        report(state, path, "number.unsafe", (l) => `${l} must be a safe number`, converted)
        return converted
      }
      if (rule.integer && !Number.isInteger(converted)) {
        report(state, path, "number.integer", (l) => `${l} must be an integer`, converted)
      }
      if (rule.min !== undefined && converted < rule.min) {
        report(state, path, "number.min", (l) => `${l} must be larger than or equal to ${rule.min}`, converted, {
          limit: rule.min
        })
      }
      if (rule.max !== undefined && converted > rule.max) {
        report(state, path, "number.max", (l) => `${l} must be less than or equal to ${rule.max}`, converted, {
          limit: rule.max
        })
      }
      return converted
    }
    case "boolean": {
      const lower = typeof value === "string" ? value.toLowerCase() : value
      const converted = lower === "true" ? true : lower === "false" ? false : value
      if (typeof converted !== "boolean") {
        report(state, path, "boolean.base", (l) => `${l} must be a boolean`, value)
        return value
      }
      return converted
    }
    case "array": {
      let items: unknown = typeof value === "string" && value.trimStart().startsWith("[") ? parseJson(value) ?? value : value
      if (!Array.isArray(items)) {
        if (rule.single) items = [value]
        else {
          report(state, path, "array.base", (l) => `${l} must be an array`, value)
          return value
        }
      }
      const itemRule = rule.items
      const checked = itemRule === undefined
        ? [...(items as Array<unknown>)]
        : (items as Array<unknown>).map((item, index) => check(item, { ...itemRule, required: false }, [...path, index], state))
      if (rule.min !== undefined && checked.length < rule.min) {
        report(state, path, "array.min", (l) => `${l} must contain at least ${rule.min} items`, checked, { limit: rule.min })
      }
      if (rule.max !== undefined && checked.length > rule.max) {
        report(state, path, "array.max", (l) => `${l} must contain less than or equal to ${rule.max} items`, checked, {
          limit: rule.max
        })
      }
      return checked
    }
    case "object": {
      const source: unknown = typeof value === "string" && value.trimStart().startsWith("{") ? parseJson(value) ?? value : value
      if (!isObject(source)) {
        report(state, path, "object.base", (l) => `${l} must be of type object`, value, { type: "object" })
        return value
      }
      const output: Record<string, unknown> = {}
      const keys = rule.keys
      // Joi checks the declared keys in their declared order, then the unknown ones in input order
      if (keys !== undefined) {
        for (const [key, declared] of Object.entries(keys)) {
          const keyRule = declared.kind === "when"
            ? (whenHolds(declared.is, source[declared.ref]) ? declared.then : declared.otherwise)
            : declared
          const checked = check(source[key], keyRule, [...path, key], state)
          if (checked !== undefined) output[key] = checked
        }
      }
      for (const [key, item] of Object.entries(source)) {
        // an own key only: `constructor` or `toString` in a body is an unknown key like any other
        if (keys !== undefined && Object.hasOwn(keys, key)) continue
        if (rule.values !== undefined) {
          const checked = check(item, rule.values, [...path, key], state)
          if (checked !== undefined) output[key] = checked
          continue
        }
        if (keys !== undefined && !rule.unknown) {
          report(state, [...path, key], "object.unknown", (l) => `${l} is not allowed`, item, { child: key })
        }
        output[key] = item
      }
      for (const [main, peer] of rule.with ?? []) {
        if (source[main] !== undefined && source[peer] === undefined) {
          // Joi names the peers by their keys, wherever the object is
          const mainLabel = main
          const peerLabel = peer
          report(state, path, "object.with", () => `"${mainLabel}" missing required peer "${peerLabel}"`, output, {
            main,
            mainWithLabel: mainLabel,
            peer,
            peerWithLabel: peerLabel
          })
        }
      }
      if (rule.length !== undefined && Object.keys(source).length !== rule.length) {
        const limit = rule.length
        report(state, path, "object.length", (l) => `${l} must have ${limit} key${limit === 1 ? "" : "s"}`, output, { limit })
      }
      const peersContext = (peers: ReadonlyArray<string>, present?: ReadonlyArray<string>) => ({
        peers,
        peersWithLabels: peers,
        ...(present === undefined ? {} : { present, presentWithLabels: present })
      })
      for (const peers of rule.xor ?? []) {
        const present = peers.filter((peer) => source[peer] !== undefined)
        if (present.length === 0) {
          report(state, path, "object.missing", (l) => `${l} must contain at least one of ${list(peers)}`, output,
            peersContext(peers))
        } else if (present.length > 1) {
          report(state, path, "object.xor", (l) => `${l} contains a conflict between exclusive peers ${list(peers)}`, output,
            peersContext(peers, present))
        }
      }
      for (const peers of rule.oxor ?? []) {
        const present = peers.filter((peer) => source[peer] !== undefined)
        if (present.length > 1) {
          report(
            state,
            path,
            "object.oxor",
            (l) => `${l} contains a conflict between optional exclusive peers ${list(peers)}`,
            output,
            peersContext(peers, present)
          )
        }
      }
      return output
    }
    case "alternatives":
      return checkAlternatives(value, rule, path, state)
    case "when":
      // resolved by the enclosing object, which knows the sibling value
      return check(value, rule.otherwise, path, state)
  }
}

/** Joi's `alternatives().try(...)`: the first match wins; otherwise Joi's choice of error. */
const checkAlternatives = (
  value: unknown,
  rule: Extract<Rule, { kind: "alternatives" }>,
  path: ReadonlyArray<string | number>,
  state: State
): unknown => {
  const failures: Array<ReadonlyArray<Detail>> = []
  for (const option of rule.options) {
    const trial: State = { details: [] }
    const checked = check(value, { ...option, required: false }, path, trial)
    if (trial.details.length === 0) return checked
    failures.push(trial.details)
  }
  if (failures.length === 1) {
    for (const detail of failures[0]!) state.details.push(detail)
    return value
  }
  const types = new Set<string>()
  const complex: Array<Detail> = []
  for (const details of failures) {
    if (details.length > 1) {
      report(state, path, "alternatives.match", (l) => `${l} does not match any of the allowed types`, value)
      return value
    }
    const detail = details[0]!
    if (detail.path.length !== path.length) complex.push(detail)
    else if (detail.type === "any.only") for (const valid of (detail.context.valids as Array<string>)) types.add(valid)
    else if (detail.type.split(".")[1] === "base") types.add(detail.type.split(".")[0]!)
    else complex.push(detail)
  }
  if (complex.length === 0) {
    const all = [...types]
    report(state, path, "alternatives.types", (l) => `${l} must be one of ${list(all)}`, value, { types: all })
  } else if (complex.length === 1) {
    state.details.push(complex[0]!)
  } else {
    report(state, path, "alternatives.match", (l) => `${l} does not match any of the allowed types`, value)
  }
  return value
}

/**
 * Validates (and converts, as Joi's `convert: true` does) a value. `root` names the value when it
 * is missing, as the real server words it: `"body" is required`; other errors about the value as
 * a whole call it `"value"`, as Joi does.
 */
export const validate = (
  value: unknown,
  rule: Rule,
  root: string
): { readonly value: unknown; readonly details: ReadonlyArray<Detail> } => {
  const state: State = { details: [] }
  const checked = check(value, rule, [], state)
  const details = state.details.map((detail) =>
    detail.type === "any.required" && detail.path.length === 0 ? { ...detail, message: `"${root}" is required` } : detail
  )
  return { value: checked, details }
}

/** The 400 the server answers for failed validation: Joi's joined message, details as `data`. */
export const validationError = (details: ReadonlyArray<Detail>): ApiError =>
  new ApiError({
    statusCode: 400,
    message: details.map((detail) => detail.message).join(". "),
    data: details
  })
