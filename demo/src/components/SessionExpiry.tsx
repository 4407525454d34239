/**
 * When the session is really over (the refresh token was refused), the user logs in again in a
 * dialog over the page they are on: the page stays mounted, so whatever they typed is still there
 * afterwards, and its queries keep their data meanwhile (the bindings keep the user's keys while
 * the session is `expired`, and their queries wait for the login).
 */
import { type ReactNode, useEffect, useRef } from "react"
import { useSession } from "stelace-effect/react"
import { Link, useNavigate } from "@tanstack/react-router"
import { LoginForm } from "./LoginForm.js"
import { PageTitle } from "./PageTitle.js"
import { T, useT } from "../i18n/index.js"

/** The dialog, while the session is expired (until the next login or logout). */
export const SessionExpiry = () => (useSession().status === "expired" ? <ExpiredDialog /> : null)

const ExpiredDialog = () => {
  const t = useT()
  const dialog = useRef<HTMLDialogElement>(null)
  const { logout } = useSession()
  const navigate = useNavigate()
  useEffect(() => {
    const element = dialog.current
    element?.showModal()
    return () => element?.close()
  }, [])

  return (
    <dialog ref={dialog} className="dialog" aria-labelledby="session-expired-title" onCancel={(event) => event.preventDefault()}>
      <h2 id="session-expired-title">{t("account.expiredTitle")}</h2>
      <p>{t("account.expiredText")}</p>
      <LoginForm />
      <button
        type="button"
        className="link-button"
        onClick={() => {
          void logout()
          void navigate({ to: "/" })
        }}
      >
        {t("account.leave")}
      </button>
    </dialog>
  )
}

/** A page that needs a logged-in user: a login form in its place otherwise. */
export const RequireLogin = ({ title, children }: { title: string; children: ReactNode }) => {
  const t = useT()
  const { status } = useSession()
  if (status === "authenticated" || status === "expired") return <>{children}</>
  if (status === "loading") return null
  return (
    <section className="narrow">
      <PageTitle>{title}</PageTitle>
      <h1 tabIndex={-1}>{title}</h1>
      <p>{t("account.logInToSee")}</p>
      <LoginForm />
      <p><T id="common.newHere" components={{ 0: <Link to="/signup" /> }} /></p>
    </section>
  )
}
