/**
 * When the session is really over (the refresh token was refused), the user logs in again in a
 * dialog over the page they are on: the page stays mounted, so whatever they typed is still there
 * afterwards, and what failed is loaded again.
 */
import { useQueryClient } from "@tanstack/react-query"
import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from "react"
import { useSession, useStelace } from "stelace-effect/react"
import { Link, navigate } from "../router.js"
import { LoginForm } from "./LoginForm.js"

const ExpiredContext = createContext(false)

/** Whether the session expired and the user has not logged in again yet. */
export const useSessionExpired = () => useContext(ExpiredContext)

export const SessionExpiry = ({ children }: { children: ReactNode }) => {
  const client = useStelace()
  const [expired, setExpired] = useState(false)
  useEffect(() =>
    client.session.subscribe((event) => {
      if (event._tag === "Expired") setExpired(true)
      if (event._tag === "LoggedIn" || event._tag === "LoggedOut" || (event._tag === "Changed" && event.tokens)) setExpired(false)
    }), [client])
  return (
    <ExpiredContext.Provider value={expired}>
      {children}
      {expired && <ExpiredDialog />}
    </ExpiredContext.Provider>
  )
}

const ExpiredDialog = () => {
  const dialog = useRef<HTMLDialogElement>(null)
  const queryClient = useQueryClient()
  const { logout } = useSession()
  useEffect(() => {
    const element = dialog.current
    element?.showModal()
    return () => element?.close()
  }, [])

  return (
    <dialog ref={dialog} className="dialog" aria-labelledby="session-expired-title" onCancel={(event) => event.preventDefault()}>
      <h2 id="session-expired-title">Please log in again</h2>
      <p>Your session has ended. Log in to carry on where you left off: what you typed is kept.</p>
      <LoginForm onLoggedIn={() => void queryClient.invalidateQueries()} />
      <button
        type="button"
        className="link-button"
        onClick={() => {
          void logout()
          navigate("/")
        }}
      >
        Leave and go to the home page
      </button>
    </dialog>
  )
}

/** A page that needs a logged-in user: a login form in its place otherwise. */
export const RequireLogin = ({ title, children }: { title: string; children: ReactNode }) => {
  const { status } = useSession()
  const expired = useSessionExpired()
  if (status === "authenticated" || expired) return <>{children}</>
  return (
    <section className="narrow">
      <h1 tabIndex={-1}>{title}</h1>
      <p>Log in to see this page.</p>
      <LoginForm />
      <p>New here? <Link to="/signup">Create an account</Link>.</p>
    </section>
  )
}
