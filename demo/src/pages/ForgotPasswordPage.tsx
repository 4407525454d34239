/**
 * "Forgot your password?": the visitor gives the email they log in with and is told a link is on
 * its way, whether or not an account uses it (the page tells nobody who has an account).
 */
import { useMutation } from "@tanstack/react-query"
import { Link } from "@tanstack/react-router"
import { type FormEvent, useContext, useState } from "react"
import { useStelaceQueries } from "stelace-effect/react"
import { ErrorMessage } from "../components/Feedback.js"
import { T, useT } from "../i18n/index.js"
import { isUnknownAccount, ResetLinksInTerminalContext } from "../passwordReset.js"

export const ForgotPasswordPage = () => {
  const t = useT()
  const api = useStelaceQueries()
  const inTerminal = useContext(ResetLinksInTerminalContext)
  const [email, setEmail] = useState("")
  const [sentTo, setSentTo] = useState<string>()
  const request = useMutation(api.password.resetRequest.mutationOptions({ invalidates: false }))
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const username = email.trim()
    setSentTo(undefined)
    request.mutate({ username }, {
      onSuccess: () => setSentTo(username),
      onError: (error) => {
        if (isUnknownAccount(error)) setSentTo(username)
      }
    })
  }
  const failed = request.isError && !isUnknownAccount(request.error)
  return (
    <section className="narrow">
      <h1 tabIndex={-1}>{t("account.forgotTitle")}</h1>
      <p>{t("settings.forgotIntro")}</p>
      <form className="stack" onSubmit={submit}>
        <div className="field">
          <label htmlFor="forgot-email">{t("common.email")}</label>
          <input
            id="forgot-email"
            type="email"
            autoComplete="username"
            required
            maxLength={255}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </div>
        {failed && <ErrorMessage error={request.error} />}
        <button type="submit" disabled={request.isPending}>{request.isPending ? t("settings.sendingResetLink") : t("settings.sendResetLink")}</button>
      </form>
      <div role="status">
        {sentTo !== undefined && (
          <>
            <p>{t("settings.resetLinkSent", { email: sentTo })}</p>
            {inTerminal && <p><T id="settings.resetLinkInTerminal" components={{ 0: <code /> }} /></p>}
          </>
        )}
      </div>
      <p><Link to="/login">{t("settings.backToLogIn")}</Link></p>
    </section>
  )
}
