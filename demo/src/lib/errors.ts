/**
 * Errors as sentences a user understands, in their language. Each failure is matched by its kind
 * (the SDK's error class and its tagged `reason`), and a few refusals of the API by what they are
 * about, to a message of the catalogs; the API's own words are never shown.
 */
import { MalformedResponse, NetworkError, ServerError, SessionExpired } from "stelace-effect"


/** What was being done, for the sentences that depend on it. */
export type Action = "login" | "signup" | "booking" | "listing" | "message" | "rating" | "transition" | "password" | "load"

/** A message of the catalogs (its id, marked for Lingui's extraction) and its values. */
export interface Sentence {
  readonly id: string
  readonly values?: Readonly<Record<string, string | number>>
}

/** Refusals whose sentence depends on what the API refused (its message names the rule). */
const knownRefusals: ReadonlyArray<readonly [RegExp, string]> = [
  [/not enough (availability|quantity)/i, /*i18n*/ "errors.datesTaken"],
  [/end date must be after start date|start date must be before end date/i, /*i18n*/ "errors.endBeforeStart"],
  [/minimum duration/i, /*i18n*/ "errors.tooShort"],
  [/maximum duration/i, /*i18n*/ "errors.tooLong"],
  [/asset not (active|validated)|asset not found/i, /*i18n*/ "errors.notBookable"],
  [/username already used/i, /*i18n*/ "errors.emailTaken"],
  [/transition .* is not allowed/i, /*i18n*/ "errors.transitionRefused"]
]

const serverSentence = (error: ServerError, action: Action): Sentence => {
  const known = knownRefusals.find(([pattern]) => pattern.test(error.message))
  if (known) return { id: known[1] }
  const reason = error.reason
  switch (reason._tag) {
    case "Unauthorized":
    case "Forbidden":
      if (action === "login") return { id: /*i18n*/ "errors.loginMismatch" }
      if (reason._tag === "Unauthorized") return { id: /*i18n*/ "errors.unauthorized" }
      return { id: action === "listing" ? /*i18n*/ "errors.cannotPublish" : /*i18n*/ "errors.forbidden" }
    case "NotFound":
      return { id: /*i18n*/ "errors.notFound" }
    case "Conflict":
      return { id: /*i18n*/ "errors.conflict" }
    case "Validation":
      // a password change's body is checked in the browser first (lengths, as the server's 400 would);
      // its 422 is the server saying the current password is not the user's
      if (action === "password" && error.statusCode === 422) return { id: /*i18n*/ "errors.wrongCurrentPassword" }
      return { id: /*i18n*/ "errors.validation" }
    case "RateLimited":
      return reason.retryAfter === undefined ? { id: /*i18n*/ "errors.rateLimited" } : { id: /*i18n*/ "errors.rateLimitedFor", values: { seconds: Math.ceil(reason.retryAfter) } }
    case "Unavailable":
      return { id: /*i18n*/ "errors.unavailable" }
    default:
      return { id: /*i18n*/ "errors.generic" }
  }
}

/**
 * Whether the code of a page could not be loaded: browsers say so in their own words (Chromium,
 * Firefox, Safari), as after a deploy, when an open tab asks for a chunk the site no longer has.
 */
const pageCodeFailed = (error: unknown): boolean =>
  error instanceof Error &&
  /dynamically imported module|importing a module script failed|error loading dynamically imported module/i.test(error.message)

/** The sentence for an error of the action. */
export const describeError = (error: unknown, action: Action = "load"): Sentence => {
  if (error instanceof SessionExpired) return { id: /*i18n*/ "errors.sessionExpired" }
  if (error instanceof NetworkError) return { id: error.reason._tag === "Timeout" ? /*i18n*/ "errors.timeout" : /*i18n*/ "errors.offline" }
  if (error instanceof ServerError) return serverSentence(error, action)
  if (error instanceof MalformedResponse) return { id: /*i18n*/ "errors.malformed" }
  if (pageCodeFailed(error)) return { id: /*i18n*/ "errors.pageCode" }
  return { id: /*i18n*/ "errors.generic" }
}

/** Whether retrying can help (the network or the server), rather than the request itself being refused. */
export const isTransient = (error: unknown): boolean =>
  error instanceof NetworkError || (error instanceof ServerError && error.statusCode >= 500)
