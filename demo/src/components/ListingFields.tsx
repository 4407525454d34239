/**
 * What both listing forms ("List an item" and "Edit listing") ask for, in the same order: name,
 * category, number attributes, city, daily price, quantity and description; and what both do once
 * the listing is saved (`useOpenSavedListing`). The two differ only where a new listing is
 * stricter: it must have a category and a price of at least 1, in euros; an edit may take its
 * category away and keeps the listing's own currency.
 */
import { useQueryClient } from "@tanstack/react-query"
import { useNavigate } from "@tanstack/react-router"
import { useStelaceQueries } from "stelace-effect/react"
import { useT } from "../i18n/index.js"
import { useCategories } from "../queries.js"
import { AttributeFields, CityField, type ListingDetails } from "./ListingDetailsFields.js"
import { categoryLabel } from "./ListingImage.js"

/** The text fields of a listing form, as typed. */
export interface ListingText {
  readonly name: string
  readonly categoryId: string
  readonly price: string
  readonly quantity: string
  readonly description: string
}

/** The text fields of a new listing. */
export const emptyListingText: ListingText = { name: "", categoryId: "", price: "", quantity: "1", description: "" }

/** Which form the fields are in: a new listing, or an edit of one priced in `currency`. */
export type ListingFormKind = { readonly _tag: "New" } | { readonly _tag: "Edit"; readonly currency: string }

/** The fields, each labelled, with its hint; `details` holds the city and the attributes. */
export const ListingFields = ({ kind, text, onText, details }: {
  readonly kind: ListingFormKind
  readonly text: ListingText
  readonly onText: (text: ListingText) => void
  readonly details: ListingDetails
}) => {
  const t = useT()
  const categories = useCategories().data ?? []
  const id = (field: string) => `${details.idPrefix}-${field}`
  const set = (field: keyof ListingText) => (event: { target: { value: string } }) => onText({ ...text, [field]: event.target.value })
  return (
    <>
      <div className="field">
        <label htmlFor={id("name")}>{t("common.name")}</label>
        <input id={id("name")} required maxLength={255} value={text.name} onChange={set("name")} />
      </div>
      <div className="field">
        <label htmlFor={id("category")}>{t("common.category")}</label>
        <select id={id("category")} required={kind._tag === "New"} value={text.categoryId} onChange={set("categoryId")}>
          <option value="">{kind._tag === "New" ? t("owner.chooseCategory") : t("owner.noCategory")}</option>
          {categories.map((category) => (
            <option key={category.id} value={category.id}>{categoryLabel(category.id, categories)}</option>
          ))}
        </select>
      </div>
      <AttributeFields details={details} />
      <CityField details={details} />
      {kind._tag === "New"
        ? (
          <div className="field">
            <label htmlFor={id("price")}>{t("owner.pricePerDayInEuros")}</label>
            <input id={id("price")} type="number" required min="1" step="0.01" value={text.price} onChange={set("price")} />
          </div>
        )
        : (
          <div className="field">
            <label htmlFor={id("price")}>{t("owner.pricePerDay")}</label>
            <input id={id("price")} type="number" required min="0" step="0.01" value={text.price} onChange={set("price")} aria-describedby={id("price-hint")} />
            <p id={id("price-hint")} className="hint">{t("owner.inCurrency", { currency: kind.currency })}</p>
          </div>
        )}
      <div className="field">
        <label htmlFor={id("quantity")}>{t("common.quantity")}</label>
        <input id={id("quantity")} type="number" required min="1" max="1000" step="1" value={text.quantity} onChange={set("quantity")} aria-describedby={id("quantity-hint")} />
        <p id={id("quantity-hint")} className="hint">{t("owner.quantityHint")}</p>
      </div>
      <div className="field">
        <label htmlFor={id("description")}>{t("common.description")}</label>
        <textarea id={id("description")} rows={5} maxLength={3000} value={text.description} onChange={set("description")} />
      </div>
    </>
  )
}

/**
 * What a form does once a listing is saved: the lists that show listings (the owner's, the home
 * page's, search) read them again, then the listing's page opens.
 */
export const useOpenSavedListing = () => {
  const api = useStelaceQueries()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return async (listingId: string) => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: api.assets.queryKey() }),
      queryClient.invalidateQueries({ queryKey: api.search.queryKey() })
    ])
    await navigate({ to: "/listings/$id", params: { id: listingId } })
  }
}
