"use client"
/**
 * `useStelaceQueries()`: the query options of the provider's client, for who is asking now.
 *
 * @since 0.1.0
 */
import { useMemo, useSyncExternalStore } from "react"
import { queriesFor, type StelaceQueries } from "./queries.js"
import { useStelaceContext } from "./StelaceProvider.js"

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
