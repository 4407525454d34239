/**
 * The logged-in user's account: their profile as the marketplace shows it (`users.update`), and
 * their password (`password.change`). A saved profile shows at once in the header and on the
 * public profile, without a reload.
 */
import { useMutation } from "@tanstack/react-query"
import { Link } from "@tanstack/react-router"
import { type FormEvent, useState } from "react"
import type { User } from "stelace-effect"
import { useSession, useStelaceQueries } from "stelace-effect/react"
import { newPasswordProblem, PASSWORD_LENGTH, type ProfileFields, profileFieldsOf, profileUpdate } from "../accountSettings.js"
import { ErrorMessage, Loading, Outcome } from "../components/Feedback.js"
import { NewPasswordFields } from "../components/NewPasswordFields.js"
import { type MessageId, useT } from "../i18n/index.js"
import { useUser } from "../queries.js"

export const AccountPage = () => {
  const t = useT()
  const { userId } = useSession()
  const user = useUser(userId)
  return (
    <div className="narrow">
      <h1 tabIndex={-1}>{t("layout.yourAccount")}</h1>
      {user.isPending && <Loading>{t("settings.loading")}</Loading>}
      {user.isError && <ErrorMessage error={user.error} retry={() => void user.refetch()} />}
      {user.isSuccess && (
        <>
          <Profile key={user.data.id} user={user.data} />
          <Password username={user.data.username ?? undefined} />
        </>
      )}
    </div>
  )
}

const Profile = ({ user }: { user: User }) => {
  const t = useT()
  const api = useStelaceQueries()
  const [fields, setFields] = useState(() => profileFieldsOf(user))
  // the user's queries are invalidated, and the save is done once those on screen have refetched:
  // the header's, which the public profile reads too, so both show the new name
  const save = useMutation(api.users.update.mutationOptions({ onSuccess: (saved) => setFields(profileFieldsOf(saved)) }))
  const set = (field: keyof ProfileFields) => (event: { target: { value: string } }) => {
    setFields({ ...fields, [field]: event.target.value })
    if (save.isSuccess) save.reset()
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    save.mutate({ id: user.id, input: profileUpdate(fields) })
  }

  return (
    <section aria-labelledby="account-profile">
      <h2 id="account-profile">{t("settings.profile")}</h2>
      <p><Link to="/users/$id" params={{ id: user.id }}>{t("settings.publicProfile")}</Link></p>
      <form className="stack" onSubmit={submit}>
        <div className="field">
          <label htmlFor="account-display-name">{t("settings.displayName")}</label>
          <input
            id="account-display-name"
            autoComplete="nickname"
            required
            maxLength={255}
            value={fields.displayName}
            onChange={set("displayName")}
            aria-describedby="account-display-name-hint"
          />
          <p id="account-display-name-hint" className="hint">{t("account.nameHint")}</p>
        </div>
        <div className="field">
          <label htmlFor="account-first-name">{t("settings.firstName")}</label>
          <input id="account-first-name" autoComplete="given-name" maxLength={255} value={fields.firstname} onChange={set("firstname")} aria-describedby="account-names-hint" />
        </div>
        <div className="field">
          <label htmlFor="account-last-name">{t("settings.lastName")}</label>
          <input id="account-last-name" autoComplete="family-name" maxLength={255} value={fields.lastname} onChange={set("lastname")} aria-describedby="account-names-hint" />
          <p id="account-names-hint" className="hint">{t("settings.privateNames")}</p>
        </div>
        <div className="field">
          <label htmlFor="account-description">{t("common.description")}</label>
          <textarea id="account-description" rows={4} maxLength={3000} value={fields.description} onChange={set("description")} aria-describedby="account-description-hint" />
          <p id="account-description-hint" className="hint">{t("settings.descriptionHint")}</p>
        </div>
        {save.isError && <ErrorMessage error={save.error} />}
        <div className="actions">
          <button type="submit" disabled={save.isPending}>{save.isPending ? t("common.saving") : t("settings.saveProfile")}</button>
          <Outcome>{save.isSuccess ? t("settings.profileSaved") : undefined}</Outcome>
        </div>
      </form>
    </section>
  )
}

const noPasswords = { currentPassword: "", newPassword: "", confirmation: "" }

const Password = ({ username }: { username: string | undefined }) => {
  const t = useT()
  const api = useStelaceQueries()
  const [fields, setFields] = useState(noPasswords)
  // what the browser found wrong with the new password: nothing is sent then
  const [problem, setProblem] = useState<MessageId | undefined>()
  const change = useMutation(api.password.change.mutationOptions({
    invalidates: false,
    onSuccess: () => setFields(noPasswords)
  }))
  const set = (field: keyof typeof noPasswords, value: string) => {
    setFields({ ...fields, [field]: value })
    setProblem(undefined)
    if (change.isSuccess || change.isError) change.reset()
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const found = newPasswordProblem(fields.newPassword, fields.confirmation)
    setProblem(found)
    change.reset()
    if (found === undefined) change.mutate({ currentPassword: fields.currentPassword, newPassword: fields.newPassword })
  }

  return (
    <section aria-labelledby="account-password">
      <h2 id="account-password">{t("common.password")}</h2>
      <form className="stack" onSubmit={submit}>
        {/* for password managers: whose password this is */}
        {username !== undefined && <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />}
        <div className="field">
          <label htmlFor="account-current-password">{t("settings.currentPassword")}</label>
          <input
            id="account-current-password"
            type="password"
            autoComplete="current-password"
            required
            maxLength={PASSWORD_LENGTH.max}
            value={fields.currentPassword}
            onChange={(event) => set("currentPassword", event.target.value)}
          />
          <p className="hint"><Link to="/forgot-password">{t("account.forgotPassword")}</Link></p>
        </div>
        <NewPasswordFields
          idPrefix="account"
          newPassword={fields.newPassword}
          confirmation={fields.confirmation}
          problem={problem}
          onChange={set}
        />
        {change.isError && <ErrorMessage error={change.error} action="password" />}
        <div className="actions">
          <button type="submit" disabled={change.isPending}>{change.isPending ? t("settings.changingPassword") : t("settings.changePassword")}</button>
          <Outcome>{change.isSuccess ? t("settings.passwordChanged") : undefined}</Outcome>
        </div>
      </form>
    </section>
  )
}
