/** A listing in lists: its first photo (or a drawing of its kind), name (a link to its page), category, owner and price. */
import type { Asset, Category } from "stelace-effect"
import { formatPrice } from "../format.js"
import { type MessageId, useLocale, useT } from "../i18n/index.js"
import { photosOf } from "../photos.js"
import { useDisplayName, useListingRatingSummary } from "../queries.js"
import { RatingSummary } from "./RatingSummary.js"
import { Link } from "@tanstack/react-router"
import { categoryLabel, ListingImage } from "./ListingImage.js"

export const ListingCard = ({ listing, categories, unit }: {
  listing: Asset
  categories: ReadonlyArray<Category>
  unit: MessageId | undefined
}) => {
  const t = useT()
  const locale = useLocale()
  const owner = useDisplayName(listing.ownerId)
  const rating = useListingRatingSummary(listing)
  const photo = photosOf(listing)[0]
  return (
    <article className="card">
      {photo === undefined
        ? <ListingImage categoryId={listing.categoryId} categories={categories} />
        : <img className="listing-image" src={photo} alt="" loading="lazy" />}
      <div className="card-body">
        <h3><Link to="/listings/$id" params={{ id: listing.id }}>{listing.name}</Link></h3>
        <p className="muted">{categoryLabel(listing.categoryId, categories) ?? t("common.otherCategory")}{owner && ` · ${t("common.by", { name: owner })}`}</p>
        <p className="card-rating"><RatingSummary summary={rating.data} /></p>
        <p className="price">{formatPrice(locale, listing.price, listing.currency)}{unit && <span className="muted"> {t(unit)}</span>}</p>
      </div>
    </article>
  )
}
