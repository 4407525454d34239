/** OpenStreetMap's standard tiles: the map's when the configuration names none. */
export declare const defaultTileTemplate = "https://tile.openstreetmap.org/{z}/{x}/{y}.png"
/**
 * Whether a tile URL template is an http(s) URL with the tile's zoom and coordinates in it
 * (`https://tile.openstreetmap.org/{z}/{x}/{y}.png`), and no placeholder Leaflet could not fill.
 */
export declare const isTileTemplate: (template: string) => boolean
