/**
 * Booking a listing: dates, the price the API previews for them, and the request. Logged-out
 * visitors see the price too, and log in to send the request.
 */
import { Link, useNavigate } from "@tanstack/react-router"
import { skipToken, useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { type FormEvent, useState } from "react"
import type { Asset, Transaction } from "stelace-effect"
import { useSession, useStelace, useStelaceQueries } from "stelace-effect/react"
import { REQUEST } from "../booking.js"
import { dayToIso, daysBetween, formatPrice, inputDay, plural } from "../format.js"
import { ErrorMessage } from "./Feedback.js"

export const BookingForm = ({ listing, timeBased }: { listing: Asset; timeBased: boolean }) => {
  const client = useStelace()
  const api = useStelaceQueries()
  const session = useSession()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [startDate, setStartDate] = useState("")
  const [endDate, setEndDate] = useState("")
  const datesChosen = !timeBased || (startDate !== "" && endDate !== "")
  const datesInOrder = !timeBased || !datesChosen || endDate > startDate
  const period = timeBased && datesChosen ? { startDate: dayToIso(startDate), endDate: dayToIso(endDate) } : {}

  const preview = useQuery({
    // a POST that reads: a query of the bindings, waiting for dates in order
    ...api.transactions.preview.queryOptions(datesChosen && datesInOrder ? { assetId: listing.id, ...period } : skipToken),
    retry: false
  })

  const request = useMutation({
    mutationFn: async (): Promise<Transaction> => {
      const booking = await client.transactions.create({ assetId: listing.id, ...period })
      return client.transactions.createTransition(booking.id, { name: REQUEST })
    },
    onSuccess: (booking) => {
      void queryClient.invalidateQueries({ queryKey: api.transactions.queryKey() })
      void navigate({ to: "/bookings/$id", params: { id: booking.id } })
    }
  })

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (preview.isSuccess) request.mutate()
  }

  return (
    <form className="booking-form stack" aria-labelledby="booking-title" onSubmit={submit}>
      <h2 id="booking-title">Book it</h2>
      {timeBased && (
        <div className="dates">
          <div className="field">
            <label htmlFor="booking-start">Start date</label>
            <input id="booking-start" type="date" required min={inputDay()} value={startDate} onChange={(e) => setStartDate(e.target.value)} />
          </div>
          <div className="field">
            <label htmlFor="booking-end">End date</label>
            <input id="booking-end" type="date" required min={startDate || inputDay(1)} value={endDate} onChange={(e) => setEndDate(e.target.value)} aria-describedby="booking-end-hint" />
            <p id="booking-end-hint" className="hint">The day you give it back.</p>
          </div>
        </div>
      )}
      <div aria-live="polite">
        {!datesInOrder && <p className="error" role="alert">The end date must be after the start date.</p>}
        {preview.isFetching && <p className="muted">Computing the price…</p>}
        {preview.isError && <ErrorMessage error={preview.error} action="booking" />}
        {preview.isSuccess && !preview.isFetching && (
          <dl className="price-breakdown">
            <dt>{formatPrice(listing.price, listing.currency)}{timeBased && period.startDate && ` × ${plural(daysBetween(period.startDate, period.endDate!), "day")}`}</dt>
            <dd>{formatPrice(preview.data.value ?? 0, preview.data.currency)}</dd>
            <dt>Service fee</dt>
            <dd>{formatPrice((preview.data.takerAmount ?? 0) - (preview.data.value ?? 0), preview.data.currency)}</dd>
            <dt className="total">Total</dt>
            <dd className="total">{formatPrice(preview.data.takerAmount ?? 0, preview.data.currency)}</dd>
          </dl>
        )}
      </div>
      {request.isError && <ErrorMessage error={request.error} action="booking" />}
      {session.status === "authenticated"
        ? (
          <button type="submit" disabled={!preview.isSuccess || request.isPending}>
            {request.isPending ? "Sending your request…" : "Request booking"}
          </button>
        )
        : <p><Link to="/login" search={{ next: `/listings/${listing.id}` }}>Log in</Link> to request a booking.</p>}
      <p className="hint">The owner accepts or declines your request. No payment is taken in this demo.</p>
    </form>
  )
}
