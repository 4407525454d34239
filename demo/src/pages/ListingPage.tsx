/** A listing: its picture, description, city and number attributes, price, owner, booked dates, reviews, and booking it. */
import { Link, useParams } from "@tanstack/react-router"
import { Fragment } from "react"
import type { Asset, Rating } from "stelace-effect"
import { useSession } from "stelace-effect/react"
import { isTimeBased, unitOf } from "../booking.js"
import { AskQuestion } from "../components/AskQuestion.js"
import { BookingForm } from "../components/BookingForm.js"
import { Gallery } from "../components/Gallery.js"
import { OwnerTools } from "../components/OwnerTools.js"
import { photosOf } from "../photos.js"
import { ErrorMessage, Loading } from "../components/Feedback.js"
import { categoryLabel, ListingImage } from "../components/ListingImage.js"
import { formatDay, formatNumber, formatPeriod, formatPrice } from "../format.js"
import { T, useLocale, useT } from "../i18n/index.js"
import { attributeLabel, cityOf, numberAttributesOf } from "../listingDetails.js"
import { useAssetTypes, useBookedPeriods, useCategories, useDisplayName, useListing, useListingRatings } from "../queries.js"
import { LoadingPage, UnavailablePage } from "../components/PageState.js"
import { PageTitle } from "../components/PageTitle.js"
import { Stars } from "../components/Stars.js"

export const ListingPage = () => {
  const { id } = useParams({ from: "/listings/$id" })
  return <Listing key={id} id={id} />
}

const Listing = ({ id }: { id: string }) => {
  const t = useT()
  const locale = useLocale()
  const listing = useListing(id)
  const categories = useCategories().data ?? []
  const assetTypes = useAssetTypes()
  const { userId } = useSession()
  const owner = useDisplayName(listing.data?.ownerId)

  if (listing.isPending || assetTypes.isPending) return <LoadingPage title={t("listing.title")}>{t("listing.loading")}</LoadingPage>
  if (listing.isError) {
    return (
      <UnavailablePage title={t("listing.unavailable")} error={listing.error} retry={() => void listing.refetch()}>
        <p><Link to="/search">{t("listing.backToAll")}</Link></p>
      </UnavailablePage>
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
        <p className="muted">{categoryLabel(data.categoryId, categories) ?? t("common.otherCategory")}</p>
        <p className="price large">{formatPrice(locale, data.price, data.currency)}{unit && <span className="muted"> {t(unit)}</span>}</p>
        <p>
          <T
            id="listing.offeredBy"
            values={{
              owner: data.ownerId
                ? <Link to="/users/$id" params={{ id: data.ownerId }}><strong>{owner ?? "…"}</strong></Link>
                : <strong>{owner ?? "…"}</strong>
            }}
          />
        </p>
        <h2>{t("listing.about")}</h2>
        <p>{data.description || t("listing.noDescription")}</p>
        <Details listing={data} />
        {timeBased && <BookedDates assetId={data.id} />}
        <Reviews assetId={data.id} ownerId={data.ownerId} />
      </div>
      <aside className="listing-side" aria-label={t(mine ? "listing.yours" : "listing.booking")}>
        {mine
          ? (
            <>
              <OwnerTools listing={data} />
              <p><T id="listing.requestsIn" components={{ 0: <Link to="/requests" /> }} /></p>
            </>
          )
          : (
            <>
              {data.active ? <BookingForm listing={data} timeBased={timeBased} /> : <p>{t("listing.notBookable")}</p>}
              {data.ownerId && <AskQuestion listing={data} ownerName={owner ?? t("listing.theOwner")} />}
            </>
          )}
      </aside>
    </article>
  )
}

/** Where the listing is and what it counts ("City" Lyon, "Seats" 5), from the listing itself: nothing waits, nothing moves. */
const Details = ({ listing }: { listing: Asset }) => {
  const t = useT()
  const locale = useLocale()
  const city = cityOf(listing)
  const numbers = numberAttributesOf(listing)
  if (city === undefined && numbers.length === 0) return null
  return (
    <dl className="details">
      {city !== undefined && (
        <>
          <dt>{t("details.city")}</dt>
          <dd>{city}</dd>
        </>
      )}
      {numbers.map(([name, value]) => (
        <Fragment key={name}>
          <dt>{attributeLabel(name)}</dt>
          <dd>{formatNumber(locale, value)}</dd>
        </Fragment>
      ))}
    </dl>
  )
}

const BookedDates = ({ assetId }: { assetId: string }) => {
  const t = useT()
  const locale = useLocale()
  const booked = useBookedPeriods(assetId)
  return (
    <section aria-labelledby="booked-title">
      <h2 id="booked-title">{t("listing.booked")}</h2>
      {booked.isPending && <Loading>{t("listing.loadingCalendar")}</Loading>}
      {booked.isError && <ErrorMessage error={booked.error} retry={() => void booked.refetch()} />}
      {booked.isSuccess && booked.data.length === 0 && <p>{t("listing.noBookings")}</p>}
      {booked.isSuccess && booked.data.length > 0 && (
        <ul className="booked">
          {booked.data.map((period) => <li key={period.start}>{period.end === null ? t("listing.bookedFrom", { date: formatDay(locale, period.start) }) : formatPeriod(locale, period.start, period.end)}</li>)}
        </ul>
      )}
    </section>
  )
}

/** What takers said about the listing and its owner. */
const Reviews = ({ assetId, ownerId }: { assetId: string; ownerId: string | null }) => {
  const t = useT()
  const ratings = useListingRatings(assetId)
  const reviews = (ratings.data ?? []).filter((rating) => rating.targetId === ownerId)
  return (
    <section aria-labelledby="reviews-title">
      <h2 id="reviews-title">{t("listing.reviews")}</h2>
      {ratings.isPending && <Loading>{t("listing.loadingReviews")}</Loading>}
      {ratings.isError && <ErrorMessage error={ratings.error} retry={() => void ratings.refetch()} />}
      {ratings.isSuccess && reviews.length === 0 && <p>{t("listing.noReviews")}</p>}
      {reviews.length > 0 && <ul className="reviews">{reviews.map((rating) => <Review key={rating.id} rating={rating} />)}</ul>}
    </section>
  )
}

const Review = ({ rating }: { rating: Rating }) => {
  const t = useT()
  const author = useDisplayName(rating.authorId)
  return (
    <li>
      <p><Stars score={rating.score} /> <span className="muted">{t("common.by", { name: author ?? "…" })}</span></p>
      {rating.comment && <p>{rating.comment}</p>}
    </li>
  )
}
