/**
 * "Forgot your password?": the visitor gives the email they log in with and is told a link is on
 * its way, whether or not an account uses it (the page tells nobody who has an account).
 */
import { Trans, useLingui } from "@lingui/react"
import { useMutation } from "@tanstack/react-query"
import { Link } from "@tanstack/react-router"
import { useContext, useState } from "react"
import { useStelaceQueries } from "stelace-effect/react"
import { ErrorMessage } from "../../ui/Feedback.js"
import { Field } from "../../ui/Field.js"
import { failure, SubmitButton, useSubmission } from "../../ui/form.js"
import { isUnknownAccount, ResetLinksInTerminalContext } from "./passwordReset.js"

export const ForgotPasswordPage = () => {
  const { i18n } = useLingui()
  const api = useStelaceQueries()
  const inTerminal = useContext(ResetLinksInTerminalContext)
  const [email, setEmail] = useState("")
  const request = useMutation(api.password.resetRequest.mutationOptions({ invalidates: false }))
  const [submission, send, pending] = useSubmission(async () => {
    const username = email.trim()
    // an unknown account is answered as any other, so that nobody learns who has one
    await request.mutateAsync({ username }).catch((error: unknown) => {
      if (!isUnknownAccount(error)) throw error
    })
    return username
  })
  return (
    <section className="narrow">
      <h1 tabIndex={-1}>{i18n._("account.forgotTitle")}</h1>
      <p>{i18n._("settings.forgotIntro")}</p>
      <form className="stack" onSubmit={send}>
        <Field label={i18n._("common.email")}>
          {(control) => (
            <input {...control} type="email" autoComplete="username" required maxLength={255} value={email} onChange={(event) => setEmail(event.target.value)} />
          )}
        </Field>
        {submission.status === "failed" && <ErrorMessage error={failure(submission)} />}
        <SubmitButton pending={pending} busy={i18n._("settings.sendingResetLink")}>{i18n._("settings.sendResetLink")}</SubmitButton>
      </form>
      <div role="status">
        {submission.status === "done" && (
          <>
            <p>{i18n._("settings.resetLinkSent", { email: submission.result })}</p>
            {inTerminal && <p><Trans id="settings.resetLinkInTerminal" components={{ 0: <code /> }} /></p>}
          </>
        )}
      </div>
      <p><Link to="/login">{i18n._("settings.backToLogIn")}</Link></p>
    </section>
  )
}
