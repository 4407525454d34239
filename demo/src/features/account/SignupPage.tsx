/** Create an account, then log in with it; or log in through a provider, which creates it the first time. */
import { Trans, useLingui } from "@lingui/react"
import { Link, useNavigate } from "@tanstack/react-router"
import { useState } from "react"
import { useSession, useStelace } from "stelace-effect/react"
import { ErrorMessage } from "../../ui/Feedback.js"
import { Field } from "../../ui/Field.js"
import { failure, SubmitButton, useSubmission } from "../../ui/form.js"
import { SsoButtons } from "./SsoButtons.js"

export const SignupPage = () => {
  const { i18n } = useLingui()
  const client = useStelace()
  const session = useSession()
  const navigate = useNavigate()
  const [form, setForm] = useState({ name: "", email: "", password: "" })
  const set = (field: keyof typeof form) => (event: { target: { value: string } }) => setForm({ ...form, [field]: event.target.value })
  const [submission, send, pending] = useSubmission(async () => {
    const email = form.email.trim()
    await client.users.create({ username: email, email, password: form.password, displayName: form.name.trim() })
    await session.login({ username: email, password: form.password })
    await navigate({ to: "/", replace: true })
  })

  return (
    <section className="narrow">
      <h1 tabIndex={-1}>{i18n._("layout.signUp")}</h1>
      <SsoButtons next="/" />
      <form className="stack" onSubmit={send}>
        <Field label={i18n._("common.name")} hint={i18n._("account.nameHint")}>
          {(control) => <input {...control} autoComplete="name" required maxLength={255} value={form.name} onChange={set("name")} />}
        </Field>
        <Field label={i18n._("common.email")}>
          {(control) => <input {...control} type="email" autoComplete="email" required maxLength={255} value={form.email} onChange={set("email")} />}
        </Field>
        <Field label={i18n._("common.password")} hint={i18n._("account.passwordHint")}>
          {(control) => (
            <input {...control} type="password" autoComplete="new-password" required minLength={8} maxLength={255} value={form.password} onChange={set("password")} />
          )}
        </Field>
        {submission.status === "failed" && <ErrorMessage error={failure(submission)} action="signup" />}
        <SubmitButton pending={pending} busy={i18n._("account.creating")}>{i18n._("layout.signUp")}</SubmitButton>
      </form>
      <p><Trans id="account.haveAccount" components={{ 0: <Link to="/login" /> }} /></p>
    </section>
  )
}
