/** The logged-in user's bookings (as a taker) or the requests for their listings (as an owner). */
import { Link } from "@tanstack/react-router"
import type { Transaction } from "stelace-effect"
import { BookingActions } from "../components/BookingActions.js"
import { BookingStatus } from "../components/BookingStatus.js"
import { Empty, ErrorMessage, Loading } from "../components/Feedback.js"
import { formatPeriod, formatPrice } from "../format.js"
import { type MessageId, T, useLocale, useT } from "../i18n/index.js"
import { useDisplayName, useTransactions } from "../queries.js"

const texts = {
  taker: {
    title: "layout.myBookings",
    loading: "bookings.loadingTaker",
    empty: <T id="bookings.emptyTaker" components={{ 0: <Link to="/search" /> }} />
  },
  owner: {
    title: "layout.myRequests",
    loading: "bookings.loadingOwner",
    empty: <T id="bookings.emptyOwner" components={{ 0: <Link to="/listings/new" /> }} />
  }
} as const satisfies Record<string, { title: MessageId; loading: MessageId; empty: unknown }>

export const BookingsPage = ({ role }: { role: "taker" | "owner" }) => {
  const t = useT()
  const bookings = useTransactions(role)
  const text = texts[role]
  // a draft was never sent to the owner
  const shown = (bookings.data ?? []).filter((booking) => role === "taker" || booking.status !== "draft")
  return (
    <>
      <h1 tabIndex={-1}>{t(text.title)}</h1>
      {bookings.isPending && <Loading>{t(text.loading)}</Loading>}
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
  const t = useT()
  const locale = useLocale()
  const other = useDisplayName(role === "owner" ? booking.takerId : booking.ownerId) ?? "…"
  const name = booking.assetSnapshot.name ?? t("common.aListing")
  const amount = role === "owner" ? booking.ownerAmount : booking.takerAmount
  const price = amount === null ? undefined : formatPrice(locale, amount, booking.currency)
  return (
    <li className="booking-item">
      <article aria-labelledby={`booking-${booking.id}`}>
        <h2 id={`booking-${booking.id}`}><Link to="/bookings/$id" params={{ id: booking.id }}>{name}</Link></h2>
        <p>
          <BookingStatus booking={booking} />
          {booking.startDate && booking.endDate && <> · {formatPeriod(locale, booking.startDate, booking.endDate)}</>}
          {" · "}{t(role === "owner" ? "bookings.bookedBy" : "bookings.from", { name: other })}
          {price !== undefined && <> · {role === "owner" ? t("bookings.youReceive", { amount: price }) : price}</>}
        </p>
        <BookingActions booking={booking} />
      </article>
    </li>
  )
}

export const TakerBookingsPage = () => <BookingsPage role="taker" />

export const OwnerRequestsPage = () => <BookingsPage role="owner" />
