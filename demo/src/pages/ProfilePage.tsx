/** A member's public profile: their name, when they joined, their ratings and their listings. */
import { useParams } from "@tanstack/react-router"
import type { Rating } from "stelace-effect"
import { unitOf } from "../booking.js"
import { Empty, ErrorMessage, Loading } from "../components/Feedback.js"
import { ListingCard } from "../components/ListingCard.js"
import { LoadingPage, UnavailablePage } from "../components/PageState.js"
import { PageTitle } from "../components/PageTitle.js"
import { RatingSummary } from "../components/RatingSummary.js"
import { Stars } from "../components/Stars.js"
import { formatMonth } from "../format.js"
import { useLocale, useT } from "../i18n/index.js"
import { useAssetTypes, useCategories, useDisplayName, useUser, useUserListings, useUserRatings, useUserRatingSummary } from "../queries.js"

export const ProfilePage = () => {
  const { id } = useParams({ from: "/users/$id" })
  return <Profile key={id} id={id} />
}

const Profile = ({ id }: { id: string }) => {
  const t = useT()
  const locale = useLocale()
  const user = useUser(id)
  const name = useDisplayName(id)
  const stats = useUserRatingSummary(id)
  if (user.isPending) return <LoadingPage title={t("profile.title")}>{t("profile.loading")}</LoadingPage>
  if (user.isError) return <UnavailablePage title={t("profile.unavailable")} error={user.error} retry={() => void user.refetch()} />
  return (
    <article className="profile">
      <PageTitle>{name ?? t("common.aMember")}</PageTitle>
      <h1 tabIndex={-1}>{name ?? t("common.aMember")}</h1>
      <p className="muted">{t("profile.joined", { month: formatMonth(locale, user.data.createdDate) })}</p>
      {user.data.description && <p>{user.data.description}</p>}
      <section aria-labelledby="profile-ratings">
        <h2 id="profile-ratings">{t("profile.ratings")}</h2>
        {stats.isError && <ErrorMessage error={stats.error} retry={() => void stats.refetch()} />}
        <p><RatingSummary summary={stats.data} /></p>
        <Ratings userId={id} />
      </section>
      <Listings userId={id} name={name ?? t("profile.thisMember")} />
    </article>
  )
}

const Ratings = ({ userId }: { userId: string }) => {
  const t = useT()
  const ratings = useUserRatings(userId)
  if (ratings.isPending) return <Loading>{t("common.loadingRatings")}</Loading>
  if (ratings.isError) return <ErrorMessage error={ratings.error} retry={() => void ratings.refetch()} />
  if (ratings.data.length === 0) return null
  return <ul className="reviews">{ratings.data.map((rating) => <Review key={rating.id} rating={rating} />)}</ul>
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

const Listings = ({ userId, name }: { userId: string; name: string }) => {
  const t = useT()
  const listings = useUserListings(userId, { activeOnly: true })
  const categories = useCategories().data ?? []
  const assetTypes = useAssetTypes().data ?? []
  return (
    <section aria-labelledby="profile-listings">
      <h2 id="profile-listings">{t("profile.listings")}</h2>
      {listings.isPending && <Loading>{t("common.loadingListings")}</Loading>}
      {listings.isError && <ErrorMessage error={listings.error} retry={() => void listings.refetch()} />}
      {listings.isSuccess && listings.data.length === 0 && <Empty><p>{t("profile.nothingToRent", { name })}</p></Empty>}
      <ul className="cards">
        {(listings.data ?? []).map((listing) => (
          <li key={listing.id}><ListingCard listing={listing} categories={categories} unit={unitOf(listing, assetTypes)} /></li>
        ))}
      </ul>
    </section>
  )
}
