/**
 * What the React hooks read about one client's session: its state (`loading`, `anonymous`,
 * `authenticated` or `expired`), and who is asking (the part of the state query keys carry). One
 * store per provider, so nothing is shared between clients or requests.
 *
 * @internal
 */
import type { StelaceInstance } from "../facade/createInstance.js"
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
  /** Logs out; an expired session is left with no request (nothing is stored to revoke). */
  readonly logout: () => Promise<void>
  /** Follows the client's session; returns the function that stops. */
  readonly connect: (onUserChange: (previous: Identity) => void) => () => void
}

/** The session with every status, as the store reads it. @internal */
interface SessionSource {
  /** The state now: the same object until it changes. */
  readonly getState: () => SessionState
  /** Calls `listener` after every change; returns the function that stops. */
  readonly subscribe: (listener: () => void) => () => void
  readonly logout: () => Promise<void>
}

/** The part of the facade instance that says whether its token store has answered yet. @internal */
interface Readiness {
  readonly _ready: Promise<void> | undefined
  readonly _session: unknown
}

/**
 * The one place that adds to the client's session what its core does not report yet: `loading`
 * (the core says `anonymous` until an asynchronous token store answers) and `expired` (the core
 * only announces the `Expired` event, and its snapshot is then anonymous). When the core session
 * reports both in its snapshot, this becomes a read of the core and nothing else.
 */
const sessionSource = (client: StelaceInstance): SessionSource => {
  const listeners = new Set<() => void>()
  const { _ready, _session } = client as unknown as Readiness
  let loading = _session === undefined && _ready !== undefined
  /** The user whose session expired, while it is expired. */
  let expired: { readonly userId: string | null } | undefined
  let computedFor: { readonly snapshot: SessionSnapshot; readonly expired: typeof expired; readonly loading: boolean } | undefined
  let state: SessionState

  // Values only change when the client's snapshot, the expiry or the loading does, so React sees
  // the same objects between events (what `useSyncExternalStore` needs).
  const getState = () => {
    const snapshot = client.session.getSnapshot()
    if (computedFor === undefined || computedFor.snapshot !== snapshot || computedFor.expired !== expired || computedFor.loading !== loading) {
      computedFor = { snapshot, expired, loading }
      state = loading
        ? { status: "loading", userId: null, organizationId: snapshot.organizationId, roles: [], expiresAt: null }
        : expired !== undefined && snapshot.status === "anonymous"
        ? { status: "expired", userId: expired.userId, organizationId: snapshot.organizationId, roles: [], expiresAt: null }
        : snapshot
    }
    return state
  }
  getState()

  const notify = () => {
    getState()
    for (const listener of [...listeners]) listener()
  }
  if (loading) {
    void _ready!.then(() => {
      loading = false
      notify()
    })
  }

  let unsubscribe: (() => void) | undefined
  return {
    getState,
    subscribe: (listener) => {
      listeners.add(listener)
      unsubscribe ??= client.session.subscribe((event) => {
        if (event._tag === "Expired") {
          // the user of the last state: the core's snapshot is already anonymous
          expired ??= { userId: state.userId }
        } else if (event._tag === "LoggedIn" || event._tag === "LoggedOut" || event._tag === "Changed") {
          expired = undefined
        }
        notify()
      })
      return () => {
        listeners.delete(listener)
        if (listeners.size === 0) {
          unsubscribe?.()
          unsubscribe = undefined
        }
      }
    },
    logout: () => {
      if (expired === undefined) return client.auth.logout().then(() => {})
      expired = undefined
      notify()
      return Promise.resolve()
    }
  }
}

/** @internal */
export const makeSessionStore = (client: StelaceInstance): SessionStore => {
  const source = sessionSource(client)
  const listeners = new Set<() => void>()
  const waiting = new Set<() => void>()
  let identity: Identity = { userId: null, organizationId: null }

  const getIdentity = () => {
    const { userId, organizationId } = source.getState()
    if (userId !== identity.userId || organizationId !== identity.organizationId) identity = { userId, organizationId }
    return identity
  }
  const isSettled = () => {
    const { status } = source.getState()
    return status !== "loading" && status !== "expired"
  }

  return {
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    getState: source.getState,
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
          reject(signal!.reason)
        }
        waiting.add(resume)
        signal?.addEventListener("abort", abort, { once: true })
      })
    },
    logout: source.logout,
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
      const stop = source.subscribe(changed)
      // a change between the first render and now (the store answered meanwhile, say)
      changed()
      return stop
    }
  }
}
