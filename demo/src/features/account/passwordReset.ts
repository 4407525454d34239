/**
 * A forgotten password: the visitor asks for a link (`password.resetRequest`), Stelace records a
 * `password__reset_requested` event with a reset token valid 10 minutes, and the platform emails
 * `/reset-password?token=<resetToken>` (a workflow or webhook on that event: Stelace sends no email
 * itself). The link's page sets the new password (`password.resetConfirm`).
 */
import { createContext } from "react"
import { ServerError } from "stelace-effect"

/**
 * Whether this app's reset links are printed in `npm start`'s terminal (its local backend sends
 * no email), so that the page can say where to find them.
 */
export const ResetLinksInTerminalContext = createContext(false)

/**
 * Whether asking for a link was answered as a request for an unknown account: the server's test
 * environment says so (422), which the page does not repeat, so that it tells nobody who has an
 * account.
 */
export const isUnknownAccount = (error: unknown): boolean => error instanceof ServerError && error.statusCode === 422

/** Whether a reset token was refused: unknown, expired or used already (403). */
export const isRefusedToken = (error: unknown): boolean => error instanceof ServerError && error.statusCode === 403
