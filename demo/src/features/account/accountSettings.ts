/**
 * The account page's forms as data: the profile's fields as the user edits them and as
 * `users.update` takes them, and what is wrong with a new password before anything is sent.
 */
import type { User, UserUpdateParams } from "stelace-effect"

/** The profile's fields as the form holds them (text, never null). */
export interface ProfileFields {
  readonly displayName: string
  readonly firstname: string
  readonly lastname: string
  readonly description: string
}

/** The form's fields for a user, as their own `users.read` gives them (first and last names are private: only they get them). */
export const profileFieldsOf = (user: Pick<User, "displayName" | "firstname" | "lastname" | "description">): ProfileFields => ({
  displayName: user.displayName ?? "",
  firstname: user.firstname ?? "",
  lastname: user.lastname ?? "",
  description: user.description ?? ""
})

/**
 * The body of `users.update` for the form: each field trimmed, and an emptied one as `null`, so
 * that it is removed rather than kept as an empty name (the header would show nothing).
 */
export const profileUpdate = (fields: ProfileFields): UserUpdateParams => {
  const value = (text: string) => (text.trim() === "" ? null : text.trim())
  return {
    displayName: value(fields.displayName),
    firstname: value(fields.firstname),
    lastname: value(fields.lastname),
    description: value(fields.description)
  }
}

/** The shortest and longest passwords Stelace takes (`POST /password/change` answers 400 otherwise). */
export const PASSWORD_LENGTH = { min: 8, max: 255 } as const

/**
 * What is wrong with a new password and its confirmation, as a message of the catalogs, or
 * nothing: they must be the same, and of a length the server takes. Checked before the change is
 * sent.
 */
export const newPasswordProblem = (newPassword: string, confirmation: string): string | undefined => {
  if (newPassword !== confirmation) return /*i18n*/ "settings.passwordsDiffer"
  if (newPassword.length < PASSWORD_LENGTH.min || newPassword.length > PASSWORD_LENGTH.max) return /*i18n*/ "settings.passwordLength"
  return undefined
}
