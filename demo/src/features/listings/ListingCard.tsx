/**
 * A listing in lists: its first photo (or a drawing of its kind), name (a link to its page),
 * category, owner, the owner's rating and the price. The list reads the owners and their ratings
 * for all its cards at once (`ListingCards`).
 */
import { useLingui } from "@lingui/react"
import { Link } from "@tanstack/react-router"
import type { Asset, Category } from "stelace-effect"
import { RatingSummary, type Summary } from "../../ui/RatingSummary.js"
import { categoryLabel } from "./categories.js"
import { ListingImage } from "./ListingImage.js"
import { Price } from "./Price.js"
import { photosOf } from "./photos.js"

export const ListingCard = ({ listing, categories, perDay, owner, rating, headingLevel = 3 }: {
  readonly listing: Asset
  readonly categories: ReadonlyArray<Category>
  /** Whether the listing is rented by the day (its price is "per day"). */
  readonly perDay: boolean
  /** The owner's name, once read. */
  readonly owner: string | undefined
  /** The ratings the owner received, once read. */
  readonly rating: Summary | undefined
  /** The level of the card's heading: under the page's section headings (3), or right under its `h1` (2). */
  readonly headingLevel?: 2 | 3
}) => {
  const Heading = headingLevel === 2 ? "h2" : "h3"
  const { i18n } = useLingui()
  const photo = photosOf(listing)[0]
  const category = categoryLabel(listing.categoryId, categories) ?? i18n._("common.otherCategory")
  return (
    <article className="card">
      {photo === undefined
        ? <ListingImage categoryId={listing.categoryId} categories={categories} />
        : <img className="listing-image" src={photo} alt="" loading="lazy" />}
      <div className="card-body">
        <Heading className="card-title"><Link to="/listings/$id" params={{ id: listing.id }}>{listing.name}</Link></Heading>
        <p className="muted">{owner === undefined ? category : i18n._("common.categoryBy", { category, name: owner })}</p>
        <p className="card-rating"><RatingSummary summary={rating} /></p>
        <p className="price"><Price amount={listing.price} currency={listing.currency} perDay={perDay} /></p>
      </div>
    </article>
  )
}
