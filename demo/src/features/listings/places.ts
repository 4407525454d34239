/**
 * The places the platform's listings are in: the cities their `locations` name, each at the middle
 * of the listings there. The search's "Near" and the listing forms' "City" suggest them, and the
 * app's default geocoder places a typed city among them (`geocoder.ts`).
 */
import { pointsOf } from "./listingDetails.js"

/** A place listings are in: a city of their `locations`, at the middle of the listings there. */
export interface Place {
  readonly name: string
  readonly latitude: number
  readonly longitude: number
}

/**
 * The places the listings use: the cities of their `locations`, each at the middle of its
 * listings' points, in alphabetical order. Names that differ only in case are one place.
 */
export const placesOf = (listings: ReadonlyArray<{ readonly locations: ReadonlyArray<unknown> | null }>): Array<Place> => {
  const byName = new Map<string, { name: string; latitudes: Array<number>; longitudes: Array<number> }>()
  for (const point of listings.flatMap(pointsOf)) {
    if (point.city === undefined) continue
    const key = point.city.toLocaleLowerCase()
    const place = byName.get(key) ?? { name: point.city, latitudes: [], longitudes: [] }
    place.latitudes.push(point.latitude)
    place.longitudes.push(point.longitude)
    byName.set(key, place)
  }
  const mean = (values: ReadonlyArray<number>) => values.reduce((sum, value) => sum + value, 0) / values.length
  return [...byName.values()]
    .map(({ name, latitudes, longitudes }) => ({ name, latitude: mean(latitudes), longitude: mean(longitudes) }))
    .sort((a, b) => a.name.localeCompare(b.name))
}

/** The place of that name (any case, spaces around ignored), if listings use it. */
export const placeNamed = (places: ReadonlyArray<Place>, name: string): Place | undefined => {
  const wanted = name.trim().toLocaleLowerCase()
  return places.find((place) => place.name.toLocaleLowerCase() === wanted)
}
