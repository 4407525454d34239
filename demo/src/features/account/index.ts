/** What the app uses of the account feature: the login form (for pages that need a member, and the session-expired dialog), and what it gives the password reset pages. */
export { LoginForm } from "./LoginForm.js"
export { ResetLinksInTerminalContext } from "./passwordReset.js"
