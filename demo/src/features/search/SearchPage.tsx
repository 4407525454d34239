/**
 * Browse and search: the form (`SearchForm`), the order of the results, the results
 * (`SearchResults`) and, when asked, the map beside them (`map/`). Everything the search asks
 * for is in the address, checked by the route's schema (`searchParams.ts`), so a search can be
 * shared and survives a reload.
 */
import { useLingui } from "@lingui/react"
import { useNavigate, useSearch } from "@tanstack/react-router"
import { useId, useState } from "react"
import { ResultsMap } from "./map/ResultsMap.js"
import { SearchForm } from "./SearchForm.js"
import { type SearchParams, type SortChoice, sortChoices } from "./searchParams.js"
import { SearchResults, useFoundListings } from "./SearchResults.js"
import "./SearchPage.css"

export const SearchPage = () => {
  const { i18n } = useLingui()
  const params = useSearch({ from: "/search" })
  const { sort, ...criteria } = params
  const formKey = JSON.stringify(criteria)
  const [mapShown, setMapShown] = useState(false)
  const [selected, setSelected] = useState<string>()
  const found = useFoundListings(params)
  const mapId = useId()
  return (
    <>
      <h1 tabIndex={-1}>{i18n._("search.title")}</h1>
      <SearchForm key={formKey} initial={params} filtered={formKey !== "{}"} />
      <section aria-labelledby="results-title" aria-busy={found.busy} className="discovery">
        <div className="discovery-toolbar">
          <h2 id="results-title">{i18n._("search.results")}</h2>
          <SortBy params={params} />
          <button
            type="button"
            className="secondary"
            aria-expanded={mapShown}
            aria-controls={mapShown ? mapId : undefined}
            onClick={() => setMapShown(!mapShown)}
          >
            {mapShown ? i18n._("search.hideMap") : i18n._("search.showMap")}
          </button>
        </div>
        <div className={mapShown ? "discovery-layout with-map" : "discovery-layout"}>
          <div className="discovery-results">
            <SearchResults found={found} params={params} selected={selected} />
          </div>
          {mapShown && <ResultsMap id={mapId} listings={found.listings} selected={selected} onSelect={setSelected} />}
        </div>
      </section>
    </>
  )
}

const sortLabels: Record<SortChoice | "", string> = {
  "": /*i18n*/ "search.sort.best",
  "price-asc": /*i18n*/ "search.sort.priceAsc",
  "price-desc": /*i18n*/ "search.sort.priceDesc",
  newest: /*i18n*/ "search.sort.newest"
}

/** The order of the results: changing it searches again, with everything else as it was. */
const SortBy = ({ params }: { params: SearchParams }) => {
  const { i18n } = useLingui()
  const navigate = useNavigate()
  const id = useId()
  return (
    <div className="field sort-by">
      <label htmlFor={id}>{i18n._("search.sortBy")}</label>
      <select
        id={id}
        value={params.sort ?? ""}
        onChange={(event) => {
          const sort = sortChoices.find((choice) => choice === event.target.value)
          void navigate({ to: "/search", search: { ...params, sort } })
        }}
      >
        {(["", ...sortChoices] as const).map((choice) => <option key={choice} value={choice}>{i18n._(sortLabels[choice])}</option>)}
      </select>
    </div>
  )
}
