/**
 * Query strings as the real server reads them (restify's `queryParser`, i.e. `qs`): bracket
 * notation nests (`createdDate[gte]=...`, `id[]=a&id[]=b`), repeated keys make arrays, and Joi
 * later converts JSON strings (`createdDate={"gte":...}`, what axios sends) into objects.
 */

/** A parsed query: strings, arrays and nested objects. */
export type Query = Record<string, unknown>

/**
 * Key segments a parameter may not use: writing them would reach `Object.prototype`
 * (`__proto__[x]=y`, `constructor[prototype][x]=y`) and change every object of the process. As
 * `qs` does (without `allowPrototypes`), a parameter naming one of them is ignored as a whole.
 */
const prototypeKeys: ReadonlySet<string> = new Set([...Object.getOwnPropertyNames(Object.prototype), "prototype"])

/** How deep brackets nest, as `qs` (`depth: 5`): deeper segments stay one literal key. */
const maxDepth = 5

const setPath = (target: Record<string, unknown>, keys: ReadonlyArray<string>, value: string): void => {
  let node: Record<string, unknown> = target
  keys.forEach((key, index) => {
    const last = index === keys.length - 1
    const nextIsPush = keys[index + 1] === ""
    if (last) {
      if (key === "") return
      const existing = node[key]
      if (existing === undefined) node[key] = value
      else if (Array.isArray(existing)) existing.push(value)
      else node[key] = [existing, value]
      return
    }
    if (nextIsPush) {
      const existing = node[key]
      const list = Array.isArray(existing) ? existing : existing === undefined ? [] : [existing]
      list.push(value)
      node[key] = list
      return
    }
    const child = node[key]
    if (typeof child !== "object" || child === null || Array.isArray(child)) node[key] = {}
    node = node[key] as Record<string, unknown>
  })
}

/** Parses `URLSearchParams` into a nested object. Keys without a value are dropped. */
export const parseQuery = (params: URLSearchParams): Query => {
  const query: Query = {}
  for (const [rawKey, value] of params) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(rawKey)
    const segments = match ? Array.from(match[2]!.matchAll(/\[([^[\]]*)\]/g), (m) => m[1]!) : []
    const keys = match
      ? [
        match[1]!,
        ...segments.slice(0, maxDepth),
        ...(segments.length > maxDepth ? [segments.slice(maxDepth).map((segment) => `[${segment}]`).join("")] : [])
      ]
      : [rawKey]
    if (keys.some((key) => prototypeKeys.has(key))) continue
    if (value === "" && keys[keys.length - 1] !== "") continue
    setPath(query, keys, value)
  }
  return query
}

/** A list filter value as an array: `a`, `a,b` and `[a, b]` all work. */
export const toList = (value: unknown): Array<string> => {
  if (value === undefined || value === null) return []
  const items = Array.isArray(value) ? value : [value]
  return items.flatMap((item) => String(item).split(",")).map((item) => item.trim()).filter((item) => item !== "")
}

type Comparable = number | string

const compare = (a: Comparable, b: Comparable): number => (a < b ? -1 : a > b ? 1 : 0)

/**
 * Does a value satisfy an exact-or-range filter (`10`, `{ gte: 5, lt: 20 }`)?
 * Dates compare as ISO strings; numbers as numbers.
 */
export const matchesRange = (actual: unknown, filter: unknown, kind: "number" | "date"): boolean => {
  if (actual === undefined || actual === null) return false
  const normalize = (value: unknown): Comparable =>
    kind === "number" ? Number(value) : new Date(String(value)).toISOString()
  const value = normalize(actual)
  if (typeof filter !== "object" || filter === null) return compare(value, normalize(filter)) === 0
  const bounds = filter as Record<string, unknown>
  if (bounds.lt !== undefined && !(compare(value, normalize(bounds.lt)) < 0)) return false
  if (bounds.lte !== undefined && !(compare(value, normalize(bounds.lte)) <= 0)) return false
  if (bounds.gt !== undefined && !(compare(value, normalize(bounds.gt)) > 0)) return false
  if (bounds.gte !== undefined && !(compare(value, normalize(bounds.gte)) >= 0)) return false
  return true
}

/** Is `subset` contained in `value` (JSON superset, like Postgres `@>`)? Query strings compare loosely. */
export const isSuperset = (value: unknown, subset: unknown): boolean => {
  if (typeof subset !== "object" || subset === null) {
    return value === subset || (typeof subset === "string" && String(value) === subset)
  }
  if (Array.isArray(subset)) {
    return Array.isArray(value) && subset.every((item) => value.some((candidate) => isSuperset(candidate, item)))
  }
  if (typeof value !== "object" || value === null) return false
  const record = value as Record<string, unknown>
  return Object.entries(subset).every(([key, item]) => isSuperset(record[key], item))
}
