/**
 * Booking a listing: dates (typed, or picked on a calendar whose booked and blocked days are greyed
 * out, from the availability graph), a quantity where the listing has more than one, the price the
 * API previews for them, and the request. Dates that are not free are refused before anything is
 * sent, and the page says why. Logged-out visitors see the price too, and log in to send the request.
 */
import { skipToken, useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { Link, useNavigate } from "@tanstack/react-router"
import { type FormEvent, lazy, Suspense, useCallback, useMemo, useState } from "react"
import type { DateRange } from "react-day-picker"
import type { Asset, Transaction } from "stelace-effect"
import { useSession, useStelace, useStelaceQueries } from "stelace-effect/react"
import { isFree, pickerRange, unavailablePeriods } from "../availability.js"
import { REQUEST } from "../booking.js"
import { dayToIso, daysBetween, formatPrice, inputDay } from "../format.js"
import { T, useLocale, useT } from "../i18n/index.js"
import { useAvailabilityGraph } from "../queries.js"
import { BOOKING_CHANGED, useNotify } from "../live.js"
import { ErrorMessage } from "./Feedback.js"

const DAY = 86_400_000

/** A `YYYY-MM-DD` day as the calendar's date (UTC midnight), and back. */
const toDate = (day: string) => new Date(dayToIso(day))
const toDay = (date: Date) => date.toISOString().slice(0, 10)

/**
 * The calendar comes in a chunk of its own (react-day-picker and its date library are most of the
 * listing page's JavaScript), asked for once the form has shown, in a space kept for it so that
 * nothing moves when it arrives (CLS and TBT, \`npm run bench:demo\`); the typed dates work meanwhile.
 */
const Calendar = lazy(() => import("./Calendar.js"))

export const BookingForm = ({ listing, timeBased }: { listing: Asset; timeBased: boolean }) => {
  const t = useT()
  const locale = useLocale()
  const client = useStelace()
  const api = useStelaceQueries()
  const session = useSession()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const graph = useAvailabilityGraph(listing.id)
  const [startDate, setStartDate] = useState("")
  const [endDate, setEndDate] = useState("")
  const [quantity, setQuantity] = useState("1")
  // the calendar's month follows a typed start date
  const [month, setMonth] = useState(() => new Date())
  const units = Math.max(1, Math.min(listing.quantity, Math.floor(Number(quantity)) || 1))
  const periods = useMemo(() => graph.data === undefined ? [] : unavailablePeriods(graph.data, units), [graph.data, units])
  const booked = useMemo(() => periods.map(pickerRange), [periods])
  const today = inputDay()
  const firstDay = useMemo(() => toDate(today), [today])
  const datesChosen = !timeBased || (startDate !== "" && endDate !== "")
  const datesInOrder = !timeBased || !datesChosen || endDate > startDate
  const period = timeBased && datesChosen ? { startDate: dayToIso(startDate), endDate: dayToIso(endDate) } : {}
  const free = !timeBased || !datesChosen || !datesInOrder || isFree(periods, dayToIso(startDate), dayToIso(endDate))
  const ready = datesChosen && datesInOrder && free
  const input = { assetId: listing.id, ...period, ...(listing.quantity > 1 ? { quantity: units } : {}) }

  const preview = useQuery({
    // a POST that reads: a query of the bindings, waiting for free dates in order
    ...api.transactions.preview.queryOptions(ready ? input : skipToken),
    retry: false
  })

  const notify = useNotify()
  const request = useMutation({
    mutationFn: async (): Promise<Transaction> => {
      const booking = await client.transactions.create(input)
      return client.transactions.createTransition(booking.id, { name: REQUEST })
    },
    onSuccess: (booking) => {
      void queryClient.invalidateQueries({ queryKey: api.transactions.queryKey() })
      void queryClient.invalidateQueries({ queryKey: api.availabilities.queryKey() })
      notify(booking.ownerId, BOOKING_CHANGED, booking.id)
      void navigate({ to: "/bookings/$id", params: { id: booking.id } })
    }
  })

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (preview.isSuccess && ready) request.mutate()
  }

  // the calendar shows the days one has the listing: from the start date to the day before its return
  const selected = useMemo((): DateRange | undefined => startDate === ""
    ? undefined
    : { from: toDate(startDate), to: endDate > startDate ? new Date(Date.parse(dayToIso(endDate)) - DAY) : undefined }, [startDate, endDate])
  const pick = useCallback((range: DateRange | undefined) => {
    setStartDate(range?.from ? toDay(range.from) : "")
    setEndDate(range?.to ? toDay(new Date(range.to.getTime() + DAY)) : "")
  }, [])

  return (
    <form className="booking-form stack" aria-labelledby="booking-title" onSubmit={submit}>
      <h2 id="booking-title">{t("booking.formTitle")}</h2>
      {listing.quantity > 1 && (
        <div className="field">
          <label htmlFor="booking-quantity">{t("common.quantity")}</label>
          <input id="booking-quantity" type="number" min="1" max={listing.quantity} step="1" required value={quantity} onChange={(e) => setQuantity(e.target.value)} aria-describedby="booking-quantity-hint" />
          <p id="booking-quantity-hint" className="hint">{t("booking.available", { count: listing.quantity })}</p>
        </div>
      )}
      {timeBased && (
        <>
          <div className="calendar-slot">
            <Suspense fallback={null}>
              <Calendar
                selected={selected}
                onSelect={pick}
                month={month}
                onMonthChange={setMonth}
                firstDay={firstDay}
                booked={booked}
                hint={t("booking.calendarHint")}
              />
            </Suspense>
          </div>
          <div className="dates">
            <div className="field">
              <label htmlFor="booking-start">{t("common.startDate")}</label>
              <input id="booking-start" type="date" required min={inputDay()} value={startDate} onChange={(e) => {
                  setStartDate(e.target.value)
                  if (/^\d{4}-\d{2}-\d{2}$/.test(e.target.value)) setMonth(toDate(e.target.value))
                }} />
            </div>
            <div className="field">
              <label htmlFor="booking-end">{t("common.endDate")}</label>
              <input id="booking-end" type="date" required min={startDate || inputDay(1)} value={endDate} onChange={(e) => setEndDate(e.target.value)} aria-describedby="booking-end-hint" />
              <p id="booking-end-hint" className="hint">{t("booking.endHint")}</p>
            </div>
          </div>
        </>
      )}
      <div aria-live="polite">
        {!datesInOrder && <p className="error" role="alert">{t("errors.endBeforeStart")}</p>}
        {!free && <p className="error" role="alert">{t("booking.notFree")}</p>}
        {preview.isFetching && <p className="muted">{t("booking.computing")}</p>}
        {preview.isError && <ErrorMessage error={preview.error} action="booking" />}
        {ready && preview.isSuccess && !preview.isFetching && (
          <dl className="price-breakdown">
            <dt>
              {timeBased && period.startDate
                ? t("booking.priceForDays", { price: formatPrice(locale, listing.price, listing.currency), days: daysBetween(period.startDate, period.endDate!) })
                : formatPrice(locale, listing.price, listing.currency)}
              {units > 1 && ` × ${units}`}
            </dt>
            <dd>{formatPrice(locale, preview.data.value ?? 0, preview.data.currency)}</dd>
            <dt>{t("booking.serviceFee")}</dt>
            <dd>{formatPrice(locale, (preview.data.takerAmount ?? 0) - (preview.data.value ?? 0), preview.data.currency)}</dd>
            <dt className="total">{t("booking.total")}</dt>
            <dd className="total">{formatPrice(locale, preview.data.takerAmount ?? 0, preview.data.currency)}</dd>
          </dl>
        )}
      </div>
      {request.isError && <ErrorMessage error={request.error} action="booking" />}
      {session.status === "authenticated"
        ? (
          <button type="submit" disabled={!ready || !preview.isSuccess || request.isPending}>
            {request.isPending ? t("booking.sendingRequest") : t("booking.request")}
          </button>
        )
        : <p><T id="booking.logInToRequest" components={{ 0: <Link to="/login" search={{ next: `/listings/${listing.id}` }} /> }} /></p>}
      <p className="hint">{t("booking.ownerDecides")}</p>
    </form>
  )
}
