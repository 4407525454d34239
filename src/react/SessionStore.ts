/**
 * What the React hooks read about one client's session: its state (`loading`, `anonymous`,
 * `authenticated` or `expired`), and who is asking (the part of the state query keys carry). One
 * store per provider, so nothing is shared between clients or requests.
 *
 * @internal
 */
import type { Stelace } from "../facade/createInstance.js"
import type { SessionSnapshot } from "../Session.js"

/** Who is asking: what query keys carry, so one user's cached data is never shown to another. */
export interface Identity {
  readonly userId: string | null
  readonly organizationId: string | null
}

/**
 * Where the session stands:
 * - `loading`: the token store has not answered yet (an asynchronous store, such as React
 *   Native's AsyncStorage); nobody is known to be logged in or out;
 * - `anonymous`: nobody is logged in;
 * - `authenticated`: `userId` is logged in;
 * - `expired`: the server refused the refresh token of `userId`'s session (not a logout); the
 *   user must log in again. Until the next login, logout or change from another tab.
 */
export type SessionStatus = "loading" | "anonymous" | "authenticated" | "expired"

/** The session as React renders it. */
export interface SessionState extends Omit<SessionSnapshot, "status"> {
  readonly status: SessionStatus
}

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
  /**
   * Ends an expired session here (nothing is stored any more, so there is nothing to log out of
   * on the server): the state becomes `anonymous`. Whether it was expired.
   */
  readonly leaveExpired: () => boolean
  /** Follows the client's session events; returns the function that stops. */
  readonly connect: (onUserChange: (previous: Identity) => void) => () => void
}

/** The part of the facade instance that says whether its token store has answered yet. @internal */
interface Readiness {
  readonly _ready: Promise<void> | undefined
  readonly _session: unknown
}

/**
 * What the client's core says of its session now: the one place the store reads it. The core
 * reports `anonymous` until an asynchronous token store answers, and knows nothing of expiry
 * beyond its `Expired` event; the store adds both. When the core session reports `loading` and
 * `expired` itself, this reads them from there.
 */
const readCore = (client: Stelace): { readonly snapshot: SessionSnapshot; readonly loaded: Promise<void> | undefined } => {
  const { _ready, _session } = client as unknown as Readiness
  return { snapshot: client.session.getSnapshot(), loaded: _session === undefined ? _ready : undefined }
}

const sameIdentity = (a: Identity, b: Identity) => a.userId === b.userId && a.organizationId === b.organizationId

/** @internal */
export const makeSessionStore = (client: Stelace): SessionStore => {
  const listeners = new Set<() => void>()
  const waiting = new Set<() => void>()
  /** The user whose session expired, while it is expired. */
  let expired: { readonly userId: string | null } | undefined
  let loading = readCore(client).loaded !== undefined
  let state: SessionState = { status: "loading", userId: null, organizationId: null, roles: [], expiresAt: null }
  let identity: Identity = { userId: null, organizationId: null }

  const compute = (next: SessionSnapshot): SessionState =>
    loading
      ? { status: "loading", userId: null, organizationId: next.organizationId, roles: [], expiresAt: null }
      : expired !== undefined && next.status === "anonymous"
      ? { status: "expired", userId: expired.userId, organizationId: next.organizationId, roles: [], expiresAt: null }
      : next

  // Values only change when the client's snapshot, the expiry or the loading does, so React sees
  // the same objects between events (what `useSyncExternalStore` needs).
  let computedFor: { snapshot: SessionSnapshot; expired: typeof expired; loading: boolean } | undefined
  const getState = () => {
    const next = readCore(client).snapshot
    if (computedFor === undefined || computedFor.snapshot !== next || computedFor.expired !== expired || computedFor.loading !== loading) {
      computedFor = { snapshot: next, expired, loading }
      state = compute(next)
      const who = { userId: state.userId, organizationId: state.organizationId }
      if (!sameIdentity(who, identity)) identity = who
    }
    return state
  }
  getState()

  const isSettled = () => state.status !== "loading" && state.status !== "expired"

  /** What `connect` does on a change: set while connected. */
  let onChange: (() => void) | undefined

  const changed = (onUserChange: (previous: Identity) => void, previous: Identity) => {
    getState()
    if (identity.userId !== previous.userId) onUserChange(previous)
    for (const listener of [...listeners]) listener()
    if (isSettled()) {
      for (const resume of [...waiting]) resume()
    }
  }

  return {
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    getState,
    getIdentity: () => (getState(), identity),
    settled: (signal) => {
      getState()
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
          reject(signal!.reason)
        }
        waiting.add(resume)
        signal?.addEventListener("abort", abort, { once: true })
      })
    },
    leaveExpired: () => {
      if (expired === undefined) return false
      expired = undefined
      if (onChange) onChange()
      else getState()
      return true
    },
    connect: (onUserChange) => {
      let previous = (getState(), identity)
      let connected = true
      const change = () => {
        changed(onUserChange, previous)
        previous = identity
      }
      onChange = change
      const { loaded } = readCore(client)
      if (loading && loaded !== undefined) {
        void loaded.then(() => {
          if (!connected || !loading) return
          loading = false
          change()
        })
      } else if (loading) {
        // built while the provider rendered: nothing left to wait for
        loading = false
        change()
      }
      const unsubscribe = client.session.subscribe((event) => {
        if (event._tag === "Expired") {
          // the user of the last state: the core's snapshot is already anonymous
          if (expired === undefined) expired = { userId: identity.userId }
        } else if (event._tag === "LoggedIn" || event._tag === "LoggedOut" || event._tag === "Changed") {
          expired = undefined
        }
        change()
      })
      return () => {
        connected = false
        if (onChange === change) onChange = undefined
        unsubscribe()
      }
    }
  }
}
