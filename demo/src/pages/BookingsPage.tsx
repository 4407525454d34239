/** The logged-in user's bookings (as a taker) or the requests for their listings (as an owner). */
import { Link } from "@tanstack/react-router"
import type { Transaction } from "stelace-effect"
import { statusLabel } from "../booking.js"
import { BookingActions } from "../components/BookingActions.js"
import { Empty, ErrorMessage, Loading } from "../components/Feedback.js"
import { formatPeriod, formatPrice } from "../format.js"
import { useDisplayName, useTransactions } from "../queries.js"

const texts = {
  taker: {
    title: "My bookings",
    loading: "Loading your bookings…",
    empty: <>You haven't booked anything yet. <Link to="/search">Find something to rent</Link>.</>
  },
  owner: {
    title: "My requests",
    loading: "Loading the requests for your listings…",
    empty: <>Nobody has asked to book your listings yet. <Link to="/listings/new">List another item</Link>.</>
  }
} as const

export const BookingsPage = ({ role }: { role: "taker" | "owner" }) => {
  const bookings = useTransactions(role)
  const text = texts[role]
  // a draft was never sent to the owner
  const shown = (bookings.data ?? []).filter((booking) => role === "taker" || booking.status !== "draft")
  return (
    <>
      <h1 tabIndex={-1}>{text.title}</h1>
      {bookings.isPending && <Loading>{text.loading}</Loading>}
      {bookings.isError && <ErrorMessage error={bookings.error} retry={() => void bookings.refetch()} />}
      {bookings.isSuccess && shown.length === 0 && <Empty><p>{text.empty}</p></Empty>}
      {shown.length > 0 && (
        <ul className="bookings">
          {shown.map((booking) => <BookingItem key={booking.id} booking={booking} role={role} />)}
        </ul>
      )}
    </>
  )
}

const BookingItem = ({ booking, role }: { booking: Transaction; role: "taker" | "owner" }) => {
  const other = useDisplayName(role === "owner" ? booking.takerId : booking.ownerId)
  const name = booking.assetSnapshot.name ?? "A listing"
  const amount = role === "owner" ? booking.ownerAmount : booking.takerAmount
  return (
    <li className="booking-item">
      <article aria-labelledby={`booking-${booking.id}`}>
        <h2 id={`booking-${booking.id}`}><Link to="/bookings/$id" params={{ id: booking.id }}>{name}</Link></h2>
        <p>
          <span className={`badge ${booking.status}`}>{statusLabel(booking)}</span>
          {booking.startDate && booking.endDate && <> · {formatPeriod(booking.startDate, booking.endDate)}</>}
          {" · "}{role === "owner" ? `booked by ${other ?? "…"}` : `from ${other ?? "…"}`}
          {amount !== null && <> · {role === "owner" ? "you receive " : ""}{formatPrice(amount, booking.currency)}</>}
        </p>
        <BookingActions booking={booking} />
      </article>
    </li>
  )
}

export const TakerBookingsPage = () => <BookingsPage role="taker" />

export const OwnerRequestsPage = () => <BookingsPage role="owner" />
