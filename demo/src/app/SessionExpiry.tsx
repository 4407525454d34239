/**
 * When the session is really over (the refresh token was refused), the user logs in again in a
 * dialog over the page they are on: the page stays mounted, so whatever they typed is still there
 * afterwards, and its queries keep their data meanwhile (the bindings keep the user's keys while
 * the session is `expired`, and their queries wait for the login).
 */
import { useLingui } from "@lingui/react"
import { useNavigate } from "@tanstack/react-router"
import { useEffect, useRef } from "react"
import { useSession } from "stelace-effect/react"
import { LoginForm } from "../features/account/LoginForm.js"

/** The dialog, while the session is expired (until the next login or logout). */
export const SessionExpiry = () => (useSession().status === "expired" ? <ExpiredDialog /> : null)

const ExpiredDialog = () => {
  const { i18n } = useLingui()
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
      <h2 id="session-expired-title">{i18n._("account.expiredTitle")}</h2>
      <p>{i18n._("account.expiredText")}</p>
      <LoginForm />
      <button
        type="button"
        className="link-button"
        onClick={() => {
          void logout()
          void navigate({ to: "/" })
        }}
      >
        {i18n._("account.leave")}
      </button>
    </dialog>
  )
}
