/**
 * The logged-in user's bookings (as a taker) or the requests for their listings (as an owner).
 * The other parties' names are read for the whole list at once (`useMembers`).
 */
import { Trans, useLingui } from "@lingui/react"
import { Link } from "@tanstack/react-router"
import type { Transaction } from "stelace-effect"
import { formatPeriod, formatPrice } from "../../lib/format.js"
import { useLocale } from "../../lib/i18n/index.js"
import { useMembers } from "../../lib/members.js"
import { Empty } from "../../ui/Feedback.js"
import { QueryState } from "../../ui/QueryState.js"
import { BookingActions } from "./BookingActions.js"
import { BookingStatus } from "./BookingStatus.js"
import { useBookings } from "./queries.js"

type Role = "taker" | "owner"

const BookingsPage = ({ role }: { role: Role }) => {
  const { i18n } = useLingui()
  const bookings = useBookings(role)
  // a draft was never sent to the owner
  const shown = bookings.data?.filter((booking) => role === "taker" || booking.status !== "draft")
  const members = useMembers((shown ?? []).map((booking) => (role === "owner" ? booking.takerId : booking.ownerId)))
  return (
    <>
      <h1 tabIndex={-1}>{i18n._(role === "taker" ? /*i18n*/ "layout.myBookings" : /*i18n*/ "layout.myRequests")}</h1>
      <QueryState
        query={{ ...bookings, data: shown }}
        loading={i18n._(role === "taker" ? /*i18n*/ "bookings.loadingTaker" : /*i18n*/ "bookings.loadingOwner")}
        empty={
          <Empty>
            <p>
              {role === "taker"
                ? <Trans id="bookings.emptyTaker" components={{ 0: <Link to="/search" /> }} />
                : <Trans id="bookings.emptyOwner" components={{ 0: <Link to="/listings/new" /> }} />}
            </p>
          </Empty>
        }
      >
        {(list) => (
          <ul className="bookings">
            {list.map((booking) => (
              <BookingItem key={booking.id} booking={booking} role={role} other={members.name(role === "owner" ? booking.takerId : booking.ownerId)} />
            ))}
          </ul>
        )}
      </QueryState>
    </>
  )
}

const BookingItem = ({ booking, role, other }: { booking: Transaction; role: Role; other: string | undefined }) => {
  const { i18n } = useLingui()
  const locale = useLocale()
  const name = booking.assetSnapshot.name ?? i18n._("common.aListing")
  const amount = role === "owner" ? booking.ownerAmount : booking.takerAmount
  const price = amount === null ? undefined : formatPrice(locale, amount, booking.currency)
  return (
    <li className="booking-item">
      <article aria-labelledby={`booking-${booking.id}`}>
        <h2 id={`booking-${booking.id}`}><Link to="/bookings/$id" params={{ id: booking.id }}>{name}</Link></h2>
        <ul className="facts">
          <li><BookingStatus booking={booking} /></li>
          {booking.startDate && booking.endDate && <li>{formatPeriod(locale, booking.startDate, booking.endDate)}</li>}
          <li>{i18n._(role === "owner" ? /*i18n*/ "bookings.bookedBy" : /*i18n*/ "bookings.from", { name: other ?? "…" })}</li>
          {price !== undefined && <li>{role === "owner" ? i18n._("bookings.youReceive", { amount: price }) : price}</li>}
        </ul>
        <BookingActions booking={booking} />
      </article>
    </li>
  )
}

export const TakerBookingsPage = () => <BookingsPage role="taker" />

export const OwnerRequestsPage = () => <BookingsPage role="owner" />
