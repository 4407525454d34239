/** Logging in, signing up, and an ended session. */
export default {
  "account.loggingIn": "Logging in…",
  "account.loggedIn": "You're logged in. <0>Continue</0>",
  "account.demoAccounts": "Demo accounts",
  "account.demoHint": "Alice and Bruno rent out their things; Chloé and David rent them. The password is the name followed by <0>-password</0>.",
  "account.nameHint": "Shown to the people you rent from or to.",
  "account.passwordHint": "At least 8 characters.",
  "account.creating": "Creating your account…",
  "account.haveAccount": "Already have an account? <0>Log in</0>.",
  "account.expiredTitle": "Please log in again",
  "account.expiredText": "Your session has ended. Log in to carry on where you left off: what you typed is kept.",
  "account.leave": "Leave and go to the home page",
  "account.logInToSee": "Log in to see this page.",
  "account.forgotPassword": "Forgot your password?",
  "account.forgotTitle": "Reset your password",
  "account.resetTitle": "Choose a new password"
}
