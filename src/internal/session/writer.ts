/**
 * What only the SDK may do to a session: store the tokens of a login, and remove them on logout.
 * (Changes of the client's settings reach its sessions from the client's `SettingsRef`.) Kept off the public `Session` service (a program must not be able
 * to write a session without logging in): each session the SDK makes registers its writer here,
 * and the call pipeline finds it for the auth routes.
 */
import type * as Effect from "effect/Effect"
import type { HookError } from "../../Errors.js"
import type { Tokens } from "../../TokenStore.js"

export interface SessionWriter {
  /** Stores the tokens of a new session (after a login or a token grant) and announces it. */
  readonly set: (tokens: Tokens) => Effect.Effect<void, HookError>
  /** Removes the tokens (after a logout) and announces it. */
  readonly clear: Effect.Effect<void, HookError>
}

const writers = new WeakMap<object, SessionWriter>()

/** Registers the writer of a session the SDK made. */
export const registerWriter = (session: object, writer: SessionWriter): void => {
  writers.set(session, writer)
}

/** The writer of `session`, if the SDK made it. */
export const writerOf = (session: object): SessionWriter | undefined => writers.get(session)
