/**
 * Email and password, for the login page, the session-expired dialog and pages that need a user.
 * A form action with React's `useActionState`, as docs/react.md teaches: the state is the last
 * failure and the email it was for, so a failed login keeps the email and says why.
 */
import { useActionState, useId } from "react"
import { useSession } from "stelace-effect/react"
import { ErrorMessage } from "./Feedback.js"
import { useT } from "../i18n/index.js"

interface Attempt {
  readonly email: string
  readonly error?: unknown
}

export const LoginForm = ({ onLoggedIn }: { onLoggedIn?: () => void }) => {
  const t = useT()
  const { login } = useSession()
  const id = useId()
  const [attempt, submit, pending] = useActionState(async (_previous: Attempt, form: FormData): Promise<Attempt> => {
    const email = String(form.get("email") ?? "").trim()
    try {
      await login({ username: email, password: String(form.get("password") ?? "") })
      onLoggedIn?.()
      return { email: "" }
    } catch (error) {
      return { email, error }
    }
  }, { email: "" })

  return (
    <form className="stack" action={submit}>
      <div className="field">
        <label htmlFor={`${id}-email`}>{t("common.email")}</label>
        <input id={`${id}-email`} name="email" type="email" autoComplete="username" required defaultValue={attempt.email} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-password`}>{t("common.password")}</label>
        <input id={`${id}-password`} name="password" type="password" autoComplete="current-password" required />
      </div>
      {attempt.error !== undefined && <ErrorMessage error={attempt.error} action="login" />}
      <button type="submit" disabled={pending}>{pending ? t("account.loggingIn") : t("layout.logIn")}</button>
    </form>
  )
}
