/**
 * "New password" and "Confirm new password", as the account page and a reset link's page ask for
 * them: lengths the server takes, and what is wrong with the pair (`newPasswordProblem`) shown on
 * the confirmation, before anything is sent.
 */
import { PASSWORD_LENGTH } from "../accountSettings.js"
import { type MessageId, useT } from "../i18n/index.js"

/** The two fields, each labelled; `idPrefix` keeps their ids apart from the page's others. */
export const NewPasswordFields = ({ idPrefix, newPassword, confirmation, problem, onChange }: {
  readonly idPrefix: string
  readonly newPassword: string
  readonly confirmation: string
  /** What is wrong with the pair, once checked. */
  readonly problem: MessageId | undefined
  readonly onChange: (field: "newPassword" | "confirmation", value: string) => void
}) => {
  const t = useT()
  const newId = `${idPrefix}-new-password`
  const confirmId = `${idPrefix}-confirm-password`
  const problemId = `${idPrefix}-password-problem`
  const input = (id: string, value: string, field: "newPassword" | "confirmation") => ({
    id,
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
      <div className="field">
        <label htmlFor={newId}>{t("settings.newPassword")}</label>
        <input {...input(newId, newPassword, "newPassword")} aria-describedby={`${newId}-hint`} />
        <p id={`${newId}-hint`} className="hint">{t("account.passwordHint")}</p>
      </div>
      <div className="field">
        <label htmlFor={confirmId}>{t("settings.confirmPassword")}</label>
        <input
          {...input(confirmId, confirmation, "confirmation")}
          aria-invalid={problem !== undefined}
          aria-describedby={problem === undefined ? undefined : problemId}
        />
      </div>
      {problem !== undefined && <p id={problemId} className="error" role="alert">{t(problem)}</p>}
    </>
  )
}
