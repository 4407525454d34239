/**
 * Listings as cards: their owners' names and ratings read for the whole list at once
 * (`useMembers`: one `users.list`, one `ratings.getStats`), the categories and asset types the
 * cards name. The list can mark one card (`selected`, as the search's map does) and add something
 * under each (`below`).
 */
import type { ReactNode, Ref } from "react"
import type { Asset } from "stelace-effect"
import { useMembers } from "../../lib/members.js"
import { ListingCard } from "./ListingCard.js"
import { useAssetTypes, useCategories } from "./queries.js"
import { isTimeBased } from "./rental.js"

export const ListingCards = ({ listings, selected, below, headingLevel, ref }: {
  readonly listings: ReadonlyArray<Asset>
  /** The listing chosen elsewhere (on the map): its card is highlighted (`aria-current`). */
  readonly selected?: string | undefined
  readonly below?: (listing: Asset) => ReactNode
  /** The level of the cards' headings (`ListingCard`). */
  readonly headingLevel?: 2 | 3
  readonly ref?: Ref<HTMLUListElement>
}) => {
  const categories = useCategories().data ?? []
  const assetTypes = useAssetTypes().data ?? []
  const members = useMembers(listings.map((listing) => listing.ownerId), { ratings: true })
  return (
    <ul className="cards" ref={ref}>
      {listings.map((listing) => (
        <li key={listing.id} data-listing={listing.id} aria-current={listing.id === selected ? "true" : undefined}>
          <ListingCard
            listing={listing}
            categories={categories}
            perDay={isTimeBased(listing, assetTypes)}
            owner={members.name(listing.ownerId)}
            rating={members.rating(listing.ownerId)}
            headingLevel={headingLevel}
          />
          {below?.(listing)}
        </li>
      ))}
    </ul>
  )
}
