/** Publish a listing: name, category, its number attributes ("Seats"), city, daily price, quantity, description and photos. */
import { useMutation, useQueryClient } from "@tanstack/react-query"
import { type FormEvent, useState } from "react"
import { useStelace, useStelaceQueries } from "stelace-effect/react"
import { notCityProblem, useListingDetails } from "../components/ListingDetailsFields.js"
import { emptyListingText, ListingFields, useOpenSavedListing } from "../components/ListingFields.js"
import { PhotoInput, SaveStatus } from "../components/PhotoFields.js"
import { useT } from "../i18n/index.js"
import { CityProblem, locateCity, newListingDetails } from "../listingForm.js"
import { type UploadProgress, uploadPhotos } from "../photoUpload.js"
import { usePhotoUploader } from "../photos.js"
import { assetTypesQuery, results, useAssetTypes } from "../queries.js"

export const NewListingPage = () => {
  const t = useT()
  const api = useStelaceQueries()
  // asked for now, so that it is ready by the time the form is sent (read again then: below)
  useAssetTypes()
  const client = useStelace()
  const queryClient = useQueryClient()
  const uploader = usePhotoUploader()
  const openSaved = useOpenSavedListing()
  const [form, setForm] = useState(emptyListingText)
  const [files, setFiles] = useState<Array<File>>([])
  const [progress, setProgress] = useState<UploadProgress | undefined>()
  const details = useListingDetails("listing", form.categoryId)

  const create = useMutation({
    mutationFn: async () => {
      // the city first: one the geocoder cannot place stops everything, photos included
      const place = await locateCity(details.geocoder, details.draft.city)
      // the asset types as the cache holds them, or once they came: a form sent before they
      // arrive would go without a type, which a server with no default type refuses (400)
      const assetTypes = results(await queryClient.ensureQueryData(assetTypesQuery(api)))
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
    onSuccess: (listing) => openSaved(listing.id)
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
        <ListingFields kind={{ _tag: "New" }} text={form} onText={setForm} details={details} />
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
