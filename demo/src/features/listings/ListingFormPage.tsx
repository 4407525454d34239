/**
 * "List an item" and "Edit listing": the listing form (`ListingForm`) in its two modes. Only the
 * owner edits a listing; the route's loader has asked for it, and the page reads it with
 * `useSuspenseQuery`.
 */
import { Trans, useLingui } from "@lingui/react"
import { useSuspenseQuery } from "@tanstack/react-query"
import { Link, useParams } from "@tanstack/react-router"
import { useSession, useStelaceQueries } from "stelace-effect/react"
import { ListingForm } from "./ListingForm.js"
import { listingQuery } from "./queries.js"

export const NewListingPage = () => {
  const { i18n } = useLingui()
  return (
    <section className="narrow">
      <h1 tabIndex={-1}>{i18n._("layout.newListing")}</h1>
      <p>{i18n._("owner.newIntro")}</p>
      <ListingForm mode={{ _tag: "New" }} />
    </section>
  )
}

export const EditListingPage = () => {
  const { i18n } = useLingui()
  const { id } = useParams({ from: "/_member/listings/$id/edit" })
  const { data: listing } = useSuspenseQuery(listingQuery(useStelaceQueries(), id))
  const { userId } = useSession()
  return (
    <section className="narrow">
      <h1 tabIndex={-1}>{i18n._("owner.edit")}</h1>
      {listing.ownerId === userId
        ? (
          <>
            <p><Link to="/listings/$id" params={{ id: listing.id }}>{listing.name}</Link></p>
            <ListingForm key={listing.id} mode={{ _tag: "Edit", listing }} />
          </>
        )
        : <p><Trans id="owner.onlyOwner" values={{ name: <>{listing.name}</> }} components={{ 0: <Link to="/listings/$id" params={{ id }} /> }} /></p>}
    </section>
  )
}
