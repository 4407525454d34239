/** Email and password, for the login page, the session-expired dialog and pages that need a user. */
import { type FormEvent, useId, useState } from "react"
import { useSession } from "stelace-effect/react"
import { ErrorMessage } from "./Feedback.js"

export const LoginForm = ({ onLoggedIn }: { onLoggedIn?: () => void }) => {
  const session = useSession()
  const id = useId()
  const [email, setEmail] = useState("")
  const [password, setPassword] = useState("")
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<unknown>(undefined)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setPending(true)
    setError(undefined)
    try {
      await session.login({ username: email.trim(), password })
      onLoggedIn?.()
    } catch (failure) {
      setError(failure)
    } finally {
      setPending(false)
    }
  }

  return (
    <form className="stack" onSubmit={submit}>
      <div className="field">
        <label htmlFor={`${id}-email`}>Email</label>
        <input id={`${id}-email`} type="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-password`}>Password</label>
        <input id={`${id}-password`} type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
      </div>
      {error !== undefined && <ErrorMessage error={error} action="login" />}
      <button type="submit" disabled={pending}>{pending ? "Logging in…" : "Log in"}</button>
    </form>
  )
}
