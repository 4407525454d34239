"use client"
/**
 * `<StelaceProvider client>`: makes a facade instance (`createInstance(...)`) available to the
 * hooks below it, and the hooks that read it: `useStelace()`, `useSession()` (who is logged in,
 * re-rendering when that changes), `useSessionEvent(tag, listener)` (one kind of session event)
 * and `useStelaceQueries()` (the query options for who is asking now). Each provider holds its
 * own client and session store, so one app can hold several clients (one per server-rendered
 * request, say) and nothing lives at module level.
 *
 * The hooks are thin readers of the provider's value, in this one module: a browser bundle then
 * carries one module's scope and one import of React for them (35 B gzip less than a module each,
 * `npm run bench:size`).
 *
 * @since 0.1.0
 */
import type { ReactNode } from "react"
import { createContext, createElement, useContext, useEffect, useEffectEvent, useMemo, useSyncExternalStore } from "react"
import type { StelaceInstance } from "../facade/createInstance.js"
import type { ClientRuntime } from "../internal/client/runtime.js"
import { runtimeOf } from "../internal/client/runtime.js"
import type { SessionEvent } from "../Session.js"
import type { LoginParams } from "../Types.js"
import { queriesFor, type StelaceQueries } from "./queries.js"
import { makeSessionStore, type SessionState, type SessionStore } from "./SessionStore.js"

/** What the provider gives its hooks. @internal */
export interface StelaceContextValue {
  readonly client: StelaceInstance
  /** The client's core, which the hooks call with typed arguments (never the facade's methods). */
  readonly runtime: ClientRuntime
  readonly store: SessionStore
}

const StelaceContext = /*#__PURE__*/ createContext<StelaceContextValue | null>(null)

/** The provider's value; throws a clear error outside a provider. @internal */
export const useStelaceContext = (hook: string): StelaceContextValue => {
  const value = useContext(StelaceContext)
  if (value === null) {
    throw new Error(`${hook}() must be called inside <StelaceProvider client={createInstance(...)}>`)
  }
  return value
}

/** The part of a `QueryClient` the provider uses. */
export interface QueryCacheOwner {
  removeQueries(filters: { readonly queryKey: ReadonlyArray<unknown> }): unknown
}

/** Props of {@link StelaceProvider}. */
export interface StelaceProviderProps {
  /** The facade instance the hooks below use: `createInstance({ apiKey })`. */
  readonly client: StelaceInstance
  /**
   * The TanStack `QueryClient` the app's queries live in. When given, a user's cached queries are
   * removed as soon as their session ends for good (logout, another user logging in, a change in
   * another tab); an expired session keeps them until the next login, which removes them unless
   * it is the same user's. Without it they are never shown to anyone else (keys carry the user)
   * and are garbage-collected once unused.
   */
  readonly queryClient?: QueryCacheOwner | undefined
  readonly children?: ReactNode
}

/**
 * Gives the hooks below it (`useStelace`, `useSession`, `useStelaceQueries`) a Stelace client.
 *
 * @example
 * ```tsx
 * const stelace = createInstance({ apiKey: "pubk_test_..." })
 * root.render(<StelaceProvider client={stelace}><App /></StelaceProvider>)
 * ```
 */
export function StelaceProvider({ client, queryClient, children }: StelaceProviderProps): ReactNode {
  const value = useMemo<StelaceContextValue>(() => {
    const runtime = runtimeOf(client)
    return { client, runtime, store: makeSessionStore(runtime) }
  }, [client])
  useEffect(() =>
    value.store.connect((previous) => {
      if (previous.userId !== null) queryClient?.removeQueries({ queryKey: ["stelace", { userId: previous.userId }] })
    }), [value, queryClient])
  return createElement(StelaceContext, { value }, children)
}

/** The client of the nearest `<StelaceProvider>`; throws outside one. */
export const useStelace = (): StelaceInstance => useStelaceContext("useStelace").client

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

/**
 * The query bindings of the provider's client, for the current user and organization: a new
 * object (new keys) when either changes, so nothing cached for one user is shown to the next.
 * While the session is `expired` they stay those of the user whose session it was, so pages keep
 * their data, and their queries wait for the next login (or a logout) before sending anything.
 * The object is cheap: families and routes are built on first use.
 *
 * @example
 * ```tsx
 * const api = useStelaceQueries()
 * const { data } = useQuery(api.assets.list.queryOptions({ nbResultsPerPage: 10 }))
 * ```
 */
export const useStelaceQueries = (): StelaceQueries => {
  const { runtime, store } = useStelaceContext("useStelaceQueries")
  const identity = useSyncExternalStore(store.subscribe, store.getIdentity, store.getIdentity)
  return useMemo(() => queriesFor(runtime, identity, store), [runtime, identity, store])
}
