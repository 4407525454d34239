/**
 * Editing one's listing: its fields, its city and number attributes ("Seats"), and its photos
 * (new ones resized in the browser, then sent to the app's photo uploader; the listing keeps their
 * URLs in its metadata).
 */
import { useMutation, useQueryClient } from "@tanstack/react-query"
import { Link, useNavigate, useParams } from "@tanstack/react-router"
import { type FormEvent, useState } from "react"
import type { Asset } from "stelace-effect"
import { useSession, useStelace, useStelaceQueries } from "stelace-effect/react"
import { ErrorMessage, Loading } from "../components/Feedback.js"
import { AttributeFields, CityField, notCityProblem, useListingDetails } from "../components/ListingDetailsFields.js"
import { categoryLabel } from "../components/ListingImage.js"
import { PhotoInput, SaveStatus } from "../components/PhotoFields.js"
import { T, useT } from "../i18n/index.js"
import { CityProblem, cityChanged, listingDetailsUpdate, locateCity } from "../listingForm.js"
import { type UploadProgress, uploadPhotos } from "../photoUpload.js"
import { photosOf, usePhotoUploader } from "../photos.js"
import { useCategories, useListing } from "../queries.js"

export const EditListingPage = () => {
  const t = useT()
  const { id } = useParams({ from: "/listings/$id/edit" })
  const listing = useListing(id)
  const { userId } = useSession()
  if (listing.isPending) return <Loading>{t("listing.loading")}</Loading>
  if (listing.isError) {
    return (
      <>
        <h1 tabIndex={-1}>{t("owner.edit")}</h1>
        <ErrorMessage error={listing.error} retry={() => void listing.refetch()} />
      </>
    )
  }
  if (listing.data.ownerId !== userId) {
    return (
      <section className="narrow">
        <h1 tabIndex={-1}>{t("owner.edit")}</h1>
        <p><T id="owner.onlyOwner" values={{ name: listing.data.name }} components={{ 0: <Link to="/listings/$id" params={{ id }} /> }} /></p>
      </section>
    )
  }
  return <EditForm key={listing.data.id} listing={listing.data} />
}

const EditForm = ({ listing }: { listing: Asset }) => {
  const t = useT()
  const client = useStelace()
  const api = useStelaceQueries()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const uploader = usePhotoUploader()
  const categories = useCategories().data ?? []
  const [form, setForm] = useState({
    name: listing.name,
    price: String(listing.price),
    description: listing.description ?? "",
    quantity: String(listing.quantity),
    categoryId: listing.categoryId ?? ""
  })
  const [kept, setKept] = useState(() => photosOf(listing))
  const [files, setFiles] = useState<Array<File>>([])
  const [progress, setProgress] = useState<UploadProgress | undefined>()
  const set = (field: keyof typeof form) => (event: { target: { value: string } }) => setForm({ ...form, [field]: event.target.value })
  const details = useListingDetails("edit", form.categoryId, listing)

  const save = useMutation({
    mutationFn: async () => {
      // a city is located only when it changed: the listing's own stays as it is
      const { draft, initial } = details
      const place = cityChanged(draft, initial) ? await locateCity(details.geocoder, draft.city) : undefined
      const uploaded = await uploadPhotos(uploader, files, { kept: kept.length, onProgress: setProgress })
      return client.assets.update(listing.id, {
        name: form.name.trim(),
        price: Number(form.price),
        description: form.description.trim(),
        quantity: Number(form.quantity),
        categoryId: form.categoryId || undefined,
        metadata: { images: [...kept, ...uploaded].map((url) => ({ url })) },
        ...listingDetailsUpdate(draft, initial, details.names, place)
      })
    },
    onSettled: () => setProgress(undefined),
    onError: (error) => {
      if (error instanceof CityProblem) details.refuseCity(error)
    },
    onSuccess: async (saved) => {
      // every list and page that shows the listing (search included) reads it again
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: api.assets.queryKey() }),
        queryClient.invalidateQueries({ queryKey: api.search.queryKey() })
      ])
      await navigate({ to: "/listings/$id", params: { id: saved.id } })
    }
  })

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (details.check()) save.mutate()
  }

  return (
    <section className="narrow">
      <h1 tabIndex={-1}>{t("owner.edit")}</h1>
      <p><Link to="/listings/$id" params={{ id: listing.id }}>{listing.name}</Link></p>
      <form className="stack" onSubmit={submit}>
        <div className="field">
          <label htmlFor="edit-name">{t("common.name")}</label>
          <input id="edit-name" required maxLength={255} value={form.name} onChange={set("name")} />
        </div>
        <div className="field">
          <label htmlFor="edit-category">{t("common.category")}</label>
          <select id="edit-category" value={form.categoryId} onChange={set("categoryId")}>
            <option value="">{t("owner.noCategory")}</option>
            {categories.map((category) => (
              <option key={category.id} value={category.id}>{categoryLabel(category.id, categories)}</option>
            ))}
          </select>
        </div>
        <AttributeFields details={details} />
        <CityField details={details} />
        <div className="field">
          <label htmlFor="edit-price">{t("owner.pricePerDay")}</label>
          <input id="edit-price" type="number" required min="0" step="0.01" value={form.price} onChange={set("price")} aria-describedby="edit-price-hint" />
          <p id="edit-price-hint" className="hint">{t("owner.inCurrency", { currency: listing.currency ?? "EUR" })}</p>
        </div>
        <div className="field">
          <label htmlFor="edit-quantity">{t("common.quantity")}</label>
          <input id="edit-quantity" type="number" required min="1" max="1000" step="1" value={form.quantity} onChange={set("quantity")} aria-describedby="edit-quantity-hint" />
          <p id="edit-quantity-hint" className="hint">{t("owner.quantityHint")}</p>
        </div>
        <div className="field">
          <label htmlFor="edit-description">{t("common.description")}</label>
          <textarea id="edit-description" rows={5} maxLength={3000} value={form.description} onChange={set("description")} />
        </div>
        {kept.length > 0 && (
          <fieldset className="field-group">
            <legend>{t("owner.currentPhotos")}</legend>
            <ul className="photo-list">
              {kept.map((url, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a listing may hold the same photo twice; its place tells them apart
                <li key={`${index}-${url.slice(-24)}`}>
                  <img src={url} alt={t("listing.photo", { name: listing.name, index: index + 1, count: kept.length })} />
                  <button type="button" className="secondary" onClick={() => setKept(kept.filter((_, i) => i !== index))}>
                    {t("owner.removePhoto", { index: index + 1 })}
                  </button>
                </li>
              ))}
            </ul>
          </fieldset>
        )}
        <PhotoInput
          id="edit-photos"
          enabled={uploader !== undefined}
          offHint={t("owner.uploadsOffKeep")}
          onFiles={setFiles}
        />
        <SaveStatus progress={progress} error={save.isError ? notCityProblem(save.error) : undefined} />
        <button type="submit" disabled={save.isPending}>{save.isPending ? t("common.saving") : t("owner.saveChanges")}</button>
      </form>
    </section>
  )
}
