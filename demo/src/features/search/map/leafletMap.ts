/**
 * The results map, on Leaflet: one marker per listing, which is a button named after the listing
 * (reached with Tab, chosen with a click, Enter or Space), over tiles from the configured URL.
 *
 * This module and Leaflet (its script and its CSS) are loaded only when a visitor first shows the
 * map: the search page imports it dynamically (`ResultsMap`).
 *
 * Tiles are laid once the one at the map's centre has loaded. When it cannot (offline, a tile
 * server that is down), the markers stay on the map's plain background, and the app throws and
 * logs nothing; the browser reports that one failed request. A tile that fails later is hidden
 * rather than shown broken.
 */
import "leaflet/dist/leaflet.css"
import "./map.css"
import * as L from "leaflet"

/** A listing on the map. */
export interface MapMarker {
  readonly id: string
  readonly name: string
  readonly latitude: number
  readonly longitude: number
}

/** What the search page asks of the map. */
export interface ResultsMapView {
  /** Puts these markers on the map in place of the last ones, and shows them all. */
  readonly show: (markers: ReadonlyArray<MapMarker>) => void
  /** Marks one listing's marker as chosen (`aria-pressed`), or none. */
  readonly select: (id: string | undefined) => void
  /** Removes the map and its listeners. */
  readonly remove: () => void
}

export interface ResultsMapOptions {
  /** A tile URL template (`https://tile.openstreetmap.org/{z}/{x}/{y}.png`). */
  readonly tiles: string
  /** Who the tiles are from, as text. */
  readonly attribution: string
  /** The zoom buttons' names, in the visitor's language. */
  readonly zoomIn: string
  readonly zoomOut: string
  /** A marker was chosen. */
  readonly onSelect: (id: string) => void
  /** No tile could load: the map shows its markers on a plain background. */
  readonly onTilesUnavailable: () => void
}

/** The side of a marker's target, in pixels: at least 44 for fingers. */
const MARKER_SIZE = 44

/** How far apart markers at the same point are laid, in pixels: their targets never overlap. */
const SPACING = MARKER_SIZE + 2

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`)

/**
 * Each marker's offset from its point, in pixels: markers at the same point (listings of one
 * address) are laid in a small grid around it, so that each can be seen, clicked and tapped.
 */
const offsets = (markers: ReadonlyArray<MapMarker>): Map<string, [number, number]> => {
  const groups = new Map<string, Array<MapMarker>>()
  for (const marker of markers) {
    const key = `${marker.latitude.toFixed(5)},${marker.longitude.toFixed(5)}`
    groups.set(key, [...(groups.get(key) ?? []), marker])
  }
  const result = new Map<string, [number, number]>()
  for (const group of groups.values()) {
    const columns = Math.ceil(Math.sqrt(group.length))
    const rows = Math.ceil(group.length / columns)
    group.forEach((marker, index) => {
      const [column, row] = [index % columns, Math.floor(index / columns)]
      result.set(marker.id, [(column - (columns - 1) / 2) * SPACING, (row - (rows - 1) / 2) * SPACING])
    })
  }
  return result
}

/** The URL of the tile at the map's centre, filled in as Leaflet fills a tile layer's. */
const centreTileUrl = (map: L.Map, template: string): string => {
  const zoom = Math.round(map.getZoom())
  const { x, y } = map.project(map.getCenter(), zoom).divideBy(256).floor()
  const size = 2 ** zoom
  return L.Util.template(template, { z: zoom, x: ((x % size) + size) % size, y, "-y": size - 1 - y, s: "a", r: "" })
}

/** Makes the map in `container`. */
export const createResultsMap = (container: HTMLElement, options: ResultsMapOptions): ResultsMapView => {
  const map = L.map(container, { zoomControl: false, scrollWheelZoom: false, worldCopyJump: true })
  L.control.zoom({ zoomInTitle: options.zoomIn, zoomOutTitle: options.zoomOut }).addTo(map)
  map.setView([20, 0], 1)

  const tiles = L.tileLayer(options.tiles, { attribution: escapeHtml(options.attribution), maxZoom: 19 })
  // a tile that fails later (the connection drops) is hidden rather than shown broken
  tiles.on("tileerror", (event: L.TileErrorEvent) => {
    event.tile.style.visibility = "hidden"
  })
  let removed = false
  let probed = false
  /**
   * Lays the tiles once the one at the map's centre loaded: a tile server out of reach then costs
   * one failed request rather than a screenful, and the map shows its plain background at once.
   */
  const layTiles = () => {
    probed = true
    const probe = new Image()
    probe.onload = () => {
      if (!removed) tiles.addTo(map)
    }
    probe.onerror = () => {
      if (!removed) options.onTilesUnavailable()
    }
    probe.src = centreTileUrl(map, options.tiles)
  }

  const markers = L.layerGroup().addTo(map)
  const byId = new Map<string, L.Marker>()
  let selected: string | undefined

  const mark = (id: string, chosen: boolean) => {
    const marker = byId.get(id)
    marker?.getElement()?.setAttribute("aria-pressed", String(chosen))
    marker?.setZIndexOffset(chosen ? 1000 : 0)
  }

  let shownBounds: L.LatLngBounds | undefined
  const showAll = () => {
    if (shownBounds !== undefined) map.fitBounds(shownBounds, { padding: [48, 48], maxZoom: 12, animate: false })
  }
  // the map follows its box (beside the results, or stacked on phones), every marker in view
  const resize = new ResizeObserver(() => {
    map.invalidateSize()
    showAll()
  })
  resize.observe(container)

  return {
    show: (next) => {
      markers.clearLayers()
      byId.clear()
      const shift = offsets(next)
      for (const item of next) {
        const [dx, dy] = shift.get(item.id) ?? [0, 0]
        const marker = L.marker([item.latitude, item.longitude], {
          icon: L.divIcon({
            className: "result-marker",
            html: '<span class="result-marker-dot"></span>',
            iconSize: [MARKER_SIZE, MARKER_SIZE],
            iconAnchor: [MARKER_SIZE / 2 - dx, MARKER_SIZE / 2 - dy]
          }),
          keyboard: true,
          title: item.name
        })
        marker.on("click", () => options.onSelect(item.id))
        marker.addTo(markers)
        const element = marker.getElement()
        if (element !== undefined) {
          element.setAttribute("aria-label", item.name)
          element.setAttribute("aria-pressed", "false")
          L.DomEvent.on(element, "keydown", (event) => {
            const key = (event as KeyboardEvent).key
            if (key !== "Enter" && key !== " ") return
            L.DomEvent.preventDefault(event)
            options.onSelect(item.id)
          })
        }
        byId.set(item.id, marker)
      }
      if (selected !== undefined) mark(selected, true)
      shownBounds = next.length === 0 ? undefined : L.latLngBounds(next.map((item) => [item.latitude, item.longitude]))
      showAll()
      if (!probed) layTiles()
    },
    select: (id) => {
      if (selected !== undefined) mark(selected, false)
      selected = id
      if (id !== undefined) mark(id, true)
    },
    remove: () => {
      removed = true
      resize.disconnect()
      map.remove()
    }
  }
}
