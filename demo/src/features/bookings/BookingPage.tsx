/**
 * One booking, for either party: where it stands, what they can do, their conversation and
 * ratings. The route's loader has asked for the booking; the page reads it with
 * `useSuspenseQuery`, refetched when the other party signals a change (slowly while the socket is
 * down), and the route shows the loading line and the errors.
 */
import { useLingui } from "@lingui/react"
import { useSuspenseQuery } from "@tanstack/react-query"
import { Link, useParams } from "@tanstack/react-router"
import { useSession, useStelaceQueries } from "stelace-effect/react"
import { Conversation } from "../inbox/index.js"
import { formatPeriod, formatPrice } from "../../lib/format.js"
import { useLocale } from "../../lib/i18n/index.js"
import { useFallbackInterval } from "../../lib/live.js"
import { useDisplayName } from "../../lib/member.js"
import { PageTitle } from "../../ui/PageTitle.js"
import { BookingActions } from "./BookingActions.js"
import { BookingStatus } from "./BookingStatus.js"
import { canRate } from "./process.js"
import { bookingQuery } from "./queries.js"
import { RatingForm } from "./RatingForm.js"

export const BookingPage = () => {
  const { id } = useParams({ from: "/_member/bookings/$id" })
  return <Booking key={id} id={id} />
}

const Booking = ({ id }: { id: string }) => {
  const { i18n } = useLingui()
  const locale = useLocale()
  const api = useStelaceQueries()
  const { data } = useSuspenseQuery({ ...bookingQuery(api, id), refetchInterval: useFallbackInterval() })
  const { userId } = useSession()
  const isOwner = data.ownerId === userId
  const otherId = isOwner ? data.takerId : data.ownerId
  const other = useDisplayName(otherId) ?? "…"
  const name = data.assetSnapshot.name ?? i18n._("booking.aListing")
  return (
    <div className="booking">
      <PageTitle>{i18n._(isOwner ? /*i18n*/ "booking.requestFor" : /*i18n*/ "booking.bookingOf", { name })}</PageTitle>
      <nav aria-label={i18n._("common.breadcrumb")} className="muted">
        <Link to={isOwner ? "/requests" : "/bookings"}>{i18n._(isOwner ? /*i18n*/ "layout.myRequests" : /*i18n*/ "layout.myBookings")}</Link> › {name}
      </nav>
      <h1 tabIndex={-1}>{i18n._(isOwner ? /*i18n*/ "booking.requestFor" : /*i18n*/ "booking.yourBookingOf", { name })}</h1>
      <dl className="details">
        <dt>{i18n._("booking.status")}</dt>
        <dd><BookingStatus booking={data} /></dd>
        {data.startDate && data.endDate && (
          <>
            <dt>{i18n._("booking.dates")}</dt>
            <dd>{formatPeriod(locale, data.startDate, data.endDate)}</dd>
          </>
        )}
        <dt>{i18n._(isOwner ? /*i18n*/ "booking.bookedBy" : /*i18n*/ "booking.owner")}</dt>
        <dd>{other}</dd>
        <dt>{i18n._(isOwner ? /*i18n*/ "booking.youReceive" : /*i18n*/ "booking.total")}</dt>
        <dd>{formatPrice(locale, (isOwner ? data.ownerAmount : data.takerAmount) ?? 0, data.currency)}</dd>
        {data.assetId && (
          <>
            <dt>{i18n._("booking.listing")}</dt>
            <dd><Link to="/listings/$id" params={{ id: data.assetId }}>{name}</Link></dd>
          </>
        )}
      </dl>
      <BookingActions booking={data} />
      {otherId && (
        <section aria-labelledby="messages-title" className="messages">
          <h2 id="messages-title">{i18n._("messages.conversationWith", { name: other })}</h2>
          <Conversation topicId={data.id} otherId={otherId} empty={/*i18n*/ "messages.sayHello"} />
        </section>
      )}
      {canRate(data) && <RatingForm booking={data} other={other} />}
    </div>
  )
}
