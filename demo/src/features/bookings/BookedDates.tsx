/** A listing's "Already booked" days still to come, from its availability graph. */
import { useLingui } from "@lingui/react"
import { formatDay, formatPeriod } from "../../lib/format.js"
import { useLocale } from "../../lib/i18n/index.js"
import { QueryState } from "../../ui/QueryState.js"
import { useBookedPeriods } from "./queries.js"

export const BookedDates = ({ assetId }: { assetId: string }) => {
  const { i18n } = useLingui()
  const locale = useLocale()
  const booked = useBookedPeriods(assetId)
  return (
    <section aria-labelledby="booked-title">
      <h2 id="booked-title">{i18n._("listing.booked")}</h2>
      <QueryState query={booked} loading={i18n._("listing.loadingCalendar")} empty={<p>{i18n._("listing.noBookings")}</p>}>
        {(periods) => (
          <ul className="booked">
            {periods.map((period) => (
              <li key={period.start}>
                {period.end === null ? i18n._("listing.bookedFrom", { date: formatDay(locale, period.start) }) : formatPeriod(locale, period.start, period.end)}
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  )
}
