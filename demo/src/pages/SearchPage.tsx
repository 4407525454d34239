/**
 * Browse and search: words, category, price range and dates, kept in the address so a search can
 * be shared and survives a reload; results a few at a time, more on demand.
 */
import { useNavigate, useSearch } from "@tanstack/react-router"
import { ServerError } from "stelace-effect"
import { type FormEvent, useEffect, useState } from "react"
import { unitOf } from "../booking.js"
import { ErrorMessage, Empty, Loading } from "../components/Feedback.js"
import { ListingCard } from "../components/ListingCard.js"
import { categoryLabel } from "../components/ListingImage.js"
import { plural } from "../format.js"
import type { SearchParams } from "../routes.js"
import { type Criteria, inPriceRange, PAGE_SIZE, useAssetTypes, useCategories, useListingSearch, useListingsWithout } from "../queries.js"

const fields = ["query", "categoryId", "minPrice", "maxPrice", "startDate", "endDate"] as const

const criteriaOf = (search: SearchParams): Criteria =>
  Object.fromEntries(fields.map((field) => [field, search[field] ?? ""])) as unknown as Criteria

const paramsOf = (criteria: Criteria): SearchParams =>
  Object.fromEntries(fields.filter((field) => criteria[field].trim() !== "").map((field) => [field, criteria[field].trim()]))

export const SearchPage = () => {
  const search = useSearch({ from: "/search" })
  const criteria = criteriaOf(search)
  const key = JSON.stringify(paramsOf(criteria))
  return (
    <>
      <h1 tabIndex={-1}>Search listings</h1>
      <SearchForm key={key} initial={criteria} filtered={key !== "{}"} />
      <Results key={`results-${key}`} criteria={criteria} />
    </>
  )
}

const SearchForm = ({ initial, filtered }: { initial: Criteria; filtered: boolean }) => {
  const categories = useCategories().data ?? []
  const [draft, setDraft] = useState(initial)
  const navigate = useNavigate()
  const set = (field: keyof Criteria) => (event: { target: { value: string } }) => setDraft({ ...draft, [field]: event.target.value })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    void navigate({ to: "/search", search: paramsOf(draft) })
  }
  return (
    // biome-ignore lint/a11y/useSemanticElements: a form with the search role keeps one element for the landmark and the submit
    <form role="search" aria-labelledby="search-title" className="search-form" onSubmit={submit}>
      <h2 id="search-title" className="visually-hidden">Find a listing</h2>
      <div className="field wide">
        <label htmlFor="query">Search</label>
        <input id="query" type="search" placeholder="Kayak, tent, electric car…" value={draft.query} onChange={set("query")} />
      </div>
      <div className="field">
        <label htmlFor="category">Category</label>
        <select id="category" value={draft.categoryId} onChange={set("categoryId")}>
          <option value="">All categories</option>
          {categories.map((category) => (
            <option key={category.id} value={category.id}>{categoryLabel(category.id, categories)}</option>
          ))}
        </select>
      </div>
      <fieldset className="field-group">
        <legend>Price per day, in euros</legend>
        <div className="field">
          <label htmlFor="min-price">From</label>
          <input id="min-price" type="number" min="0" step="any" value={draft.minPrice} onChange={set("minPrice")} />
        </div>
        <div className="field">
          <label htmlFor="max-price">To</label>
          <input id="max-price" type="number" min="0" step="any" value={draft.maxPrice} onChange={set("maxPrice")} />
        </div>
      </fieldset>
      <fieldset className="field-group">
        <legend>Free between</legend>
        <div className="field">
          <label htmlFor="start-date">Start date</label>
          <input id="start-date" type="date" value={draft.startDate} onChange={set("startDate")} />
        </div>
        <div className="field">
          <label htmlFor="end-date">End date</label>
          <input id="end-date" type="date" min={draft.startDate || undefined} value={draft.endDate} onChange={set("endDate")} />
        </div>
      </fieldset>
      <div className="actions">
        <button type="submit">Search</button>
        {filtered && <button type="button" className="secondary" onClick={() => void navigate({ to: "/search", search: {} })}>Clear the search</button>}
      </div>
    </form>
  )
}

/**
 * Results from `POST /search`, or, where the server cannot search (Stelace's search needs
 * Elasticsearch, which a server may run without), every listing with the same criteria applied
 * here, and a sentence that says so.
 */
const Results = ({ criteria }: { criteria: Criteria }) => {
  const results = useListingSearch(criteria)
  if (results.isError && searchUnavailable(results.error)) return <FallbackResults criteria={criteria} />
  return <SearchResults criteria={criteria} results={results} />
}

/** Whether the search failed on the server's side (a 5xx, or no such route) rather than for this query. */
const searchUnavailable = (error: unknown) =>
  error instanceof ServerError && (error.statusCode >= 500 || error.statusCode === 404)

const FallbackResults = ({ criteria }: { criteria: Criteria }) => {
  const categories = useCategories().data ?? []
  const assetTypes = useAssetTypes().data ?? []
  const listings = useListingsWithout(criteria)
  const words = criteria.query.trim().toLowerCase()
  const matching = (listings.data ?? []).filter((listing) =>
    inPriceRange(listing, criteria) &&
    (words === "" || `${listing.name} ${listing.description ?? ""}`.toLowerCase().includes(words))
  )
  return (
    <section aria-labelledby="results-title" aria-busy={listings.isFetching}>
      <h2 id="results-title">Listings</h2>
      <p className="notice" role="note">
        Search is not available on this server (its search engine is not running), so these are the listings that
        match by name, description, category and price, without checking dates.
      </p>
      {listings.isPending && <Loading>Loading listings…</Loading>}
      {listings.isError && <ErrorMessage error={listings.error} retry={() => void listings.refetch()} />}
      {listings.isSuccess && (
        <p role="status" className="muted">{matching.length === 0 ? "No listing matches this search." : `Showing ${plural(matching.length, "listing")}`}</p>
      )}
      <ul className="cards">
        {matching.map((listing) => (
          <li key={listing.id}>
            <ListingCard listing={listing} categories={categories} unit={unitOf(listing, assetTypes)} />
          </li>
        ))}
      </ul>
    </section>
  )
}

const SearchResults = ({ criteria, results }: { criteria: Criteria; results: ReturnType<typeof useListingSearch> }) => {
  const categories = useCategories().data ?? []
  const assetTypes = useAssetTypes().data ?? []
  const [shown, setShown] = useState(PAGE_SIZE)
  const pages = results.data?.pages ?? []
  const listings = pages.flatMap((page) => page.results).filter((listing) => inPriceRange(listing, criteria))
  const priceFiltered = criteria.minPrice !== "" || criteria.maxPrice !== ""
  const meta = pages[0]?.paginationMeta
  // search results are always counted (offset pagination)
  const total = priceFiltered || meta === undefined || !("nbResults" in meta) ? undefined : meta.nbResults

  // the price range drops listings: fetch further pages until there are enough to show
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isError } = results
  useEffect(() => {
    if (listings.length < shown && hasNextPage && !isFetchingNextPage && !isError) void fetchNextPage()
  }, [listings.length, shown, hasNextPage, isFetchingNextPage, isError, fetchNextPage])

  const visible = listings.slice(0, shown)
  const more = listings.length > shown || hasNextPage
  return (
    <section aria-labelledby="results-title" aria-busy={results.isFetching}>
      <h2 id="results-title">Listings</h2>
      {results.isPending && <Loading>Loading listings…</Loading>}
      {results.isError && <ErrorMessage error={results.error} retry={() => void results.refetch()} />}
      {results.isSuccess && (
        <p role="status" className="muted">
          {listings.length === 0 && !hasNextPage
            ? "No listing matches this search."
            : total === undefined ? `Showing ${plural(visible.length, "listing")}` : `Showing ${visible.length} of ${plural(total, "listing")}`}
        </p>
      )}
      {results.isSuccess && listings.length === 0 && !hasNextPage && (
        <Empty><p>Try other words, another category, a wider price range or other dates.</p></Empty>
      )}
      <ul className="cards">
        {visible.map((listing) => (
          <li key={listing.id}>
            <ListingCard listing={listing} categories={categories} unit={unitOf(listing, assetTypes)} />
          </li>
        ))}
      </ul>
      {more && (
        <button type="button" className="secondary more" disabled={isFetchingNextPage} onClick={() => setShown(shown + PAGE_SIZE)}>
          {isFetchingNextPage ? "Loading more…" : "Show more listings"}
        </button>
      )}
    </section>
  )
}
