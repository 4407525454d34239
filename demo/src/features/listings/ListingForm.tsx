/**
 * The listing form, to publish a listing ("List an item") or edit one ("Edit listing"): name,
 * category, number attributes ("Seats"), city, price per day, quantity, description and photos,
 * in that order. New photos are resized in the browser, then sent to the app's photo uploader;
 * the listing keeps their URLs in its metadata.
 *
 * The two modes differ only where a new listing is stricter: it must have a category and a price
 * of at least 1, in euros; an edit may take its category away, keeps the listing's own currency,
 * and sends its city only when it changed. Once saved, the lists that show listings are read
 * again and the listing's page opens.
 */
import { useLingui } from "@lingui/react"
import { useQueryClient } from "@tanstack/react-query"
import { useNavigate } from "@tanstack/react-router"
import { useState } from "react"
import type { Asset } from "stelace-effect"
import { useStelace, useStelaceQueries } from "stelace-effect/react"
import { results } from "../../lib/lists.js"
import { Field } from "../../ui/Field.js"
import { failure, SubmitButton, notSent, useSubmission } from "../../ui/form.js"
import { categoryLabel } from "./categories.js"
import { AttributeFields, CityField, useListingDetails } from "./DetailsFields.js"
import { CityProblem, cityChanged, listingDetailsUpdate, locateCity, newListingDetails } from "./listingForm.js"
import { PhotoInput, SaveStatus } from "./PhotoFields.js"
import { photosOf, usePhotoUploader } from "./photos.js"
import { type UploadProgress, uploadPhotos } from "./photoUpload.js"
import { assetTypesQuery, listingQuery, useAssetTypes, useCategories } from "./queries.js"

/** Which listing the form saves: a new one, or `listing` edited. */
export type ListingFormMode = { readonly _tag: "New" } | { readonly _tag: "Edit"; readonly listing: Asset }

/** The text fields as typed. */
interface ListingText {
  readonly name: string
  readonly categoryId: string
  readonly price: string
  readonly quantity: string
  readonly description: string
}

const textOf = (listing: Asset | undefined): ListingText =>
  listing === undefined
    ? { name: "", categoryId: "", price: "", quantity: "1", description: "" }
    : {
      name: listing.name,
      categoryId: listing.categoryId ?? "",
      price: String(listing.price),
      quantity: String(listing.quantity),
      description: listing.description ?? ""
    }

export const ListingForm = ({ mode }: { readonly mode: ListingFormMode }) => {
  const { i18n } = useLingui()
  const api = useStelaceQueries()
  const client = useStelace()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const uploader = usePhotoUploader()
  const categories = useCategories().data ?? []
  // asked for now, so that they are there by the time the form is sent (read again then)
  useAssetTypes()
  const listing = mode._tag === "Edit" ? mode.listing : undefined
  const [text, setText] = useState(() => textOf(listing))
  const [kept, setKept] = useState(() => (listing === undefined ? [] : photosOf(listing)))
  const [files, setFiles] = useState<Array<File>>([])
  const [progress, setProgress] = useState<UploadProgress | undefined>()
  const details = useListingDetails(text.categoryId, listing)
  const set = (field: keyof ListingText) => (event: { target: { value: string } }) => setText({ ...text, [field]: event.target.value })

  const save = async (): Promise<Asset> => {
    const { draft, initial } = details
    if (listing === undefined) {
      // the city first: one the geocoder cannot place stops everything, photos included
      const place = await locateCity(details.geocoder, draft.city)
      // the asset types as the cache holds them, or once they came: a listing sent without a
      // type is refused by a server with no default type (400)
      const rental = results(await queryClient.ensureQueryData(assetTypesQuery(api))).find((type) => type.timeBased)
      const photos = await uploadPhotos(uploader, files, { onProgress: setProgress })
      return client.assets.create({
        name: text.name.trim(),
        categoryId: text.categoryId || undefined,
        price: Number(text.price),
        quantity: Number(text.quantity) || 1,
        currency: "EUR",
        description: text.description.trim() || undefined,
        assetTypeId: rental?.id,
        ...newListingDetails(draft, details.names, place),
        ...(photos.length > 0 ? { metadata: { images: photos.map((url) => ({ url })) } } : {})
      })
    }
    // a city is located only when it changed: the listing's own stays as it is
    const place = cityChanged(draft, initial) ? await locateCity(details.geocoder, draft.city) : undefined
    const uploaded = await uploadPhotos(uploader, files, { kept: kept.length, onProgress: setProgress })
    return client.assets.update(listing.id, {
      name: text.name.trim(),
      price: Number(text.price),
      description: text.description.trim(),
      quantity: Number(text.quantity),
      categoryId: text.categoryId || undefined,
      metadata: { images: [...kept, ...uploaded].map((url) => ({ url })) },
      ...listingDetailsUpdate(draft, initial, details.names, place)
    })
  }

  const [submission, send, pending] = useSubmission(async () => {
    if (!details.check()) return notSent
    try {
      const saved = await save()
      // the lists that show listings (the owner's, the home page's, search) are read again, and
      // the listing's page shows it as the API answered
      await (listing === undefined ? api.assets.create : api.assets.update).invalidate(queryClient)
      queryClient.setQueryData(listingQuery(api, saved.id).queryKey, saved)
      await navigate({ to: "/listings/$id", params: { id: saved.id } })
      return saved
    } catch (error) {
      if (error instanceof CityProblem) details.refuseCity(error)
      throw error
    } finally {
      setProgress(undefined)
    }
  })
  const error = failure(submission)

  return (
    <form className="stack" onSubmit={send}>
      <Field label={i18n._("common.name")}>
        {(control) => <input {...control} required maxLength={255} value={text.name} onChange={set("name")} />}
      </Field>
      <Field label={i18n._("common.category")}>
        {(control) => (
          <select {...control} required={listing === undefined} value={text.categoryId} onChange={set("categoryId")}>
            <option value="">{listing === undefined ? i18n._("owner.chooseCategory") : i18n._("owner.noCategory")}</option>
            {categories.map((category) => (
              <option key={category.id} value={category.id}>{categoryLabel(category.id, categories)}</option>
            ))}
          </select>
        )}
      </Field>
      <AttributeFields details={details} />
      <CityField details={details} />
      {listing === undefined
        ? (
          <Field label={i18n._("owner.pricePerDayInEuros")}>
            {(control) => <input {...control} type="number" required min="1" step="0.01" value={text.price} onChange={set("price")} />}
          </Field>
        )
        : (
          <Field label={i18n._("owner.pricePerDay")} hint={i18n._("owner.inCurrency", { currency: listing.currency ?? "EUR" })}>
            {(control) => <input {...control} type="number" required min="0" step="0.01" value={text.price} onChange={set("price")} />}
          </Field>
        )}
      <Field label={i18n._("common.quantity")} hint={i18n._("owner.quantityHint")}>
        {(control) => <input {...control} type="number" required min="1" max="1000" step="1" value={text.quantity} onChange={set("quantity")} />}
      </Field>
      <Field label={i18n._("common.description")}>
        {(control) => <textarea {...control} rows={5} maxLength={3000} value={text.description} onChange={set("description")} />}
      </Field>
      {kept.length > 0 && listing !== undefined && (
        <fieldset className="field-group">
          <legend>{i18n._("owner.currentPhotos")}</legend>
          <ul className="photo-list">
            {kept.map((url, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a listing may hold the same photo twice; its place tells them apart
              <li key={`${index}-${url.slice(-24)}`}>
                <img src={url} alt={i18n._("listing.photo", { name: listing.name, index: index + 1, count: kept.length })} />
                <button type="button" className="secondary" onClick={() => setKept(kept.filter((_, i) => i !== index))}>
                  {i18n._("owner.removePhoto", { index: index + 1 })}
                </button>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      <PhotoInput
        enabled={uploader !== undefined}
        offHint={listing === undefined ? i18n._("photos.uploadsOff") : i18n._("owner.uploadsOffKeep")}
        onFiles={setFiles}
      />
      {/* a city's problem is its field's, not the form's */}
      <SaveStatus progress={progress} error={error instanceof CityProblem ? undefined : error} />
      {listing === undefined
        ? <SubmitButton pending={pending} busy={i18n._("owner.publishing")}>{i18n._("owner.publish")}</SubmitButton>
        : <SubmitButton pending={pending}>{i18n._("owner.saveChanges")}</SubmitButton>}
    </form>
  )
}
