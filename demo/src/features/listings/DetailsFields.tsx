/**
 * The listing form's fields for where the item is and what it counts: "City", suggesting the
 * places the platform's listings use (as the search's "Near" does), and a number field per number
 * custom attribute of the chosen category ("Seats" for cars), plus those the listing already has.
 * What is wrong shows on its field, and the first such field takes the focus.
 */
import { useLingui } from "@lingui/react"
import { useQueryClient } from "@tanstack/react-query"
import { useContext, useRef, useState } from "react"
import type { Asset } from "stelace-effect"
import { useStelaceQueries } from "stelace-effect/react"
import { results } from "../../lib/lists.js"
import { Field } from "../../ui/Field.js"
import { categoryWithDescendants } from "./categories.js"
import { type Geocoder, GeocoderContext, placesGeocoder } from "./geocoder.js"
import { attributeLabelIn, numberAttributesFor } from "./listingDetails.js"
import { attributeProblems, type CityProblem, detailsDraftOf, type FieldProblem } from "./listingForm.js"
import { placesOf } from "./places.js"
import { activeListingsQuery, useActiveListings, useCategories, useCustomAttributes, usePlaces } from "./queries.js"

/**
 * The geocoder the form uses: the one given to `GeocoderContext`, or else one that knows the
 * places the platform's active listings use, read through the same query as the search's "Near"
 * (the one "City" suggests from, fetched at the time of asking if not there yet).
 */
const useGeocoder = (): Geocoder => {
  const given = useContext(GeocoderContext)
  const queryClient = useQueryClient()
  const api = useStelaceQueries()
  return given ?? placesGeocoder(async () => placesOf(results(await queryClient.fetchQuery(activeListingsQuery(api)))))
}

/**
 * The number attributes a listing of `categoryId` gets a field for: those listings of that
 * category (or under it) have a number for, and those the listing has (`own`), in name order.
 * No category, no attribute but the listing's own.
 */
const useAttributeNames = (categoryId: string, own: ReadonlyArray<string>): Array<string> => {
  const attributes = useCustomAttributes().data ?? []
  const listings = useActiveListings().data ?? []
  const categories = useCategories().data ?? []
  const relevant = categoryId === "" ? [] : numberAttributesFor(attributes, listings, categoryWithDescendants(categories, categoryId))
  return [...new Set([...relevant, ...own])].sort((a, b) => a.localeCompare(b))
}

/**
 * The state of the form's city and numbers: what is typed (`draft`, from `listing` when editing),
 * what the form opened with (`initial`), the attributes it shows (`names`), the app's geocoder,
 * and what is wrong. `check()` says whether the numbers can be sent, and shows why not;
 * `refuseCity` shows why the city cannot be saved.
 */
export const useListingDetails = (categoryId: string, listing?: Asset) => {
  const [initial] = useState(() => detailsDraftOf(listing))
  const [draft, setDraft] = useState(initial)
  const [problems, setProblems] = useState<Readonly<Record<string, FieldProblem>>>({})
  const [cityProblem, setCityProblem] = useState<CityProblem>()
  const cityInput = useRef<HTMLInputElement>(null)
  const attributeInputs = useRef(new Map<string, HTMLInputElement>())
  const names = useAttributeNames(categoryId, Object.keys(initial.attributes))
  const geocoder = useGeocoder()

  const check = (): boolean => {
    const found = attributeProblems(draft, initial, names)
    setProblems(found)
    const first = names.find((name) => Object.hasOwn(found, name))
    if (first !== undefined) attributeInputs.current.get(first)?.focus()
    return first === undefined
  }
  const refuseCity = (problem: CityProblem) => {
    setCityProblem(problem)
    cityInput.current?.focus()
  }
  const setCity = (city: string) => {
    setDraft({ ...draft, city })
    setCityProblem(undefined)
  }
  const setAttribute = (name: string, text: string) => {
    setDraft({ ...draft, attributes: { ...draft.attributes, [name]: text } })
    if (Object.hasOwn(problems, name)) setProblems(Object.fromEntries(Object.entries(problems).filter(([key]) => key !== name)))
  }
  return { draft, initial, names, geocoder, problems, cityProblem, cityInput, attributeInputs, check, refuseCity, setCity, setAttribute }
}

/** What `useListingDetails` gives the form. */
export type ListingDetails = ReturnType<typeof useListingDetails>

/** The number fields of the attributes shown, each with its problem. */
export const AttributeFields = ({ details }: { details: ListingDetails }) => {
  const { i18n } = useLingui()
  const { draft, names, problems } = details
  return names.map((name) => {
    const label = attributeLabelIn(i18n, name)
    const problem = Object.hasOwn(problems, name) ? problems[name] : undefined
    return (
      <Field key={name} label={label} error={problem === undefined ? undefined : i18n._(problem.sentence, { attribute: label })}>
        {(control) => (
          <input
            {...control}
            ref={(input) => {
              if (input === null) details.attributeInputs.current.delete(name)
              else details.attributeInputs.current.set(name, input)
            }}
            inputMode="decimal"
            autoComplete="off"
            maxLength={32}
            value={Object.hasOwn(draft.attributes, name) ? draft.attributes[name] : ""}
            onChange={(event) => details.setAttribute(name, event.target.value)}
          />
        )}
      </Field>
    )
  })
}

/** "City", with the places the platform's listings use as suggestions, and why a city cannot be saved. */
export const CityField = ({ details }: { details: ListingDetails }) => {
  const { i18n } = useLingui()
  const places = usePlaces().data ?? []
  const { draft, cityProblem } = details
  return (
    <Field
      label={i18n._("details.city")}
      hint={i18n._("details.cityHint")}
      error={cityProblem === undefined ? undefined : i18n._(cityProblem.sentence, cityProblem.values)}
    >
      {(control) => (
        <>
          <input
            {...control}
            ref={details.cityInput}
            list={`${control.id}-places`}
            autoComplete="off"
            maxLength={255}
            value={draft.city}
            onChange={(event) => details.setCity(event.target.value)}
          />
          <datalist id={`${control.id}-places`}>
            {places.map((place) => <option key={place.name} value={place.name} />)}
          </datalist>
        </>
      )}
    </Field>
  )
}
