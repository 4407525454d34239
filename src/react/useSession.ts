"use client"
/**
 * The session in React: `useSession()` renders who is logged in and re-renders when that
 * changes; `useSessionEvent(tag, listener)` reacts to one kind of session event.
 *
 * @since 0.1.0
 */
import { useEffect, useMemo, useRef, useSyncExternalStore } from "react"
import type { SessionEvent } from "../Session.js"
import type { LoginParams } from "../Types.js"
import type { SessionState } from "./SessionStore.js"
import { useStelaceContext } from "./StelaceProvider.js"

/** What {@link useSession} returns. */
export interface UseSessionResult extends SessionState {
  /** Logs in (`POST /auth/login`); rejects with the SDK's typed error (a `ServerError` on bad credentials). */
  readonly login: (credentials: LoginParams) => Promise<void>
  /** Logs out: the server revokes the refresh token and the stored tokens are removed. */
  readonly logout: () => Promise<void>
}

/**
 * The session of the provider's client: `status`, `userId`, `organizationId`, `roles`,
 * `expiresAt`, `expired`, plus `login` and `logout` (stable functions). Re-renders on login,
 * logout, token refresh, expiry, organization change and on a change made in another tab.
 *
 * `expired` is `true` after the server refused the refresh token, until the next login, logout or
 * change from another tab: render the login form with a message from it, no polling needed.
 *
 * @example
 * ```tsx
 * const { status, userId, expired, logout } = useSession()
 * if (status === "anonymous") return <LoginForm message={expired ? "Your session expired" : undefined} />
 * ```
 */
export const useSession = (): UseSessionResult => {
  const { store, login, logout } = useStelaceContext("useSession")
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState)
  return useMemo(() => ({ ...state, login, logout }), [state, login, logout])
}

/**
 * Calls `listener` on every session event of one kind while the component is mounted (the latest
 * `listener` given, so it may close over props and state). `Expired` is announced once per
 * expiry, however many calls were waiting: the place to navigate to the login page.
 *
 * @example
 * ```tsx
 * useSessionEvent("Expired", () => navigate("/login?expired"))
 * ```
 */
export const useSessionEvent = <Tag extends SessionEvent["_tag"]>(
  tag: Tag,
  listener: (event: Extract<SessionEvent, { readonly _tag: Tag }>) => void
): void => {
  const { client } = useStelaceContext("useSessionEvent")
  const latest = useRef(listener)
  useEffect(() => {
    latest.current = listener
  })
  useEffect(() =>
    client.session.subscribe((event) => {
      if (event._tag === tag) latest.current(event as Extract<SessionEvent, { readonly _tag: Tag }>)
    }), [client, tag])
}
