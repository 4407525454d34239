/**
 * Editing one's listing: its fields, its city and number attributes ("Seats"), and its photos
 * (new ones resized in the browser, then sent to the app's photo uploader; the listing keeps their
 * URLs in its metadata).
 */
import { useMutation } from "@tanstack/react-query"
import { Link, useParams } from "@tanstack/react-router"
import { type FormEvent, useState } from "react"
import type { Asset } from "stelace-effect"
import { useSession, useStelace } from "stelace-effect/react"
import { ErrorMessage, Loading } from "../components/Feedback.js"
import { notCityProblem, useListingDetails } from "../components/ListingDetailsFields.js"
import { ListingFields, type ListingText, useOpenSavedListing } from "../components/ListingFields.js"
import { PhotoInput, SaveStatus } from "../components/PhotoFields.js"
import { T, useT } from "../i18n/index.js"
import { CityProblem, cityChanged, listingDetailsUpdate, locateCity } from "../listingForm.js"
import { type UploadProgress, uploadPhotos } from "../photoUpload.js"
import { photosOf, usePhotoUploader } from "../photos.js"
import { useListing } from "../queries.js"

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
  const uploader = usePhotoUploader()
  const openSaved = useOpenSavedListing()
  const [form, setForm] = useState<ListingText>({
    name: listing.name,
    price: String(listing.price),
    description: listing.description ?? "",
    quantity: String(listing.quantity),
    categoryId: listing.categoryId ?? ""
  })
  const [kept, setKept] = useState(() => photosOf(listing))
  const [files, setFiles] = useState<Array<File>>([])
  const [progress, setProgress] = useState<UploadProgress | undefined>()
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
    onSuccess: (saved) => openSaved(saved.id)
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
        <ListingFields kind={{ _tag: "Edit", currency: listing.currency ?? "EUR" }} text={form} onText={setForm} details={details} />
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
