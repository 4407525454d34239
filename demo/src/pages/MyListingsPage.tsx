/** The logged-in owner's listings, inactive ones included. */
import { Link } from "@tanstack/react-router"
import { useSession } from "stelace-effect/react"
import { unitOf } from "../booking.js"
import { Empty, ErrorMessage, Loading } from "../components/Feedback.js"
import { ListingCard } from "../components/ListingCard.js"
import { useAssetTypes, useCategories, useUserListings } from "../queries.js"

export const MyListingsPage = () => {
  const { userId } = useSession()
  const listings = useUserListings(userId, { activeOnly: false })
  const categories = useCategories().data ?? []
  const assetTypes = useAssetTypes().data ?? []
  return (
    <>
      <h1 tabIndex={-1}>My listings</h1>
      <p><Link to="/listings/new">List another item</Link></p>
      {listings.isPending && <Loading>Loading your listings…</Loading>}
      {listings.isError && <ErrorMessage error={listings.error} retry={() => void listings.refetch()} />}
      {listings.isSuccess && listings.data.length === 0 && <Empty><p>You haven't listed anything yet.</p></Empty>}
      <ul className="cards">
        {(listings.data ?? []).map((listing) => (
          <li key={listing.id}>
            <ListingCard listing={listing} categories={categories} unit={unitOf(listing, assetTypes)} />
            {!listing.active && <p className="badge cancelled">Not available for booking</p>}
          </li>
        ))}
      </ul>
    </>
  )
}
