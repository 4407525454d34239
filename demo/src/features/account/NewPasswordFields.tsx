/**
 * "New password" and "Confirm new password", as the account page and a reset link's page ask for
 * them: lengths the server takes, and what is wrong with the pair (`newPasswordProblem`) shown on
 * the confirmation, before anything is sent.
 */
import { useLingui } from "@lingui/react"
import { Field } from "../../ui/Field.js"
import { PASSWORD_LENGTH } from "./accountSettings.js"

export const NewPasswordFields = ({ newPassword, confirmation, problem, onChange }: {
  readonly newPassword: string
  readonly confirmation: string
  /** What is wrong with the pair (a message id), once checked. */
  readonly problem: string | undefined
  readonly onChange: (field: "newPassword" | "confirmation", value: string) => void
}) => {
  const { i18n } = useLingui()
  const input = (value: string, field: "newPassword" | "confirmation") => ({
    type: "password",
    autoComplete: "new-password",
    required: true,
    minLength: PASSWORD_LENGTH.min,
    maxLength: PASSWORD_LENGTH.max,
    value,
    onChange: (event: { target: { value: string } }) => onChange(field, event.target.value)
  })
  return (
    <>
      <Field label={i18n._("settings.newPassword")} hint={i18n._("account.passwordHint")}>
        {(control) => <input {...control} {...input(newPassword, "newPassword")} />}
      </Field>
      <Field label={i18n._("settings.confirmPassword")} error={problem === undefined ? undefined : i18n._(problem)}>
        {(control) => <input {...control} {...input(confirmation, "confirmation")} />}
      </Field>
    </>
  )
}
