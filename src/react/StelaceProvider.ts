"use client"
/**
 * `<StelaceProvider>`: makes a client available to the hooks below it, either a facade instance
 * (`client={createInstance(...)}`) or the Effect layer an app already has (`layer={StelaceLive}`);
 * and the hooks that read it: `useStelace()`, `useRunStelace()` (runs Effect programs),
 * `useSession()` (who is logged in, re-rendering when that changes), `useSessionEvent(tag,
 * listener)` (one kind of session event) and `useStelaceQueries()` (the query options for who is
 * asking now). Each provider holds its own client and session store, so one app can hold several
 * clients (one per server-rendered request, say) and nothing lives at module level.
 *
 * @since 0.1.0
 */
import type * as Effect from "effect/Effect"
import type * as Layer from "effect/Layer"
import type { ReactNode } from "react"
import { createContext, createElement, useContext, useEffect, useEffectEvent, useMemo, useSyncExternalStore } from "react"
import type { StelaceInstance } from "../facade/createInstance.js"
import { runtimeOf } from "../facade/FacadeRuntime.js"
import type { ClientServices } from "../internal/client/ClientRuntime.js"
import { ClientRuntime } from "../internal/client/ClientRuntime.js"
import type { SessionEvent } from "../Session.js"
import type { LoginParams, ProviderLogout } from "../Types.js"
import { queriesFor, type StelaceQueries } from "./queries.js"
import { makeSessionStore, type SessionState, type SessionStore } from "./SessionStore.js"

/** What the provider gives its hooks. @internal */
export interface StelaceContextValue {
  /** The facade instance, when the provider was given one. */
  readonly client: StelaceInstance | undefined
  /** The client's runtime, which the hooks call with typed arguments (never the facade's methods). */
  readonly runtime: ClientRuntime
  readonly store: SessionStore
}

const StelaceContext = /*#__PURE__*/ createContext<StelaceContextValue | null>(null)

/** The provider's value; throws a clear error outside a provider. @internal */
export const useStelaceContext = (hook: string): StelaceContextValue => {
  const value = useContext(StelaceContext)
  if (value === null) {
    throw new Error(`${hook}() must be called inside <StelaceProvider client={createInstance(...)}> or <StelaceProvider layer={...}>`)
  }
  return value
}

/** The part of a `QueryClient` the provider uses. */
export interface QueryCacheOwner {
  removeQueries(filters: { readonly queryKey: ReadonlyArray<unknown> }): unknown
}

/** Props of {@link StelaceProvider}: a facade instance (`client`) or an Effect layer (`layer`), and a `QueryClient`. */
export type StelaceProviderProps = StelaceProviderOptions & (
  | {
    /** The facade instance the hooks below use: `createInstance({ apiKey })`. The app disposes of it. */
    readonly client: StelaceInstance
    readonly layer?: undefined
  }
  | {
    /**
     * The layer providing the client and its session the hooks below use: what an Effect app
     * already has (`Stelace.layerFetch(...)` over a `TokenStore`, say). The provider runs it on a
     * runtime of its own, disposed when the provider unmounts.
     */
    readonly layer: Layer.Layer<ClientServices, unknown>
    readonly client?: undefined
  }
)

/** What {@link StelaceProvider} takes besides its client. */
export interface StelaceProviderOptions {
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
 * Gives the hooks below it (`useStelace`, `useSession`, `useStelaceQueries`...) a Stelace client:
 * a facade instance, or an Effect layer.
 *
 * @example
 * ```tsx
 * const stelace = createInstance({ apiKey: "pubk_test_..." })
 * root.render(<StelaceProvider client={stelace}><App /></StelaceProvider>)
 * // or, in an Effect app
 * root.render(<StelaceProvider layer={StelaceLive}><App /></StelaceProvider>)
 * ```
 */
export function StelaceProvider({ client, layer, queryClient, children }: StelaceProviderProps): ReactNode {
  const runtime = useMemo(
    // biome-ignore lint/style/noNonNullAssertion: the props give one of the two
    () => client !== undefined ? runtimeOf(client).client : new ClientRuntime(() => layer!),
    [client, layer]
  )
  // a runtime made here is the provider's: released when it unmounts
  useEffect(() => client === undefined ? runtime.retain() : undefined, [client, runtime])
  const value = useMemo<StelaceContextValue>(() => ({ client, runtime, store: makeSessionStore(runtime) }), [client, runtime])
  useEffect(() =>
    value.store.connect((previous) => {
      if (previous.userId !== null) queryClient?.removeQueries({ queryKey: ["stelace", { userId: previous.userId }] })
    }), [value, queryClient])
  return createElement(StelaceContext, { value }, children)
}

/** The facade instance of the nearest `<StelaceProvider client>`; throws outside one, or under a provider given a layer. */
export const useStelace = (): StelaceInstance => {
  const { client } = useStelaceContext("useStelace")
  if (client === undefined) throw new Error("useStelace() needs <StelaceProvider client={createInstance(...)}>; under a layer, use useRunStelace()")
  return client
}

/**
 * A function that runs an Effect program on the provider's client and session: its result, or
 * its typed error; `RequestAborted` when `signal` aborts or the provider unmounts meanwhile.
 *
 * @example
 * ```tsx
 * const run = useRunStelace()
 * const onClick = () => run(Assets.update(id, { name })).then(close, setError)
 * ```
 */
export const useRunStelace = (): <A, E>(effect: Effect.Effect<A, E, ClientServices>, options?: { readonly signal?: AbortSignal | undefined }) => Promise<A> => {
  const { runtime } = useStelaceContext("useRunStelace")
  return useMemo(() => (effect, options) => runtime.run(effect, options?.signal), [runtime])
}

/** What {@link useSession} returns. */
export interface UseSessionResult extends SessionState {
  /** Logs in (`POST /auth/login`); rejects with the SDK's typed error (a `ServerError` on bad credentials). */
  readonly login: (credentials: LoginParams) => Promise<void>
  /**
   * Logs in with the one-time code a provider login's return carries (see `Auth.parseSsoReturn`);
   * rejects with `AuthorizationCodeError` (`Invalid`, `Expired`, `AlreadyUsed`) when the server
   * refuses it. Call it once per code: a code works once.
   */
  readonly loginWithCode: (code: string) => Promise<void>
  /** Logs out: the server revokes the refresh token and the stored tokens are removed. */
  readonly logout: () => Promise<void>
  /**
   * Logs out of a session from an `openid` connection through its provider: the session ends at
   * Stelace, and the result says whether the browser can be sent to the provider's end-session
   * page (`Redirect`) or not (`StelaceOnly`: a browser hides the server's redirect).
   */
  readonly logoutFromProvider: () => Promise<ProviderLogout>
}

/**
 * The session of the provider's client: `status`, `userId`, `organizationId`, `roles`,
 * `expiresAt`, plus `login`, `loginWithCode` (single sign-on), `logout` and `logoutFromProvider`
 * (stable functions). Re-renders on login, logout, token refresh, expiry, organization change, on
 * a change made in another tab, and when an asynchronous token store first answers.
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
  return useMemo(
    () => ({ ...state, login: store.login, loginWithCode: store.loginWithCode, logout: store.logout, logoutFromProvider: store.logoutFromProvider }),
    [state, store]
  )
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
  useEffect(() => runtime.follow((session) => session.events, (event) => onEvent(event)), [runtime])
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
