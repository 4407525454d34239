/**
 * A listing: its photos, description, city and number attributes, price, owner, booked dates,
 * reviews, and booking it (or, for its owner, their tools). The route's loader has asked for the
 * listing and the asset types; the page reads them with `useSuspenseQuery`, and the route shows
 * the loading line and the errors.
 */
import { Trans, useLingui } from "@lingui/react"
import { useQuery, useSuspenseQuery } from "@tanstack/react-query"
import { Link, useParams } from "@tanstack/react-router"
import { Fragment } from "react"
import type { Asset } from "stelace-effect"
import { useSession, useStelaceQueries } from "stelace-effect/react"
import { BookedDates, BookingForm } from "../bookings/index.js"
import { AskQuestion } from "../inbox/index.js"
import { formatNumber } from "../../lib/format.js"
import { useLocale } from "../../lib/i18n/index.js"
import { results } from "../../lib/lists.js"
import { useDisplayName } from "../../lib/member.js"
import { useMembers } from "../../lib/members.js"
import { PageTitle } from "../../ui/PageTitle.js"
import { QueryState } from "../../ui/QueryState.js"
import { ReviewList } from "../../ui/ReviewList.js"
import { categoryLabel } from "./categories.js"
import { Gallery } from "./Gallery.js"
import { attributeLabelIn, cityOf, numberAttributesOf } from "./listingDetails.js"
import { ListingImage } from "./ListingImage.js"
import { OwnerTools } from "./OwnerTools.js"
import { photosOf } from "./photos.js"
import { assetTypesQuery, listingQuery, useCategories } from "./queries.js"
import { Price } from "./Price.js"
import { isTimeBased } from "./rental.js"

export const ListingPage = () => {
  const { id } = useParams({ from: "/listings/$id" })
  return <Listing key={id} id={id} />
}

const Listing = ({ id }: { id: string }) => {
  const { i18n } = useLingui()
  const api = useStelaceQueries()
  const { data } = useSuspenseQuery(listingQuery(api, id))
  const types = results(useSuspenseQuery(assetTypesQuery(api)).data)
  const categories = useCategories().data ?? []
  const { userId } = useSession()
  const owner = useDisplayName(data.ownerId)
  const timeBased = isTimeBased(data, types)
  const photos = photosOf(data)
  const mine = data.ownerId !== null && data.ownerId === userId
  return (
    <article className="listing">
      <PageTitle>{data.name}</PageTitle>
      <div className="listing-main">
        {photos.length > 0
          ? <Gallery name={data.name} photos={photos} />
          : <ListingImage categoryId={data.categoryId} categories={categories} large />}
        <h1 tabIndex={-1}>{data.name}</h1>
        <p className="muted">{categoryLabel(data.categoryId, categories) ?? i18n._("common.otherCategory")}</p>
        <p className="price large"><Price amount={data.price} currency={data.currency} perDay={timeBased} /></p>
        <p>
          <Trans
            id="listing.offeredBy"
            values={{
              owner: data.ownerId
                ? <Link to="/users/$id" params={{ id: data.ownerId }}><strong>{owner ?? "…"}</strong></Link>
                : <strong>{owner ?? "…"}</strong>
            }}
          />
        </p>
        <h2>{i18n._("listing.about")}</h2>
        <p>{data.description || i18n._("listing.noDescription")}</p>
        <Details listing={data} />
        {timeBased && <BookedDates assetId={data.id} />}
        <Reviews assetId={data.id} ownerId={data.ownerId} />
      </div>
      <aside className="listing-side" aria-label={i18n._(mine ? /*i18n*/ "listing.yours" : /*i18n*/ "listing.booking")}>
        {mine
          ? (
            <>
              <OwnerTools listing={data} />
              <p><Trans id="listing.requestsIn" components={{ 0: <Link to="/requests" /> }} /></p>
            </>
          )
          : (
            <>
              {data.active ? <BookingForm listing={data} timeBased={timeBased} /> : <p>{i18n._("listing.notBookable")}</p>}
              {data.ownerId && <AskQuestion listing={data} ownerName={owner ?? i18n._("listing.theOwner")} />}
            </>
          )}
      </aside>
    </article>
  )
}

/** Where the listing is and what it counts ("City" Lyon, "Seats" 5), from the listing itself: nothing waits, nothing moves. */
const Details = ({ listing }: { listing: Asset }) => {
  const { i18n } = useLingui()
  const locale = useLocale()
  const city = cityOf(listing)
  const numbers = numberAttributesOf(listing)
  if (city === undefined && numbers.length === 0) return null
  return (
    <dl className="details">
      {city !== undefined && (
        <>
          <dt>{i18n._("details.city")}</dt>
          <dd>{city}</dd>
        </>
      )}
      {numbers.map(([name, value]) => (
        <Fragment key={name}>
          <dt>{attributeLabelIn(i18n, name)}</dt>
          <dd>{formatNumber(locale, value)}</dd>
        </Fragment>
      ))}
    </dl>
  )
}

/** What takers said about the listing and its owner, their authors read at once. */
const Reviews = ({ assetId, ownerId }: { assetId: string; ownerId: string | null }) => {
  const { i18n } = useLingui()
  const api = useStelaceQueries()
  // fresh on every visit: others review
  const ratings = useQuery({ ...api.ratings.list.queryOptions({ assetId, nbResultsPerPage: 50 }), staleTime: 0, select: results })
  const reviews = (ratings.data ?? []).filter((rating) => rating.targetId === ownerId)
  const members = useMembers(reviews.map((rating) => rating.authorId))
  return (
    <section aria-labelledby="reviews-title">
      <h2 id="reviews-title">{i18n._("listing.reviews")}</h2>
      <QueryState
        query={{ ...ratings, data: ratings.data === undefined ? undefined : reviews }}
        loading={i18n._("listing.loadingReviews")}
        empty={<p>{i18n._("listing.noReviews")}</p>}
      >
        {(shown) => <ReviewList ratings={shown} authors={members} />}
      </QueryState>
    </section>
  )
}
