/**
 * `stelace-effect/react`: React bindings. `<StelaceProvider client>` (a facade instance) or
 * `<StelaceProvider layer>` (an Effect app's layer), `useStelace()`, `useRunStelace()`,
 * `useSession()`, `useSessionEvent()`, and TanStack Query options for every route
 * (`useStelaceQueries()`, `createStelaceQueries(client)`).
 *
 * React 19.2 is a peer dependency (`useSessionEvent` uses its `useEffectEvent`);
 * `@tanstack/react-query` v5 (5.89 or later) is only needed for the query options, and only its
 * types are imported here.
 *
 * @since 0.1.0
 */
export {
  type QueryCacheOwner,
  StelaceProvider,
  type StelaceProviderOptions,
  type StelaceProviderProps,
  type UseSessionResult,
  useSession,
  useRunStelace,
  useSessionEvent,
  useStelace,
  useStelaceQueries
} from "./StelaceProvider.js"
export type { Identity, SessionState, SessionStatus } from "./SessionStore.js"
export {
  createStelaceQueries,
  type FamilyQueries,
  type ListPage,
  type ListRoute,
  type MutationRoute,
  type MutationVariables,
  type PreviewRouteName,
  type QueryRoute,
  type ReadRouteName,
  type RouteQueries,
  type SkipToken,
  type StelaceFilters,
  type StelaceFamily,
  type StelaceInfiniteQueryOptions,
  type StelaceMutationOptions,
  type StelaceMutationOptionsResult,
  type StelaceQueries,
  type StelaceQueryFilters,
  type StelaceQueryKey,
  type StelaceQueryOptions,
  type StelaceSkippableInfiniteQueryOptions,
  type StelaceSkippableQueryOptions
} from "./queries.js"
export {
  type InvalidationTargets,
  type QueryInvalidator,
  type InvalidateOnSignalOptions,
  SignalStatus,
  type SignalStatusProps,
  type SignalStatusValue,
  useInvalidateOnSignal,
  useSignal,
  type UseSignalOptions
} from "./signal.js"
