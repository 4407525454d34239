/** How amounts and dates read in the app (English, amounts in the listing's currency). */

const DAY = 86_400_000

/** `€90`, `€12.50`. */
export const formatPrice = (amount: number, currency: string | null | undefined): string =>
  new Intl.NumberFormat("en", {
    style: "currency",
    currency: currency ?? "EUR",
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2
  }).format(amount)

const dateFormat = new Intl.DateTimeFormat("en", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" })

/** `12–15 Nov 2026` (bookings are whole days in UTC). */
export const formatPeriod = (start: string, end: string): string => dateFormat.formatRange(new Date(start), new Date(end))

const timeFormat = new Intl.DateTimeFormat("en", { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" })

/** When a message was sent, in the reader's time zone. */
export const formatTime = (iso: string): string => timeFormat.format(new Date(iso))

/** A native date input's value (`2026-11-12`) as the ISO date of that day's start in UTC. */
export const dayToIso = (day: string): string => `${day}T00:00:00.000Z`

/** Today as a date input's value, `days` later. */
export const inputDay = (days = 0): string => new Date(Date.now() + days * DAY).toISOString().slice(0, 10)

/** Whole days between two ISO dates. */
export const daysBetween = (start: string, end: string): number => Math.round((Date.parse(end) - Date.parse(start)) / DAY)

/** `1 day`, `3 days`. */
export const plural = (count: number, word: string): string => `${count} ${word}${count === 1 ? "" : "s"}`

const monthFormat = new Intl.DateTimeFormat("en", { month: "long", year: "numeric", timeZone: "UTC" })

/** `November 2026`. */
export const formatMonth = (iso: string): string => monthFormat.format(new Date(iso))

/** `12 Nov 2026`. */
export const formatDay = (iso: string): string => dateFormat.format(new Date(iso))
