/**
 * Errors as sentences a user understands. Each failure of the API is matched to what it means
 * for the person at the screen; what no rule knows reads as a generic sentence, never a status.
 */
import { NetworkError, ServerError, SessionExpired } from "stelace-effect"

/** What was being done, for the sentences that depend on it. */
export type Action = "login" | "signup" | "booking" | "listing" | "message" | "rating" | "transition" | "load"

const serverSentences: ReadonlyArray<[RegExp, string]> = [
  [/not enough (availability|quantity)/i, "These dates are not available: the listing is already booked for them."],
  [/end date must be after start date|start date must be before end date/i, "The end date must be after the start date."],
  [/minimum duration/i, "This booking is too short for this listing."],
  [/maximum duration/i, "This booking is too long for this listing: book 30 days at most."],
  [/asset not (active|validated)|asset not found/i, "This listing can't be booked at the moment."],
  [/username already used/i, "An account with this email already exists. Log in instead."],
  [/transition .* is not allowed/i, "This booking changed in the meantime. Its current status is shown below."]
]

/** A sentence for an error of the action. */
export const describeError = (error: unknown, action: Action = "load"): string => {
  if (error instanceof SessionExpired) return "Your session has ended. Please log in again."
  if (error instanceof NetworkError) {
    return error.reason._tag === "Timeout"
      ? "The marketplace took too long to answer. Please try again."
      : "We can't reach the marketplace right now. Check your connection and try again."
  }
  if (error instanceof ServerError) {
    const known = serverSentences.find(([pattern]) => pattern.test(error.message))
    if (known) return known[1]
    if (action === "login" && (error.statusCode === 403 || error.statusCode === 401)) {
      return "This email and password don't match an account. Check them and try again."
    }
    if (error.statusCode === 403) {
      return action === "listing"
        ? "Your account can't publish listings yet."
        : "You're not allowed to do this. Try logging in with another account."
    }
    if (error.statusCode === 404) return "We couldn't find this page. It may have been removed."
    if (error.statusCode === 400) return "Some of the information isn't valid. Please check the form and try again."
    if (error.statusCode === 429) return "Too many attempts in a short time. Please wait a moment and try again."
  }
  return "Something went wrong on our side. Please try again."
}

/** Whether retrying can help (the network or the server), rather than the request itself being refused. */
export const isTransient = (error: unknown): boolean =>
  error instanceof NetworkError || (error instanceof ServerError && error.statusCode >= 500)
