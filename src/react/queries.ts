/**
 * TanStack Query options for every route, derived from the same table as the rest of the SDK:
 * `api.assets.list.queryOptions(query)`, `api.assets.read.queryOptions(id)`,
 * `api.assets.list.infiniteQueryOptions(query)`, `api.transactions.createTransition.mutationOptions()`,
 * and keys and filters for invalidation (`api.assets.queryKey()`, `api.assets.list.queryFilter(query)`).
 *
 * Plain objects, as TanStack's own `queryOptions` returns: nothing here imports
 * `@tanstack/react-query` at run time (its types only), so the rest of `stelace-effect/react`
 * works without it; nor React, so server code (a server component's prefetch) can use it.
 * TanStack's `skipToken` is recognised as the symbol it is, and handed back as the `queryFn`.
 *
 * The bindings are built as they are used: a family's object on first access, a route's on first
 * access, and what does not depend on who is asking once per process.
 *
 * @since 0.1.0
 */
import type {
  DataTag,
  InfiniteData,
  QueryClient,
  QueryFilters,
  QueryFunctionContext,
  skipToken,
  UndefinedInitialDataInfiniteOptions,
  UndefinedInitialDataOptions,
  UnusedSkipTokenInfiniteOptions,
  UnusedSkipTokenOptions,
  UseMutationOptions
} from "@tanstack/react-query"
import type { Effect } from "effect/Effect"
import type { StelaceError } from "../Errors.js"
import { RequestAborted, SessionExpired } from "../Errors.js"
import type { StelaceInstance } from "../facade/createInstance.js"
import { resources, type ResourceTable } from "../facade/resources.js"
import { runtimeOf } from "../facade/FacadeRuntime.js"
import type { ClientRuntime } from "../internal/client/ClientRuntime.js"
import type { AnyEndpoint, Endpoint, InputArgs, PaginationMeta, ParamArgs, PathParams } from "../internal/routes/model.js"
import { nextPageInput } from "../internal/pipeline/nextPage.js"
import type { Session } from "../Session.js"
import type { StelaceClient } from "../Stelace.js"
import type { Identity, SessionStore } from "./SessionStore.js"

/**
 * A query key of these bindings: `["stelace", { userId, organizationId }, family, route,
 * ...pathParams, input]`. The second element is who is asking, so a key never matches another
 * user's (or another organization's) data.
 */
export type StelaceQueryKey = readonly ["stelace", Identity, ...Array<unknown>]

/** TanStack's `skipToken`: in place of any argument of `queryOptions`, the query waits, disabled. */
export type SkipToken = typeof skipToken

/**
 * A page of a list as queries hold it: plain data, so it survives dehydration (server rendering)
 * and TanStack's structural sharing, unlike the facade's arrays with hidden `paginationMeta`.
 */
export interface ListPage<T> {
  readonly results: ReadonlyArray<T>
  readonly paginationMeta: PaginationMeta
}

/** The resource families of the bindings: the facade's, but `auth` (use `useSession`). */
export type StelaceFamily = Exclude<keyof ResourceTable, "auth">

/** What `queryOptions` returns: TanStack's options, with a key that carries the data type. */
export type StelaceQueryOptions<TData, TError = StelaceError> =
  & UnusedSkipTokenOptions<TData, TError, TData, StelaceQueryKey>
  & { readonly queryKey: DataTag<StelaceQueryKey, TData, TError> }

/** What `queryOptions` returns when an argument may be `skipToken` (not for `useSuspenseQuery`). */
export type StelaceSkippableQueryOptions<TData, TError = StelaceError> =
  & UndefinedInitialDataOptions<TData, TError, TData, StelaceQueryKey>
  & { readonly queryKey: DataTag<StelaceQueryKey, TData, TError> }

/** What `infiniteQueryOptions` returns; each page param is the list's query for that page. */
export type StelaceInfiniteQueryOptions<TPage, TInput> =
  & UnusedSkipTokenInfiniteOptions<TPage, StelaceError, InfiniteData<TPage, TInput>, StelaceQueryKey, TInput>
  & { readonly queryKey: DataTag<StelaceQueryKey, InfiniteData<TPage, TInput>, StelaceError> }

/** What `infiniteQueryOptions` returns when an argument may be `skipToken`. */
export type StelaceSkippableInfiniteQueryOptions<TPage, TInput> =
  & UndefinedInitialDataInfiniteOptions<TPage, StelaceError, InfiniteData<TPage, TInput>, StelaceQueryKey, TInput>
  & { readonly queryKey: DataTag<StelaceQueryKey, InfiniteData<TPage, TInput>, StelaceError> }

/** TanStack's query filters, but the key, which the bindings give. */
export type StelaceFilters = Omit<QueryFilters, "queryKey">

/** What `queryFilter` returns: filters for `invalidateQueries`, `getQueriesData`, `cancelQueries`... */
export type StelaceQueryFilters = StelaceFilters & { readonly queryKey: StelaceQueryKey }

/** What `mutationOptions` accepts: TanStack's mutation options, plus which families to invalidate. */
export type StelaceMutationOptions<TData, TVariables, TOnMutateResult = unknown> =
  & Omit<UseMutationOptions<TData, StelaceError, TVariables, TOnMutateResult>, "mutationKey" | "mutationFn">
  & {
    /**
     * The families whose queries (of the current user) are invalidated when the mutation succeeds,
     * or `false` for none. Defaults to the mutation's own family, plus the families Stelace
     * changes along with it: `assets` and `availabilities` also invalidate `search`;
     * `transactions` also invalidate `assets`, `availabilities` and `search`.
     */
    readonly invalidates?: ReadonlyArray<StelaceFamily> | false | undefined
  }

/** What `mutationOptions` returns. */
export type StelaceMutationOptionsResult<TData, TVariables, TOnMutateResult = unknown> =
  & UseMutationOptions<TData, StelaceError, TVariables, TOnMutateResult>
  & { readonly mutationKey: StelaceQueryKey }

/** Named path parameters: `{ id }`, `{ id, organizationId }`. */
type NamedParams<Names, Args> = Names extends readonly [infer N extends string, ...infer RestNames]
  ? Args extends readonly [infer A, ...infer RestArgs] ? { readonly [K in N]: A } & NamedParams<RestNames, RestArgs> : unknown
  : unknown

/**
 * A mutation's variables: the route's input for routes without path parameters, otherwise the
 * path parameters by name with the input under `input`: `{ id: "trn_1", input: { name: "accept" } }`.
 */
// biome-ignore lint/complexity/noBannedTypes lint/suspicious/noConfusingVoidType: `{} extends In` asks whether every input field is optional; `void` lets mutate() go without variables then
export type MutationVariables<P extends string, In> = PathParams<P> extends [] ? {} extends In ? In | void : In
  // biome-ignore lint/complexity/noBannedTypes: as above, `{} extends In` asks whether every input field is optional
  : NamedParams<PathParams<P>, ParamArgs<P>> & ({} extends In ? { readonly input?: In } : { readonly input: In })

/** Every argument may also be `skipToken`. */
type Skippable<Args extends ReadonlyArray<unknown>> = { [K in keyof Args]: Args[K] | SkipToken }

/** A readable route (GET, a list such as search, a preview): query options, keys and filters. */
export interface QueryRoute<P extends string, In, TData> {
  /** The key of this route's queries, narrowed by what is given (path parameters, then input). */
  queryKey(...args: Partial<[...ParamArgs<P>, In]>): StelaceQueryKey
  /**
   * Filters matching this route's queries, narrowed by what is given (path parameters, then
   * input), with TanStack's other filters last: `queryFilter(id, undefined, { stale: true })`.
   */
  queryFilter(...args: Partial<[...ParamArgs<P>, In, StelaceFilters]>): StelaceQueryFilters
  /**
   * Options for `useQuery`, `useSuspenseQuery`, `prefetchQuery`...: path parameters, then input.
   * Any argument may be TanStack's `skipToken`: the query is then disabled until it is given
   * (`queryOptions(id ?? skipToken)`).
   */
  queryOptions(...args: [...ParamArgs<P>, ...InputArgs<In>]): StelaceQueryOptions<TData>
  queryOptions(...args: Skippable<[...ParamArgs<P>, ...InputArgs<In>]>): StelaceSkippableQueryOptions<TData>
}

/** A list route: also `infiniteQueryOptions`, page-based and cursor-based alike. */
export interface ListRoute<P extends string, In, T> extends QueryRoute<P, In, ListPage<T>> {
  /**
   * Options for `useInfiniteQuery`: the next page is `page + 1` while `page < nbPages`, or
   * `startingAfter: endCursor` while `hasNextPage`, whichever the server answered.
   */
  infiniteQueryOptions(...args: [...ParamArgs<P>, ...InputArgs<In>]): StelaceInfiniteQueryOptions<ListPage<T>, In>
  infiniteQueryOptions(...args: Skippable<[...ParamArgs<P>, ...InputArgs<In>]>): StelaceSkippableInfiniteQueryOptions<ListPage<T>, In>
}

/** A route that writes: mutation options and key. */
export interface MutationRoute<P extends string, In, Out> {
  /** `["stelace", who, family, route]`: for `useMutationState`, `isMutating`, `setMutationDefaults`. */
  mutationKey(): StelaceQueryKey
  /**
   * Invalidates, for the current user, the queries this route changes: its family's, and those
   * Stelace changes along with it (the default `invalidates` of `mutationOptions`). For a call
   * made outside `mutationOptions`, such as one step of a mutation that chains several.
   *
   * @example
   * ```ts
   * const request = useMutation({
   *   mutationFn: async (input: TransactionCreateParams) => {
   *     const booking = await stelace.transactions.create(input)
   *     return stelace.transactions.createTransition(booking.id, { name: "confirmAndPay" })
   *   },
   *   onSuccess: () => api.transactions.create.invalidate(queryClient)
   * })
   * ```
   */
  invalidate(queryClient: QueryClient): Promise<void>
  /** Options for `useMutation`; on success, invalidates the family's queries (see `invalidates`). */
  mutationOptions<TOnMutateResult = unknown>(
    options?: StelaceMutationOptions<Out, MutationVariables<P, In>, TOnMutateResult>
  ): StelaceMutationOptionsResult<Out, MutationVariables<P, In>, TOnMutateResult>
}

/** Whether a route reads: a `GET` answering one object (its method is in its type, from the table). */
type IsRead<E> = E extends Endpoint<any, any, any, "object", any, infer M> ? ([M] extends ["GET"] ? true : false) : false

/** The names of the routes that read (a `GET` answering one object), derived from the route table. */
export type ReadRouteName = {
  [F in StelaceFamily]: { [Name in keyof ResourceTable[F]]: IsRead<ResourceTable[F][Name]> extends true ? Name : never }[keyof ResourceTable[F]]
}[StelaceFamily]

/**
 * POST routes that read: they compute an answer without changing anything (`transactions.preview`,
 * `orders.preview`), so apps read them as queries.
 */
export type PreviewRouteName = "preview"

const previewRouteName: PreviewRouteName = "preview"

/** The bindings of one route. */
export type RouteQueries<Name, E> = E extends Endpoint<infer P, infer In, infer Out, infer K>
  ? K extends "list" ? ListRoute<P, In, Out>
  : IsRead<E> extends true ? QueryRoute<P, In, Out>
  : Name extends PreviewRouteName ? QueryRoute<P, In, Out>
  : MutationRoute<P, In, Out>
  : never

/** The bindings of one family, and its key and filters. */
export type FamilyQueries<F> = { readonly [Name in keyof F]: RouteQueries<Name, F[Name]> } & {
  /** The key of every query of this family, for the current user: `["stelace", who, family]`. */
  queryKey(): StelaceQueryKey
  /** Filters matching every query of this family, for the current user. */
  queryFilter(filters?: StelaceFilters): StelaceQueryFilters
}

/** Every family's bindings, for one identity (what `useStelaceQueries()` returns). */
export type StelaceQueries = { readonly [F in StelaceFamily]: FamilyQueries<ResourceTable[F]> } & {
  /** `["stelace", who, ...parts]`: the key of every query of the current user, or your own key under it. */
  queryKey(...parts: ReadonlyArray<unknown>): StelaceQueryKey
  /** Filters matching every query of the current user. */
  queryFilter(filters?: StelaceFilters): StelaceQueryFilters
  /**
   * Query options running an Effect program (composed from `stelace-effect/<Module>`) on the
   * client, with TanStack's `signal`: one session and one runtime for both. `key` goes after the
   * user: start it with a family name (`["assets", ...]`) to have that family's mutations
   * invalidate it.
   */
  effectQueryOptions<A, E>(
    key: ReadonlyArray<unknown>,
    program: Effect<A, E, StelaceClient | Session>
  ): StelaceQueryOptions<A, E>
}

/** Families whose data the server also changes when a family is written to. */
const alsoChanges: Partial<Record<string, ReadonlyArray<string>>> = {
  assets: ["search"],
  availabilities: ["search"],
  transactions: ["assets", "availabilities", "search"]
}

type Input = Readonly<Record<string, unknown>> | undefined

/** What one set of bindings is for: a client's core, who is asking, and in components the session to wait on. */
interface Binding {
  readonly runtime: ClientRuntime
  readonly identity: Identity
  readonly session: SessionStore | undefined
  readonly key: (...parts: ReadonlyArray<unknown>) => StelaceQueryKey
}

/**
 * Sends one route's call to the client's core with typed arguments (path parameters, input,
 * signal), not through the facade's stelace.js argument forms; a list answers its page as the core
 * made it. The one place the bindings call the client.
 */
const send = (
  binding: Binding,
  endpoint: AnyEndpoint,
  params: ReadonlyArray<unknown>,
  input: unknown,
  signal?: AbortSignal
): Promise<unknown> => binding.runtime.request(endpoint, { params, input }, signal)

const sameIdentity = (a: Identity, b: Identity) => a.userId === b.userId && a.organizationId === b.organizationId

/**
 * A query function that runs only for the identity its key carries. In components, it waits
 * while the session is `loading` (an asynchronous token store has not answered) or `expired`, and
 * a call that finds the session expired waits for the next login and runs once more: the query
 * keeps its data meanwhile. Once the session is back, a key of another user is never fetched
 * (the call fails with the `SessionExpired` that ended its session, or `RequestAborted`).
 */
const guarded = <C extends { readonly signal: AbortSignal }, A>(binding: Binding, run: (context: C) => Promise<A>) =>
async (context: C): Promise<A> => {
  const { identity, session } = binding
  if (session === undefined) return run(context)
  let ended: SessionExpired | undefined
  for (;;) {
    await session.settled(context.signal)
    if (!sameIdentity(session.getIdentity(), identity)) throw ended ?? new RequestAborted({ message: "Request aborted", reason: { _tag: "Signal" } })
    try {
      return await run(context)
    } catch (error) {
      if (!(error instanceof SessionExpired) || ended !== undefined) throw error
      ended = error
    }
  }
}

/** Whether an argument is TanStack's `skipToken` (the one symbol the types let through). */
const isSkip = (arg: unknown): arg is SkipToken => typeof arg === "symbol"

/** The arguments of `queryOptions` and `infiniteQueryOptions`: a `skipToken` among them, or the call's. */
const readArgs = (args: ReadonlyArray<unknown>, arity: number) => {
  const skip = args.find(isSkip)
  return skip !== undefined ? { skip } : { params: args.slice(0, arity), input: args[arity] ?? {} }
}

/** Filters with the key of their level: `filters` are TanStack's others. */
const filterOf = (queryKey: StelaceQueryKey, filters?: StelaceFilters): StelaceQueryFilters => ({ ...filters, queryKey })

/** Path parameters and input from a call's arguments; trailing `undefined`s dropped for keys. */
const keyArgs = (args: ReadonlyArray<unknown>): ReadonlyArray<unknown> => {
  let end = args.length
  while (end > 0 && args[end - 1] === undefined) end--
  return args.slice(0, end)
}

/** The bindings of one route, for one binding. */
const makeRoute = (binding: Binding, family: string, name: string, endpoint: AnyEndpoint): object => {
  const { key } = binding
  const arity = endpoint.params.length
  if (endpoint.method === "GET" || endpoint.kind === "list" || name === previewRouteName) {
    const routeKey = (...args: ReadonlyArray<unknown>) => key(family, name, ...keyArgs(args))
    const route: Record<string, unknown> = {
      queryKey: routeKey,
      queryFilter: (...args: ReadonlyArray<unknown>) =>
        filterOf(routeKey(...args.slice(0, arity + 1)), args[arity + 1] as StelaceFilters | undefined),
      queryOptions: (...args: ReadonlyArray<unknown>) => {
        const { skip, params, input } = readArgs(args, arity)
        if (skip !== undefined) return { queryKey: key(family, name), queryFn: skip }
        return {
          queryKey: key(family, name, ...params, input),
          queryFn: guarded(binding, ({ signal }) => send(binding, endpoint, params, input, signal))
        }
      }
    }
    if (endpoint.kind === "list") {
      const getNextPageParam = (page: any, _pages: unknown, param: Input) => nextPageInput(param, page)
      route.infiniteQueryOptions = (...args: ReadonlyArray<unknown>) => {
        const { skip, params, input } = readArgs(args, arity)
        if (skip !== undefined) {
          return { queryKey: key(family, name, "infinite"), queryFn: skip, initialPageParam: undefined, getNextPageParam }
        }
        return {
          queryKey: key(family, name, ...params, input, "infinite"),
          queryFn: guarded(binding, ({ pageParam, signal }: QueryFunctionContext<StelaceQueryKey, Input>) =>
            send(binding, endpoint, params, pageParam, signal)),
          initialPageParam: input,
          getNextPageParam
        }
      }
    }
    return route
  }
  const mutationKey = key(family, name)
  const changed = [family, ...(alsoChanges[family] ?? [])] as ReadonlyArray<StelaceFamily>
  const invalidateFamilies = (queryClient: QueryClient, families: ReadonlyArray<StelaceFamily>) =>
    Promise.all(families.map((target) => queryClient.invalidateQueries({ queryKey: key(target) })))
  return {
    mutationKey: () => mutationKey,
    invalidate: (queryClient: QueryClient) => invalidateFamilies(queryClient, changed).then(() => undefined),
    mutationOptions: (
      { invalidates = changed, onSuccess, ...options }: StelaceMutationOptions<unknown, any> = {}
    ) => ({
      ...options,
      mutationKey,
      // without path parameters the variables are the input; with some, the input is theirs
      mutationFn: (variables: any) =>
        send(binding, endpoint, endpoint.params.map((param) => variables[param]), arity === 0 ? variables : variables.input),
      onSuccess: (...args: Parameters<NonNullable<typeof onSuccess>>) =>
        Promise.all([invalidateFamilies(args[3].client, invalidates || []), onSuccess?.(...args)])
    })
  }
}

const bindingOf: unique symbol = Symbol("stelace-effect/react/binding")
interface Bound {
  readonly [bindingOf]: Binding
}

/** Defines `name` on `target` as a getter that builds the value on first access and keeps it. */
const lazy = (target: object, name: string, make: (self: Bound) => unknown) =>
  Object.defineProperty(target, name, {
    configurable: true,
    enumerable: true,
    get(this: Bound) {
      const value = make(this)
      Object.defineProperty(this, name, { value, enumerable: true })
      return value
    }
  })

/** The families, and for each the prototype of its bindings: built once per process. */
const familyPrototypes = new Map<string, object>()
const familyPrototype = (family: string): object => {
  let prototype = familyPrototypes.get(family)
  if (prototype === undefined) {
    prototype = {}
    for (const [name, endpoint] of Object.entries(resources[family as StelaceFamily] as Record<string, AnyEndpoint>)) {
      lazy(prototype, name, (self) => makeRoute(self[bindingOf], family, name, endpoint))
    }
    familyPrototypes.set(family, prototype)
  }
  return prototype
}

const makeFamily = (binding: Binding, family: string): object =>
  Object.create(familyPrototype(family), {
    [bindingOf]: { value: binding },
    queryKey: { value: () => binding.key(family), enumerable: true },
    queryFilter: { value: (filters?: StelaceFilters) => filterOf(binding.key(family), filters), enumerable: true }
  })

const rootPrototype: object = {}
for (const family of Object.keys(resources)) {
  if (family !== "auth") lazy(rootPrototype, family, (self) => makeFamily(self[bindingOf], family))
}

/** The bindings for one identity, over a client's core. @internal */
export const queriesFor = (runtime: ClientRuntime, identity: Identity, session?: SessionStore): StelaceQueries => {
  const key = (...parts: ReadonlyArray<unknown>): StelaceQueryKey => ["stelace", identity, ...parts]
  const binding: Binding = { runtime, identity, session, key }
  return Object.create(rootPrototype, {
    [bindingOf]: { value: binding },
    queryKey: { value: key, enumerable: true },
    queryFilter: { value: (filters?: StelaceFilters) => filterOf(key(), filters), enumerable: true },
    effectQueryOptions: {
      value: (parts: ReadonlyArray<unknown>, program: Effect<unknown, unknown, any>) => ({
        queryKey: key(...parts),
        queryFn: guarded(binding, ({ signal }) => runtime.run(program, signal))
      }),
      enumerable: true
    }
  })
}

/**
 * The query bindings of a client, for the user it is logged in as now: for code outside
 * components (server rendering's prefetch, route loaders). Components use `useStelaceQueries()`,
 * which follows the session.
 *
 * @example
 * ```ts
 * const api = createStelaceQueries(stelace)
 * await queryClient.prefetchQuery(api.assets.list.queryOptions({ nbResultsPerPage: 10 }))
 * ```
 */
export const createStelaceQueries = (client: StelaceInstance): StelaceQueries => {
  const runtime = runtimeOf(client).client
  const { userId, organizationId } = runtime.snapshot()
  return queriesFor(runtime, { userId, organizationId })
}
