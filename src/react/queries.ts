/**
 * TanStack Query options for every route, derived from the same table as the rest of the SDK:
 * `api.assets.list.queryOptions(query)`, `api.assets.read.queryOptions(id)`,
 * `api.assets.list.infiniteQueryOptions(query)`, `api.transactions.createTransition.mutationOptions()`,
 * and keys for invalidation (`api.assets.queryKey()`, `api.assets.list.queryKey(query)`).
 *
 * Plain objects, as TanStack's own `queryOptions` returns: nothing here imports
 * `@tanstack/react-query` at run time (its types only), so the rest of `stelace-effect/react`
 * works without it; nor React, so server code (a server component's prefetch) can use it.
 *
 * @since 0.1.0
 */
import type {
  DataTag,
  InfiniteData,
  QueryFunctionContext,
  UnusedSkipTokenInfiniteOptions,
  UnusedSkipTokenOptions,
  UseMutationOptions
} from "@tanstack/react-query"
import type { Effect } from "effect/Effect"
import type { StelaceError } from "../Errors.js"
import type { StelaceInstance } from "../facade/createInstance.js"
import { resources, type ResourceTable } from "../facade/resources.js"
import type { AnyEndpoint, Endpoint, InputArgs, PaginationMeta, ParamArgs, PathParams } from "../internal/routes/model.js"
import { nextPageInput } from "../internal/pipeline/nextPage.js"
import type { Session } from "../Session.js"
import type { StelaceClient } from "../Stelace.js"
import type { Identity } from "./SessionStore.js"

/**
 * A query key of these bindings: `["stelace", { userId, organizationId }, family, route,
 * ...pathParams, input]`. The second element is who is asking, so a key never matches another
 * user's (or another organization's) data.
 */
export type StelaceQueryKey = readonly ["stelace", Identity, ...Array<unknown>]

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

/** What `infiniteQueryOptions` returns; each page param is the list's query for that page. */
export type StelaceInfiniteQueryOptions<TPage, TInput> =
  & UnusedSkipTokenInfiniteOptions<TPage, StelaceError, InfiniteData<TPage, TInput>, StelaceQueryKey, TInput>
  & { readonly queryKey: DataTag<StelaceQueryKey, InfiniteData<TPage, TInput>, StelaceError> }

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
  ? Args extends readonly [infer A, ...infer RestArgs] ? { readonly [K in N]: A } & NamedParams<RestNames, RestArgs> : {}
  : {}

/**
 * A mutation's variables: the route's input for routes without path parameters, otherwise the
 * path parameters by name with the input under `input`: `{ id: "trn_1", input: { name: "accept" } }`.
 */
export type MutationVariables<P extends string, In> = PathParams<P> extends [] ? {} extends In ? In | void : In
  : NamedParams<PathParams<P>, ParamArgs<P>> & ({} extends In ? { readonly input?: In } : { readonly input: In })

/** A readable route (GET, or a list such as search): query options and keys. */
export interface QueryRoute<P extends string, In, TData> {
  /** The key of this route's queries, narrowed by what is given (path parameters, then input). */
  queryKey(...args: Partial<[...ParamArgs<P>, In]>): StelaceQueryKey
  /** Options for `useQuery`, `useSuspenseQuery`, `prefetchQuery`...: path parameters, then input. */
  queryOptions(...args: [...ParamArgs<P>, ...InputArgs<In>]): StelaceQueryOptions<TData>
}

/** A list route: also `infiniteQueryOptions`, page-based and cursor-based alike. */
export interface ListRoute<P extends string, In, T> extends QueryRoute<P, In, ListPage<T>> {
  /**
   * Options for `useInfiniteQuery`: the next page is `page + 1` while `page < nbPages`, or
   * `startingAfter: endCursor` while `hasNextPage`, whichever the server answered.
   */
  infiniteQueryOptions(...args: [...ParamArgs<P>, ...InputArgs<In>]): StelaceInfiniteQueryOptions<ListPage<T>, In>
}

/** A route that writes: mutation options and key. */
export interface MutationRoute<P extends string, In, Out> {
  /** `["stelace", who, family, route]`: for `useMutationState`, `isMutating`, `setMutationDefaults`. */
  mutationKey(): StelaceQueryKey
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

/** The bindings of one route. */
export type RouteQueries<_Name, E> = E extends Endpoint<infer P, infer In, infer Out, infer K>
  ? K extends "list" ? ListRoute<P, In, Out>
  : IsRead<E> extends true ? QueryRoute<P, In, Out>
  : MutationRoute<P, In, Out>
  : never

/** The bindings of one family, and its key. */
export type FamilyQueries<F> = { readonly [Name in keyof F]: RouteQueries<Name, F[Name]> } & {
  /** The key of every query of this family, for the current user: `["stelace", who, family]`. */
  queryKey(): StelaceQueryKey
}

/** Every family's bindings, for one identity (what `useStelaceQueries()` returns). */
export type StelaceQueries = { readonly [F in StelaceFamily]: FamilyQueries<ResourceTable[F]> } & {
  /** `["stelace", who, ...parts]`: the key of every query of the current user, or your own key under it. */
  queryKey(...parts: ReadonlyArray<unknown>): StelaceQueryKey
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

const toPage = (list: any): ListPage<unknown> => ({ results: Array.from(list), paginationMeta: list.paginationMeta })

/** The bindings for one identity. @internal */
export const queriesFor = (client: StelaceInstance, identity: Identity): StelaceQueries => {
  const key = (...parts: ReadonlyArray<unknown>): StelaceQueryKey => ["stelace", identity, ...parts]
  const api: Record<string, unknown> = {
    queryKey: key,
    effectQueryOptions: (parts: ReadonlyArray<unknown>, program: Effect<unknown, unknown, any>) => ({
      queryKey: key(...parts),
      queryFn: ({ signal }: QueryFunctionContext) => client.run(program, { signal })
    })
  }
  for (const [family, routes] of Object.entries(resources)) {
    if (family === "auth") continue
    const queries: Record<string, unknown> = { queryKey: () => key(family) }
    for (const [name, endpoint] of Object.entries(routes as Record<string, AnyEndpoint>)) {
      const arity = endpoint.params.length
      // through the facade's method, looked up per call: the same arguments, errors and session
      const call = (params: ReadonlyArray<unknown>, input: unknown, signal?: AbortSignal): Promise<unknown> => {
        const result = (client as any)[family][name](...params, input, ...(signal ? [{ signal }] : []))
        return endpoint.kind === "list" ? result.then(toPage) : result
      }
      if (endpoint.method === "GET" || endpoint.kind === "list") {
        const route: Record<string, unknown> = {
          queryKey: (...args: Array<unknown>) => key(family, name, ...args),
          queryOptions: (...args: Array<unknown>) => {
            const params = args.slice(0, arity)
            const input = args[arity] ?? {}
            return { queryKey: key(family, name, ...params, input), queryFn: ({ signal }: QueryFunctionContext) => call(params, input, signal) }
          }
        }
        if (endpoint.kind === "list") {
          route.infiniteQueryOptions = (...args: Array<unknown>) => {
            const params = args.slice(0, arity)
            const input = args[arity] ?? {}
            return {
              queryKey: key(family, name, ...params, input, "infinite"),
              queryFn: ({ pageParam, signal }: QueryFunctionContext<StelaceQueryKey, Input>) => call(params, pageParam, signal),
              initialPageParam: input,
              getNextPageParam: (page: any, _pages: unknown, param: Input) => nextPageInput(param, page)
            }
          }
        }
        queries[name] = route
      } else {
        const mutationKey = key(family, name)
        queries[name] = {
          mutationKey: () => mutationKey,
          mutationOptions: (
            { invalidates = [family, ...(alsoChanges[family] ?? [])] as ReadonlyArray<StelaceFamily>, onSuccess, ...options }:
              StelaceMutationOptions<unknown, any> = {}
          ) => ({
            ...options,
            mutationKey,
            mutationFn: (variables: any) =>
              arity === 0 ? call([], variables) : call(endpoint.params.map((param) => variables[param]), variables.input),
            onSuccess: (...args: Parameters<NonNullable<typeof onSuccess>>) =>
              Promise.all([
                ...(invalidates || []).map((target) => args[3].client.invalidateQueries({ queryKey: key(target) })),
                onSuccess?.(...args)
              ])
          })
        }
      }
    }
    api[family] = queries
  }
  return api as StelaceQueries
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
  const { userId, organizationId } = client.session.getSnapshot()
  return queriesFor(client, { userId, organizationId })
}
