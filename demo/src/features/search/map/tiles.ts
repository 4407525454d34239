/** Where the results map takes its tiles from: the app's configuration (`npm start -- --map-tiles`). */
import { createContext } from "react"
import { defaultMapTiles } from "../../../config.js"

/** A tile URL template and whom to credit for the tiles, as text. */
export interface MapTiles {
  readonly url: string
  readonly attribution: string
}

/** The map's tiles; OpenStreetMap's standard tiles unless the app is given others. */
export const MapTilesContext = createContext<MapTiles>({ url: defaultMapTiles.mapTiles, attribution: defaultMapTiles.mapAttribution })
