/** Publish a listing: name, category, its number attributes ("Seats"), city, daily price, quantity, description and photos. */
import { useNavigate } from "@tanstack/react-router"
import { useMutation, useQueryClient } from "@tanstack/react-query"
import { type FormEvent, useState } from "react"
import { useStelace, useStelaceQueries } from "stelace-effect/react"
import { AttributeFields, CityField, notCityProblem, useListingDetails } from "../components/ListingDetailsFields.js"
import { categoryLabel } from "../components/ListingImage.js"
import { PhotoInput, SaveStatus } from "../components/PhotoFields.js"
import { useT } from "../i18n/index.js"
import { CityProblem, locateCity, newListingDetails } from "../listingForm.js"
import { type UploadProgress, uploadPhotos } from "../photoUpload.js"
import { usePhotoUploader } from "../photos.js"
import { results, useAssetTypes, useCategories } from "../queries.js"

export const NewListingPage = () => {
  const t = useT()
  const api = useStelaceQueries()
  const navigate = useNavigate()
  const categories = useCategories().data ?? []
  // asked for now, so that it is ready by the time the form is sent (read again then: below)
  useAssetTypes()
  const client = useStelace()
  const queryClient = useQueryClient()
  const uploader = usePhotoUploader()
  const [form, setForm] = useState({ name: "", categoryId: "", price: "", quantity: "1", description: "" })
  const [files, setFiles] = useState<Array<File>>([])
  const [progress, setProgress] = useState<UploadProgress | undefined>()
  const set = (field: keyof typeof form) => (event: { target: { value: string } }) => setForm({ ...form, [field]: event.target.value })
  const details = useListingDetails("listing", form.categoryId)

  const create = useMutation({
    mutationFn: async () => {
      // the city first: one the geocoder cannot place stops everything, photos included
      const place = await locateCity(details.geocoder, details.draft.city)
      // the asset types as the cache holds them, or once they came: a form sent before they
      // arrive would go without a type, which a server with no default type refuses (400)
      const assetTypes = results(await queryClient.ensureQueryData(api.assetTypes.list.queryOptions({ nbResultsPerPage: 100 })))
      const rental = assetTypes.find((type) => type.timeBased)
      const photos = await uploadPhotos(uploader, files, { onProgress: setProgress })
      return client.assets.create({
        name: form.name.trim(),
        categoryId: form.categoryId || undefined,
        price: Number(form.price),
        quantity: Number(form.quantity) || 1,
        currency: "EUR",
        description: form.description.trim() || undefined,
        assetTypeId: rental?.id,
        ...newListingDetails(details.draft, details.names, place),
        ...(photos.length > 0 ? { metadata: { images: photos.map((url) => ({ url })) } } : {})
      })
    },
    onSettled: () => setProgress(undefined),
    onError: (error) => {
      if (error instanceof CityProblem) details.refuseCity(error)
    },
    onSuccess: async (listing) => {
      // lists that show listings (the owner's, the home page's, search) read them again
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: api.assets.queryKey() }),
        queryClient.invalidateQueries({ queryKey: api.search.queryKey() })
      ])
      await navigate({ to: "/listings/$id", params: { id: listing.id } })
    }
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (details.check()) create.mutate()
  }

  return (
    <section className="narrow">
      <h1 tabIndex={-1}>{t("layout.newListing")}</h1>
      <p>{t("owner.newIntro")}</p>
      <form className="stack" onSubmit={submit}>
        <div className="field">
          <label htmlFor="listing-name">{t("common.name")}</label>
          <input id="listing-name" required maxLength={255} value={form.name} onChange={set("name")} />
        </div>
        <div className="field">
          <label htmlFor="listing-category">{t("common.category")}</label>
          <select id="listing-category" required value={form.categoryId} onChange={set("categoryId")}>
            <option value="">{t("owner.chooseCategory")}</option>
            {categories.map((category) => (
              <option key={category.id} value={category.id}>{categoryLabel(category.id, categories)}</option>
            ))}
          </select>
        </div>
        <AttributeFields details={details} />
        <CityField details={details} />
        <div className="field">
          <label htmlFor="listing-price">{t("owner.pricePerDayInEuros")}</label>
          <input id="listing-price" type="number" required min="1" step="0.01" value={form.price} onChange={set("price")} />
        </div>
        <div className="field">
          <label htmlFor="listing-quantity">{t("common.quantity")}</label>
          <input id="listing-quantity" type="number" required min="1" max="1000" step="1" value={form.quantity} onChange={set("quantity")} aria-describedby="listing-quantity-hint" />
          <p id="listing-quantity-hint" className="hint">{t("owner.quantityHint")}</p>
        </div>
        <div className="field">
          <label htmlFor="listing-description">{t("common.description")}</label>
          <textarea id="listing-description" rows={5} maxLength={3000} value={form.description} onChange={set("description")} />
        </div>
        <PhotoInput
          id="listing-photos"
          enabled={uploader !== undefined}
          offHint={t("photos.uploadsOff")}
          onFiles={setFiles}
        />
        <SaveStatus progress={progress} error={create.isError ? notCityProblem(create.error) : undefined} />
        <button type="submit" disabled={create.isPending}>{create.isPending ? t("owner.publishing") : t("owner.publish")}</button>
      </form>
    </section>
  )
}
