/**
 * Booking a listing: dates (typed, or picked on a calendar whose booked and blocked days are greyed
 * out, from the availability graph), a quantity where the listing has more than one, the price the
 * API previews for them, and the request. Dates that are not free are refused before anything is
 * sent, and the page says why. Logged-out visitors see the price too, and log in to send the request.
 */
import { Trans, useLingui } from "@lingui/react"
import { skipToken, useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { Link, useNavigate } from "@tanstack/react-router"
import { lazy, type RefObject, Suspense, useCallback, useEffect, useMemo, useRef, useState } from "react"
import type { DateRange } from "react-day-picker"
import type { Asset } from "stelace-effect"
import { useSession, useStelace, useStelaceQueries } from "stelace-effect/react"
import { dayToIso, daysBetween, formatPrice, inputDay } from "../../lib/format.js"
import { useLocale } from "../../lib/i18n/index.js"
import { BOOKING_CHANGED, useNotify } from "../../lib/live.js"
import { ErrorMessage } from "../../ui/Feedback.js"
import { Field } from "../../ui/Field.js"
import { failure, SubmitButton, useSubmission } from "../../ui/form.js"
import { isFree, pickerRange, unavailablePeriods } from "./availability.js"
import { REQUEST } from "./process.js"
import { useAvailabilityGraph } from "./queries.js"

const DAY = 86_400_000

/** A `YYYY-MM-DD` day as the calendar's date (UTC midnight), and back. */
const toDate = (day: string) => new Date(dayToIso(day))
const toDay = (date: Date) => date.toISOString().slice(0, 10)

/**
 * The calendar comes in a chunk of its own (react-day-picker and its date library are most of the
 * listing page's JavaScript), asked for when the form nears the screen, into a space kept for it
 * so that nothing moves when it arrives; the typed dates work meanwhile.
 */
const Calendar = lazy(() => import("./Calendar.js"))

/** Whether the element has come near the screen (once it has, it stays true). */
const useNearScreen = (element: RefObject<HTMLElement | null>): boolean => {
  const [near, setNear] = useState(false)
  useEffect(() => {
    const target = element.current
    if (near || target === null) return
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setNear(true)
    }, { rootMargin: "200px" })
    observer.observe(target)
    return () => observer.disconnect()
  }, [element, near])
  return near
}

export const BookingForm = ({ listing, timeBased }: { listing: Asset; timeBased: boolean }) => {
  const { i18n } = useLingui()
  const locale = useLocale()
  const client = useStelace()
  const api = useStelaceQueries()
  const session = useSession()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const notify = useNotify()
  const graph = useAvailabilityGraph(listing.id)
  const [startDate, setStartDate] = useState("")
  const [endDate, setEndDate] = useState("")
  const [quantity, setQuantity] = useState("1")
  // the calendar's month follows a typed start date
  const [month, setMonth] = useState(() => new Date())
  const slot = useRef<HTMLDivElement>(null)
  const calendarWanted = useNearScreen(slot)
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

  // the booking is created, then sent to the owner: what both change is read again, as the
  // bindings' mutations would (transactions, the listing's availability, search)
  const request = useMutation({
    mutationFn: async () => {
      const booking = await client.transactions.create(input)
      return client.transactions.createTransition(booking.id, { name: REQUEST })
    },
    onSuccess: () => api.transactions.create.invalidate(queryClient)
  })
  const [submission, send, pending] = useSubmission(async () => {
    const booking = await request.mutateAsync()
    notify(booking.ownerId, BOOKING_CHANGED, booking.id)
    await navigate({ to: "/bookings/$id", params: { id: booking.id } })
    return booking
  })

  // the calendar shows the days one has the listing: from the start date to the day before its return
  const selected = useMemo((): DateRange | undefined => startDate === ""
    ? undefined
    : { from: toDate(startDate), to: endDate > startDate ? new Date(Date.parse(dayToIso(endDate)) - DAY) : undefined }, [startDate, endDate])
  const pick = useCallback((range: DateRange | undefined) => {
    setStartDate(range?.from ? toDay(range.from) : "")
    setEndDate(range?.to ? toDay(new Date(range.to.getTime() + DAY)) : "")
  }, [])

  const price = formatPrice(locale, listing.price, listing.currency)
  const days = timeBased && period.startDate ? daysBetween(period.startDate, period.endDate!) : undefined
  const priceLine = days === undefined
    ? (units > 1 ? i18n._("booking.priceForUnits", { price, units }) : price)
    : (units > 1 ? i18n._("booking.priceForDaysAndUnits", { price, days, units }) : i18n._("booking.priceForDays", { price, days }))

  return (
    <form className="booking-form stack" aria-labelledby="booking-title" onSubmit={send}>
      <h2 id="booking-title">{i18n._("booking.formTitle")}</h2>
      {listing.quantity > 1 && (
        <Field label={i18n._("common.quantity")} hint={i18n._("booking.available", { count: listing.quantity })}>
          {(control) => (
            <input {...control} type="number" min="1" max={listing.quantity} step="1" required value={quantity} onChange={(event) => setQuantity(event.target.value)} />
          )}
        </Field>
      )}
      {timeBased && (
        <>
          <div className="calendar-slot" ref={slot}>
            {calendarWanted && (
              <Suspense fallback={null}>
                <Calendar
                  selected={selected}
                  onSelect={pick}
                  month={month}
                  onMonthChange={setMonth}
                  firstDay={firstDay}
                  booked={booked}
                  hint={i18n._("booking.calendarHint")}
                />
              </Suspense>
            )}
          </div>
          <div className="dates">
            <Field label={i18n._("common.startDate")}>
              {(control) => (
                <input
                  {...control}
                  type="date"
                  required
                  min={inputDay()}
                  value={startDate}
                  onChange={(event) => {
                    setStartDate(event.target.value)
                    if (/^\d{4}-\d{2}-\d{2}$/.test(event.target.value)) setMonth(toDate(event.target.value))
                  }}
                />
              )}
            </Field>
            <Field label={i18n._("common.endDate")} hint={i18n._("booking.endHint")}>
              {(control) => <input {...control} type="date" required min={startDate || inputDay(1)} value={endDate} onChange={(event) => setEndDate(event.target.value)} />}
            </Field>
          </div>
        </>
      )}
      {/* what is wrong with the dates is an alert of its own; the price is announced politely as it comes */}
      {!datesInOrder && <p className="error" role="alert">{i18n._("errors.endBeforeStart")}</p>}
      {!free && <p className="error" role="alert">{i18n._("booking.notFree")}</p>}
      {preview.isError && <ErrorMessage error={preview.error} action="booking" />}
      <div role="status">
        {preview.isFetching && <p className="muted">{i18n._("booking.computing")}</p>}
        {ready && preview.isSuccess && !preview.isFetching && (
          <dl className="price-breakdown">
            <dt>{priceLine}</dt>
            <dd>{formatPrice(locale, preview.data.value ?? 0, preview.data.currency)}</dd>
            <dt>{i18n._("booking.serviceFee")}</dt>
            <dd>{formatPrice(locale, (preview.data.takerAmount ?? 0) - (preview.data.value ?? 0), preview.data.currency)}</dd>
            <dt className="total">{i18n._("booking.total")}</dt>
            <dd className="total">{formatPrice(locale, preview.data.takerAmount ?? 0, preview.data.currency)}</dd>
          </dl>
        )}
      </div>
      {submission.status === "failed" && <ErrorMessage error={failure(submission)} action="booking" />}
      {session.status === "authenticated"
        ? <SubmitButton pending={pending} busy={i18n._("booking.sendingRequest")} disabled={!ready || !preview.isSuccess}>{i18n._("booking.request")}</SubmitButton>
        : <p><Trans id="booking.logInToRequest" components={{ 0: <Link to="/login" search={{ next: `/listings/${listing.id}` }} /> }} /></p>}
      <p className="hint">{i18n._("booking.ownerDecides")}</p>
    </form>
  )
}
