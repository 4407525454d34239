/**
 * Browse and search: words, category, number attributes ("Seats"), price range, dates and a
 * place with a distance, and the order of the results, all kept in the address so a search can
 * be shared and survives a reload. The server filters, sorts and pages (`POST /search`); results
 * come a few at a time, more on demand, and show on a map when asked.
 */
import { useNavigate, useSearch } from "@tanstack/react-router"
import { skipToken } from "@tanstack/react-query"
import { type FormEvent, useEffect, useId, useRef, useState } from "react"
import { type Asset, ServerError } from "stelace-effect"
import { unitOf } from "../booking.js"
import { Empty, ErrorMessage, Loading } from "../components/Feedback.js"
import { ListingCard } from "../components/ListingCard.js"
import { categoryLabel } from "../components/ListingImage.js"
import { type MessageId, useT } from "../i18n/index.js"
import { ResultsMap } from "../map/ResultsMap.js"
import { useAssetTypes, useCategories } from "../queries.js"
import { attributeLabel } from "../listingDetails.js"
import { type Place, placeNamed } from "../places.js"
import {
  attributeBoundsOf,
  boundKeys,
  categoryWithDescendants,
  matchesLocally,
  numberAttributesFor,
  outsidePriceRange,
  searchBody,
  sortLocally
} from "../search.js"
import { PAGE_SIZE, useActiveListings, useCustomAttributes, useListingSearch, useListingsWithout, usePlaces } from "../searchQueries.js"
import { defaultDistance, distances, type SearchParams, type SortChoice, sortChoices } from "../searchParams.js"
import "./SearchPage.css"

export const SearchPage = () => {
  const t = useT()
  const params = useSearch({ from: "/search" })
  const { sort, ...criteria } = params
  const formKey = JSON.stringify(criteria)
  const [mapShown, setMapShown] = useState(false)
  const [selected, setSelected] = useState<string>()
  const found = useFoundListings(params)
  const mapId = useId()
  return (
    <>
      <h1 tabIndex={-1}>{t("search.title")}</h1>
      <SearchForm key={formKey} initial={params} filtered={formKey !== "{}"} />
      <section aria-labelledby="results-title" aria-busy={found.busy} className="discovery">
        <div className="discovery-toolbar">
          <h2 id="results-title">{t("search.results")}</h2>
          <SortBy params={params} />
          <button
            type="button"
            className="secondary"
            aria-expanded={mapShown}
            aria-controls={mapShown ? mapId : undefined}
            onClick={() => setMapShown(!mapShown)}
          >
            {mapShown ? t("search.hideMap") : t("search.showMap")}
          </button>
        </div>
        <div className={mapShown ? "discovery-layout with-map" : "discovery-layout"}>
          <div className="discovery-results">
            <Results found={found} params={params} selected={selected} />
          </div>
          {mapShown && <ResultsMap id={mapId} listings={found.listings} selected={selected} onSelect={setSelected} />}
        </div>
      </section>
    </>
  )
}

const sortLabels: Record<SortChoice | "", MessageId> = {
  "": "search.sort.best",
  "price-asc": "search.sort.priceAsc",
  "price-desc": "search.sort.priceDesc",
  newest: "search.sort.newest"
}

/** The order of the results: changing it searches again, with everything else as it was. */
const SortBy = ({ params }: { params: SearchParams }) => {
  const t = useT()
  const navigate = useNavigate()
  return (
    <div className="field sort-by">
      <label htmlFor="sort">{t("search.sortBy")}</label>
      <select
        id="sort"
        value={params.sort ?? ""}
        onChange={(event) => {
          const sort = sortChoices.find((choice) => choice === event.target.value)
          void navigate({ to: "/search", search: { ...params, sort } })
        }}
      >
        {(["", ...sortChoices] as const).map((choice) => <option key={choice} value={choice}>{t(sortLabels[choice])}</option>)}
      </select>
    </div>
  )
}

/** What the form holds while it is being filled in: text, as typed. */
interface Draft {
  readonly query: string
  readonly categoryId: string
  readonly minPrice: string
  readonly maxPrice: string
  readonly startDate: string
  readonly endDate: string
  readonly near: string
  readonly distance: string
  /** Bounds on number attributes, by attribute name. */
  readonly bounds: Readonly<Record<string, { readonly min: string; readonly max: string }>>
}

const draftOf = (params: SearchParams): Draft => ({
  query: params.query ?? "",
  categoryId: params.categoryId ?? "",
  minPrice: params.minPrice ?? "",
  maxPrice: params.maxPrice ?? "",
  startDate: params.startDate ?? "",
  endDate: params.endDate ?? "",
  near: params.near ?? "",
  distance: String(params.distance ?? defaultDistance),
  bounds: Object.fromEntries(attributeBoundsOf(params).map(({ name, min, max }) => [
    name,
    { min: min === undefined ? "" : String(min), max: max === undefined ? "" : String(max) }
  ]))
})

/** The address of a draft: empty fields left out, bounds only for the attributes the form shows. */
const paramsOf = (draft: Draft, attributes: ReadonlyArray<string>): SearchParams => {
  const given = (value: string) => (value.trim() === "" ? undefined : value.trim())
  const near = given(draft.near)
  const bounds = attributes.flatMap((name) => {
    const keys = boundKeys(name)
    const { min, max } = Object.hasOwn(draft.bounds, name) ? draft.bounds[name]! : { min: "", max: "" }
    return [[keys.min, given(min)], [keys.max, given(max)]].filter(([, value]) => value !== undefined)
  })
  const params: SearchParams = {
    query: given(draft.query),
    categoryId: given(draft.categoryId),
    minPrice: given(draft.minPrice),
    maxPrice: given(draft.maxPrice),
    startDate: given(draft.startDate),
    endDate: given(draft.endDate),
    near,
    distance: near === undefined ? undefined : distances.find((distance) => String(distance) === draft.distance),
    ...Object.fromEntries(bounds)
  }
  return Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined))
}

const SearchForm = ({ initial, filtered }: { initial: SearchParams; filtered: boolean }) => {
  const t = useT()
  const categories = useCategories().data ?? []
  const attributes = useCustomAttributes().data ?? []
  const listings = useActiveListings().data ?? []
  const places = usePlaces()
  const [draft, setDraft] = useState(() => draftOf(initial))
  const [unknownPlace, setUnknownPlace] = useState<string>()
  const nearInput = useRef<HTMLInputElement>(null)
  const navigate = useNavigate()
  const set = (field: Exclude<keyof Draft, "bounds">) => (event: { target: { value: string } }) => {
    setDraft({ ...draft, [field]: event.target.value })
    if (field === "near") setUnknownPlace(undefined)
  }
  const boundsOf = (name: string) => (Object.hasOwn(draft.bounds, name) ? draft.bounds[name]! : { min: "", max: "" })
  const setBound = (name: string, bound: "min" | "max") => (event: { target: { value: string } }) =>
    setDraft({ ...draft, bounds: { ...draft.bounds, [name]: { ...boundsOf(name), [bound]: event.target.value } } })

  // the number attributes of the chosen category's listings, and any the search already bounds
  const inCategory = draft.categoryId === "" ? undefined : categoryWithDescendants(categories, draft.categoryId)
  const bounded = Object.entries(draft.bounds).filter(([, { min, max }]) => min.trim() !== "" || max.trim() !== "").map(([name]) => name)
  const shown = [...new Set([...numberAttributesFor(attributes, listings, inCategory), ...bounded])].sort((a, b) => a.localeCompare(b))

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const near = draft.near.trim()
    if (near !== "" && places.isSuccess && placeNamed(places.data, near) === undefined) {
      setUnknownPlace(near)
      nearInput.current?.focus()
      return
    }
    void navigate({ to: "/search", search: (previous) => ({ ...paramsOf(draft, shown), sort: previous.sort }) })
  }
  return (
    // biome-ignore lint/a11y/useSemanticElements: a form with the search role keeps one element for the landmark and the submit
    <form role="search" aria-labelledby="search-title" className="search-form discovery-form" onSubmit={submit}>
      <h2 id="search-title" className="visually-hidden">{t("search.formTitle")}</h2>
      <div className="field wide">
        <label htmlFor="query">{t("search.words")}</label>
        <input id="query" type="search" placeholder={t("search.wordsPlaceholder")} value={draft.query} onChange={set("query")} />
      </div>
      <div className="field">
        <label htmlFor="category">{t("search.category")}</label>
        <select id="category" value={draft.categoryId} onChange={set("categoryId")}>
          <option value="">{t("search.allCategories")}</option>
          {categories.map((category) => (
            <option key={category.id} value={category.id}>{categoryLabel(category.id, categories)}</option>
          ))}
        </select>
      </div>
      <fieldset className="field-group">
        <legend>{t("search.price")}</legend>
        <div className="field">
          <label htmlFor="min-price">{t("search.from")}</label>
          <input id="min-price" type="number" min="0" step="any" value={draft.minPrice} onChange={set("minPrice")} />
        </div>
        <div className="field">
          <label htmlFor="max-price">{t("search.to")}</label>
          <input id="max-price" type="number" min={draft.minPrice || "0"} step="any" value={draft.maxPrice} onChange={set("maxPrice")} />
        </div>
      </fieldset>
      {shown.map((name) => {
        const { min, max } = boundsOf(name)
        return (
          <fieldset key={name} className="field-group">
            <legend>{attributeLabel(name)}</legend>
            <div className="field">
              <label htmlFor={`${name}-min`}>{t("search.atLeast")}</label>
              <input id={`${name}-min`} type="number" step="any" value={min} onChange={setBound(name, "min")} />
            </div>
            <div className="field">
              <label htmlFor={`${name}-max`}>{t("search.atMost")}</label>
              <input id={`${name}-max`} type="number" step="any" min={min || undefined} value={max} onChange={setBound(name, "max")} />
            </div>
          </fieldset>
        )
      })}
      <fieldset className="field-group">
        <legend>{t("search.dates")}</legend>
        <div className="field">
          <label htmlFor="start-date">{t("search.startDate")}</label>
          <input id="start-date" type="date" value={draft.startDate} onChange={set("startDate")} />
        </div>
        <div className="field">
          <label htmlFor="end-date">{t("search.endDate")}</label>
          <input id="end-date" type="date" min={draft.startDate || undefined} value={draft.endDate} onChange={set("endDate")} />
        </div>
      </fieldset>
      <div className="field-group">
        <div className="field">
          <label htmlFor="near">{t("search.near")}</label>
          <input
            id="near"
            ref={nearInput}
            list="places"
            autoComplete="off"
            value={draft.near}
            onChange={set("near")}
            aria-invalid={unknownPlace === undefined ? undefined : true}
            aria-describedby={unknownPlace === undefined ? undefined : "near-error"}
          />
          <datalist id="places">
            {(places.data ?? []).map((place) => <option key={place.name} value={place.name} />)}
          </datalist>
        </div>
        <div className="field">
          <label htmlFor="distance">{t("search.distance")}</label>
          <select id="distance" value={draft.distance} onChange={set("distance")}>
            {distances.map((distance) => <option key={distance} value={String(distance)}>{t("search.distanceKm", { distance })}</option>)}
          </select>
        </div>
      </div>
      {unknownPlace !== undefined && <p id="near-error" className="error wide" role="alert">{t("search.unknownPlace", { place: unknownPlace })}</p>}
      <div className="actions">
        <button type="submit">{t("search.submit")}</button>
        {filtered && (
          <button type="button" className="secondary" onClick={() => void navigate({ to: "/search", search: {} })}>{t("search.clear")}</button>
        )}
      </div>
    </form>
  )
}

/** Whether the search failed on the server's side (a 5xx, or no such route) rather than for this query. */
const searchUnavailable = (error: unknown) =>
  error instanceof ServerError && (error.statusCode >= 500 || error.statusCode === 404)

/** What the results show: found by the server, found here without a search engine, or not looked for. */
type Found =
  | { readonly kind: "search"; readonly listings: Array<Asset>; readonly busy: boolean; readonly results: ReturnType<typeof useListingSearch> }
  | { readonly kind: "fallback"; readonly listings: Array<Asset>; readonly busy: boolean; readonly list: ReturnType<typeof useListingsWithout> }
  | { readonly kind: "places"; readonly listings: Array<Asset>; readonly busy: boolean; readonly places: ReturnType<typeof usePlaces> }
  | { readonly kind: "unknown-place"; readonly listings: Array<Asset>; readonly busy: false; readonly name: string }

/**
 * The listings of a search: `POST /search` once the place of "Near" is known (the places come
 * from the listings); where the server cannot search (Stelace's search needs Elasticsearch, which
 * a server may run without), every active listing of the category, the criteria applied here.
 */
const useFoundListings = (params: SearchParams): Found => {
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

const Results = ({ found, params, selected }: { found: Found; params: SearchParams; selected: string | undefined }) => {
  const t = useT()
  switch (found.kind) {
    case "unknown-place":
      return <p className="error" role="alert">{t("search.unknownPlace", { place: found.name })}</p>
    case "places":
      return found.places.isError
        ? <ErrorMessage error={found.places.error} retry={() => void found.places.refetch()} />
        : <Loading>{t("search.loading")}</Loading>
    case "fallback":
      return (
        <>
          <p className="notice" role="note">{t("search.unavailable")}</p>
          {found.list.isPending && <Loading>{t("search.loading")}</Loading>}
          {found.list.isError && <ErrorMessage error={found.list.error} retry={() => void found.list.refetch()} />}
          {found.list.isSuccess && (
            <p role="status" className="muted">
              {found.listings.length === 0 ? t("search.none") : t("search.showing", { count: found.listings.length })}
            </p>
          )}
          <ResultCards listings={found.listings} selected={selected} />
        </>
      )
    case "search":
      return <SearchResults results={found.results} listings={found.listings} params={params} selected={selected} />
  }
}

const SearchResults = ({ results, listings, params, selected }: {
  results: ReturnType<typeof useListingSearch>
  listings: Array<Asset>
  params: SearchParams
  selected: string | undefined
}) => {
  const t = useT()
  const meta = results.data?.pages[0]?.paginationMeta
  // search results are always counted (offset pagination)
  const total = meta === undefined || !("nbResults" in meta) ? undefined : meta.nbResults
  const outside = outsidePriceRange(listings, params)
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = results
  return (
    <>
      {results.isPending && <Loading>{t("search.loading")}</Loading>}
      {results.isError && <ErrorMessage error={results.error} retry={() => void results.refetch()} />}
      {outside.length > 0 && <p className="notice" role="alert">{t("search.filterIgnored", { count: outside.length })}</p>}
      {results.isSuccess && (
        <p role="status" className="muted">
          {listings.length === 0
            ? t("search.none")
            : total === undefined ? t("search.showing", { count: listings.length }) : t("search.showingOf", { shown: listings.length, total })}
        </p>
      )}
      {results.isSuccess && listings.length === 0 && <Empty><p>{t("search.tryOther")}</p></Empty>}
      <ResultCards listings={listings} selected={selected} />
      {hasNextPage && (
        <button type="button" className="secondary more" disabled={isFetchingNextPage} onClick={() => void fetchNextPage()}>
          {isFetchingNextPage ? t("search.loadingMore") : t("search.more")}
        </button>
      )}
    </>
  )
}

/** The listings' cards; the one chosen on the map is highlighted (`aria-current`) and scrolled to. */
const ResultCards = ({ listings, selected }: { listings: ReadonlyArray<Asset>; selected: string | undefined }) => {
  const categories = useCategories().data ?? []
  const assetTypes = useAssetTypes().data ?? []
  const list = useRef<HTMLUListElement>(null)
  useEffect(() => {
    if (selected === undefined) return
    const card = list.current?.querySelector(`[data-listing="${CSS.escape(selected)}"]`)
    const smooth = !window.matchMedia("(prefers-reduced-motion: reduce)").matches
    card?.scrollIntoView({ block: "nearest", behavior: smooth ? "smooth" : "auto" })
  }, [selected])
  return (
    <ul className="cards" ref={list}>
      {listings.map((listing) => (
        <li key={listing.id} data-listing={listing.id} aria-current={listing.id === selected ? "true" : undefined}>
          <ListingCard listing={listing} categories={categories} unit={unitOf(listing, assetTypes)} />
        </li>
      ))}
    </ul>
  )
}
