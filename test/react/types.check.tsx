/**
 * Type test of the React bindings: compiled by `tsc --noEmit` in `npm test` (never run). Each
 * `@ts-expect-error` is misuse the types must refuse; the other lines must compile.
 */
import {
  type InfiniteData,
  type QueryClient,
  skipToken,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useSuspenseQuery
} from "@tanstack/react-query"
import * as Effect from "effect/Effect"
import type {
  Asset,
  AssetType,
  Deleted,
  SearchResult,
  StelaceError,
  StelaceInstance,
  Transaction,
  TransactionPreview,
  User
} from "../../src/index.js"
import { createStelaceQueries, type ListPage, type StelaceQueries, useSession, useSessionEvent } from "../../src/react/index.js"
import * as Assets from "../../src/resources/Assets.js"

declare const api: StelaceQueries
declare const stelace: StelaceInstance

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends (<T>() => T extends B ? 1 : 2) ? true : false
const same = <A, B>(_: Equal<A, B>) => {}

export function Component() {
  const list = useQuery(api.assets.list.queryOptions({ nbResultsPerPage: 10 }))
  same<typeof list.data, ListPage<Asset> | undefined>(true)
  same<typeof list.error, StelaceError | null>(true)

  const read = useSuspenseQuery(api.assets.read.queryOptions("ast_1"))
  same<typeof read.data, Asset>(true)

  const selected = useQuery({ ...api.assetTypes.list.queryOptions(), select: (page) => page.results.map((type) => type.name) })
  same<typeof selected.data, Array<string> | undefined>(true)

  const search = useQuery(api.search.results.queryOptions({ query: "bike" }))
  same<typeof search.data, ListPage<SearchResult> | undefined>(true)

  const graph = useQuery(api.availabilities.getGraph.queryOptions({ assetId: "ast_1" }))
  void graph

  const pages = useInfiniteQuery(api.transactions.list.infiniteQueryOptions({ nbResultsPerPage: 20 }))
  const transactions: Array<Transaction> | undefined = pages.data?.pages.flatMap((page) => [...page.results])
  void transactions

  const transition = useMutation(api.transactions.createTransition.mutationOptions())
  transition.mutate({ id: "trn_1", input: { name: "accept" } })
  same<typeof transition.data, Transaction | undefined>(true)
  // @ts-expect-error the body goes under `input`
  transition.mutate({ id: "trn_1", name: "accept" })
  // @ts-expect-error the id is required
  transition.mutate({ input: { name: "accept" } })

  const create = useMutation(api.assetTypes.create.mutationOptions({ invalidates: ["assetTypes", "assets"] }))
  create.mutate({ name: "Hourly", timeBased: true })
  same<typeof create.data, AssetType | undefined>(true)

  const remove = useMutation(api.assets.remove.mutationOptions({ invalidates: false }))
  remove.mutate({ id: "ast_1" })
  same<typeof remove.data, Deleted | undefined>(true)

  const rights = useMutation(api.users.joinOrganizationOrUpdateRights.mutationOptions())
  rights.mutate({ id: "usr_1", organizationId: "org_1", input: { roles: ["user"] } })
  same<typeof rights.data, User | undefined>(true)

  // @ts-expect-error an unknown family cannot be invalidated
  api.assets.update.mutationOptions({ invalidates: ["asset"] })
  // @ts-expect-error reads have no mutation options
  api.assets.read.mutationOptions()
  // @ts-expect-error writes have no query options
  api.assets.update.queryOptions("ast_1")
  // @ts-expect-error only lists have infinite query options
  api.assets.read.infiniteQueryOptions("ast_1")
  // @ts-expect-error auth goes through useSession
  api.auth.login
  // @ts-expect-error ids are strings
  api.assets.read.queryOptions(1)

  const session = useSession()
  const status: "loading" | "anonymous" | "authenticated" | "expired" = session.status
  // @ts-expect-error the status says whether the session expired
  session.expired
  void status
  // single sign-on: the code exchange resolves to nothing (the session is what changes)
  same<ReturnType<typeof session.loginWithCode>, Promise<void>>(true)
  // @ts-expect-error a code is a string
  void session.loginWithCode({ code: "c0de" })
  void session.logoutFromProvider().then((logout) => logout._tag === "Redirect" ? logout.url : undefined)

  // skipToken in place of any argument: the query waits, disabled, with the route's data type
  const maybeId: string | undefined = undefined as string | undefined
  const skippable = useQuery(api.users.read.queryOptions(maybeId ?? skipToken))
  same<typeof skippable.data, User | undefined>(true)
  const skippableList = useQuery(api.transactions.list.queryOptions(maybeId ? { takerId: maybeId } : skipToken))
  same<typeof skippableList.data, ListPage<Transaction> | undefined>(true)
  const skippablePages = useInfiniteQuery(api.assets.list.infiniteQueryOptions(maybeId ? { ownerId: maybeId } : skipToken))
  void skippablePages
  // @ts-expect-error useSuspenseQuery cannot skip
  useSuspenseQuery(api.users.read.queryOptions(maybeId ?? skipToken))
  // @ts-expect-error only TanStack's skipToken
  api.users.read.queryOptions(Symbol("skip"))

  // a preview reads: query options, not mutation options
  const preview = useQuery(api.transactions.preview.queryOptions({ assetId: "ast_1" }))
  same<typeof preview.data, TransactionPreview | undefined>(true)
  // @ts-expect-error previews have no mutation options
  api.transactions.preview.mutationOptions()
  useSessionEvent("Expired", (event) => {
    const message: string = event.error.message
    void message
  })
  // @ts-expect-error not an event
  useSessionEvent("Expiry", () => {})

  const names = useQuery(api.effectQueryOptions(["assets", "names"], Assets.list().pipe(Effect.map((page) => page.results.map((asset) => asset.name)))))
  same<typeof names.data, Array<string> | undefined>(true)
  return null
}

export async function outsideComponents(queryClient: QueryClient) {
  const queries = createStelaceQueries(stelace)
  await queryClient.prefetchQuery(queries.assets.list.queryOptions())
  const cached = queryClient.getQueryData(queries.assets.list.queryOptions().queryKey)
  same<typeof cached, ListPage<Asset> | undefined>(true)
  const infinite = queryClient.getQueryData(queries.assets.list.infiniteQueryOptions().queryKey)
  void (infinite satisfies InfiniteData<ListPage<Asset>, unknown> | undefined)
  await queryClient.invalidateQueries({ queryKey: queries.assets.queryKey() })
  // filters, tRPC-style: the key of the level, TanStack's other filters
  await queryClient.invalidateQueries(queries.assets.read.queryFilter("ast_1"))
  await queryClient.invalidateQueries(queries.assets.list.queryFilter({ nbResultsPerPage: 3 }, { stale: true }))
  await queryClient.cancelQueries(queries.transactions.queryFilter({ type: "active" }))
  queryClient.removeQueries(queries.queryFilter())
  // @ts-expect-error the filters give the key
  queries.assets.queryFilter({ queryKey: ["other"] })
}
