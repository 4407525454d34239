/**
 * Errors as sentences a user understands, in their language. Each failure is matched by its kind
 * (the SDK's error class and its tagged `reason`), and a few refusals of the API by what they are
 * about, to a message of the catalogs; the API's own words are never shown.
 */
import { MalformedResponse, NetworkError, ServerError, SessionExpired } from "stelace-effect"
import type { MessageId, MessageValues } from "./i18n/index.js"

/** What was being done, for the sentences that depend on it. */
export type Action = "login" | "signup" | "booking" | "listing" | "message" | "rating" | "transition" | "password" | "load"

/** A message of the catalogs and its values. */
export interface Sentence {
  readonly id: MessageId
  readonly values?: MessageValues
}

/** Refusals whose sentence depends on what the API refused (its message names the rule). */
const knownRefusals: ReadonlyArray<readonly [RegExp, MessageId]> = [
  [/not enough (availability|quantity)/i, "errors.datesTaken"],
  [/end date must be after start date|start date must be before end date/i, "errors.endBeforeStart"],
  [/minimum duration/i, "errors.tooShort"],
  [/maximum duration/i, "errors.tooLong"],
  [/asset not (active|validated)|asset not found/i, "errors.notBookable"],
  [/username already used/i, "errors.emailTaken"],
  [/transition .* is not allowed/i, "errors.transitionRefused"]
]

const serverSentence = (error: ServerError, action: Action): Sentence => {
  const known = knownRefusals.find(([pattern]) => pattern.test(error.message))
  if (known) return { id: known[1] }
  const reason = error.reason
  switch (reason._tag) {
    case "Unauthorized":
    case "Forbidden":
      if (action === "login") return { id: "errors.loginMismatch" }
      if (reason._tag === "Unauthorized") return { id: "errors.unauthorized" }
      return { id: action === "listing" ? "errors.cannotPublish" : "errors.forbidden" }
    case "NotFound":
      return { id: "errors.notFound" }
    case "Conflict":
      return { id: "errors.conflict" }
    case "Validation":
      // a password change's body is checked in the browser first (lengths, as the server's 400 would);
      // its 422 is the server saying the current password is not the user's
      if (action === "password" && error.statusCode === 422) return { id: "errors.wrongCurrentPassword" }
      return { id: "errors.validation" }
    case "RateLimited":
      return reason.retryAfter === undefined ? { id: "errors.rateLimited" } : { id: "errors.rateLimitedFor", values: { seconds: Math.ceil(reason.retryAfter) } }
    case "Unavailable":
      return { id: "errors.unavailable" }
    default:
      return { id: "errors.generic" }
  }
}

/** The sentence for an error of the action. */
export const describeError = (error: unknown, action: Action = "load"): Sentence => {
  if (error instanceof SessionExpired) return { id: "errors.sessionExpired" }
  if (error instanceof NetworkError) return { id: error.reason._tag === "Timeout" ? "errors.timeout" : "errors.offline" }
  if (error instanceof ServerError) return serverSentence(error, action)
  if (error instanceof MalformedResponse) return { id: "errors.malformed" }
  return { id: "errors.generic" }
}

/** Whether retrying can help (the network or the server), rather than the request itself being refused. */
export const isTransient = (error: unknown): boolean =>
  error instanceof NetworkError || (error instanceof ServerError && error.statusCode >= 500)
