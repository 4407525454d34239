/**
 * Whether a map tile URL template can be used: one piece of plain JavaScript that the app's
 * configuration (`config.ts`) and `npm start`'s options (`scripts/start.mjs`) both check with.
 */

/** OpenStreetMap's standard tiles: the map's when the configuration names none. */
export const defaultTileTemplate = "https://tile.openstreetmap.org/{z}/{x}/{y}.png"

/** What Leaflet fills in a tile URL: zoom, column, row (or `{-y}`, counted from the south), subdomain, `@2x` on sharp screens. */
const placeholders = new Set(["{z}", "{x}", "{y}", "{-y}", "{s}", "{r}"])

/**
 * Whether a tile URL template is an http(s) URL with the tile's zoom and coordinates in it
 * (`https://tile.openstreetmap.org/{z}/{x}/{y}.png`), and no placeholder Leaflet could not fill.
 * No whitespace or control character either: a URL parser drops a line break silently, and the
 * template's host goes into the page's Content-Security-Policy header.
 *
 * @param {string} template
 * @returns {boolean}
 */
export const isTileTemplate = (template) => {
  if (typeof template !== "string" || /[\s\p{Cc}]/u.test(template)) return false
  const found = template.match(/\{[^{}]*\}/g) ?? []
  if (!found.every((placeholder) => placeholders.has(placeholder))) return false
  if (!template.includes("{z}") || !template.includes("{x}") || !(template.includes("{y}") || template.includes("{-y}"))) return false
  try {
    const url = new URL(template.replace(/\{[^{}]*\}/g, "0"))
    return url.protocol === "http:" || url.protocol === "https:"
  } catch {
    return false
  }
}
