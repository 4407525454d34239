"use client"
/**
 * The session in React: `useSession()` renders who is logged in and re-renders when that
 * changes; `useSessionEvent(tag, listener)` reacts to one kind of session event.
 *
 * @since 0.1.0
 */
import { useEffect, useEffectEvent, useMemo, useSyncExternalStore } from "react"
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
 * `expiresAt`, plus `login` and `logout` (stable functions). Re-renders on login, logout, token
 * refresh, expiry, organization change, on a change made in another tab, and when an asynchronous
 * token store first answers.
 *
 * `status` is `loading` until the token store has answered (at once with the built-in stores),
 * then `anonymous` or `authenticated`; `expired` after the server refused the refresh token, with
 * the `userId` whose session it was, until the next login, logout or change from another tab:
 * render the login form with a message from it, no polling needed.
 *
 * @example
 * ```tsx
 * const { status, userId, logout } = useSession()
 * if (status === "loading") return null
 * if (status !== "authenticated") return <LoginForm message={status === "expired" ? "Your session expired" : undefined} />
 * ```
 */
export const useSession = (): UseSessionResult => {
  const { store } = useStelaceContext("useSession")
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState)
  return useMemo(() => ({ ...state, login: store.login, logout: store.logout }), [state, store])
}

/**
 * Calls `listener` on every session event of one kind while the component is mounted (the latest
 * `listener` given, through React's `useEffectEvent`, so it may close over props and state
 * without subscribing again). `Expired` is announced once per expiry, however many calls were
 * waiting: the place to navigate to the login page.
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
  const { runtime } = useStelaceContext("useSessionEvent")
  const onEvent = useEffectEvent((event: SessionEvent) => {
    if (event._tag === tag) listener(event as Extract<SessionEvent, { readonly _tag: Tag }>)
  })
  useEffect(() => runtime.subscribe((event) => onEvent(event)), [runtime])
}
