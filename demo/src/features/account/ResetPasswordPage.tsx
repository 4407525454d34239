/**
 * A reset link's page (`/reset-password?token=`): the new password, twice, checked before it is
 * sent with the link's token (`password.resetConfirm`); then on to log in with it. A link the
 * server refuses (expired after 10 minutes, or used already) says so and leads to a new one.
 */
import { Trans, useLingui } from "@lingui/react"
import { useMutation } from "@tanstack/react-query"
import { Link, useSearch } from "@tanstack/react-router"
import { useEffect, useRef, useState } from "react"
import { useStelaceQueries } from "stelace-effect/react"
import { ErrorMessage } from "../../ui/Feedback.js"
import { failure, SubmitButton, notSent, useSubmission } from "../../ui/form.js"
import { newPasswordProblem } from "./accountSettings.js"
import { NewPasswordFields } from "./NewPasswordFields.js"
import { isRefusedToken } from "./passwordReset.js"

const noPasswords = { newPassword: "", confirmation: "" }

export const ResetPasswordPage = () => {
  const { i18n } = useLingui()
  const { token } = useSearch({ from: "/reset-password" })
  const askAgain = { 0: <Link to="/forgot-password" /> }
  return (
    <section className="narrow">
      {token === undefined
        ? (
          <>
            <h1 tabIndex={-1}>{i18n._("account.resetTitle")}</h1>
            <p><Trans id="settings.resetLinkIncomplete" components={askAgain} /></p>
          </>
        )
        : <ResetForm token={token} />}
    </section>
  )
}

const ResetForm = ({ token }: { token: string }) => {
  const { i18n } = useLingui()
  const api = useStelaceQueries()
  const [fields, setFields] = useState(noPasswords)
  const [problem, setProblem] = useState<string | undefined>()
  const reset = useMutation(api.password.resetConfirm.mutationOptions({ invalidates: false }))
  const [submission, send, pending] = useSubmission(async () => {
    const found = newPasswordProblem(fields.newPassword, fields.confirmation)
    setProblem(found)
    if (found !== undefined) return notSent
    return reset.mutateAsync({ resetToken: token, newPassword: fields.newPassword })
  })
  const done = submission.status === "done"
  const error = failure(submission)
  // the form goes once the password is set: the heading takes the focus it had
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    if (done) heading.current?.focus()
  }, [done])
  return (
    <>
      <h1 tabIndex={-1} ref={heading}>{i18n._("account.resetTitle")}</h1>
      {/* in the page from the start, so that screen readers announce what comes into it */}
      <p role="status">{done && <Trans id="settings.passwordReset" components={{ 0: <Link to="/login" /> }} />}</p>
      {!done && (
        <form className="stack" onSubmit={send}>
          <NewPasswordFields
            newPassword={fields.newPassword}
            confirmation={fields.confirmation}
            problem={problem}
            onChange={(field, value) => {
              setFields({ ...fields, [field]: value })
              setProblem(undefined)
            }}
          />
          {error !== undefined && (isRefusedToken(error)
            ? <p className="error" role="alert"><Trans id="settings.resetLinkExpired" components={{ 0: <Link to="/forgot-password" /> }} /></p>
            : <ErrorMessage error={error} action="password" />)}
          <SubmitButton pending={pending} busy={i18n._("settings.settingPassword")}>{i18n._("settings.setPassword")}</SubmitButton>
        </form>
      )}
    </>
  )
}
