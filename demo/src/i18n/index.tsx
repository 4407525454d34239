/**
 * How the app speaks, on [Lingui](https://lingui.dev): `useT()` gives a function from a message id
 * (and its values) to the sentence in the visitor's language, `<T>` the same for sentences with
 * elements in them (`<0>Log in</0> to book`), `useLocale()` the language for `Intl` formats.
 *
 * Messages use ICU syntax (`{name}`, `{count, plural, one {# day} other {# days}}`, `{n, number}`).
 * Each area of the app keeps its messages in `en/<area>.ts` and `fr/<area>.ts`, joined in
 * `en/index.ts` and `fr/index.ts`; the build compiles them (`demo/catalogs.ts`). English comes with
 * the app, but for the messages of the pages beyond the home page (`en/pages.ts`), which come with
 * the first of those pages; French is its own chunk, fetched the first time it is chosen.
 *
 * The language is the visitor's choice, kept in localStorage, or else their browser's
 * (`navigator.languages`); `<html lang>` follows it.
 */
import { type Messages, setupI18n } from "@lingui/core"
import { I18nProvider, Trans, useLingui } from "@lingui/react"
import { createElement, Fragment, type ReactElement, type ReactNode, useCallback } from "react"
import { app } from "./en/app.js"
import type { en } from "./en/index.js"
import { DEFAULT_LOCALE, isLocale, type Locale, preferredLocale } from "./locales.js"

export { languages, type Locale } from "./locales.js"

export type MessageId = keyof typeof en
export type MessageValues = Readonly<Record<string, string | number>>

/** A message id and its values to the sentence in the current language. */
export type Translate = (id: MessageId, values?: MessageValues) => string

/**
 * The parts of a language's catalog: `app`, what any page may show as the app opens, and
 * `pages`, the messages of the other pages, fetched with the first of them.
 */
type Part = "app" | "pages"

const french = () => import("./fr/index.js").then(({ fr }) => fr as unknown as Messages)

// The catalogs as the build compiled them: typed as their sources (`{ id: string }`), they hold
// Lingui's compiled messages, which its runtime takes as they are. English's `app` part comes
// with the app; French comes whole, in one chunk, when it is wanted.
const catalogs: Readonly<Record<Locale, Readonly<Record<Part, () => Promise<Messages>>>>> = {
  en: {
    app: () => Promise.resolve(app as unknown as Messages),
    pages: () => import("./en/pages.js").then(({ pages }) => pages as unknown as Messages)
  },
  fr: { app: french, pages: french }
}

const i18n = setupI18n()
/** The parts the app has needed so far, and the ones loaded, by language. */
const needed = new Set<Part>(["app"])
const loaded = new Set<string>()

const load = async (locale: Locale, part: Part) => {
  const key = `${locale} ${part}`
  if (loaded.has(key)) return
  i18n.load(locale, await catalogs[locale][part]())
  loaded.add(key)
}

/** Loads the parts of `locale` the app needs (again when one was asked for meanwhile). */
const loadNeeded = async (locale: Locale) => {
  for (let missing = [...needed]; missing.length > 0; missing = [...needed].filter((part) => !loaded.has(`${locale} ${part}`))) {
    await Promise.all(missing.map((part) => load(locale, part)))
  }
}

/** Where the visitor's choice is kept. */
const STORAGE_KEY = "stelace-demo.language"

const storage = {
  read: (): string | null => {
    try {
      return localStorage.getItem(STORAGE_KEY)
    } catch {
      return null // storage refused (a locked-down browser): the browser's language then
    }
  },
  write: (locale: Locale) => {
    try {
      localStorage.setItem(STORAGE_KEY, locale)
    } catch {
      // not kept: this visit still gets the language
    }
  }
}

/** The language this visit starts in: the visitor's earlier choice, or their browser's. */
export const initialLocale = (): Locale => preferredLocale(storage.read(), navigator.languages ?? [navigator.language])

/** Switches the app to `locale` (its catalog fetched the first time) and says so in `<html lang>`. */
export const activate = async (locale: Locale): Promise<void> => {
  await loadNeeded(locale)
  i18n.activate(locale)
  document.documentElement.lang = locale
}

/**
 * Fetches the messages of the pages beyond the home page, in the current language: the routes of
 * those pages load them with their own chunk, before the page shows.
 */
export const loadPageMessages = async (): Promise<void> => {
  needed.add("pages")
  await loadNeeded(isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE)
}

/** Gives the app its language; `activate` must have run once before. */
export const LanguageProvider = ({ children }: { children: ReactNode }) => <I18nProvider i18n={i18n}>{children}</I18nProvider>

/** The visitor's language. */
export const useLocale = (): Locale => {
  const locale = useLingui().i18n.locale
  return isLocale(locale) ? locale : DEFAULT_LOCALE
}

/** The translate function for the visitor's language (a new one when the language changes). */
export const useT = (): Translate => useLingui()._ as Translate

/** Chooses a language for this visit and the next ones. */
export const useChooseLocale = () =>
  useCallback(async (locale: Locale) => {
    await activate(locale)
    storage.write(locale)
  }, [])

/**
 * A message with elements in it: `<0>…</0>` in the message wraps its text in `components[0]`;
 * a value that is an element (`values={{ name: <strong>…</strong> }}`) shows as it is. Text values
 * are passed as elements too: Lingui would read tags in text (a member named `<0>x</0>`).
 */
export const T = ({ id, values = {}, components }: {
  id: MessageId
  values?: Readonly<Record<string, ReactNode>>
  components?: Readonly<Record<string, ReactElement>>
}) => {
  const safe = Object.fromEntries(Object.entries(values).map(([name, value]) => [name, typeof value === "string" ? createElement(Fragment, null, value) : value]))
  return <Trans id={id} values={safe} components={components as Record<string, ReactElement>} />
}
