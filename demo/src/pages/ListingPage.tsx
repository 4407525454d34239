/** A listing: its picture, description, price, owner, booked dates, reviews, and booking it. */
import { Link, useParams } from "@tanstack/react-router"
import type { Rating } from "stelace-effect"
import { useSession } from "stelace-effect/react"
import { isTimeBased, unitOf } from "../booking.js"
import { AskQuestion } from "../components/AskQuestion.js"
import { BookingForm } from "../components/BookingForm.js"
import { Gallery } from "../components/Gallery.js"
import { OwnerTools } from "../components/OwnerTools.js"
import { photosOf } from "../photos.js"
import { ErrorMessage, Loading } from "../components/Feedback.js"
import { categoryLabel, ListingImage } from "../components/ListingImage.js"
import { formatDay, formatPeriod, formatPrice } from "../format.js"
import { useAssetTypes, useBookedPeriods, useCategories, useDisplayName, useListing, useListingRatings } from "../queries.js"
import { PageTitle } from "../components/PageTitle.js"
import { Stars } from "../components/Stars.js"

export const ListingPage = () => {
  const { id } = useParams({ from: "/listings/$id" })
  return <Listing key={id} id={id} />
}

const Listing = ({ id }: { id: string }) => {
  const listing = useListing(id)
  const categories = useCategories().data ?? []
  const assetTypes = useAssetTypes()
  const { userId } = useSession()
  const owner = useDisplayName(listing.data?.ownerId)

  if (listing.isPending || assetTypes.isPending) {
    return (
      <>
        <PageTitle>Listing</PageTitle>
        <Loading>Loading the listing…</Loading>
      </>
    )
  }
  if (listing.isError) {
    return (
      <>
        <PageTitle>Listing unavailable</PageTitle>
        <h1 tabIndex={-1}>Listing unavailable</h1>
        <ErrorMessage error={listing.error} retry={() => void listing.refetch()} />
        <p><Link to="/search">Back to all listings</Link></p>
      </>
    )
  }
  const data = listing.data
  const types = assetTypes.data ?? []
  const timeBased = isTimeBased(data, types)
  const unit = unitOf(data, types)
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
        <p className="muted">{categoryLabel(data.categoryId, categories) ?? "Other"}</p>
        <p className="price large">{formatPrice(data.price, data.currency)}{unit && <span className="muted"> {unit}</span>}</p>
        <p>
          Offered by{" "}
          {data.ownerId ? <Link to="/users/$id" params={{ id: data.ownerId }}><strong>{owner ?? "…"}</strong></Link> : <strong>{owner ?? "…"}</strong>}
        </p>
        <h2>About this listing</h2>
        <p>{data.description || "The owner hasn't described this listing yet."}</p>
        {timeBased && <BookedDates assetId={data.id} />}
        <Reviews assetId={data.id} ownerId={data.ownerId} />
      </div>
      <aside className="listing-side" aria-label={mine ? "Your listing" : "Booking"}>
        {mine
          ? (
            <>
              <OwnerTools listing={data} />
              <p>Requests for it appear in <Link to="/requests">My requests</Link>.</p>
            </>
          )
          : (
            <>
              {data.active ? <BookingForm listing={data} timeBased={timeBased} /> : <p>This listing is not available for booking at the moment.</p>}
              {data.ownerId && <AskQuestion listing={data} ownerName={owner ?? "The owner"} />}
            </>
          )}
      </aside>
    </article>
  )
}

const BookedDates = ({ assetId }: { assetId: string }) => {
  const booked = useBookedPeriods(assetId)
  return (
    <section aria-labelledby="booked-title">
      <h2 id="booked-title">Already booked</h2>
      {booked.isPending && <Loading>Loading the calendar…</Loading>}
      {booked.isError && <ErrorMessage error={booked.error} retry={() => void booked.refetch()} />}
      {booked.isSuccess && booked.data.length === 0 && <p>No upcoming bookings: every date is free.</p>}
      {booked.isSuccess && booked.data.length > 0 && (
        <ul className="booked">
          {booked.data.map((period) => <li key={period.start}>{period.end === null ? `From ${formatDay(period.start)} on` : formatPeriod(period.start, period.end)}</li>)}
        </ul>
      )}
    </section>
  )
}

/** What takers said about the listing and its owner. */
const Reviews = ({ assetId, ownerId }: { assetId: string; ownerId: string | null }) => {
  const ratings = useListingRatings(assetId)
  const reviews = (ratings.data ?? []).filter((rating) => rating.targetId === ownerId)
  return (
    <section aria-labelledby="reviews-title">
      <h2 id="reviews-title">Reviews</h2>
      {ratings.isPending && <Loading>Loading reviews…</Loading>}
      {ratings.isError && <ErrorMessage error={ratings.error} retry={() => void ratings.refetch()} />}
      {ratings.isSuccess && reviews.length === 0 && <p>No reviews yet.</p>}
      {reviews.length > 0 && <ul className="reviews">{reviews.map((rating) => <Review key={rating.id} rating={rating} />)}</ul>}
    </section>
  )
}

const Review = ({ rating }: { rating: Rating }) => {
  const author = useDisplayName(rating.authorId)
  return (
    <li>
      <p><Stars score={rating.score} /> <span className="muted">by {author ?? "…"}</span></p>
      {rating.comment && <p>{rating.comment}</p>}
    </li>
  )
}
