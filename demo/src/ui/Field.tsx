/**
 * One form field: its label, its hint and what is wrong with it, tied to the control through ids
 * React makes (`useId`): the label names the control, the hint and the error describe it
 * (`aria-describedby`), and an error marks it invalid (`aria-invalid`) and is announced.
 *
 * ```tsx
 * <Field label={i18n._("common.email")} hint={i18n._("account.emailHint")} error={problem}>
 *   {(control) => <input {...control} type="email" required />}
 * </Field>
 * ```
 */
import { type ReactNode, useId } from "react"

/** What `Field` gives its control: spread them on the input, select or textarea. */
export interface ControlProps {
  readonly id: string
  readonly "aria-describedby"?: string | undefined
  readonly "aria-invalid"?: true | undefined
}

export const Field = ({ label, hint, error, className = "field", children }: {
  readonly label: ReactNode
  readonly hint?: ReactNode
  /** What is wrong with the value, once checked; nothing while it is fine. */
  readonly error?: ReactNode
  readonly className?: string
  readonly children: (control: ControlProps) => ReactNode
}) => {
  const id = useId()
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const failed = error !== undefined && error !== null && error !== false
  const describedBy = [failed ? errorId : undefined, hint === undefined ? undefined : hintId].filter(Boolean).join(" ")
  return (
    <div className={className}>
      <label htmlFor={id}>{label}</label>
      {children({ id, "aria-describedby": describedBy === "" ? undefined : describedBy, "aria-invalid": failed ? true : undefined })}
      {failed && <p id={errorId} className="error" role="alert">{error}</p>}
      {hint !== undefined && <p id={hintId} className="hint">{hint}</p>}
    </div>
  )
}
