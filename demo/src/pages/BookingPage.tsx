/** One booking, for either party: where it stands, what they can do, their messages and ratings. */
import { Link, useParams } from "@tanstack/react-router"
import { useSession } from "stelace-effect/react"
import { canRate, statusLabel } from "../booking.js"
import { BookingActions } from "../components/BookingActions.js"
import { ErrorMessage, Loading } from "../components/Feedback.js"
import { Messages } from "../components/Messages.js"
import { PageTitle } from "../components/PageTitle.js"
import { RatingForm } from "../components/RatingForm.js"
import { formatPeriod, formatPrice } from "../format.js"
import { useDisplayName, useTransaction } from "../queries.js"

export const BookingPage = () => {
  const { id } = useParams({ from: "/bookings/$id" })
  return <Booking key={id} id={id} />
}

const Booking = ({ id }: { id: string }) => {
  const booking = useTransaction(id)
  const { userId } = useSession()
  const data = booking.data
  const isOwner = data !== undefined && data.ownerId === userId
  const other = useDisplayName(data === undefined ? undefined : isOwner ? data.takerId : data.ownerId)

  if (booking.isPending) {
    return (
      <>
        <PageTitle>Booking</PageTitle>
        <Loading>Loading the booking…</Loading>
      </>
    )
  }
  if (booking.isError || data === undefined) {
    return (
      <>
        <PageTitle>Booking unavailable</PageTitle>
        <h1 tabIndex={-1}>Booking unavailable</h1>
        <ErrorMessage error={booking.error} retry={() => void booking.refetch()} />
      </>
    )
  }
  const name = data.assetSnapshot.name ?? "a listing"
  return (
    <div className="booking">
      <PageTitle>{isOwner ? `Request for ${name}` : `Booking of ${name}`}</PageTitle>
      <nav aria-label="Breadcrumb" className="muted">
        <Link to={isOwner ? "/requests" : "/bookings"}>{isOwner ? "My requests" : "My bookings"}</Link> › {name}
      </nav>
      <h1 tabIndex={-1}>{isOwner ? `Request for ${name}` : `Your booking of ${name}`}</h1>
      <dl className="details">
        <dt>Status</dt>
        <dd><span className={`badge ${data.status}`}>{statusLabel(data)}</span></dd>
        {data.startDate && data.endDate && (
          <>
            <dt>Dates</dt>
            <dd>{formatPeriod(data.startDate, data.endDate)}</dd>
          </>
        )}
        <dt>{isOwner ? "Booked by" : "Owner"}</dt>
        <dd>{other ?? "…"}</dd>
        <dt>{isOwner ? "You receive" : "Total"}</dt>
        <dd>{formatPrice((isOwner ? data.ownerAmount : data.takerAmount) ?? 0, data.currency)}</dd>
        {data.assetId && (
          <>
            <dt>Listing</dt>
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
