/**
 * The logged-in user's account: their profile as the marketplace shows it (`users.update`), and
 * their password (`password.change`). A saved profile shows at once in the header and on the
 * public profile, without a reload. The route's loader has asked for the user's own profile.
 */
import { useLingui } from "@lingui/react"
import { useMutation, useSuspenseQuery } from "@tanstack/react-query"
import { Link } from "@tanstack/react-router"
import { useState } from "react"
import type { User } from "stelace-effect"
import { useSession, useStelaceQueries } from "stelace-effect/react"
import { userQuery } from "../../lib/member.js"
import { ErrorMessage, Outcome } from "../../ui/Feedback.js"
import { Field } from "../../ui/Field.js"
import { failure, notSent, SubmitButton, useSubmission } from "../../ui/form.js"
import { newPasswordProblem, PASSWORD_LENGTH, type ProfileFields, profileFieldsOf, profileUpdate } from "./accountSettings.js"
import { NewPasswordFields } from "./NewPasswordFields.js"

export const AccountPage = () => {
  const { i18n } = useLingui()
  const api = useStelaceQueries()
  const { userId } = useSession()
  // the account's layout shows this page to a logged-in user only
  const { data: user } = useSuspenseQuery(userQuery(api, userId!))
  return (
    <div className="narrow">
      <h1 tabIndex={-1}>{i18n._("layout.yourAccount")}</h1>
      <Profile key={user.id} user={user} />
      <Password username={user.username ?? undefined} />
    </div>
  )
}

const Profile = ({ user }: { user: User }) => {
  const { i18n } = useLingui()
  const api = useStelaceQueries()
  const [fields, setFields] = useState(() => profileFieldsOf(user))
  // "Profile saved" until the next change
  const [changed, setChanged] = useState(false)
  // the user's queries are invalidated, and the save is done once those on screen have refetched:
  // the header's, which the public profile reads too, so both show the new name
  const save = useMutation(api.users.update.mutationOptions())
  const [submission, send, pending] = useSubmission(async () => {
    setChanged(false)
    const saved = await save.mutateAsync({ id: user.id, input: profileUpdate(fields) })
    setFields(profileFieldsOf(saved))
    return saved
  })
  const set = (field: keyof ProfileFields) => (event: { target: { value: string } }) => {
    setFields({ ...fields, [field]: event.target.value })
    setChanged(true)
  }

  return (
    <section aria-labelledby="account-profile">
      <h2 id="account-profile">{i18n._("settings.profile")}</h2>
      <p><Link to="/users/$id" params={{ id: user.id }}>{i18n._("settings.publicProfile")}</Link></p>
      <form className="stack" onSubmit={send}>
        <Field label={i18n._("settings.displayName")} hint={i18n._("account.nameHint")}>
          {(control) => <input {...control} autoComplete="nickname" required maxLength={255} value={fields.displayName} onChange={set("displayName")} />}
        </Field>
        <Field label={i18n._("settings.firstName")}>
          {(control) => <input {...control} autoComplete="given-name" maxLength={255} value={fields.firstname} onChange={set("firstname")} />}
        </Field>
        <Field label={i18n._("settings.lastName")} hint={i18n._("settings.privateNames")}>
          {(control) => <input {...control} autoComplete="family-name" maxLength={255} value={fields.lastname} onChange={set("lastname")} />}
        </Field>
        <Field label={i18n._("common.description")} hint={i18n._("settings.descriptionHint")}>
          {(control) => <textarea {...control} rows={4} maxLength={3000} value={fields.description} onChange={set("description")} />}
        </Field>
        {submission.status === "failed" && <ErrorMessage error={failure(submission)} />}
        <div className="actions">
          <SubmitButton pending={pending}>{i18n._("settings.saveProfile")}</SubmitButton>
          <Outcome>{submission.status === "done" && !changed ? i18n._("settings.profileSaved") : undefined}</Outcome>
        </div>
      </form>
    </section>
  )
}

const noPasswords = { currentPassword: "", newPassword: "", confirmation: "" }

const Password = ({ username }: { username: string | undefined }) => {
  const { i18n } = useLingui()
  const api = useStelaceQueries()
  const [fields, setFields] = useState(noPasswords)
  // what the browser found wrong with the new password: nothing is sent then
  const [problem, setProblem] = useState<string | undefined>()
  const [changed, setChanged] = useState(false)
  const change = useMutation(api.password.change.mutationOptions({ invalidates: false }))
  const [submission, send, pending] = useSubmission(async () => {
    setChanged(false)
    const found = newPasswordProblem(fields.newPassword, fields.confirmation)
    setProblem(found)
    if (found !== undefined) return notSent
    await change.mutateAsync({ currentPassword: fields.currentPassword, newPassword: fields.newPassword })
    setFields(noPasswords)
  })
  const set = (field: keyof typeof noPasswords, value: string) => {
    setFields({ ...fields, [field]: value })
    setProblem(undefined)
    setChanged(true)
  }

  return (
    <section aria-labelledby="account-password">
      <h2 id="account-password">{i18n._("common.password")}</h2>
      <form className="stack" onSubmit={send}>
        {/* for password managers: whose password this is */}
        {username !== undefined && <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />}
        <Field label={i18n._("settings.currentPassword")}>
          {(control) => (
            <input
              {...control}
              type="password"
              autoComplete="current-password"
              required
              maxLength={PASSWORD_LENGTH.max}
              value={fields.currentPassword}
              onChange={(event) => set("currentPassword", event.target.value)}
            />
          )}
        </Field>
        <p className="hint"><Link to="/forgot-password">{i18n._("account.forgotPassword")}</Link></p>
        <NewPasswordFields newPassword={fields.newPassword} confirmation={fields.confirmation} problem={problem} onChange={set} />
        {submission.status === "failed" && !changed && <ErrorMessage error={failure(submission)} action="password" />}
        <div className="actions">
          <SubmitButton pending={pending} busy={i18n._("settings.changingPassword")}>{i18n._("settings.changePassword")}</SubmitButton>
          <Outcome>{submission.status === "done" && !changed ? i18n._("settings.passwordChanged") : undefined}</Outcome>
        </div>
      </form>
    </section>
  )
}
