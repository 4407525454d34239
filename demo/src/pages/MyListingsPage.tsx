/** The logged-in owner's listings, inactive ones included. */
import { Link } from "@tanstack/react-router"
import { useSession } from "stelace-effect/react"
import { unitOf } from "../booking.js"
import { Empty, ErrorMessage, Loading } from "../components/Feedback.js"
import { ListingCard } from "../components/ListingCard.js"
import { useT } from "../i18n/index.js"
import { useAssetTypes, useCategories, useUserListings } from "../queries.js"

export const MyListingsPage = () => {
  const t = useT()
  const { userId } = useSession()
  const listings = useUserListings(userId, { activeOnly: false })
  const categories = useCategories().data ?? []
  const assetTypes = useAssetTypes().data ?? []
  return (
    <>
      <h1 tabIndex={-1}>{t("layout.myListings")}</h1>
      <p><Link to="/listings/new">{t("owner.listAnother")}</Link></p>
      {listings.isPending && <Loading>{t("owner.loadingMine")}</Loading>}
      {listings.isError && <ErrorMessage error={listings.error} retry={() => void listings.refetch()} />}
      {listings.isSuccess && listings.data.length === 0 && <Empty><p>{t("owner.noneYet")}</p></Empty>}
      <ul className="cards">
        {(listings.data ?? []).map((listing) => (
          <li key={listing.id}>
            <ListingCard listing={listing} categories={categories} unit={unitOf(listing, assetTypes)} />
            {!listing.active && <p className="badge cancelled">{t("owner.notBookable")}</p>}
          </li>
        ))}
      </ul>
    </>
  )
}
