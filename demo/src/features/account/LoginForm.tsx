/**
 * Email and password, for the login page, the session-expired dialog and pages that need a user.
 * A failed login keeps the email and says why; the password is typed again.
 */
import { useLingui } from "@lingui/react"
import { useState } from "react"
import { useSession } from "stelace-effect/react"
import { ErrorMessage } from "../../ui/Feedback.js"
import { Field } from "../../ui/Field.js"
import { failure, SubmitButton, useSubmission } from "../../ui/form.js"
import { useSingleSignOn } from "./singleSignOn.js"

export const LoginForm = ({ onLoggedIn }: { onLoggedIn?: () => void }) => {
  const { i18n } = useLingui()
  const { login } = useSession()
  const { sso } = useSingleSignOn()
  const [email, setEmail] = useState("")
  const [submission, send, pending] = useSubmission(async (form) => {
    await login({ username: email.trim(), password: String(form.get("password") ?? "") })
    // a password login's session does not log out through a provider
    sso?.forgetSession()
    setEmail("")
    onLoggedIn?.()
  })
  return (
    <form className="stack" onSubmit={send}>
      <Field label={i18n._("common.email")}>
        {(control) => <input {...control} name="email" type="email" autoComplete="username" required value={email} onChange={(event) => setEmail(event.target.value)} />}
      </Field>
      <Field label={i18n._("common.password")}>
        {(control) => <input {...control} name="password" type="password" autoComplete="current-password" required />}
      </Field>
      {submission.status === "failed" && <ErrorMessage error={failure(submission)} action="login" />}
      <SubmitButton pending={pending} busy={i18n._("account.loggingIn")}>{i18n._("layout.logIn")}</SubmitButton>
    </form>
  )
}
