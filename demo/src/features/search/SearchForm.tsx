/**
 * The search form: words, category, price range, the number attributes of the chosen category's
 * listings ("Seats"), dates, and a place with a distance. Sending it puts the search in the
 * address (the order of the results stays as it was); a place no listing uses is refused first.
 */
import { useLingui } from "@lingui/react"
import { useNavigate } from "@tanstack/react-router"
import { useRef, useState } from "react"
import {
  attributeLabelIn,
  categoryLabel,
  categoryWithDescendants,
  numberAttributesFor,
  placeNamed,
  useActiveListings,
  useCategories,
  useCustomAttributes,
  usePlaces
} from "../listings/index.js"
import { Field } from "../../ui/Field.js"
import { notSent, useSubmission } from "../../ui/form.js"
import { defaultDistance, distances, parseBoundKey, type SearchParams } from "./searchParams.js"
import { attributeBoundsOf, boundKeys } from "./searchRequest.js"

/** What the form holds while it is being filled in: text, as typed. */
interface Draft {
  readonly query: string
  readonly categoryId: string
  readonly minPrice: string
  readonly maxPrice: string
  readonly startDate: string
  readonly endDate: string
  readonly near: string
  readonly distance: string
  /** Bounds on number attributes, by attribute name. */
  readonly bounds: Readonly<Record<string, { readonly min: string; readonly max: string }>>
}

const draftOf = (params: SearchParams): Draft => ({
  query: params.query ?? "",
  categoryId: params.categoryId ?? "",
  minPrice: params.minPrice ?? "",
  maxPrice: params.maxPrice ?? "",
  startDate: params.startDate ?? "",
  endDate: params.endDate ?? "",
  near: params.near ?? "",
  distance: String(params.distance ?? defaultDistance),
  bounds: Object.fromEntries(attributeBoundsOf(params).map(({ name, min, max }) => [
    name,
    { min: min === undefined ? "" : String(min), max: max === undefined ? "" : String(max) }
  ]))
})

/** The address of a draft: empty fields left out, bounds only for the attributes the form shows. */
const paramsOf = (draft: Draft, attributes: ReadonlyArray<string>): SearchParams => {
  const given = (value: string) => (value.trim() === "" ? undefined : value.trim())
  const near = given(draft.near)
  const bounds = attributes.flatMap((name) => {
    const keys = boundKeys(name)
    const { min, max } = Object.hasOwn(draft.bounds, name) ? draft.bounds[name]! : { min: "", max: "" }
    return [[keys.min, given(min)], [keys.max, given(max)]].filter(([, value]) => value !== undefined)
  })
  const params: SearchParams = {
    query: given(draft.query),
    categoryId: given(draft.categoryId),
    minPrice: given(draft.minPrice),
    maxPrice: given(draft.maxPrice),
    startDate: given(draft.startDate),
    endDate: given(draft.endDate),
    near,
    distance: near === undefined ? undefined : distances.find((distance) => String(distance) === draft.distance),
    ...Object.fromEntries(bounds)
  }
  return Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined)) as SearchParams
}

export const SearchForm = ({ initial, filtered }: { initial: SearchParams; filtered: boolean }) => {
  const { i18n } = useLingui()
  const categories = useCategories().data ?? []
  const attributes = useCustomAttributes().data ?? []
  const listings = useActiveListings().data ?? []
  const places = usePlaces()
  const [draft, setDraft] = useState(() => draftOf(initial))
  const [unknownPlace, setUnknownPlace] = useState<string>()
  const nearInput = useRef<HTMLInputElement>(null)
  const navigate = useNavigate()
  const set = (field: Exclude<keyof Draft, "bounds">) => (event: { target: { value: string } }) => {
    setDraft({ ...draft, [field]: event.target.value })
    if (field === "near") setUnknownPlace(undefined)
  }
  const boundsOf = (name: string) => (Object.hasOwn(draft.bounds, name) ? draft.bounds[name]! : { min: "", max: "" })
  const setBound = (name: string, bound: "min" | "max") => (event: { target: { value: string } }) =>
    setDraft({ ...draft, bounds: { ...draft.bounds, [name]: { ...boundsOf(name), [bound]: event.target.value } } })

  // the number attributes of the chosen category's listings, and any the search already bounds
  const inCategory = draft.categoryId === "" ? undefined : categoryWithDescendants(categories, draft.categoryId)
  const bounded = Object.entries(draft.bounds).filter(([, { min, max }]) => min.trim() !== "" || max.trim() !== "").map(([name]) => name)
  // an attribute whose name the address cannot carry (not a word) gets no filter
  const offered = numberAttributesFor(attributes, listings, inCategory).filter((name) => parseBoundKey(`${name}.min`) !== undefined)
  const shown = [...new Set([...offered, ...bounded])].sort((a, b) => a.localeCompare(b))

  const [, send] = useSubmission(async () => {
    const near = draft.near.trim()
    if (near !== "" && places.isSuccess && placeNamed(places.data, near) === undefined) {
      setUnknownPlace(near)
      nearInput.current?.focus()
      return notSent
    }
    await navigate({ from: "/search", to: "/search", search: (previous) => ({ ...paramsOf(draft, shown), sort: previous.sort }) })
  })
  return (
    // biome-ignore lint/a11y/useSemanticElements: a form with the search role keeps one element for the landmark and the submit
    <form role="search" aria-labelledby="search-title" className="search-form discovery-form" onSubmit={send}>
      <h2 id="search-title" className="visually-hidden">{i18n._("search.formTitle")}</h2>
      <Field className="field wide" label={i18n._("search.words")}>
        {(control) => <input {...control} type="search" placeholder={i18n._("search.wordsPlaceholder")} value={draft.query} onChange={set("query")} />}
      </Field>
      <Field label={i18n._("search.category")}>
        {(control) => (
          <select {...control} value={draft.categoryId} onChange={set("categoryId")}>
            <option value="">{i18n._("search.allCategories")}</option>
            {categories.map((category) => <option key={category.id} value={category.id}>{categoryLabel(category.id, categories)}</option>)}
          </select>
        )}
      </Field>
      <fieldset className="field-group">
        <legend>{i18n._("search.price")}</legend>
        <Field label={i18n._("search.from")}>
          {(control) => <input {...control} type="number" min="0" step="any" value={draft.minPrice} onChange={set("minPrice")} />}
        </Field>
        <Field label={i18n._("search.to")}>
          {(control) => <input {...control} type="number" min={draft.minPrice || "0"} step="any" value={draft.maxPrice} onChange={set("maxPrice")} />}
        </Field>
      </fieldset>
      {shown.map((name) => {
        const { min, max } = boundsOf(name)
        return (
          <fieldset key={name} className="field-group">
            <legend>{attributeLabelIn(i18n, name)}</legend>
            <Field label={i18n._("search.atLeast")}>
              {(control) => <input {...control} type="number" step="any" value={min} onChange={setBound(name, "min")} />}
            </Field>
            <Field label={i18n._("search.atMost")}>
              {(control) => <input {...control} type="number" step="any" min={min || undefined} value={max} onChange={setBound(name, "max")} />}
            </Field>
          </fieldset>
        )
      })}
      <fieldset className="field-group">
        <legend>{i18n._("search.dates")}</legend>
        <Field label={i18n._("search.startDate")}>
          {(control) => <input {...control} type="date" value={draft.startDate} onChange={set("startDate")} />}
        </Field>
        <Field label={i18n._("search.endDate")}>
          {(control) => <input {...control} type="date" min={draft.startDate || undefined} value={draft.endDate} onChange={set("endDate")} />}
        </Field>
      </fieldset>
      <div className="field-group">
        <Field label={i18n._("search.near")} error={unknownPlace === undefined ? undefined : i18n._("search.unknownPlace", { place: unknownPlace })}>
          {(control) => (
            <>
              <input {...control} ref={nearInput} list={`${control.id}-places`} autoComplete="off" value={draft.near} onChange={set("near")} />
              <datalist id={`${control.id}-places`}>
                {(places.data ?? []).map((place) => <option key={place.name} value={place.name} />)}
              </datalist>
            </>
          )}
        </Field>
        <Field label={i18n._("search.distance")}>
          {(control) => (
            <select {...control} value={draft.distance} onChange={set("distance")}>
              {distances.map((distance) => <option key={distance} value={String(distance)}>{i18n._("search.distanceKm", { distance })}</option>)}
            </select>
          )}
        </Field>
      </div>
      <div className="actions">
        <button type="submit">{i18n._("search.submit")}</button>
        {filtered && (
          <button type="button" className="secondary" onClick={() => void navigate({ to: "/search", search: {} })}>{i18n._("search.clear")}</button>
        )}
      </div>
    </form>
  )
}
