/**
 * A listing's city and number attributes as its forms hold them ("List an item", "Edit listing"),
 * and as `assets.create` and `assets.update` take them: the city as one point of `locations`
 * (`{ city, latitude, longitude }`, placed by the app's `Geocoder`), the numbers in
 * `customAttributes`. What is wrong is said before anything is sent.
 *
 * Stelace's `PATCH /assets/:id` merges `customAttributes` into the listing's (its other
 * attributes, texts, booleans and tags, stay as they are), and replaces `locations` whole. So an
 * edit sends only the attributes that changed (`null` for one emptied), and `locations` only when
 * the city changed.
 */
import type { AssetCreateParams, AssetUpdateParams } from "stelace-effect"
import type { Geocoder } from "./geocoder.js"
import { cityOf, numberAttributesOf } from "./listingDetails.js"
import type { Place } from "./places.js"

/** The city and the number attributes as typed (text, by attribute name). */
export interface DetailsDraft {
  readonly city: string
  readonly attributes: Readonly<Record<string, string>>
}

/** The form's fields for a listing (its first location's city, its numbers), or empty ones for a new listing. */
export const detailsDraftOf = (
  listing?: { readonly locations: ReadonlyArray<unknown> | null; readonly customAttributes: Readonly<Record<string, unknown>> | null }
): DetailsDraft => ({
  city: listing === undefined ? "" : (cityOf(listing) ?? ""),
  attributes: listing === undefined ? {} : Object.fromEntries(numberAttributesOf(listing).map(([name, value]) => [name, String(value)]))
})

/** Why a number field cannot be sent: a sentence of the catalogs, which takes the attribute's label (`{attribute}`). */
export interface FieldProblem {
  readonly sentence: "details.notANumber" | "details.negative"
}

/**
 * A number as an owner types it: `7`, `1.5`, or `1,5` as French writes it, spaces around
 * ignored; empty is no value (`null`). Anything else is not a number (no exponents, no `Infinity`),
 * and a number attribute counts or measures what is listed, so it cannot be below 0.
 */
export const parseAttributeValue = (text: string): { readonly value: number | null } | { readonly problem: "details.notANumber" | "details.negative" } => {
  const typed = text.trim()
  if (typed === "") return { value: null }
  if (!/^[-+]?(\d+([.,]\d*)?|[.,]\d+)$/.test(typed)) return { problem: /*i18n*/ "details.notANumber" }
  const value = Number(typed.replace(",", "."))
  if (!Number.isFinite(value)) return { problem: /*i18n*/ "details.notANumber" }
  if (value < 0) return { problem: /*i18n*/ "details.negative" }
  // `-0` is 0
  return { value: value === 0 ? 0 : value }
}

const textOf = (draft: DetailsDraft, name: string): string => (Object.hasOwn(draft.attributes, name) ? draft.attributes[name]! : "")

/** Whether the owner changed an attribute's text: only those are checked and sent (a listing may hold a value set elsewhere, such as a negative one). */
const edited = (draft: DetailsDraft, initial: DetailsDraft, name: string): boolean => textOf(draft, name) !== textOf(initial, name)

/**
 * What is wrong with the attributes the form shows (`names`) that the owner typed in (those that
 * differ from `initial`), by attribute; none when all can be sent.
 */
export const attributeProblems = (draft: DetailsDraft, initial: DetailsDraft, names: ReadonlyArray<string>): Record<string, FieldProblem> =>
  Object.fromEntries(names.filter((name) => edited(draft, initial, name)).flatMap((name) => {
    const parsed = parseAttributeValue(textOf(draft, name))
    return "problem" in parsed ? [[name, { sentence: parsed.problem }]] : []
  }))

/** The value typed for an attribute, which `attributeProblems` found nothing wrong with. */
const checkedValue = (draft: DetailsDraft, name: string): number | null => {
  const parsed = parseAttributeValue(textOf(draft, name))
  if ("problem" in parsed) throw new Error(`${name} was sent unchecked (${parsed.problem})`)
  return parsed.value
}

/** Why the city cannot be saved: the form says it on the field, in the visitor's language. */
export class CityProblem extends Error {
  readonly values: Readonly<Record<string, string>>
  constructor(readonly sentence: "details.unknownCity" | "details.cityLookupFailed", readonly city: string, detail?: string) {
    super(detail === undefined ? `${sentence}: ${city}` : `${sentence}: ${city} (${detail})`)
    this.values = { city }
  }
}

/**
 * Where the typed city is, through the app's geocoder: nothing for an empty field, a
 * `CityProblem` when the geocoder cannot place it (or fails to answer).
 */
export const locateCity = async (geocoder: Geocoder, typed: string): Promise<Place | undefined> => {
  const city = typed.trim()
  if (city === "") return undefined
  const place = await geocoder.locate(city).catch((error: unknown) => {
    throw new CityProblem(/*i18n*/ "details.cityLookupFailed", city, error instanceof Error ? error.message : String(error))
  })
  if (place === undefined) throw new CityProblem(/*i18n*/ "details.unknownCity", city)
  return place
}

/** Whether the city is another than the listing's (case and spaces aside): only then is it located and sent. */
export const cityChanged = (draft: DetailsDraft, initial: DetailsDraft): boolean =>
  draft.city.trim().toLocaleLowerCase() !== initial.city.trim().toLocaleLowerCase()

/** A listing's location at a place: one point, named after the place's city. */
const locationAt = (place: Place) => {
  const location = { city: place.name, latitude: place.latitude, longitude: place.longitude }
  return [location]
}

/**
 * The city and numbers of a new listing for `assets.create`: its location at `place`, and the
 * attributes shown (`names`) that were given a value. Fields left empty are left out.
 */
export const newListingDetails = (
  draft: DetailsDraft,
  names: ReadonlyArray<string>,
  place: Place | undefined
): Pick<AssetCreateParams, "locations" | "customAttributes"> => {
  const given = names.flatMap((name) => {
    const value = checkedValue(draft, name)
    return value === null ? [] : [[name, value] as const]
  })
  return {
    ...(place === undefined ? {} : { locations: locationAt(place) }),
    ...(given.length === 0 ? {} : { customAttributes: Object.fromEntries(given) })
  }
}

/**
 * What changed in the city and the numbers of a listing, for `assets.update`: `locations` at
 * `place` when the city changed (none when it was emptied), and the attributes shown (`names`)
 * the owner changed (`initial` is the form as it opened, `detailsDraftOf` the listing) to another
 * value, `null` for one emptied. The listing's other attributes are not sent, and the server's
 * merge keeps them.
 */
export const listingDetailsUpdate = (
  draft: DetailsDraft,
  initial: DetailsDraft,
  names: ReadonlyArray<string>,
  place: Place | undefined
): Pick<AssetUpdateParams, "locations" | "customAttributes"> => {
  const changed = names.filter((name) => edited(draft, initial, name)).flatMap((name) => {
    const before = parseAttributeValue(textOf(initial, name))
    const after = checkedValue(draft, name)
    return "value" in before && before.value === after ? [] : [[name, after] as const]
  })
  return {
    ...(cityChanged(draft, initial) ? { locations: place === undefined ? [] : locationAt(place) } : {}),
    ...(changed.length === 0 ? {} : { customAttributes: Object.fromEntries(changed) })
  }
}
