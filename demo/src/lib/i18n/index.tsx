/**
 * How the app speaks, on [Lingui](https://lingui.dev), through its own API: components read
 * `const { i18n } = useLingui()` and write `i18n._("booking.total")` (with values:
 * `i18n._("listing.rating", { average, count })`), and `<Trans id="…">` from `@lingui/react` for
 * sentences with elements in them (`<0>Log in</0> to book`). Ids kept in a table are marked for
 * Lingui's extraction: `/*i18n*\/ "booking.status.accepted"`.
 *
 * Messages use ICU syntax (`{name}`, `{count, plural, one {# day} other {# days}}`). Each language
 * is one catalog, `src/locales/<locale>.po` (`lingui.config.ts`), compiled by Lingui's Vite plugin:
 * English comes with the app, French is its own chunk, fetched the first time it is chosen.
 *
 * The language is the visitor's choice, kept in localStorage, or else their browser's
 * (`navigator.languages`); `<html lang>` follows it.
 */
/// <reference path="../../locales/catalog.d.ts" />
import { type Messages, setupI18n } from "@lingui/core"
import { I18nProvider, useLingui } from "@lingui/react"
import { type ReactNode, useCallback } from "react"
import { messages as english } from "../../locales/en.po"
import { DEFAULT_LOCALE, isLocale, type Locale, preferredLocale } from "./locales.js"

export { languages, type Locale } from "./locales.js"

const catalogs: Readonly<Record<Locale, () => Promise<Messages>>> = {
  en: () => Promise.resolve(english),
  fr: () => import("../../locales/fr.po").then((catalog) => catalog.messages)
}

const i18n = setupI18n()
const loaded = new Set<Locale>()

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
  if (!loaded.has(locale)) {
    i18n.load(locale, await catalogs[locale]())
    loaded.add(locale)
  }
  i18n.activate(locale)
  document.documentElement.lang = locale
}

/** Gives the app its language; `activate` must have run once before. */
export const LanguageProvider = ({ children }: { children: ReactNode }) => <I18nProvider i18n={i18n}>{children}</I18nProvider>

/** The visitor's language, for `Intl` formats. */
export const useLocale = (): Locale => {
  const locale = useLingui().i18n.locale
  return isLocale(locale) ? locale : DEFAULT_LOCALE
}

/** Chooses a language for this visit and the next ones. */
export const useChooseLocale = () =>
  useCallback(async (locale: Locale) => {
    await activate(locale)
    storage.write(locale)
  }, [])
