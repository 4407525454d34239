/**
 * What the search page reads: results of `POST /search` a page at a time, and the listings to
 * search here when the server cannot. The places and custom attributes that feed "Near" and the
 * attribute filters are the listings feature's (the listing form reads them too).
 */
import { type SkipToken, skipToken, useInfiniteQuery, useQuery } from "@tanstack/react-query"
import { useStelaceQueries } from "stelace-effect/react"
import { results } from "../../lib/lists.js"
import { categoryWithDescendants, useCategories } from "../listings/index.js"
import type { SearchBody } from "./searchRequest.js"

/** How many results the search page shows at a time. */
export const PAGE_SIZE = 6

/**
 * Search results, a page at a time, for a `POST /search` body (`searchBody`); nothing while it
 * is `skipToken` (a place still to look up).
 */
export const useListingSearch = (body: SearchBody | SkipToken) => {
  const api = useStelaceQueries()
  return useInfiniteQuery(api.search.results.infiniteQueryOptions(body))
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
