/**
 * API versions and the two list shapes.
 *
 * `2019-05-20` lists are page-based (`page`, `nbPages`, `nbResults`); `2020-08-10` lists (the
 * default) are cursor-based (`startingAfter`/`endingBefore`, opaque base64 cursors of
 * `<orderBy value>~|~<id>`). `nbResultsPerPage` is 1-100, 20 by default, in both.
 */
import { unprocessable } from "./ApiError.js"
import type { Doc } from "./Store.js"
import * as V from "./Validation.js"

/** The API versions, newest first. */
export const apiVersions = ["2020-08-10", "2019-05-20"] as const

/** An API version. */
export type ApiVersion = (typeof apiVersions)[number]

/** The version used when a request names none (new platforms store the latest). */
export const latestVersion: ApiVersion = apiVersions[0]

/** Does this version use page-based lists? */
export const isOffsetVersion = (version: ApiVersion): boolean => version <= "2019-05-20"

/** Default page size. */
export const DEFAULT_PAGE_SIZE = 20

/** Rules for the pagination and ordering parameters of a list, per version. */
export const paginationRules = (
  version: ApiVersion,
  options: { readonly offsetOrderBy?: ReadonlyArray<string>; readonly cursorOrderBy?: ReadonlyArray<string> } = {}
): Record<string, V.Rule> => {
  const common = {
    order: V.string({ valid: ["asc", "desc"] }),
    nbResultsPerPage: V.integer({ min: 1, max: 100 })
  }
  if (isOffsetVersion(version)) {
    return {
      ...common,
      page: V.integer({ min: 1 }),
      orderBy: V.string({ valid: options.offsetOrderBy ?? ["createdDate", "updatedDate"] })
    }
  }
  return {
    ...common,
    page: V.forbidden(),
    orderBy: V.string({ valid: options.cursorOrderBy ?? ["createdDate", "updatedDate"] }),
    startingAfter: V.string(),
    endingBefore: V.string()
  }
}

/** The exclusive peers of cursor pagination. */
export const cursorPeers: ReadonlyArray<ReadonlyArray<string>> = [["startingAfter", "endingBefore"]]

/** A page-based list body. */
export interface OffsetPage<A> {
  readonly nbResults: number
  readonly nbPages: number
  readonly page: number
  readonly nbResultsPerPage: number
  readonly results: ReadonlyArray<A>
}

/** A cursor-based list body. */
export interface CursorPage<A> {
  readonly startCursor: string | null
  readonly endCursor: string | null
  readonly hasPreviousPage: boolean
  readonly hasNextPage: boolean
  readonly nbResultsPerPage: number
  readonly results: ReadonlyArray<A>
}

const SEPARATOR = "~|~"

const encodeCursor = (value: unknown, id: unknown): string => {
  const text = `${value === null || value === undefined ? "[[NULL]]" : String(value)}${SEPARATOR}${String(id)}`
  let binary = ""
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte)
  return btoa(binary)
}

const decodeCursor = (cursor: string): { readonly value: string; readonly id: string } | undefined => {
  try {
    // A '+' sent unencoded in a query string arrives as a space.
    const base64 = cursor.replace(/ /g, "+")
    const text = new TextDecoder().decode(Uint8Array.from(atob(base64), (char) => char.charCodeAt(0)))
    const parts = text.split(SEPARATOR)
    return parts.length === 2 ? { value: parts[0]!, id: parts[1]! } : undefined
  } catch {
    return undefined
  }
}

const compareValues = (a: unknown, b: unknown): number => {
  if (a === b) return 0
  if (a === undefined || a === null) return -1
  if (b === undefined || b === null) return 1
  if (typeof a === "number" && typeof b === "number") return a - b
  return String(a) < String(b) ? -1 : 1
}

/** Sorts objects on a field then on id, in the given direction (the server's list order). */
export const sortDocs = <A extends Doc>(docs: ReadonlyArray<A>, orderBy: string, order: "asc" | "desc"): Array<A> => {
  const direction = order === "asc" ? 1 : -1
  return [...docs].sort((a, b) =>
    direction * (compareValues(a[orderBy], b[orderBy]) || compareValues(a.id, b.id))
  )
}

/** Pagination parameters after validation. */
export interface PageParams {
  readonly nbResultsPerPage?: number
  readonly page?: number
  readonly startingAfter?: string
  readonly endingBefore?: string
  readonly orderBy?: string
  readonly order?: "asc" | "desc"
}

/**
 * Cuts a page out of already filtered objects, in the version's shape. With `sorted: true` the
 * objects keep their order and cursors point at ids. Throws {@link ApiError} 422 "Invalid cursor"
 * (the backend turns thrown `ApiError`s into responses).
 */
export const paginate = <A extends Doc>(
  docs: ReadonlyArray<A>,
  params: PageParams,
  version: ApiVersion,
  defaults: { readonly orderBy?: string; readonly order?: "asc" | "desc"; readonly sorted?: boolean } = {}
): OffsetPage<A> | CursorPage<A> => {
  const orderBy = params.orderBy ?? defaults.orderBy ?? "createdDate"
  const order = params.order ?? defaults.order ?? "desc"
  const size = params.nbResultsPerPage ?? DEFAULT_PAGE_SIZE
  const sorted = defaults.sorted ? [...docs] : sortDocs(docs, orderBy, order)

  if (isOffsetVersion(version)) return offsetPage(sorted, params.page ?? 1, size)

  const cursor = params.startingAfter ?? params.endingBefore
  let start = 0
  let end = Math.min(size, sorted.length)
  if (cursor !== undefined) {
    const decoded = decodeCursor(cursor)
    if (decoded === undefined) throw unprocessable("Invalid cursor")
    const direction = order === "asc" ? 1 : -1
    // Where the cursor sits: the index of the first object after it.
    const after = (doc: A) =>
      direction * (compareValues(String(doc[orderBy] ?? "[[NULL]]"), decoded.value) ||
        compareValues(String(doc.id), decoded.id)) > 0
    let pivot: number
    if (defaults.sorted) {
      pivot = sorted.findIndex((doc) => String(doc.id) === decoded.id)
      if (pivot === -1) throw unprocessable("Invalid cursor")
    } else {
      pivot = sorted.findIndex(after)
      if (pivot === -1) pivot = sorted.length
    }
    const isCursorItem = defaults.sorted || (pivot > 0 && String(sorted[pivot - 1]!.id) === decoded.id)
    if (params.startingAfter !== undefined) {
      start = defaults.sorted ? pivot + 1 : pivot
      end = Math.min(start + size, sorted.length)
    } else {
      end = defaults.sorted ? pivot : isCursorItem ? pivot - 1 : pivot
      start = Math.max(0, end - size)
    }
  }
  const results = sorted.slice(start, end)
  const first = results[0]
  const last = results[results.length - 1]
  return {
    startCursor: first === undefined ? null : encodeCursor(first[orderBy], first.id),
    endCursor: last === undefined ? null : encodeCursor(last[orderBy], last.id),
    hasPreviousPage: start > 0,
    hasNextPage: end < sorted.length,
    nbResultsPerPage: size,
    results
  }
}

/** A page-based list body (also the `POST /search` and `/events/stats` shape in every version). */
export const offsetPage = <A>(items: ReadonlyArray<A>, page: number, size: number): OffsetPage<A> => ({
  nbResults: items.length,
  nbPages: Math.ceil(items.length / size),
  page,
  nbResultsPerPage: size,
  results: items.slice((page - 1) * size, page * size)
})
