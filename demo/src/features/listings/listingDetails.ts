/**
 * Where a listing is and what it counts, as the app reads them from an `Asset`: the points of its
 * `locations` (with the city each names), and its number custom attributes ("Seats" 5). The
 * listing page shows them, the listing forms edit them, the search and the map find listings by
 * them. Small on purpose: the listing page's chunk carries it.
 */
import type { I18n } from "@lingui/core"

/** A point on Earth where a listing is, with the city it names, if any. */
export interface ListingPoint {
  readonly latitude: number
  readonly longitude: number
  readonly city: string | undefined
}

const isCoordinate = (value: unknown, limit: number): value is number =>
  typeof value === "number" && Number.isFinite(value) && Math.abs(value) <= limit

/** A listing's locations that are points on Earth, with their city when they name one. */
export const pointsOf = (listing: { readonly locations: ReadonlyArray<unknown> | null }): Array<ListingPoint> =>
  (Array.isArray(listing.locations) ? listing.locations : []).flatMap((location: unknown) => {
    const { latitude, longitude, city } = (location ?? {}) as { latitude?: unknown; longitude?: unknown; city?: unknown }
    if (!isCoordinate(latitude, 90) || !isCoordinate(longitude, 180)) return []
    return [{ latitude, longitude, city: typeof city === "string" && city.trim() !== "" ? city.trim() : undefined }]
  })

/** The city a listing is in: its first location's (the one the map shows it at), if that names one. */
export const cityOf = (listing: { readonly locations: ReadonlyArray<unknown> | null }): string | undefined =>
  pointsOf(listing)[0]?.city

/**
 * A listing's number custom attributes, in name order: `[["seats", 5]]`. Stelace keeps a number
 * attribute's value as a number, and no other type's, so the listing alone tells which they are.
 */
export const numberAttributesOf = (listing: { readonly customAttributes: Readonly<Record<string, unknown>> | null }): Array<[string, number]> =>
  Object.entries(listing.customAttributes ?? {})
    .filter((entry): entry is [string, number] => typeof entry[1] === "number" && Number.isFinite(entry[1]))
    .sort(([a], [b]) => a.localeCompare(b))

/**
 * The number custom attributes worth a field or a filter: those some listing has a number for (a
 * listing of `categoryIds`, when given), in name order. "Seats" for cars, none for bikes.
 */
export const numberAttributesFor = (
  attributes: ReadonlyArray<{ readonly name: string; readonly type: string }>,
  listings: ReadonlyArray<{ readonly categoryId: string | null; readonly customAttributes: Readonly<Record<string, unknown>> | null }>,
  categoryIds: ReadonlySet<string> | undefined
): Array<string> => {
  const inCategory = listings.filter((listing) => categoryIds === undefined || (listing.categoryId !== null && categoryIds.has(listing.categoryId)))
  return attributes
    .filter((attribute) => attribute.type === "number")
    .map((attribute) => attribute.name)
    .filter((name) => inCategory.some((listing) => typeof listing.customAttributes?.[name] === "number"))
    .sort((a, b) => a.localeCompare(b))
}

/** How an attribute's name reads as a label: `seats` is "Seats", `engineSize` "Engine size". */
export const attributeLabel = (name: string): string => {
  const words = name.replace(/_/g, " ").replace(/([a-z0-9])([A-Z])/g, "$1 $2").trim().toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/**
 * The attributes whose label the catalogs translate ("Seats", "Places"), by name. A platform's
 * attribute that is not listed reads as its name (`attributeLabel`): add a line, and its message
 * to each catalog, to translate it.
 */
const translatedAttributes: Readonly<Record<string, string>> = {
  seats: /*i18n*/ "attribute.seats"
}

/** An attribute's label in the visitor's language: its message, or else its name as a label. */
export const attributeLabelIn = (i18n: I18n, name: string): string =>
  Object.hasOwn(translatedAttributes, name) ? i18n._(translatedAttributes[name]!) : attributeLabel(name)
