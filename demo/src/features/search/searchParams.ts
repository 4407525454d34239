/**
 * The search page's address, as a schema (Effect Schema, which the router takes as a Standard
 * Schema): `?query=kayak&categoryId=…&seats.min=4&minPrice=10&near=Lyon&distance=25&sort=price-asc`.
 * Unknown keys are dropped, and a malformed value reads as absent rather than failing the page (a
 * price below zero, a sort or a distance the page does not offer, a bound that is no number).
 * Values stay text, as the form shows them.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import type { StandardSchemaV1 } from "effect/StandardSchema"

/** How results are ordered; without one, best matches first (the server's own order). */
export const sortChoices = ["price-asc", "price-desc", "newest"] as const
export type SortChoice = (typeof sortChoices)[number]

/** How far from a place a search reaches, in kilometres. */
export const distances = [5, 10, 25, 50, 100] as const
export type Distance = (typeof distances)[number]

/** The distance a search near a place reaches when the address names none. */
export const defaultDistance: Distance = 25

/** A bound on a number custom attribute, in the address: `seats.min=4`, `seats.max=6`. */
export type AttributeBoundKey = `${string}.min` | `${string}.max`

/** The attribute and the bound of an address key, if it is one (`seats.min`: the attribute's name, a word, then which bound). */
export const parseBoundKey = (key: string): { readonly name: string; readonly bound: "min" | "max" } | undefined => {
  const match = /^([A-Za-z_][A-Za-z0-9_]*)\.(min|max)$/.exec(key)
  // `__proto__` is no attribute a platform could have, and a key that objects treat apart
  return match === null || match[1] === "__proto__" ? undefined : { name: match[1]!, bound: match[2] as "min" | "max" }
}

/** A value of the address that reads as absent when it is malformed, rather than failing the whole address. */
const orAbsent = <S extends Schema.Top>(schema: S) => Schema.optional(schema.pipe(Schema.catchDecoding(() => Effect.succeedNone)))

/** Text, spaces around dropped; empty text is no value. */
const Text = Schema.Trim.check(Schema.isNonEmpty())

/** A day, as a date field writes it: `2026-11-12`. */
const Day = Text.check(Schema.isPattern(/^\d{4}-\d{2}-\d{2}$/))

/** A number as typed, kept as text. */
const NumberText = Text.check(Schema.makeFilter((text: string) => Number.isFinite(Number(text))))

/** An amount: a number of 0 or more. */
const Amount = NumberText.check(Schema.makeFilter((text: string) => Number(text) >= 0))

/** The distance: text in the address, a number where the app navigates. */
const DistanceChoice = Schema.Union([
  Schema.Literals(distances),
  Schema.NumberFromString.pipe(Schema.decodeTo(Schema.Literals(distances)))
])

/** A bound's key (`seats.min`); other keys are not the attributes' (and are dropped). */
const BoundKey = Schema.String.check(Schema.makeFilter((key: string) => parseBoundKey(key) !== undefined))

/** What the search page asks for, all optional, as the address carries it. */
export const SearchParamsSchema = Schema.StructWithRest(
  Schema.Struct({
    query: orAbsent(Text),
    categoryId: orAbsent(Text),
    minPrice: orAbsent(Amount),
    maxPrice: orAbsent(Amount),
    startDate: orAbsent(Day),
    endDate: orAbsent(Day),
    sort: orAbsent(Schema.Literals(sortChoices)),
    /** A place the platform's listings use (a city of their `locations`), by name. */
    near: orAbsent(Text),
    distance: orAbsent(DistanceChoice)
  }),
  // bounds on number custom attributes (`seats.min`), as typed: numbers in text
  [Schema.Record(BoundKey, NumberText.pipe(Schema.catchDecoding(() => Effect.succeedNone)))]
)

/** What the search page asks for: the search route's parameters. */
export type SearchParams = {
  readonly query?: string | undefined
  readonly categoryId?: string | undefined
  readonly minPrice?: string | undefined
  readonly maxPrice?: string | undefined
  readonly startDate?: string | undefined
  readonly endDate?: string | undefined
  readonly sort?: SortChoice | undefined
  readonly near?: string | undefined
  readonly distance?: Distance | undefined
  readonly [bound: AttributeBoundKey]: string | undefined
}

/**
 * The schema as the router takes it, typed as the page's parameters, which links give and the
 * page reads: the schema's own types would take the attributes' bounds as any key
 * (`{ [key: string]: string }`) and a distance as text, where the app knows better.
 */
export const searchParams = Schema.toStandardSchemaV1(SearchParamsSchema) as unknown as StandardSchemaV1<SearchParams, SearchParams>
