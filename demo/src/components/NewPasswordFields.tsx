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
  const problemId = `${idPrefix}-password-problem`
  const field = (name: "newPassword" | "confirmation", id: string, label: MessageId, described: string | undefined) => (
    <div className="field">
      <label htmlFor={id}>{t(label)}</label>
      <input
        id={id}
        type="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_LENGTH.min}
        maxLength={PASSWORD_LENGTH.max}
        value={name === "newPassword" ? newPassword : confirmation}
        onChange={(event) => onChange(name, event.target.value)}
        aria-invalid={name === "confirmation" ? problem !== undefined : undefined}
        aria-describedby={described}
      />
      {name === "newPassword" && <p id={`${id}-hint`} className="hint">{t("account.passwordHint")}</p>}
    </div>
  )
  return (
    <>
      {field("newPassword", `${idPrefix}-new-password`, "settings.newPassword", `${idPrefix}-new-password-hint`)}
      {field("confirmation", `${idPrefix}-confirm-password`, "settings.confirmPassword", problem === undefined ? undefined : problemId)}
      {problem !== undefined && <p id={problemId} className="error" role="alert">{t(problem)}</p>}
    </>
  )
}
