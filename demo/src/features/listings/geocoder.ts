/**
 * Where a city is. An owner types the city their listing is in; the listing forms ask the app's
 * `Geocoder` for its point and save it as the listing's location (`{ city, latitude, longitude }`),
 * which the search's "Near" and the map read.
 *
 * The app is given its geocoder as it is given its photo uploader (`photos.ts`): a fork passes its
 * own to `GeocoderContext` in `main.tsx` (a geocoding service: Nominatim, Mapbox, Google...).
 * Without one, the forms place only the cities the platform's listings already use (a
 * {@link placesGeocoder} over the same listings as the search's "Near",
 * `DetailsFields.tsx`), and refuse the others. This module stays small, so
 * that `main.tsx` can import it without weighing on every page.
 */
import { createContext } from "react"
import { type Place, placeNamed } from "./places.js"

/** Finds where a city is. */
export interface Geocoder {
  /**
   * The place `city` names (as an owner typed it, trimmed): the name to save, as the geocoder
   * writes it, and its point; `undefined` when it cannot place it. A rejection is a failure to
   * answer (the form asks to try again), not an unknown city.
   */
  readonly locate: (city: string) => Promise<Place | undefined>
}

/**
 * A geocoder that knows only `places` (read when a city is located): a city is placed where
 * they have one of that name (any case), and saved under their spelling.
 */
export const placesGeocoder = (places: () => Promise<ReadonlyArray<Place>>): Geocoder => ({
  locate: async (city) => placeNamed(await places(), city)
})

/** The app's geocoder, or `undefined` for the default: the places of the platform's listings. */
export const GeocoderContext = createContext<Geocoder | undefined>(undefined)
