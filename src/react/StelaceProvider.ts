"use client"
/**
 * `<StelaceProvider client>`: makes a facade instance (`createInstance(...)`) available to the
 * hooks below it. Each provider holds its own client and session store, so one app can hold
 * several clients (one per server-rendered request, say) and nothing lives at module level.
 *
 * @since 0.1.0
 */
import type { ReactNode } from "react"
import { createContext, createElement, useContext, useEffect, useMemo } from "react"
import type { StelaceInstance } from "../facade/createInstance.js"
import type { ClientRuntime } from "../internal/client/runtime.js"
import { runtimeOf } from "../internal/client/runtime.js"
import { makeSessionStore, type SessionStore } from "./SessionStore.js"

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
