/** One booking, for either party: where it stands, what they can do, their messages and ratings. */
import { Link, useParams } from "@tanstack/react-router"
import { useSession } from "stelace-effect/react"
import { canRate } from "../booking.js"
import { BookingActions } from "../components/BookingActions.js"
import { BookingStatus } from "../components/BookingStatus.js"
import { Messages } from "../components/Messages.js"
import { LoadingPage, UnavailablePage } from "../components/PageState.js"
import { PageTitle } from "../components/PageTitle.js"
import { RatingForm } from "../components/RatingForm.js"
import { formatPeriod, formatPrice } from "../format.js"
import { useLocale, useT } from "../i18n/index.js"
import { useDisplayName, useTransaction } from "../queries.js"

export const BookingPage = () => {
  const { id } = useParams({ from: "/bookings/$id" })
  return <Booking key={id} id={id} />
}

const Booking = ({ id }: { id: string }) => {
  const t = useT()
  const locale = useLocale()
  const booking = useTransaction(id)
  const { userId } = useSession()
  const data = booking.data
  const isOwner = data !== undefined && data.ownerId === userId
  const other = useDisplayName(data === undefined ? undefined : isOwner ? data.takerId : data.ownerId)

  if (booking.isPending) return <LoadingPage title={t("booking.title")}>{t("booking.loading")}</LoadingPage>
  if (booking.isError || data === undefined) {
    return <UnavailablePage title={t("booking.unavailable")} error={booking.error} retry={() => void booking.refetch()} />
  }
  const name = data.assetSnapshot.name ?? t("booking.aListing")
  return (
    <div className="booking">
      <PageTitle>{t(isOwner ? "booking.requestFor" : "booking.bookingOf", { name })}</PageTitle>
      <nav aria-label={t("common.breadcrumb")} className="muted">
        <Link to={isOwner ? "/requests" : "/bookings"}>{t(isOwner ? "layout.myRequests" : "layout.myBookings")}</Link> › {name}
      </nav>
      <h1 tabIndex={-1}>{t(isOwner ? "booking.requestFor" : "booking.yourBookingOf", { name })}</h1>
      <dl className="details">
        <dt>{t("booking.status")}</dt>
        <dd><BookingStatus booking={data} /></dd>
        {data.startDate && data.endDate && (
          <>
            <dt>{t("booking.dates")}</dt>
            <dd>{formatPeriod(locale, data.startDate, data.endDate)}</dd>
          </>
        )}
        <dt>{t(isOwner ? "booking.bookedBy" : "booking.owner")}</dt>
        <dd>{other ?? "…"}</dd>
        <dt>{t(isOwner ? "booking.youReceive" : "booking.total")}</dt>
        <dd>{formatPrice(locale, (isOwner ? data.ownerAmount : data.takerAmount) ?? 0, data.currency)}</dd>
        {data.assetId && (
          <>
            <dt>{t("booking.listing")}</dt>
            <dd><Link to="/listings/$id" params={{ id: data.assetId }}>{name}</Link></dd>
          </>
        )}
      </dl>
      <BookingActions booking={data} />
      <Messages booking={data} />
      {canRate(data) && <RatingForm booking={data} />}
    </div>
  )
}
