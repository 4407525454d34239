/**
 * A reset link's page (`/reset-password?token=`): the new password, twice, checked before it is
 * sent with the link's token (`password.resetConfirm`); then on to log in with it. A link the
 * server refuses (expired after 10 minutes, or used already) says so and leads to a new one.
 */
import { useMutation } from "@tanstack/react-query"
import { Link, useSearch } from "@tanstack/react-router"
import { type FormEvent, useEffect, useRef, useState } from "react"
import { useStelaceQueries } from "stelace-effect/react"
import { newPasswordProblem } from "../accountSettings.js"
import { ErrorMessage } from "../components/Feedback.js"
import { NewPasswordFields } from "../components/NewPasswordFields.js"
import { type MessageId, T, useT } from "../i18n/index.js"
import { isRefusedToken } from "../passwordReset.js"

const noPasswords = { newPassword: "", confirmation: "" }

export const ResetPasswordPage = () => {
  const t = useT()
  const { token } = useSearch({ from: "/reset-password" })
  const api = useStelaceQueries()
  const [fields, setFields] = useState(noPasswords)
  const [problem, setProblem] = useState<MessageId | undefined>()
  const reset = useMutation(api.password.resetConfirm.mutationOptions({ invalidates: false }))
  const askAgain = { 0: <Link to="/forgot-password" /> }
  // the form goes once the password is set: the heading takes the focus it had
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    if (reset.isSuccess) heading.current?.focus()
  }, [reset.isSuccess])

  if (token === undefined) {
    return (
      <section className="narrow">
        <h1 tabIndex={-1}>{t("account.resetTitle")}</h1>
        <p><T id="settings.resetLinkIncomplete" components={askAgain} /></p>
      </section>
    )
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const found = newPasswordProblem(fields.newPassword, fields.confirmation)
    setProblem(found)
    reset.reset()
    if (found === undefined) reset.mutate({ resetToken: token, newPassword: fields.newPassword })
  }
  return (
    <section className="narrow">
      <h1 tabIndex={-1} ref={heading}>{t("account.resetTitle")}</h1>
      {/* in the page from the start, so that screen readers announce what comes into it */}
      <p role="status">{reset.isSuccess && <T id="settings.passwordReset" components={{ 0: <Link to="/login" /> }} />}</p>
      {!reset.isSuccess && (
        <form className="stack" onSubmit={submit}>
          <NewPasswordFields
            idPrefix="reset"
            newPassword={fields.newPassword}
            confirmation={fields.confirmation}
            problem={problem}
            onChange={(field, value) => {
              setFields({ ...fields, [field]: value })
              setProblem(undefined)
            }}
          />
          {reset.isError && (isRefusedToken(reset.error)
            ? <p className="error" role="alert"><T id="settings.resetLinkExpired" components={askAgain} /></p>
            : <ErrorMessage error={reset.error} action="password" />)}
          <button type="submit" disabled={reset.isPending}>{reset.isPending ? t("settings.settingPassword") : t("settings.setPassword")}</button>
        </form>
      )}
    </section>
  )
}
