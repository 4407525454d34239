/** Publish a listing: name, category, daily price and description. */
import { useNavigate } from "@tanstack/react-router"
import { useMutation } from "@tanstack/react-query"
import { type FormEvent, useState } from "react"
import { useStelaceQueries } from "stelace-effect/react"
import { ErrorMessage } from "../components/Feedback.js"
import { categoryLabel } from "../components/ListingImage.js"
import { useAssetTypes, useCategories } from "../queries.js"

export const NewListingPage = () => {
  const api = useStelaceQueries()
  const navigate = useNavigate()
  const categories = useCategories().data ?? []
  const rental = useAssetTypes().data?.find((type) => type.timeBased)
  const [form, setForm] = useState({ name: "", categoryId: "", price: "", description: "" })
  const set = (field: keyof typeof form) => (event: { target: { value: string } }) => setForm({ ...form, [field]: event.target.value })

  const create = useMutation(api.assets.create.mutationOptions({ onSuccess: (listing) => void navigate({ to: "/listings/$id", params: { id: listing.id } }) }))
  const submit = (event: FormEvent) => {
    event.preventDefault()
    create.mutate({
      name: form.name.trim(),
      categoryId: form.categoryId || undefined,
      price: Number(form.price),
      currency: "EUR",
      description: form.description.trim() || undefined,
      assetTypeId: rental?.id
    })
  }

  return (
    <section className="narrow">
      <h1 tabIndex={-1}>List an item</h1>
      <p>Rent out something you own. It appears in searches as soon as it's published.</p>
      <form className="stack" onSubmit={submit}>
        <div className="field">
          <label htmlFor="listing-name">Name</label>
          <input id="listing-name" required maxLength={255} value={form.name} onChange={set("name")} />
        </div>
        <div className="field">
          <label htmlFor="listing-category">Category</label>
          <select id="listing-category" required value={form.categoryId} onChange={set("categoryId")}>
            <option value="">Choose a category</option>
            {categories.map((category) => (
              <option key={category.id} value={category.id}>{categoryLabel(category.id, categories)}</option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="listing-price">Price per day, in euros</label>
          <input id="listing-price" type="number" required min="1" step="0.01" value={form.price} onChange={set("price")} />
        </div>
        <div className="field">
          <label htmlFor="listing-description">Description</label>
          <textarea id="listing-description" rows={5} maxLength={3000} value={form.description} onChange={set("description")} />
        </div>
        {create.isError && <ErrorMessage error={create.error} action="listing" />}
        <button type="submit" disabled={create.isPending}>{create.isPending ? "Publishing…" : "Publish listing"}</button>
      </form>
    </section>
  )
}
