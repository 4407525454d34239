/** The account page: one's profile and password. */
export default {
  "settings.loading": "Loading your account…",
  "settings.unavailable": "Your account could not be loaded",
  "settings.profile": "Profile",
  "settings.displayName": "Display name",
  "settings.firstName": "First name",
  "settings.lastName": "Last name",
  "settings.privateNames": "Only you see your first and last names.",
  "settings.descriptionHint": "Shown on your public profile.",
  "settings.saveProfile": "Save profile",
  "settings.profileSaved": "Profile saved",
  "settings.publicProfile": "See your public profile",
  "settings.currentPassword": "Current password",
  "settings.newPassword": "New password",
  "settings.confirmPassword": "Confirm new password",
  "settings.changePassword": "Change password",
  "settings.changingPassword": "Changing the password…",
  "settings.passwordChanged": "Password changed",
  "settings.passwordsDiffer": "The new passwords do not match",
  "settings.passwordLength": "The new password must have 8 to 255 characters."
}
