/**
 * What the search page reads: results of `POST /search` a page at a time, the active listings
 * whose places and number attributes feed "Near" and the attribute filters, the platform's custom
 * attributes, and the listings to search here when the server cannot. The listing forms read the
 * same places and attributes for their "City" and number fields. Apart from the app's other
 * queries (`queries.ts`), so that only the chunks of those pages carry them.
 */
import { type SkipToken, skipToken, useInfiniteQuery, useQuery } from "@tanstack/react-query"
import type { Asset } from "stelace-effect"
import { type ListPage, type StelaceQueries, useStelaceQueries } from "stelace-effect/react"
import { results, useCategories } from "./queries.js"
import { placesOf } from "./places.js"
import { categoryWithDescendants, type SearchBody } from "./search.js"

/** How many results the search page shows at a time. */
export const PAGE_SIZE = 6

/**
 * Search results, a page at a time, for a `POST /search` body (`searchBody` of search.ts); nothing while
 * it is `skipToken` (a place still to look up).
 */
export const useListingSearch = (body: SearchBody | SkipToken) => {
  const api = useStelaceQueries()
  return useInfiniteQuery(api.search.results.infiniteQueryOptions(body))
}

/**
 * The query of the active listings published last (up to 100): the places they use feed the
 * search's "Near" suggestions and the listing forms' "City", and their number attributes the
 * search's filters and the forms' fields.
 */
export const activeListingsQuery = (api: StelaceQueries) => ({
  ...api.assets.list.queryOptions({ active: true, orderBy: "createdDate", order: "desc", nbResultsPerPage: 100 }),
  staleTime: 5 * 60_000
})

/** The active listings published last (up to 100), as `select` reads them ({@link activeListingsQuery}). */
export const useActiveListings = <T = Array<Asset>>(select?: (listings: Array<Asset>) => T) => {
  const api = useStelaceQueries()
  return useQuery({
    ...activeListingsQuery(api),
    select: (page: ListPage<Asset>) => (select === undefined ? results(page) : select(results(page))) as T
  })
}

/** The places the platform's listings use (cities of their locations), for "Near" and "City". */
export const usePlaces = () => useActiveListings(placesOf)

/** The platform's custom attributes (which the public may read). */
export const useCustomAttributes = () => {
  const api = useStelaceQueries()
  return useQuery({ ...api.customAttributes.list.queryOptions({ nbResultsPerPage: 100 }), staleTime: Infinity, select: results })
}

/**
 * Active listings in a category (its subcategories too), newest first: search without a search
 * engine. Nothing while `categoryId` is `skipToken` (search works).
 */
export const useListingsWithout = (categoryId: string | undefined | SkipToken) => {
  const api = useStelaceQueries()
  const categories = useCategories().data
  const wanted = categoryId === skipToken || categoryId === undefined || categories === undefined
    ? undefined
    : [...categoryWithDescendants(categories, categoryId)]
  return useQuery({
    ...api.assets.list.queryOptions(
      categoryId === skipToken || (categoryId !== undefined && wanted === undefined)
        ? skipToken
        : { active: true, orderBy: "createdDate", order: "desc", nbResultsPerPage: 100, ...(wanted ? { categoryId: wanted } : {}) }
    ),
    select: results
  })
}
