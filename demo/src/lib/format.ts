/**
 * How amounts and dates read in the app, in the visitor's language (`Intl`), amounts in the
 * listing's currency. Sentences with numbers in them (plurals) are the catalogs' (`i18n/`).
 */
import type { Locale } from "./i18n/locales.js"

const DAY = 86_400_000

/**
 * Whether a whole price shows its cents: English writes "€30" (as the app always did), French
 * "30,00 €", as French price tags do.
 */
const centsOfWholePrices: Readonly<Record<Locale, boolean>> = { en: false, fr: true }

const numberFormats = new Map<string, Intl.NumberFormat>()
const dateFormats = new Map<string, Intl.DateTimeFormat>()

/** One formatter per language and options: building them is the slow part. */
const memo = <F>(cache: Map<string, F>, key: string, make: () => F): F => {
  let formatter = cache.get(key)
  if (formatter === undefined) {
    formatter = make()
    cache.set(key, formatter)
  }
  return formatter
}

/** `€90`, `€12.50` in English; `90,00 €` in French. */
export const formatPrice = (locale: Locale, amount: number, currency: string | null | undefined): string => {
  const whole = Number.isInteger(amount) && !centsOfWholePrices[locale]
  const code = currency ?? "EUR"
  return memo(numberFormats, `${locale} ${code} ${whole}`, () =>
    new Intl.NumberFormat(locale, { style: "currency", currency: code, ...(whole ? { minimumFractionDigits: 0 } : {}) })).format(amount)
}

/** `1,200.5` in English, `1 200,5` in French. */
export const formatNumber = (locale: Locale, value: number): string =>
  memo(numberFormats, `${locale} number`, () => new Intl.NumberFormat(locale)).format(value)

const dateOptions = {
  day: { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" },
  month: { month: "long", year: "numeric", timeZone: "UTC" },
  // in the reader's time zone
  time: { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" }
} satisfies Record<string, Intl.DateTimeFormatOptions>

const dateFormat = (locale: Locale, kind: keyof typeof dateOptions) =>
  memo(dateFormats, `${locale} ${kind}`, () => new Intl.DateTimeFormat(locale, dateOptions[kind]))

/** `Nov 12 – 15, 2026`, `12–15 nov. 2026` (bookings are whole days in UTC). */
export const formatPeriod = (locale: Locale, start: string, end: string): string =>
  dateFormat(locale, "day").formatRange(new Date(start), new Date(end))

/** When a message was sent, in the reader's time zone. */
export const formatTime = (locale: Locale, iso: string): string => dateFormat(locale, "time").format(new Date(iso))

/** `November 2026`, `novembre 2026`. */
export const formatMonth = (locale: Locale, iso: string): string => dateFormat(locale, "month").format(new Date(iso))

/** `Mar 12, 2026`, `12 mars 2026`. */
export const formatDay = (locale: Locale, iso: string): string => dateFormat(locale, "day").format(new Date(iso))

/** A native date input's value (`2026-11-12`) as the ISO date of that day's start in UTC. */
export const dayToIso = (day: string): string => `${day}T00:00:00.000Z`

/** Today as a date input's value, `days` later. */
export const inputDay = (days = 0): string => new Date(Date.now() + days * DAY).toISOString().slice(0, 10)

/** Whole days between two ISO dates. */
export const daysBetween = (start: string, end: string): number => Math.round((Date.parse(end) - Date.parse(start)) / DAY)
