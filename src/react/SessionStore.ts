/**
 * What the React hooks read about one client's session: its state (`loading`, `anonymous`,
 * `authenticated` or `expired`), and who is asking (the part of the state query keys carry). One
 * store per provider, so nothing is shared between clients or requests.
 */
import * as Effect from "effect/Effect"
import { resources } from "../facade/resources.js"
import type { ClientRuntime } from "../internal/client/ClientRuntime.js"
import { clearSession } from "../internal/session/writer.js"
import type { SessionSnapshot, SessionStatus } from "../Session.js"
import { loginWithCode, logoutFromProvider } from "../internal/session/singleSignOn.js"
import type { LoginParams, ProviderLogout } from "../Types.js"

/** Who is asking: what query keys carry, so one user's cached data is never shown to another. */
export interface Identity {
  readonly userId: string | null
  readonly organizationId: string | null
}

/**
 * Where the session stands (the core's `SessionStatus`):
 * - `loading`: the token store has not answered yet (an asynchronous store, such as React
 *   Native's AsyncStorage); nobody is known to be logged in or out;
 * - `anonymous`: nobody is logged in;
 * - `authenticated`: `userId` is logged in;
 * - `expired`: the server refused the refresh token of `userId`'s session (not a logout); the
 *   user must log in again. Until the next login, logout or change from another tab.
 */
export type { SessionStatus }

/** The session as React renders it: the core's snapshot. */
export type SessionState = SessionSnapshot

/** @internal */
export interface SessionStore {
  readonly subscribe: (listener: () => void) => () => void
  readonly getState: () => SessionState
  /** Who is asking; while the session is `expired`, the user whose session it was. */
  readonly getIdentity: () => Identity
  /**
   * Resolves once the session is neither `loading` nor `expired` (at once when it is not); rejects
   * with the signal's reason when it aborts first.
   */
  readonly settled: (signal?: AbortSignal) => Promise<void>
  /** Logs in (`POST /auth/login`). */
  readonly login: (credentials: LoginParams) => Promise<void>
  /** Logs in with the code of a provider login's return (`POST /auth/token`, `authorizationCode` grant). */
  readonly loginWithCode: (code: string) => Promise<void>
  /** Logs out; an expired session is left with no request (nothing is stored to revoke). */
  readonly logout: () => Promise<void>
  /** Logs out through the session's provider (see `Auth.logoutFromProvider`). */
  readonly logoutFromProvider: () => Promise<ProviderLogout>
  /** Follows the client's session; returns the function that stops. */
  readonly connect: (onUserChange: (previous: Identity) => void) => () => void
}

/** The session store of a client, over its core. @internal */
export const makeSessionStore = (runtime: ClientRuntime): SessionStore => {
  const listeners = new Set<() => void>()
  const waiting = new Set<() => void>()
  let identity: Identity = { userId: null, organizationId: null }

  // the core's snapshot: `loading` until an asynchronous token store answers, `expired` (still
  // about the user whose session it was) once the server refused the refresh token, the same
  // object until it changes
  const getState = (): SessionState => runtime.snapshot()
  const getIdentity = () => {
    const { userId, organizationId } = getState()
    if (userId !== identity.userId || organizationId !== identity.organizationId) identity = { userId, organizationId }
    return identity
  }
  const isSettled = () => {
    const { status } = getState()
    return status !== "loading" && status !== "expired"
  }

  return {
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    getState,
    getIdentity,
    settled: (signal) => {
      if (isSettled()) return Promise.resolve()
      return new Promise<void>((resolve, reject) => {
        if (signal?.aborted) return reject(signal.reason)
        const resume = () => {
          waiting.delete(resume)
          signal?.removeEventListener("abort", abort)
          resolve()
        }
        const abort = () => {
          waiting.delete(resume)
          reject(signal?.reason)
        }
        waiting.add(resume)
        signal?.addEventListener("abort", abort, { once: true })
      })
    },
    login: (credentials) => runtime.request(resources.auth.login, { params: [], input: credentials }).then(() => {}),
    loginWithCode: (code) => runtime.run(loginWithCode(code)).then(() => {}),
    // an expired session has no refresh token left: nothing is sent
    logoutFromProvider: () => runtime.run(logoutFromProvider()),
    logout: () =>
      // an expired session is left for anonymous with no request: nothing is stored to revoke
      getState().status === "expired"
        ? runtime.run(Effect.ignore(clearSession))
        : runtime.request(resources.auth.logout, { params: [], input: undefined }).then(() => {}),
    connect: (onUserChange) => {
      let previous = getIdentity()
      const changed = () => {
        const current = getIdentity()
        if (current.userId !== previous.userId) onUserChange(previous)
        previous = current
        for (const listener of [...listeners]) listener()
        if (isSettled()) {
          for (const resume of [...waiting]) resume()
        }
      }
      // the current snapshot comes first: a change between the first render and now is seen
      return runtime.follow((session) => session.changes, changed)
    }
  }
}
