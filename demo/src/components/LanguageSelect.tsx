/**
 * The "Language" select: each language named in itself (and marked as such for screen readers);
 * the choice switches the app at once (once the language's catalog is fetched) and is kept for
 * the next visits.
 */
import { useState } from "react"
import { isLocale } from "../i18n/locales.js"
import { languages, useChooseLocale, useLocale, useT } from "../i18n/index.js"

export const LanguageSelect = () => {
  const t = useT()
  const locale = useLocale()
  const choose = useChooseLocale()
  // a language's catalog that could not be fetched: the app stays in the one it speaks
  const [failed, setFailed] = useState(false)
  return (
    <div className="language field">
      <label htmlFor="language">{t("layout.language")}</label>
      <select
        id="language"
        value={locale}
        onChange={(event) => {
          if (!isLocale(event.target.value)) return
          setFailed(false)
          choose(event.target.value).catch(() => setFailed(true))
        }}
      >
        {Object.entries(languages).map(([code, name]) => <option key={code} value={code} lang={code}>{name}</option>)}
      </select>
      {failed && <p className="error" role="alert">{t("errors.offline")}</p>}
    </div>
  )
}
