/**
 * What the React hooks read about one client's session: its snapshot, whether the last session
 * ended by expiring, and who is asking (the part of the snapshot query keys carry). One store per
 * provider, so nothing is shared between clients or requests.
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

/** The session as React renders it. */
export interface SessionState extends SessionSnapshot {
  /**
   * The last session ended because the server refused its refresh token (not by a logout). Set
   * once per expiry, cleared by the next login, logout or change from another tab.
   */
  readonly expired: boolean
}

/** @internal */
export interface SessionStore {
  readonly subscribe: (listener: () => void) => () => void
  readonly getState: () => SessionState
  readonly getIdentity: () => Identity
  /** Follows the client's session events; returns the function that stops. */
  readonly connect: (onUserChange: (previous: Identity) => void) => () => void
}

/** @internal */
export const makeSessionStore = (client: StelaceInstance): SessionStore => {
  const listeners = new Set<() => void>()
  let expired = false
  let snapshot = client.session.getSnapshot()
  let state: SessionState = { ...snapshot, expired }
  let identity: Identity = { userId: snapshot.userId, organizationId: snapshot.organizationId }

  // Values only change when the client's snapshot or the expiry flag does, so React sees the
  // same objects between events (what `useSyncExternalStore` needs).
  const getState = () => {
    const next = client.session.getSnapshot()
    if (next !== snapshot || state.expired !== expired) {
      snapshot = next
      state = { ...next, expired }
      if (next.userId !== identity.userId || next.organizationId !== identity.organizationId) {
        identity = { userId: next.userId, organizationId: next.organizationId }
      }
    }
    return state
  }

  return {
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    getState,
    getIdentity: () => (getState(), identity),
    connect: (onUserChange) => {
      let previous = (getState(), identity)
      return client.session.subscribe((event) => {
        if (event._tag === "Expired") expired = true
        else if (event._tag === "LoggedIn" || event._tag === "LoggedOut" || event._tag === "Changed") expired = false
        getState()
        if (identity.userId !== previous.userId) onUserChange(previous)
        previous = identity
        for (const listener of listeners) listener()
      })
    }
  }
}
