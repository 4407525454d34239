/**
 * The "Map" region beside the search results: a marker per listing that has a location, named
 * after it; choosing one tells the page, which highlights the listing's card. Leaflet is loaded
 * when the map is first shown (a chunk of its own, script and CSS), never with the page.
 */
import { useLingui } from "@lingui/react"
import { use, useEffect, useEffectEvent, useMemo, useRef, useState } from "react"
import type { Asset } from "stelace-effect"
import { pointsOf } from "../../listings/index.js"
import { Loading } from "../../../ui/Feedback.js"
import type { MapMarker, ResultsMapView } from "./leafletMap.js"
import { MapTilesContext } from "./tiles.js"

/** Each listing at its first location; listings without one are not on the map. */
const markersOf = (listings: ReadonlyArray<Asset>): Array<MapMarker> =>
  listings.flatMap((listing) => {
    const point = pointsOf(listing)[0]
    return point === undefined ? [] : [{ id: listing.id, name: listing.name, latitude: point.latitude, longitude: point.longitude }]
  })

export const ResultsMap = ({ id, listings, selected, onSelect }: {
  id: string
  listings: ReadonlyArray<Asset>
  selected: string | undefined
  onSelect: (id: string) => void
}) => {
  const { i18n } = useLingui()
  const tiles = use(MapTilesContext)
  const canvas = useRef<HTMLDivElement>(null)
  const [view, setView] = useState<ResultsMapView>()
  const [failed, setFailed] = useState(false)
  const [plain, setPlain] = useState(false)
  const [attempt, setAttempt] = useState(0)
  const choose = useEffectEvent((listingId: string) => onSelect(listingId))
  const zoomIn = i18n._("search.map.zoomIn")
  const zoomOut = i18n._("search.map.zoomOut")

  // biome-ignore lint/correctness/useExhaustiveDependencies: each new attempt (after a failed load) loads the map again
  useEffect(() => {
    let cancelled = false
    let created: ResultsMapView | undefined
    setFailed(false)
    setPlain(false)
    import("./leafletMap.js").then(({ createResultsMap }) => {
      if (cancelled || canvas.current === null) return
      created = createResultsMap(canvas.current, {
        tiles: tiles.url,
        attribution: tiles.attribution,
        zoomIn,
        zoomOut,
        onSelect: (listingId) => choose(listingId),
        onTilesUnavailable: () => setPlain(true)
      })
      setView(created)
    }, () => {
      if (!cancelled) setFailed(true)
    })
    return () => {
      cancelled = true
      created?.remove()
      setView(undefined)
    }
  }, [tiles.url, tiles.attribution, zoomIn, zoomOut, attempt])

  const markers = useMemo(() => markersOf(listings), [listings])
  const markersKey = markers.map((marker) => `${marker.id}@${marker.latitude},${marker.longitude}:${marker.name}`).join("|")
  // biome-ignore lint/correctness/useExhaustiveDependencies: the markers are shown again only when what they show changes, not on every new array
  useEffect(() => view?.show(markers), [view, markersKey])
  useEffect(() => view?.select(selected), [view, selected])

  const unplaced = listings.length - markers.length
  const chosen = listings.find((listing) => listing.id === selected)
  return (
    <section id={id} className="results-map" aria-label={i18n._("search.map")}>
      <div ref={canvas} className="results-map-canvas" />
      {view === undefined && !failed && <Loading>{i18n._("search.map.loading")}</Loading>}
      {failed && (
        <div className="error" role="alert">
          <p>{i18n._("search.map.failed")}</p>
          <button type="button" className="secondary" onClick={() => setAttempt(attempt + 1)}>{i18n._("search.map.retry")}</button>
        </div>
      )}
      {plain && <p className="hint" role="status">{i18n._("search.map.plain")}</p>}
      {view !== undefined && unplaced > 0 && <p className="hint">{i18n._("search.map.unplaced", { count: unplaced })}</p>}
      <p className="visually-hidden" role="status">{chosen === undefined ? "" : i18n._("search.map.selected", { name: chosen.name })}</p>
    </section>
  )
}
