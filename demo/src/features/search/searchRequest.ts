/**
 * What the search page sends to `POST /search` and how it reads what comes back: the order
 * (`sort`), the price range as a filter expression (`filter`), number custom attributes as ranges
 * (`customAttributes`), and a place with a distance (`location`, `maxDistance`).
 *
 * The price range goes as the expression Stelace's hosted API reads (`_price >= 10 && _price <= 30`).
 * An open-source server without its filter plugin accepts that expression and ignores it, so the
 * page checks the results ({@link outsidePriceRange}) and says so when they are out of range.
 *
 * Where the server cannot search at all (no Elasticsearch), the page lists the active listings and
 * applies the same criteria here ({@link matchesLocally}, {@link sortLocally}), dates aside.
 */
import type { SearchParams as SearchRequest, SearchSortStep } from "stelace-effect"
import { dayToIso } from "../../lib/format.js"
import { type Place, pointsOf } from "../listings/index.js"
import { type AttributeBoundKey, defaultDistance, parseBoundKey, type SearchParams, type SortChoice } from "./searchParams.js"

/** What the search reads of a listing (an `Asset`). */
export interface Listing {
  readonly name: string
  readonly description: string | null
  readonly price: number
  readonly createdDate: string
  readonly categoryId: string | null
  readonly locations: ReadonlyArray<unknown> | null
  readonly customAttributes: Readonly<Record<string, unknown>> | null
}

/** The body of `POST /search` that the page sends: the SDK's search parameters, with a page size. */
export type SearchBody = SearchRequest & { readonly nbResultsPerPage: number }

/** The sort steps of each order the page offers (none: best matches first, then the newest). */
export const sortSteps: Readonly<Record<SortChoice, ReadonlyArray<SearchSortStep>>> = {
  "price-asc": [{ _price: "asc" }],
  "price-desc": [{ _price: "desc" }],
  newest: [{ _createdDate: "desc" }]
}

/** The bounds of a number attribute that the search asks for. */
export interface AttributeBounds {
  readonly name: string
  readonly min?: number | undefined
  readonly max?: number | undefined
}

/** The bounds on number custom attributes of the search parameters, by attribute, in name order. */
export const attributeBoundsOf = (params: SearchParams): Array<AttributeBounds> => {
  const byName = new Map<string, { min?: number; max?: number }>()
  for (const [key, value] of Object.entries(params)) {
    const parsed = parseBoundKey(key)
    if (parsed === undefined || typeof value !== "string") continue
    byName.set(parsed.name, { ...byName.get(parsed.name), [parsed.bound]: Number(value) })
  }
  return [...byName.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([name, bounds]) => ({ name, ...bounds }))
}

/** The address keys of an attribute's bounds. */
export const boundKeys = (name: string): { readonly min: AttributeBoundKey; readonly max: AttributeBoundKey } =>
  ({ min: `${name}.min`, max: `${name}.max` })

/** `customAttributes` of the search: `{ seats: { gte: 4, lte: 6 } }`, or nothing without bounds. */
export const customAttributesQuery = (params: SearchParams): Record<string, { gte?: number; lte?: number }> | undefined => {
  const bounds = attributeBoundsOf(params)
  if (bounds.length === 0) return undefined
  return Object.fromEntries(bounds.map(({ name, min, max }) => [
    name,
    { ...(min === undefined ? {} : { gte: min }), ...(max === undefined ? {} : { lte: max }) }
  ]))
}

/** The price range as a filter expression (`_price >= 10 && _price <= 30`), or nothing without one. */
export const priceFilter = (params: Pick<SearchParams, "minPrice" | "maxPrice">): string | undefined => {
  const terms = [
    params.minPrice === undefined ? undefined : `_price >= ${Number(params.minPrice)}`,
    params.maxPrice === undefined ? undefined : `_price <= ${Number(params.maxPrice)}`
  ].filter((term) => term !== undefined)
  return terms.length === 0 ? undefined : terms.join(" && ")
}

/**
 * The body of `POST /search` for these parameters: `place` is where `near` is (the page looks it
 * up among the places of the listings, {@link placeNamed}), and `maxDistance` goes in metres.
 */
export const searchBody = (params: SearchParams, place: Place | undefined, pageSize: number): SearchBody => {
  const filter = priceFilter(params)
  const customAttributes = customAttributesQuery(params)
  return {
    ...(params.query === undefined ? {} : { query: params.query }),
    ...(params.categoryId === undefined ? {} : { categoryId: params.categoryId }),
    ...(params.startDate === undefined ? {} : { startDate: dayToIso(params.startDate) }),
    ...(params.endDate === undefined ? {} : { endDate: dayToIso(params.endDate) }),
    ...(params.sort === undefined ? {} : { sort: sortSteps[params.sort] }),
    ...(filter === undefined ? {} : { filter }),
    ...(customAttributes === undefined ? {} : { customAttributes }),
    ...(place === undefined
      ? {}
      : { location: { latitude: place.latitude, longitude: place.longitude }, maxDistance: (params.distance ?? defaultDistance) * 1000 }),
    nbResultsPerPage: pageSize
  }
}

/** Whether a listing's price is within the range of the parameters. */
export const inPriceRange = (listing: Pick<Listing, "price">, params: Pick<SearchParams, "minPrice" | "maxPrice">): boolean =>
  (params.minPrice === undefined || listing.price >= Number(params.minPrice)) &&
  (params.maxPrice === undefined || listing.price <= Number(params.maxPrice))

/**
 * The listings a search answered with although their price is out of its range: a server that
 * ignored the filter expression (an open-source server without the filter plugin).
 */
export const outsidePriceRange = <A extends Pick<Listing, "price">>(listings: ReadonlyArray<A>, params: SearchParams): Array<A> =>
  listings.filter((listing) => !inPriceRange(listing, params))

/** Mean Earth radius in metres, as Elasticsearch's `geo_distance` measures. */
const EARTH_RADIUS = 6_371_008.7714

/** The great-circle distance between two points, in metres. */
export const distanceBetween = (a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number => {
  const rad = (degrees: number) => (degrees * Math.PI) / 180
  const h = Math.sin(rad(b.latitude - a.latitude) / 2) ** 2 +
    Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(rad(b.longitude - a.longitude) / 2) ** 2
  return 2 * EARTH_RADIUS * Math.asin(Math.sqrt(h))
}

/**
 * Whether a listing matches the parameters without a search engine: the words in its name or
 * description, its price, its number attributes and its distance from `place` (not the dates,
 * which need the availability of each listing). The category is the list's own filter.
 */
export const matchesLocally = (listing: Listing, params: SearchParams, place: Place | undefined): boolean => {
  const words = (params.query ?? "").toLowerCase()
  const attributes = listing.customAttributes ?? {}
  const maxDistance = (params.distance ?? defaultDistance) * 1000
  return (words === "" || `${listing.name} ${listing.description ?? ""}`.toLowerCase().includes(words)) &&
    inPriceRange(listing, params) &&
    attributeBoundsOf(params).every(({ name, min, max }) => {
      const value = attributes[name]
      return typeof value === "number" && (min === undefined || value >= min) && (max === undefined || value <= max)
    }) &&
    (place === undefined || pointsOf(listing).some((point) => distanceBetween(point, place) <= maxDistance))
}

/** Listings in the order chosen (they come newest first, the order without one). */
export const sortLocally = <L extends Listing>(listings: ReadonlyArray<L>, sort: SortChoice | undefined): Array<L> => {
  switch (sort) {
    case "price-asc":
      return [...listings].sort((a, b) => a.price - b.price)
    case "price-desc":
      return [...listings].sort((a, b) => b.price - a.price)
    default:
      return [...listings].sort((a, b) => b.createdDate.localeCompare(a.createdDate))
  }
}
