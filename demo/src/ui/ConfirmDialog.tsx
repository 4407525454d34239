/**
 * A modal question before something that cannot be undone (deleting a listing, declining or
 * cancelling a booking): its title, what will happen, the action and "Cancel". Escape cancels; the
 * focus goes into the dialog while it is open, and back where it was once it closes.
 */
import { useLingui } from "@lingui/react"
import { type ReactNode, useEffect, useId, useRef } from "react"
import { ErrorMessage } from "./Feedback.js"
import type { Action } from "../lib/errors.js"

export const ConfirmDialog = ({ title, text, confirm, busy, pending, error, action, onConfirm, onClose }: {
  readonly title: string
  readonly text: ReactNode
  /** The confirming button's text ("Delete listing"). */
  readonly confirm: string
  /** Its text while the action runs. */
  readonly busy: string
  readonly pending: boolean
  readonly error?: unknown
  readonly action?: Action
  readonly onConfirm: () => void
  readonly onClose: () => void
}) => {
  const { i18n } = useLingui()
  const dialog = useRef<HTMLDialogElement>(null)
  const id = useId()
  useEffect(() => {
    const element = dialog.current
    element?.showModal()
    return () => element?.close()
  }, [])
  return (
    <dialog
      ref={dialog}
      className="dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      // Escape closes it as Cancel does; the effect's own close (on unmount) must not set state
      onCancel={(event) => {
        event.preventDefault()
        onClose()
      }}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      <div id={`${id}-text`}>{text}</div>
      {error !== undefined && error !== null && <ErrorMessage error={error} action={action} />}
      <div className="actions">
        <button type="button" className="danger" disabled={pending} onClick={onConfirm}>{pending ? busy : confirm}</button>
        <button type="button" className="secondary" onClick={onClose}>{i18n._("common.cancel")}</button>
      </div>
    </dialog>
  )
}
