// @vitest-environment happy-dom
/**
 * The query options of `useStelaceQueries()`: what renders, which requests reach the backend,
 * and which keys the QueryClient's cache holds, across users, pages, mutations and cancellation.
 */
import { type QueryClient, skipToken, useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { act, screen, waitFor } from "@testing-library/react"
import * as Effect from "effect/Effect"
import { describe, expect, it } from "vitest"
import { useEffect, useState } from "react"
import { ServerError, TokenStore } from "../../src/index.js"
import { createStelaceQueries, useSession, useStelaceQueries } from "../../src/react/index.js"
import * as Transactions from "../../src/resources/Transactions.js"
import { credentials, demo, renderWith, testQueryClient, useBackend } from "./support.js"

const { client, backend } = useBackend()

const alice = { userId: demo.users.alice.id, organizationId: null }
const anonymous = { userId: null, organizationId: null }

function AssetNames({ query }: { readonly query: { nbResultsPerPage: number } }) {
  const api = useStelaceQueries()
  const { data } = useQuery(api.assets.list.queryOptions(query))
  return <ul>{data?.results.map((asset) => <li key={asset.id}>{asset.name}</li>)}</ul>
}

describe("queryOptions", () => {
  it("of a list renders the page's items from one GET", async () => {
    renderWith(client(), <AssetNames query={{ nbResultsPerPage: 3 }} />)
    expect(await screen.findAllByRole("listitem")).toHaveLength(3)
    expect(backend().requests).toEqual(["GET /assets?nbResultsPerPage=3"])
  })

  it("of a read takes the id and renders the object", async () => {
    function AssetName({ id }: { readonly id: string }) {
      const { data } = useQuery(useStelaceQueries().assets.read.queryOptions(id))
      return <p>{data?.name}</p>
    }
    renderWith(client(), <AssetName id={demo.assets.tesla} />)
    expect(await screen.findByText("Tesla Model 3")).toBeTruthy()
    expect(backend().requests).toEqual([`GET /assets/${demo.assets.tesla}`])
  })

  it("of search results (a POST that reads) renders the matches", async () => {
    function Search() {
      const { data } = useQuery(useStelaceQueries().search.results.queryOptions({ query: "bike" }))
      return <ul>{data?.results.map((asset) => <li key={asset.id}>{asset.name}</li>)}</ul>
    }
    renderWith(client(), <Search />)
    await waitFor(() => expect(screen.queryAllByRole("listitem").length).toBeGreaterThan(0))
    expect(screen.getAllByRole("listitem").map((item) => item.textContent)).toContain("City e-bike")
    expect(backend().requests).toEqual(["POST /search"])
  })

  it("keys the query by who asks, family, route, path parameters and input", async () => {
    const stelace = client()
    await stelace.auth.login(credentials("alice"))
    let api: ReturnType<typeof useStelaceQueries> | undefined
    function Probe() {
      api = useStelaceQueries()
      return null
    }
    renderWith(stelace, <Probe />)
    expect(api!.assets.list.queryOptions({ nbResultsPerPage: 3 }).queryKey).toEqual(["stelace", alice, "assets", "list", { nbResultsPerPage: 3 }])
    expect(api!.assets.read.queryOptions("ast_1").queryKey).toEqual(["stelace", alice, "assets", "read", "ast_1", {}])
    expect(api!.assets.queryKey()).toEqual(["stelace", alice, "assets"])
    expect(api!.assets.list.queryKey()).toEqual(["stelace", alice, "assets", "list"])
    expect(api!.queryKey()).toEqual(["stelace", alice])
  })

  it("fails with the SDK's typed error", async () => {
    function Missing() {
      const { error } = useQuery(useStelaceQueries().assets.read.queryOptions("ast_missing"))
      return <p>{error instanceof ServerError ? `ServerError ${error.statusCode}` : "pending"}</p>
    }
    renderWith(client(), <Missing />)
    expect(await screen.findByText("ServerError 404")).toBeTruthy()
  })

  it("passes TanStack's signal: cancelling the query aborts the request", async () => {
    backend().hold("/assets")
    const { queryClient } = renderWith(client(), <AssetNames query={{ nbResultsPerPage: 3 }} />)
    await waitFor(() => expect(backend().requests).toEqual(["GET /assets?nbResultsPerPage=3"]))
    await act(() => queryClient.cancelQueries({ queryKey: ["stelace"] }))
    await waitFor(() => expect(backend().aborted).toEqual(["GET /assets?nbResultsPerPage=3"]))
  })
})

describe("query keys per user", () => {
  it("after a logout and another login, nothing cached for the first user is ever rendered", async () => {
    const stelace = client()
    await stelace.auth.login(credentials("alice"))
    const renders: Array<{ userId: string | null; transactions: Array<string> | undefined }> = []
    function MyTransactions() {
      const session = useSession()
      const api = useStelaceQueries()
      // a user lists transactions by naming themself (the server refuses an unfiltered list: 403)
      const { data } = useQuery(api.transactions.list.queryOptions(session.userId ? { ownerId: session.userId } : skipToken))
      const transactions = data?.results.map((transaction) => transaction.id)
      renders.push({ userId: session.userId, transactions })
      return <p data-testid="transactions">{session.userId}: {transactions?.join(",")}</p>
    }
    renderWith(stelace, <MyTransactions />)
    await waitFor(() => expect(screen.getByTestId("transactions").textContent).toContain(demo.transactions.teslaBooking))

    await act(() => stelace.auth.logout())
    await act(() => stelace.auth.login(credentials("bruno")))
    await waitFor(() => expect(screen.getByTestId("transactions").textContent).toContain(demo.transactions.tentRental))

    const aliceOnly = [demo.transactions.teslaBooking]
    const brunoRenders = renders.filter((render) => render.userId === demo.users.bruno.id)
    expect(brunoRenders.length).toBeGreaterThan(0)
    for (const render of brunoRenders) expect(render.transactions ?? []).not.toEqual(expect.arrayContaining(aliceOnly))
    expect(renders.filter((render) => render.userId === null).every((render) => render.transactions === undefined)).toBe(true)
  })

  it("the provider given the QueryClient removes a user's queries when their session ends", async () => {
    const stelace = client()
    await stelace.auth.login(credentials("alice"))
    const { queryClient } = renderWith(stelace, <AssetNames query={{ nbResultsPerPage: 3 }} />)
    await screen.findAllByRole("listitem")
    expect(queryClient.getQueryCache().findAll({ queryKey: ["stelace", { userId: alice.userId }] })).toHaveLength(1)

    await act(() => stelace.auth.logout())
    expect(queryClient.getQueryCache().findAll({ queryKey: ["stelace", { userId: alice.userId }] })).toHaveLength(0)
    await waitFor(() => expect(queryClient.getQueryData(["stelace", anonymous, "assets", "list", { nbResultsPerPage: 3 }])).toBeDefined())
  })

  it("an organization change keys queries anew and keeps the user's other ones", async () => {
    const stelace = client()
    await stelace.auth.login(credentials("bruno"))
    const { queryClient } = renderWith(stelace, <AssetNames query={{ nbResultsPerPage: 3 }} />)
    await screen.findAllByRole("listitem")
    act(() => stelace.setOrganizationId(demo.organizations.lyonRentals))
    const bruno = { userId: demo.users.bruno.id }
    const inOrganization = { ...bruno, organizationId: demo.organizations.lyonRentals }
    await waitFor(() => expect(queryClient.getQueryData(["stelace", inOrganization, "assets", "list", { nbResultsPerPage: 3 }])).toBeDefined())
    await waitFor(() =>
      expect(queryClient.getQueryCache().findAll({ queryKey: ["stelace", bruno] }).map((query) => query.queryKey[1])).toEqual([
        { ...bruno, organizationId: null },
        { ...bruno, organizationId: demo.organizations.lyonRentals }
      ])
    )
  })
})

describe("skipToken", () => {
  function AssetName() {
    const [id, setId] = useState<string | undefined>(undefined)
    const { data, status, fetchStatus } = useQuery(useStelaceQueries().assets.read.queryOptions(id ?? skipToken))
    return (
      <>
        <p data-testid="asset">{status} {fetchStatus} {data?.name}</p>
        <button type="button" onClick={() => setId(demo.assets.tesla)}>choose</button>
      </>
    )
  }

  it("in place of an argument keeps the query disabled, sending nothing, until the argument is given", async () => {
    const { queryClient } = renderWith(client(), <AssetName />)
    expect(screen.getByTestId("asset").textContent).toBe("pending idle ")
    // an invalidation refetches enabled queries only: still nothing sent
    await act(() => queryClient.invalidateQueries())
    expect(backend().requests).toEqual([])
    await act(async () => screen.getByText("choose").click())
    await waitFor(() => expect(screen.getByTestId("asset").textContent).toBe("success idle Tesla Model 3"))
    expect(backend().requests).toEqual([`GET /assets/${demo.assets.tesla}`])
  })

  it("is handed to TanStack as the query function, under the route's key; infinite queries alike", () => {
    const api = createStelaceQueries(client())
    expect(api.users.read.queryOptions(skipToken)).toEqual({ queryKey: ["stelace", anonymous, "users", "read"], queryFn: skipToken })
    expect(api.assets.list.infiniteQueryOptions(skipToken)).toMatchObject({
      queryKey: ["stelace", anonymous, "assets", "list", "infinite"],
      queryFn: skipToken
    })
  })
})

describe("queryFilter", () => {
  it("gives TanStack's filters with the key of the level: family, route, path parameters, input", async () => {
    const stelace = client()
    const api = createStelaceQueries(stelace)
    const queryClient = testQueryClient()
    const options = [
      api.assets.read.queryOptions(demo.assets.tesla),
      api.assets.read.queryOptions(demo.assets.eBike),
      api.assets.list.queryOptions({ nbResultsPerPage: 2 }),
      api.categories.list.queryOptions()
    ] as const
    await Promise.all(options.map((each) => queryClient.prefetchQuery(each as any)))
    await queryClient.prefetchInfiniteQuery(api.assets.list.infiniteQueryOptions({ nbResultsPerPage: 2 }))
    const matched = (filters: ReturnType<typeof api.queryFilter>) =>
      queryClient.getQueryCache().findAll(filters).map((query) => query.queryKey.slice(2))

    expect(matched(api.assets.read.queryFilter(demo.assets.tesla))).toEqual([["assets", "read", demo.assets.tesla, {}]])
    expect(matched(api.assets.list.queryFilter({ nbResultsPerPage: 2 }))).toEqual([
      ["assets", "list", { nbResultsPerPage: 2 }],
      ["assets", "list", { nbResultsPerPage: 2 }, "infinite"]
    ])
    expect(matched(api.assets.list.queryFilter({ nbResultsPerPage: 2 }, { exact: true }))).toEqual([["assets", "list", { nbResultsPerPage: 2 }]])
    expect(matched(api.assets.queryFilter())).toHaveLength(4)
    expect(matched(api.queryFilter({ predicate: (query) => query.queryKey[2] === "categories" }))).toEqual([["categories", "list", {}]])

    await queryClient.invalidateQueries(api.assets.read.queryFilter(demo.assets.tesla))
    expect(options.map((each) => queryClient.getQueryState(each.queryKey)?.isInvalidated)).toEqual([true, false, false, false])
  })
})

describe("previews", () => {
  it("transactions.preview is a query: the POST that computes the price, keyed by its input", async () => {
    const input = { assetId: demo.assets.eBike, startDate: "2031-05-01T00:00:00.000Z", endDate: "2031-05-04T00:00:00.000Z" }
    function Price() {
      const api = useStelaceQueries()
      const { data } = useQuery(api.transactions.preview.queryOptions(input))
      return <p data-testid="price">{data ? `${data.takerAmount} ${data.currency}` : ""}</p>
    }
    const { queryClient } = renderWith(client(), <Price />)
    await waitFor(() => expect(screen.getByTestId("price").textContent).toMatch(/^[\d.]+ EUR$/))
    expect(backend().requests).toEqual(["POST /transactions/preview"])
    expect(queryClient.getQueryCache().findAll().map((query) => query.queryKey)).toEqual([["stelace", anonymous, "transactions", "preview", input]])
  })
})

describe("while the session is expired", () => {
  const bruno = { userId: demo.users.bruno.id, organizationId: null }

  function MyTransactions() {
    const session = useSession()
    const api = useStelaceQueries()
    const { data, error } = useQuery(api.transactions.list.queryOptions(session.userId ? { ownerId: session.userId } : skipToken))
    return (
      <>
        <p data-testid="transactions">
          {session.status} {session.userId}: {data?.results.map((transaction) => transaction.id).join(",")}
          {error ? ` error ${error._tag}` : ""}
        </p>
        <button type="button" onClick={() => void session.logout()}>log out</button>
      </>
    )
  }
  const shown = () => screen.getByTestId("transactions").textContent

  /** Bruno's page of transactions, rendered; then his session expires as its query refetches. */
  const expireWhileShown = async () => {
    // a margin longer than the token's life: every call refreshes first
    const stelace = client({ refreshMargin: 2 * 3600_000 })
    await stelace.auth.login(credentials("bruno"))
    const view = renderWith(stelace, <MyTransactions />)
    await waitFor(() => expect(shown()).toContain(demo.transactions.tentRental))
    const page = shown()
    await backend().revoke((stelace.getTokenStore().getTokens() as { refreshToken: string }).refreshToken)
    backend().requests.length = 0
    await act(async () => void view.queryClient.invalidateQueries())
    await waitFor(() => expect(shown()).toBe(page.replace("authenticated", "expired")))
    return { stelace, page, ...view }
  }

  it("keeps the user's keys and data; the query that found the session over waits and refetches after the same user logs in", async () => {
    const { stelace, page, queryClient } = await expireWhileShown()
    expect(queryClient.getQueryCache().findAll().map((query) => query.queryKey[1])).toEqual([bruno])
    expect(queryClient.getQueryState(["stelace", bruno, "transactions", "list", { ownerId: bruno.userId }])?.fetchStatus).toBe("fetching")
    // the refused refresh, and nothing else while the session is over
    expect(backend().requests).toEqual(["POST /auth/token"])

    await act(() => stelace.auth.login(credentials("bruno")))
    await waitFor(() => expect(backend().requests).toContain(`GET /transactions?ownerId=${bruno.userId}`))
    await waitFor(() => expect(queryClient.isFetching()).toBe(0))
    expect(shown()).toBe(page)
    expect(backend().requests).toEqual(["POST /auth/token", "POST /auth/login", "POST /auth/token", `GET /transactions?ownerId=${bruno.userId}`])
  })

  it("another user's login removes the first user's queries, and the waiting query is never sent", async () => {
    const { stelace, queryClient } = await expireWhileShown()
    await act(() => stelace.auth.login(credentials("alice")))
    await waitFor(() => expect(shown()).toBe(`authenticated ${demo.users.alice.id}: ${demo.transactions.teslaBooking}`))
    expect(queryClient.getQueryCache().findAll({ queryKey: ["stelace", bruno] })).toEqual([])
    expect(backend().requests.filter((request) => request.includes(bruno.userId))).toEqual([])
  })

  it("useSession().logout ends the wait with no request (nothing is stored): the user's queries are removed, nothing of theirs is sent", async () => {
    const { queryClient } = await expireWhileShown()
    await act(async () => screen.getByText("log out").click())
    await waitFor(() => expect(shown()).toBe("anonymous : "))
    expect(backend().requests).toEqual(["POST /auth/token"])
    expect(queryClient.getQueryCache().findAll({ queryKey: ["stelace", bruno] })).toEqual([])
    expect(backend().requests.filter((request) => request.includes(bruno.userId))).toEqual([])
  })
})

describe("with an asynchronous token store", () => {
  it("queries wait for the store's answer, then are sent once, keyed by the stored user", async () => {
    const other = client()
    await other.auth.login(credentials("alice"))
    const stored = other.getTokenStore().getTokens()
    let answer!: () => void
    const answered = new Promise<void>((resolve) => (answer = resolve))
    const memory = TokenStore.makeMemoryStore()
    const stelace = client({
      tokenStore: {
        getTokens: async () => {
          await answered
          return memory.getTokens() ?? stored
        },
        setTokens: (tokens) => memory.setTokens(tokens),
        removeTokens: () => memory.removeTokens()
      }
    })
    // a prefetch has no observer to cancel it when the keys change: it must not run as the
    // stored user under the key of nobody
    function Prefetch() {
      const api = useStelaceQueries()
      const queryClient = useQueryClient()
      useEffect(() => void queryClient.prefetchQuery(api.categories.list.queryOptions()), [api, queryClient])
      return null
    }
    backend().requests.length = 0
    const { queryClient } = renderWith(stelace, <><AssetNames query={{ nbResultsPerPage: 3 }} /><Prefetch /></>)
    await act(async () => {})
    expect(backend().requests).toEqual([])

    await act(async () => answer())
    expect(await screen.findAllByRole("listitem")).toHaveLength(3)
    await waitFor(() => expect(queryClient.getQueryData(["stelace", alice, "categories", "list", {}])).toBeDefined())
    expect(backend().requests.sort()).toEqual(["GET /assets?nbResultsPerPage=3", "GET /categories"])
    expect(queryClient.getQueryData(["stelace", alice, "assets", "list", { nbResultsPerPage: 3 }])).toBeDefined()
    expect(queryClient.getQueryCache().findAll({ queryKey: ["stelace", anonymous] }).map((query) => query.state.data)).toEqual(
      expect.not.arrayContaining([expect.anything()])
    )
  })
})

describe("infiniteQueryOptions", () => {
  function AllAssets() {
    const query = useInfiniteQuery(useStelaceQueries().assets.list.infiniteQueryOptions({ nbResultsPerPage: 4 }))
    const names = query.data?.pages.flatMap((page) => page.results.map((asset) => asset.name)) ?? []
    return (
      <>
        <p data-testid="count">{names.length}</p>
        <p data-testid="more">{String(query.hasNextPage)}</p>
        <button type="button" onClick={() => query.fetchNextPage()}>more</button>
      </>
    )
  }

  const loadAll = async () => {
    await waitFor(() => expect(screen.getByTestId("count").textContent).toBe("4"))
    await act(async () => screen.getByText("more").click())
    await waitFor(() => expect(screen.getByTestId("count").textContent).toBe("8"))
    await act(async () => screen.getByText("more").click())
    await waitFor(() => expect(screen.getByTestId("more").textContent).toBe("false"))
  }

  it("walks page-based lists with page + 1 until nbPages", async () => {
    renderWith(client({ apiVersion: "2019-05-20" }), <AllAssets />)
    await loadAll()
    expect(backend().requests).toEqual([
      "GET /assets?nbResultsPerPage=4",
      "GET /assets?nbResultsPerPage=4&page=2",
      "GET /assets?nbResultsPerPage=4&page=3"
    ])
  })

  it("walks cursor-based lists with startingAfter while hasNextPage", async () => {
    renderWith(client({ apiVersion: "2020-08-10" }), <AllAssets />)
    await loadAll()
    expect(backend().requests).toHaveLength(3)
    expect(backend().requests[1]).toMatch(/^GET \/assets\?nbResultsPerPage=4&startingAfter=/)
    expect(backend().requests[2]).toMatch(/^GET \/assets\?nbResultsPerPage=4&startingAfter=/)
  })

  it("has its own key, under the list's key", () => {
    const api = createStelaceQueries(client())
    expect(api.assets.list.infiniteQueryOptions({ nbResultsPerPage: 4 }).queryKey)
      .toEqual(["stelace", anonymous, "assets", "list", { nbResultsPerPage: 4 }, "infinite"])
  })
})

/**
 * Reads a transaction list, an asset list, an availability graph and a search (what a transaction
 * changes), and the categories (what it does not), into `queryClient`; gives their options in that
 * order.
 */
const prefetchFamiliesATransactionTouches = async (queryClient: QueryClient, api: ReturnType<typeof createStelaceQueries>) => {
  const keys = [
    api.transactions.list.queryOptions(),
    api.assets.list.queryOptions(),
    api.availabilities.getGraph.queryOptions({ assetId: demo.assets.eBike }),
    api.search.results.queryOptions({ query: "bike" }),
    api.categories.list.queryOptions()
  ]
  for (const options of keys) await queryClient.prefetchQuery(options as any)
  return keys
}

describe("mutationOptions", () => {
  function CreateAsset({ invalidates }: { readonly invalidates?: false | ReadonlyArray<"assets" | "categories"> }) {
    const api = useStelaceQueries()
    const assets = useQuery(api.assets.list.queryOptions({ nbResultsPerPage: 20 }))
    const categories = useQuery(api.categories.list.queryOptions())
    const create = useMutation(api.assets.create.mutationOptions(invalidates === undefined ? {} : { invalidates }))
    return (
      <>
        <p data-testid="assets">{assets.data?.results.map((asset) => asset.name).join(",")}</p>
        <p data-testid="categories">{categories.data?.results.length}</p>
        <button type="button" onClick={() => create.mutate({ name: "Canoe", assetTypeId: demo.assetTypes.daily })}>create</button>
        <p data-testid="created">{create.isSuccess ? "created" : ""}</p>
      </>
    )
  }

  const createAsAlice = async (invalidates?: false | ReadonlyArray<"assets" | "categories">) => {
    const stelace = client()
    await stelace.auth.login(credentials("alice"))
    renderWith(stelace, <CreateAsset {...(invalidates === undefined ? {} : { invalidates })} />)
    await waitFor(() => expect(screen.getByTestId("categories").textContent).not.toBe(""))
    await waitFor(() => expect(screen.getByTestId("assets").textContent).not.toBe(""))
    backend().requests.length = 0
    await act(async () => screen.getByText("create").click())
    await waitFor(() => expect(screen.getByTestId("created").textContent).toBe("created"))
  }

  it("invalidates the family's queries by default: the list refetches and shows the new asset", async () => {
    await createAsAlice()
    expect(screen.getByTestId("assets").textContent).toContain("Canoe")
    expect(backend().requests).toEqual(["POST /assets", "GET /assets?nbResultsPerPage=20"])
  })

  it("invalidates nothing with invalidates: false", async () => {
    await createAsAlice(false)
    expect(backend().requests).toEqual(["POST /assets"])
    expect(screen.getByTestId("assets").textContent).not.toContain("Canoe")
  })

  it("invalidates the families listed in invalidates", async () => {
    await createAsAlice(["categories"])
    expect(backend().requests).toEqual(["POST /assets", "GET /categories"])
  })

  it("takes the path parameters by name and the body under input", async () => {
    const stelace = client()
    await stelace.auth.login(credentials("bruno"))
    function Accept() {
      const api = useStelaceQueries()
      const transaction = useQuery(api.transactions.read.queryOptions(demo.transactions.eBikeDraft))
      const accept = useMutation(api.transactions.createTransition.mutationOptions())
      return (
        <>
          <p data-testid="status">{transaction.data?.status}</p>
          <button type="button" onClick={() => accept.mutate({ id: demo.transactions.eBikeDraft, input: { name: "accept" } })}>accept</button>
        </>
      )
    }
    renderWith(stelace, <Accept />)
    await waitFor(() => expect(screen.getByTestId("status").textContent).toBe("draft"))
    await act(async () => screen.getByText("accept").click())
    await waitFor(() => expect(screen.getByTestId("status").textContent).toBe("accepted"))
    expect(backend().requests).toContain(`POST /transactions/${demo.transactions.eBikeDraft}/transitions`)
  })

  it("of a transaction also invalidates assets, availabilities and search", async () => {
    const stelace = client()
    await stelace.auth.login(credentials("bruno"))
    const queryClient = testQueryClient()
    const api = createStelaceQueries(stelace)
    const keys = await prefetchFamiliesATransactionTouches(queryClient, api)
    const options = api.transactions.createTransition.mutationOptions()
    await queryClient.getMutationCache().build(queryClient, options).execute({ id: demo.transactions.eBikeDraft, input: { name: "accept" } })
    expect(keys.map((options) => queryClient.getQueryState(options.queryKey)?.isInvalidated)).toEqual([true, true, true, true, false])
  })

  it("runs the onSuccess given along with the invalidation", async () => {
    const stelace = client()
    await stelace.auth.login(credentials("alice"))
    const queryClient = testQueryClient()
    const api = createStelaceQueries(stelace)
    const created: Array<string> = []
    const options = api.assets.create.mutationOptions({ onSuccess: (asset) => void created.push(asset.name) })
    await queryClient.getMutationCache().build(queryClient, options).execute({ name: "Canoe", assetTypeId: demo.assetTypes.daily })
    expect(created).toEqual(["Canoe"])
  })

  it("of a route gives its invalidation for calls made outside mutationOptions: a transaction's also marks assets, availabilities and search", async () => {
    const stelace = client()
    await stelace.auth.login(credentials("bruno"))
    const queryClient = testQueryClient()
    const api = createStelaceQueries(stelace)
    const keys = await prefetchFamiliesATransactionTouches(queryClient, api)
    await api.transactions.create.invalidate(queryClient)
    expect(keys.map((options) => queryClient.getQueryState(options.queryKey)?.isInvalidated)).toEqual([true, true, true, true, false])
  })

  it("of a route invalidates only the current user's queries, and refetches those in use before it resolves", async () => {
    const stelace = client()
    await stelace.auth.login(credentials("alice"))
    const api = createStelaceQueries(stelace)
    const others = createStelaceQueries(client())
    let queryClient: ReturnType<typeof useQueryClient> | undefined
    function Probe() {
      queryClient = useQueryClient()
      const { data } = useQuery(useStelaceQueries().assets.list.queryOptions({ nbResultsPerPage: 20 }))
      return <p data-testid="assets">{data?.results.length}</p>
    }
    renderWith(stelace, <Probe />)
    await waitFor(() => expect(screen.getByTestId("assets").textContent).not.toBe(""))
    await queryClient!.prefetchQuery(others.assets.list.queryOptions({ nbResultsPerPage: 2 }))
    backend().requests.length = 0
    await act(() => api.assets.update.invalidate(queryClient!))
    expect(backend().requests).toEqual(["GET /assets?nbResultsPerPage=20"])
    expect(queryClient!.getQueryState(others.assets.list.queryKey({ nbResultsPerPage: 2 }))?.isInvalidated).toBe(false)
  })

  it("has a key per route for useMutationState and isMutating", () => {
    const api = createStelaceQueries(client())
    expect(api.transactions.createTransition.mutationKey()).toEqual(["stelace", anonymous, "transactions", "createTransition"])
  })
})

describe("effectQueryOptions", () => {
  function TransactionCount() {
    const api = useStelaceQueries()
    const program = Transactions.list({ ownerId: demo.users.bruno.id }).pipe(Effect.map((page) => page.results.length))
    const { data } = useQuery(api.effectQueryOptions(["transactions", "count"], program))
    return <p data-testid="count">{data}</p>
  }

  it("runs an Effect program on the client's own session", async () => {
    const stelace = client()
    await stelace.auth.login(credentials("bruno"))
    renderWith(stelace, <TransactionCount />)
    await waitFor(() => expect(screen.getByTestId("count").textContent).toBe("2"))
    expect(backend().requests).toEqual(["POST /auth/login", `GET /transactions?ownerId=${demo.users.bruno.id}`])
  })

  it("runs on the client's core, not through the instance's run method (which an app may replace)", async () => {
    const stelace = client()
    await stelace.auth.login(credentials("bruno"))
    Object.assign(stelace, { run: () => Promise.reject(new Error("the facade's run was called")) })
    renderWith(stelace, <TransactionCount />)
    await waitFor(() => expect(screen.getByTestId("count").textContent).toBe("2"))
  })

  it("keys the program under the user, so the family's mutations invalidate it", () => {
    const api = createStelaceQueries(client())
    expect(api.effectQueryOptions(["transactions", "count"], Effect.succeed(1)).queryKey)
      .toEqual(["stelace", anonymous, "transactions", "count"])
  })

  it("passes TanStack's signal: cancelling the query aborts the program's request", async () => {
    const stelace = client()
    await stelace.auth.login(credentials("bruno"))
    backend().hold("/transactions")
    const { queryClient } = renderWith(stelace, <TransactionCount />)
    await waitFor(() => expect(backend().requests).toContain(`GET /transactions?ownerId=${demo.users.bruno.id}`))
    await act(() => queryClient.cancelQueries({ queryKey: ["stelace"] }))
    await waitFor(() => expect(backend().aborted).toEqual([`GET /transactions?ownerId=${demo.users.bruno.id}`]))
  })
})
