/**
 * A member's public profile: their name, when they joined, their ratings and their listings. The
 * route's loader has asked for the member; the page reads them with `useSuspenseQuery`.
 */
import { useLingui } from "@lingui/react"
import { useQuery, useSuspenseQuery } from "@tanstack/react-query"
import { useParams } from "@tanstack/react-router"
import { useStelaceQueries } from "stelace-effect/react"
import { ListingCards, memberListingsQuery } from "../listings/index.js"
import { formatMonth } from "../../lib/format.js"
import { useLocale } from "../../lib/i18n/index.js"
import { results } from "../../lib/lists.js"
import { displayName, userQuery, useUserRatingSummary } from "../../lib/member.js"
import { useMembers } from "../../lib/members.js"
import { Empty, ErrorMessage } from "../../ui/Feedback.js"
import { PageTitle } from "../../ui/PageTitle.js"
import { QueryState } from "../../ui/QueryState.js"
import { RatingSummary } from "../../ui/RatingSummary.js"
import { ReviewList } from "../../ui/ReviewList.js"

export const ProfilePage = () => {
  const { id } = useParams({ from: "/users/$id" })
  return <Profile key={id} id={id} />
}

const Profile = ({ id }: { id: string }) => {
  const { i18n } = useLingui()
  const locale = useLocale()
  const api = useStelaceQueries()
  const { data: user } = useSuspenseQuery(userQuery(api, id))
  const stats = useUserRatingSummary(id)
  const name = displayName(user, i18n)
  return (
    <article className="profile">
      <PageTitle>{name}</PageTitle>
      <h1 tabIndex={-1}>{name}</h1>
      <p className="muted">{i18n._("profile.joined", { month: formatMonth(locale, user.createdDate) })}</p>
      {user.description && <p>{user.description}</p>}
      <section aria-labelledby="profile-ratings">
        <h2 id="profile-ratings">{i18n._("profile.ratings")}</h2>
        {stats.isError && <ErrorMessage error={stats.error} retry={() => void stats.refetch()} />}
        <p><RatingSummary summary={stats.data} /></p>
        <Ratings userId={id} />
      </section>
      <Listings userId={id} name={name} />
    </article>
  )
}

const Ratings = ({ userId }: { userId: string }) => {
  const { i18n } = useLingui()
  const api = useStelaceQueries()
  const ratings = useQuery({ ...api.ratings.list.queryOptions({ targetId: userId, nbResultsPerPage: 50 }), select: results })
  const authors = useMembers((ratings.data ?? []).map((rating) => rating.authorId))
  return (
    <QueryState query={ratings} loading={i18n._("common.loadingRatings")} empty={null}>
      {(received) => <ReviewList ratings={received} authors={authors} />}
    </QueryState>
  )
}

const Listings = ({ userId, name }: { userId: string; name: string }) => {
  const { i18n } = useLingui()
  const api = useStelaceQueries()
  const listings = useQuery({ ...memberListingsQuery(api, userId, { activeOnly: true }), select: results })
  return (
    <section aria-labelledby="profile-listings">
      <h2 id="profile-listings">{i18n._("profile.listings")}</h2>
      <QueryState
        query={listings}
        loading={i18n._("common.loadingListings")}
        empty={<Empty><p>{i18n._("profile.nothingToRent", { name })}</p></Empty>}
      >
        {(active) => <ListingCards listings={active} />}
      </QueryState>
    </section>
  )
}
