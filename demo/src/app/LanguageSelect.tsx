/**
 * The "Language" select: each language named in itself (and marked as such for screen readers);
 * the choice switches the app at once (once the language's catalog is fetched) and is kept for
 * the next visits.
 */
import { useLingui } from "@lingui/react"
import { useId, useState } from "react"
import { languages, useChooseLocale, useLocale } from "../lib/i18n/index.js"
import { isLocale } from "../lib/i18n/locales.js"

export const LanguageSelect = () => {
  const { i18n } = useLingui()
  const id = useId()
  const locale = useLocale()
  const choose = useChooseLocale()
  // a language's catalog that could not be fetched: the app stays in the one it speaks
  const [failed, setFailed] = useState(false)
  return (
    <div className="language field">
      <label htmlFor={id}>{i18n._("layout.language")}</label>
      <select
        id={id}
        value={locale}
        onChange={(event) => {
          if (!isLocale(event.target.value)) return
          setFailed(false)
          choose(event.target.value).catch(() => setFailed(true))
        }}
      >
        {Object.entries(languages).map(([code, name]) => <option key={code} value={code} lang={code}>{name}</option>)}
      </select>
      {failed && <p className="error" role="alert">{i18n._("errors.offline")}</p>}
    </div>
  )
}
