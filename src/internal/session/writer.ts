/**
 * What only the SDK may do to a session: store the tokens of a login and remove them on logout.
 * `Session.layer` provides it beside `Session`, and the auth routes use it; it stays off the
 * public `Session` service, so that a program cannot write a session without logging in. With an
 * application's own `Session`, there is none: logins answer their tokens and store nothing.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import type { HookError } from "../../Errors.js"
import type { Tokens } from "../../TokenStore.js"

export class SessionWriter extends Context.Service<SessionWriter, {
  /** Stores the tokens of a new session (after a login or a token grant) and announces it. */
  readonly set: (tokens: Tokens) => Effect.Effect<void, HookError>
  /** Removes the tokens (after a logout, or of an expired session) and announces it. */
  readonly clear: Effect.Effect<void, HookError>
}>()("stelace-effect/SessionWriter") {}

/** Removes the stored tokens and announces the logout, with no request (nothing left to revoke). */
export const clearSession: Effect.Effect<void, HookError> = /*#__PURE__*/ Effect.flatMap(
  /*#__PURE__*/ Effect.serviceOption(SessionWriter),
  (writer) => writer._tag === "Some" ? writer.value.clear : Effect.void
)
