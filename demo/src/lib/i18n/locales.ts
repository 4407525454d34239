/** The languages the app speaks, and which one a visitor gets. */

/** A language of the app: its BCP 47 tag, as `<html lang>` and `Intl` take it. */
export type Locale = "en" | "fr"

/**
 * The languages, each named in itself ("Français" in the English page too), as language pickers
 * show them so that people find their own.
 */
export const languages: Readonly<Record<Locale, string>> = { en: "English", fr: "Français" }

/** English: the catalogs' reference, and the language when nothing says otherwise. */
export const DEFAULT_LOCALE: Locale = "en"

export const isLocale = (value: unknown): value is Locale => typeof value === "string" && Object.hasOwn(languages, value)

/**
 * The language to start in: the one the visitor chose before (`stored`), or else the first of the
 * browser's languages (`navigator.languages`, most preferred first) that the app speaks, by its
 * primary tag (`fr-CA` is French), or else English.
 */
export const preferredLocale = (stored: string | null | undefined, browserLanguages: ReadonlyArray<string>): Locale => {
  if (isLocale(stored)) return stored
  for (const tag of browserLanguages) {
    const primary = tag.toLowerCase().split("-")[0]
    if (isLocale(primary)) return primary
  }
  return DEFAULT_LOCALE
}
