/**
 * The results of a search: `POST /search` once the place of "Near" is known (the places come from
 * the listings), a few at a time with "Show more listings"; where the server cannot search
 * (Stelace's search needs Elasticsearch, which a server may run without), every active listing of
 * the category, the criteria applied here. The cards' owners and ratings are read for each page
 * of results at once (`ListingCards`): "Show more listings" costs the search's next page and
 * those two requests, however many cards it adds.
 */
import { useLingui } from "@lingui/react"
import { skipToken } from "@tanstack/react-query"
import { useEffect, useRef } from "react"
import { type Asset, ServerError } from "stelace-effect"
import { ListingCards, type Place, placeNamed, usePlaces } from "../listings/index.js"
import { Empty, ErrorMessage, Loading } from "../../ui/Feedback.js"
import { PAGE_SIZE, useListingSearch, useListingsWithout } from "./queries.js"
import type { SearchParams } from "./searchParams.js"
import { matchesLocally, outsidePriceRange, searchBody, sortLocally } from "./searchRequest.js"

/** Whether the search failed on the server's side (a 5xx, or no such route) rather than for this query. */
const searchUnavailable = (error: unknown) =>
  error instanceof ServerError && (error.statusCode >= 500 || error.statusCode === 404)

/** What the results show: found by the server, found here without a search engine, or not looked for. */
export type Found =
  | { readonly kind: "search"; readonly listings: Array<Asset>; readonly busy: boolean; readonly results: ReturnType<typeof useListingSearch> }
  | { readonly kind: "fallback"; readonly listings: Array<Asset>; readonly busy: boolean; readonly list: ReturnType<typeof useListingsWithout> }
  | { readonly kind: "places"; readonly listings: Array<Asset>; readonly busy: boolean; readonly places: ReturnType<typeof usePlaces> }
  | { readonly kind: "unknown-place"; readonly listings: Array<Asset>; readonly busy: false; readonly name: string }

/** The listings of a search, and how they were found. */
export const useFoundListings = (params: SearchParams): Found => {
  const places = usePlaces()
  const place: Place | undefined = params.near === undefined ? undefined : placeNamed(places.data ?? [], params.near)
  const waiting = params.near !== undefined && place === undefined
  const results = useListingSearch(waiting ? skipToken : searchBody(params, place, PAGE_SIZE))
  const unavailable = results.isError && searchUnavailable(results.error)
  const list = useListingsWithout(unavailable ? params.categoryId : skipToken)

  if (waiting && places.isSuccess) return { kind: "unknown-place", listings: [], busy: false, name: params.near! }
  if (waiting) return { kind: "places", listings: [], busy: places.isFetching, places }
  if (unavailable) {
    const listings = sortLocally((list.data ?? []).filter((listing) => matchesLocally(listing, params, place)), params.sort)
    return { kind: "fallback", listings, busy: list.isFetching, list }
  }
  return { kind: "search", listings: (results.data?.pages ?? []).flatMap((page) => page.results), busy: results.isFetching, results }
}

export const SearchResults = ({ found, params, selected }: { found: Found; params: SearchParams; selected: string | undefined }) => {
  const { i18n } = useLingui()
  switch (found.kind) {
    case "unknown-place":
      return <p className="error" role="alert">{i18n._("search.unknownPlace", { place: found.name })}</p>
    case "places":
      return found.places.isError
        ? <ErrorMessage error={found.places.error} retry={() => void found.places.refetch()} />
        : <Loading>{i18n._("search.loading")}</Loading>
    case "fallback":
      return (
        <>
          <p className="notice" role="note">{i18n._("search.unavailable")}</p>
          {found.list.isPending && <Loading>{i18n._("search.loading")}</Loading>}
          {found.list.isError && <ErrorMessage error={found.list.error} retry={() => void found.list.refetch()} />}
          {found.list.isSuccess && (
            <p role="status" className="muted">
              {found.listings.length === 0 ? i18n._("search.none") : i18n._("search.showing", { count: found.listings.length })}
            </p>
          )}
          <Cards listings={found.listings} selected={selected} />
        </>
      )
    case "search":
      return <Searched results={found.results} listings={found.listings} params={params} selected={selected} />
  }
}

const Searched = ({ results, listings, params, selected }: {
  results: ReturnType<typeof useListingSearch>
  listings: Array<Asset>
  params: SearchParams
  selected: string | undefined
}) => {
  const { i18n } = useLingui()
  const meta = results.data?.pages[0]?.paginationMeta
  // search results are always counted (offset pagination)
  const total = meta === undefined || !("nbResults" in meta) ? undefined : meta.nbResults
  const outside = outsidePriceRange(listings, params)
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = results
  return (
    <>
      {results.isPending && <Loading>{i18n._("search.loading")}</Loading>}
      {results.isError && <ErrorMessage error={results.error} retry={() => void results.refetch()} />}
      {outside.length > 0 && <p className="notice" role="alert">{i18n._("search.filterIgnored", { count: outside.length })}</p>}
      {results.isSuccess && (
        <p role="status" className="muted">
          {listings.length === 0
            ? i18n._("search.none")
            : total === undefined ? i18n._("search.showing", { count: listings.length }) : i18n._("search.showingOf", { shown: listings.length, total })}
        </p>
      )}
      {results.isSuccess && listings.length === 0 && <Empty><p>{i18n._("search.tryOther")}</p></Empty>}
      <Cards listings={listings} selected={selected} />
      {hasNextPage && (
        <button type="button" className="secondary more" disabled={isFetchingNextPage} onClick={() => void fetchNextPage()}>
          {isFetchingNextPage ? i18n._("search.loadingMore") : i18n._("search.more")}
        </button>
      )}
    </>
  )
}

/** The listings' cards; the one chosen on the map is highlighted (`aria-current`) and scrolled to. */
const Cards = ({ listings, selected }: { listings: ReadonlyArray<Asset>; selected: string | undefined }) => {
  const list = useRef<HTMLUListElement>(null)
  useEffect(() => {
    if (selected === undefined) return
    const card = list.current?.querySelector(`[data-listing="${CSS.escape(selected)}"]`)
    const smooth = !window.matchMedia("(prefers-reduced-motion: reduce)").matches
    card?.scrollIntoView({ block: "nearest", behavior: smooth ? "smooth" : "auto" })
  }, [selected])
  return <ListingCards ref={list} listings={listings} selected={selected} />
}
