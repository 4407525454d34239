/**
 * The fields both listing forms have for where the item is and what it counts: "City", suggesting
 * the places the platform's listings use (as the search's "Near" does), and a number field per
 * number custom attribute of the chosen category ("Seats" for cars), plus those the listing
 * already has. What is wrong shows on its field, and the first such field takes the focus.
 */
import { useQueryClient } from "@tanstack/react-query"
import { useContext, useRef, useState } from "react"
import type { Asset } from "stelace-effect"
import { useStelaceQueries } from "stelace-effect/react"
import { type Geocoder, GeocoderContext, placesGeocoder } from "../geocoder.js"
import { useT } from "../i18n/index.js"
import { attributeLabel } from "../listingDetails.js"
import { attributeProblems, CityProblem, detailsDraftOf, type FieldProblem } from "../listingForm.js"
import { placesOf } from "../places.js"
import { results, useCategories } from "../queries.js"
import { categoryWithDescendants, numberAttributesFor } from "../search.js"
import { activeListingsQuery, useActiveListings, useCustomAttributes, usePlaces } from "../searchQueries.js"

/**
 * The geocoder the forms use: the one given to `GeocoderContext`, or else one that knows the
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
 * The state of a listing form's city and numbers: what is typed (`draft`, from `listing` when
 * editing), what the form opened with (`initial`), the attributes it shows (`names`), the app's
 * geocoder, and what is wrong. `check()` says whether the numbers can be sent, and shows why not;
 * `refuseCity` shows why the city cannot be saved.
 */
export const useListingDetails = (idPrefix: string, categoryId: string, listing?: Asset) => {
  const [initial] = useState(() => detailsDraftOf(listing))
  const [draft, setDraft] = useState(initial)
  const [problems, setProblems] = useState<Readonly<Record<string, FieldProblem>>>({})
  const [cityProblem, setCityProblem] = useState<CityProblem>()
  const cityInput = useRef<HTMLInputElement>(null)
  const names = useAttributeNames(categoryId, Object.keys(initial.attributes))
  const geocoder = useGeocoder()

  const check = (): boolean => {
    const found = attributeProblems(draft, initial, names)
    setProblems(found)
    const first = names.find((name) => Object.hasOwn(found, name))
    if (first !== undefined) document.getElementById(attributeId(idPrefix, first))?.focus()
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
  return { idPrefix, draft, initial, names, geocoder, problems, cityProblem, cityInput, check, refuseCity, setCity, setAttribute }
}

/** What `useListingDetails` gives a form. */
export type ListingDetails = ReturnType<typeof useListingDetails>

const attributeId = (idPrefix: string, name: string) => `${idPrefix}-attribute-${name}`

/** The number fields of the attributes shown, each with its problem. */
export const AttributeFields = ({ details }: { details: ListingDetails }) => {
  const t = useT()
  const { idPrefix, draft, names, problems } = details
  return names.map((name) => {
    const id = attributeId(idPrefix, name)
    const problem = Object.hasOwn(problems, name) ? problems[name] : undefined
    return (
      <div key={name} className="field">
        <label htmlFor={id}>{attributeLabel(name)}</label>
        <input
          id={id}
          inputMode="decimal"
          autoComplete="off"
          maxLength={32}
          value={Object.hasOwn(draft.attributes, name) ? draft.attributes[name] : ""}
          onChange={(event) => details.setAttribute(name, event.target.value)}
          aria-invalid={problem === undefined ? undefined : true}
          aria-describedby={problem === undefined ? undefined : `${id}-error`}
        />
        {problem !== undefined && <p id={`${id}-error`} className="error" role="alert">{t(problem.sentence, problem.values)}</p>}
      </div>
    )
  })
}

/** "City", with the places the platform's listings use as suggestions, and why a city cannot be saved. */
export const CityField = ({ details }: { details: ListingDetails }) => {
  const t = useT()
  const places = usePlaces().data ?? []
  const { idPrefix, draft, cityProblem } = details
  const id = `${idPrefix}-city`
  return (
    <div className="field">
      <label htmlFor={id}>{t("details.city")}</label>
      <input
        id={id}
        ref={details.cityInput}
        list={`${id}-places`}
        autoComplete="off"
        maxLength={255}
        value={draft.city}
        onChange={(event) => details.setCity(event.target.value)}
        aria-invalid={cityProblem === undefined ? undefined : true}
        aria-describedby={cityProblem === undefined ? `${id}-hint` : `${id}-error ${id}-hint`}
      />
      <datalist id={`${id}-places`}>
        {places.map((place) => <option key={place.name} value={place.name} />)}
      </datalist>
      {cityProblem !== undefined && <p id={`${id}-error`} className="error" role="alert">{t(cityProblem.sentence, cityProblem.values)}</p>}
      <p id={`${id}-hint`} className="hint">{t("details.cityHint")}</p>
    </div>
  )
}

/** The error a form's saving status shows: a city's problem is its field's, not the form's. */
export const notCityProblem = (error: unknown): unknown => (error instanceof CityProblem ? undefined : error)
