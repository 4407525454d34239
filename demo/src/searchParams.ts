/** The search parameters of the app's routes, checked on the way in. */

/** A search parameter as text: anything else (a repeated key, an object) reads as absent. */
export const text = (value: unknown): string | undefined =>
  typeof value === "string" && value.trim() !== "" ? value.trim() : undefined

/** What the search page asks for, all optional, as the address carries it. */
export interface SearchParams {
  readonly query?: string | undefined
  readonly categoryId?: string | undefined
  readonly minPrice?: string | undefined
  readonly maxPrice?: string | undefined
  readonly startDate?: string | undefined
  readonly endDate?: string | undefined
}

const day = (value: unknown) => {
  const found = text(value)
  return found !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(found) ? found : undefined
}

const amount = (value: unknown) => {
  const found = text(value)
  return found !== undefined && Number.isFinite(Number(found)) && Number(found) >= 0 ? found : undefined
}

/** Search parameters as the search page takes them: unknown keys dropped, malformed values ignored. */
export const validateSearchParams = (search: Record<string, unknown>): SearchParams => ({
  query: text(search.query),
  categoryId: text(search.categoryId),
  minPrice: amount(search.minPrice),
  maxPrice: amount(search.maxPrice),
  startDate: day(search.startDate),
  endDate: day(search.endDate)
})
