/**
 * How the app speaks: `useT()` gives a function from a message id (and its values) to the
 * sentence in the visitor's language, `useLocale()` the language for `Intl` formats.
 *
 * Messages use ICU syntax (`{name}`, `{count, plural, one {# day} other {# days}}`). Each area of
 * the app keeps its messages in `en/<area>.ts` and `fr/<area>.ts`, joined in `en/index.ts` and
 * `fr/index.ts`.
 */
import { en } from "./en/index.js"

export type MessageId = keyof typeof en
export type Locale = "en" | "fr"
export type MessageValues = Readonly<Record<string, string | number>>

const plural = /^\{(\w+), plural,((?:\s*(?:=\d+|zero|one|two|few|many|other) \{[^{}]*\})+)\s*\}$/

/** A message with its values in (one level of `plural`, and `{name}` arguments). */
const format = (message: string, values: MessageValues | undefined, locale: Locale): string =>
  message.replace(/\{(\w+), plural,(?:[^{}]|\{[^{}]*\})*\}|\{(\w+)\}/g, (whole, _name: string, arg: string | undefined) => {
    if (arg !== undefined) return String(values?.[arg] ?? whole)
    const match = plural.exec(whole)
    if (match === null) return whole
    const count = Number(values?.[match[1]!] ?? 0)
    const cases = new Map([...match[2]!.matchAll(/(=\d+|\w+) \{([^{}]*)\}/g)].map((c) => [c[1]!, c[2]!]))
    const text = cases.get(`=${count}`) ?? cases.get(new Intl.PluralRules(locale).select(count)) ?? cases.get("other") ?? ""
    return text.replaceAll("#", new Intl.NumberFormat(locale).format(count))
  })

/** The visitor's language. */
export const useLocale = (): Locale => "en"

/** The translate function for the visitor's language. */
export const useT = () => {
  const locale = useLocale()
  return (id: MessageId, values?: MessageValues): string => format(en[id], values, locale)
}
