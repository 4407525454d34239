/** The search parameters of the app's routes, checked on the way in. */

/** A search parameter as text: anything else (a repeated key, an object) reads as absent. */
export const text = (value: unknown): string | undefined =>
  typeof value === "string" && value.trim() !== "" ? value.trim() : undefined

/** How results are ordered; without one, best matches first (the server's own order). */
export const sortChoices = ["price-asc", "price-desc", "newest"] as const
export type SortChoice = (typeof sortChoices)[number]

/** How far from a place a search reaches, in kilometres. */
export const distances = [5, 10, 25, 50, 100] as const
export type Distance = (typeof distances)[number]

/** The distance a search near a place reaches when the address names none. */
export const defaultDistance: Distance = 25

/** A bound on a number custom attribute, in the address: `seats.min=4`, `seats.max=6`. */
export type AttributeBoundKey = `${string}.min` | `${string}.max`

/** What the search page asks for, all optional, as the address carries it. */
export interface SearchParams {
  readonly query?: string | undefined
  readonly categoryId?: string | undefined
  readonly minPrice?: string | undefined
  readonly maxPrice?: string | undefined
  readonly startDate?: string | undefined
  readonly endDate?: string | undefined
  readonly sort?: SortChoice | undefined
  /** A place the platform's listings use (a city of their `locations`), by name. */
  readonly near?: string | undefined
  readonly distance?: Distance | undefined
  /** Bounds on number custom attributes (`seats.min`), as typed: numbers in text. */
  readonly [bound: AttributeBoundKey]: string | undefined
}

/** A custom attribute bound's key: the attribute's name (a word) and which bound. */
const boundKey = /^([A-Za-z_][A-Za-z0-9_]*)\.(min|max)$/

/** The attribute and the bound of an address key, if it is one. */
export const parseBoundKey = (key: string): { readonly name: string; readonly bound: "min" | "max" } | undefined => {
  const match = boundKey.exec(key)
  // `__proto__` is no attribute a platform could have, and a key that objects treat apart
  return match === null || match[1] === "__proto__" ? undefined : { name: match[1]!, bound: match[2] as "min" | "max" }
}

const day = (value: unknown) => {
  const found = text(value)
  return found !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(found) ? found : undefined
}

const number = (value: unknown) => {
  const found = text(value)
  return found !== undefined && Number.isFinite(Number(found)) ? found : undefined
}

const amount = (value: unknown) => {
  const found = number(value)
  return found !== undefined && Number(found) >= 0 ? found : undefined
}

/** One of the choices, as the address has it (text) or as the app navigates with it (a number too). */
const oneOf = <T extends string | number>(choices: ReadonlyArray<T>, value: unknown): T | undefined => {
  const given = typeof value === "number" ? String(value) : text(value)
  return choices.find((choice) => String(choice) === given)
}

/**
 * Search parameters as the search page takes them: unknown keys dropped, malformed values ignored
 * (a price below zero, a sort or a distance the page does not offer, a bound that is no number).
 */
export const validateSearchParams = (search: Record<string, unknown>): SearchParams => {
  const bounds = Object.entries(search).flatMap(([key, value]) => {
    const bound = parseBoundKey(key) === undefined ? undefined : number(value)
    return bound === undefined ? [] : [[key as AttributeBoundKey, bound] as const]
  })
  return {
    query: text(search.query),
    categoryId: text(search.categoryId),
    minPrice: amount(search.minPrice),
    maxPrice: amount(search.maxPrice),
    startDate: day(search.startDate),
    endDate: day(search.endDate),
    sort: oneOf(sortChoices, search.sort),
    near: text(search.near),
    distance: oneOf(distances, search.distance),
    ...Object.fromEntries(bounds)
  }
}
