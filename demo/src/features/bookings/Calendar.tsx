/**
 * The booking form's calendar: react-day-picker in the visitor's language, in a chunk of its own
 * that the listing page loads after it has shown (see `BookingForm`), and drawn again only when
 * what it shows changes (a listing page re-renders as each of its queries answers).
 */
import type { I18n } from "@lingui/core"
import { useLingui } from "@lingui/react"
import { memo, useMemo } from "react"
import { type DateRange, DayPicker, type Matcher } from "react-day-picker"
import "react-day-picker/style.css"
import { type Locale, useLocale } from "../../lib/i18n/index.js"

/**
 * The calendar in the visitor's language: its month and weekday names from `Intl`, its buttons'
 * names from the catalogs, its weeks starting on the language's first day (Sunday in English,
 * Monday in French).
 */
const calendarOf = (locale: Locale, i18n: I18n) => {
  const monthYear = new Intl.DateTimeFormat(locale, { month: "long", year: "numeric", timeZone: "UTC" })
  const weekday = new Intl.DateTimeFormat(locale, { weekday: "long", timeZone: "UTC" })
  const weekdayShort = new Intl.DateTimeFormat(locale, { weekday: "short", timeZone: "UTC" })
  /** A day's accessible name: its number first, as the button shows it, then whether it is booked or chosen. */
  const dayLabel = (date: Date, modifiers?: Record<string, boolean>) => {
    const states = [modifiers?.booked ? i18n._("booking.dayBooked") : undefined, modifiers?.selected ? i18n._("booking.daySelected") : undefined]
    return [`${date.getUTCDate()} ${monthYear.format(date)}`, weekday.format(date), ...states.filter(Boolean)].join(", ")
  }
  return {
    lang: locale,
    weekStartsOn: locale === "fr" ? 1 : 0,
    formatters: {
      formatCaption: (month: Date) => monthYear.format(month),
      formatWeekdayName: (day: Date) => weekdayShort.format(day)
    },
    labels: {
      labelDayButton: dayLabel,
      labelGridcell: dayLabel,
      labelGrid: (month: Date) => monthYear.format(month),
      labelWeekday: (day: Date) => weekday.format(day),
      labelNext: () => i18n._("booking.nextMonth"),
      labelPrevious: () => i18n._("booking.previousMonth"),
      labelNav: () => i18n._("booking.calendarNav")
    }
  } as const
}

/** What the booking form shows on the calendar. */
export interface CalendarProps {
  readonly selected: DateRange | undefined
  readonly onSelect: (range: DateRange | undefined) => void
  readonly month: Date
  readonly onMonthChange: (month: Date) => void
  /** The first month shown, and the days before `firstDay` are disabled. */
  readonly firstDay: Date
  /** Days taken (booked, or blocked by the owner), greyed out and disabled. */
  readonly booked: ReadonlyArray<Matcher>
  readonly hint: string
}

/** The range calendar of the booking form (the default export, for `React.lazy`). */
const Calendar = memo(({ selected, onSelect, month, onMonthChange, firstDay, booked, hint }: CalendarProps) => {
  const { i18n } = useLingui()
  const locale = useLocale()
  // built again when the language changes (the same `i18n` then speaks another)
  const language = useMemo(() => calendarOf(locale, i18n), [locale, i18n])
  const disabled = useMemo(() => [{ before: firstDay }, ...booked], [firstDay, booked])
  const modifiers = useMemo(() => ({ booked: [...booked] }), [booked])
  return (
    <DayPicker
      {...language}
      mode="range"
      timeZone="UTC"
      fixedWeeks
      selected={selected}
      onSelect={onSelect}
      excludeDisabled
      startMonth={firstDay}
      month={month}
      onMonthChange={onMonthChange}
      disabled={disabled}
      modifiers={modifiers}
      modifiersClassNames={bookedClass}
      footer={<p className="hint">{hint}</p>}
    />
  )
})

const bookedClass = { booked: "booked" }

export default Calendar
