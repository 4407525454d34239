/** A listing in search results: its drawing, name (a link to its page), category, owner and price. */
import type { Asset, Category } from "stelace-effect"
import { formatPrice } from "../format.js"
import { useDisplayName } from "../queries.js"
import { Link } from "@tanstack/react-router"
import { categoryLabel, ListingImage } from "./ListingImage.js"

export const ListingCard = ({ listing, categories, unit }: {
  listing: Asset
  categories: ReadonlyArray<Category>
  unit: string | undefined
}) => {
  const owner = useDisplayName(listing.ownerId)
  return (
    <article className="card">
      <ListingImage categoryId={listing.categoryId} categories={categories} />
      <div className="card-body">
        <h3><Link to="/listings/$id" params={{ id: listing.id }}>{listing.name}</Link></h3>
        <p className="muted">{categoryLabel(listing.categoryId, categories) ?? "Other"}{owner && ` · by ${owner}`}</p>
        <p className="price">{formatPrice(listing.price, listing.currency)}{unit && <span className="muted"> {unit}</span>}</p>
      </div>
    </article>
  )
}
