/** Create an account, then log in with it. */
import { Link, useNavigate } from "@tanstack/react-router"
import { useMutation } from "@tanstack/react-query"
import { type FormEvent, useState } from "react"
import { useSession, useStelace } from "stelace-effect/react"
import { ErrorMessage } from "../components/Feedback.js"
import { T, useT } from "../i18n/index.js"

export const SignupPage = () => {
  const t = useT()
  const client = useStelace()
  const session = useSession()
  const navigate = useNavigate()
  const [form, setForm] = useState({ name: "", email: "", password: "" })
  const set = (field: keyof typeof form) => (event: { target: { value: string } }) => setForm({ ...form, [field]: event.target.value })

  const signup = useMutation({
    mutationFn: async () => {
      const email = form.email.trim()
      await client.users.create({ username: email, email, password: form.password, displayName: form.name.trim() })
      await session.login({ username: email, password: form.password })
    },
    onSuccess: () => void navigate({ to: "/", replace: true })
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    signup.mutate()
  }

  return (
    <section className="narrow">
      <h1 tabIndex={-1}>{t("layout.signUp")}</h1>
      <form className="stack" onSubmit={submit}>
        <div className="field">
          <label htmlFor="signup-name">{t("common.name")}</label>
          <input id="signup-name" autoComplete="name" required maxLength={255} value={form.name} onChange={set("name")} aria-describedby="signup-name-hint" />
          <p id="signup-name-hint" className="hint">{t("account.nameHint")}</p>
        </div>
        <div className="field">
          <label htmlFor="signup-email">{t("common.email")}</label>
          <input id="signup-email" type="email" autoComplete="email" required maxLength={255} value={form.email} onChange={set("email")} />
        </div>
        <div className="field">
          <label htmlFor="signup-password">{t("common.password")}</label>
          <input id="signup-password" type="password" autoComplete="new-password" required minLength={8} maxLength={255} value={form.password} onChange={set("password")} aria-describedby="signup-password-hint" />
          <p id="signup-password-hint" className="hint">{t("account.passwordHint")}</p>
        </div>
        {signup.isError && <ErrorMessage error={signup.error} action="signup" />}
        <button type="submit" disabled={signup.isPending}>{signup.isPending ? t("account.creating") : t("layout.signUp")}</button>
      </form>
      <p><T id="account.haveAccount" components={{ 0: <Link to="/login" /> }} /></p>
    </section>
  )
}
