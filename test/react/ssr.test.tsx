// @vitest-environment happy-dom
/**
 * Server rendering: a request renders with its own client and QueryClient, prefetches on the
 * server, dehydrates, and the browser hydrates the same markup without fetching again; two
 * requests rendering at once for different users never see each other's data.
 */
import { dehydrate, HydrationBoundary, QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query"
import { act, screen, waitFor } from "@testing-library/react"
import { hydrateRoot, type Root } from "react-dom/client"
import { renderToString } from "react-dom/server"
import { afterEach, describe, expect, it } from "vitest"
import { createInstance, TokenStore } from "../../src/index.js"
import { createStelaceQueries, StelaceProvider, useSession, useStelaceQueries } from "../../src/react/index.js"
import { credentials, demo, useBackend } from "./support.js"

const { client, backend } = useBackend()

function MyTransactions() {
  const session = useSession()
  // a user lists transactions by naming themself (the server refuses an unfiltered list: 403)
  const { data } = useQuery(useStelaceQueries().transactions.list.queryOptions({ ownerId: session.userId ?? undefined }))
  return (
    <main>
      <h1>{session.userId}</h1>
      <ul>{data?.results.map((transaction) => <li key={transaction.id}>{transaction.id}</li>)}</ul>
    </main>
  )
}

/** A client for one request: its own memory store, holding the tokens the request came with. */
const clientFor = (tokens: TokenStore.Tokens) => {
  const store = TokenStore.makeMemoryStore()
  store.setTokens(tokens)
  const stelace = createInstance({ apiKey: backend().publishableApiKey, tokenStore: store })
  stelace.setHost("127.0.0.1", backend().port, "http")
  return stelace
}

/** What a server does for one request: prefetch, render, dehydrate. */
const renderRequest = async (tokens: TokenStore.Tokens) => {
  const stelace = clientFor(tokens)
  const queryClient = new QueryClient()
  const ownerId = stelace.auth.info().userId ?? undefined
  await queryClient.prefetchQuery(createStelaceQueries(stelace).transactions.list.queryOptions({ ownerId }))
  const html = renderToString(
    <QueryClientProvider client={queryClient}>
      <StelaceProvider client={stelace}><MyTransactions /></StelaceProvider>
    </QueryClientProvider>
  )
  const state = JSON.stringify(dehydrate(queryClient))
  await stelace.dispose()
  return { html, state }
}

const tokensOf = async (name: "alice" | "bruno") => {
  const stelace = client()
  await stelace.auth.login(credentials(name))
  return stelace.getTokenStore().getTokens() as TokenStore.Tokens
}

let root: Root | undefined
afterEach(() => {
  act(() => root?.unmount())
  root = undefined
  document.body.innerHTML = ""
})

describe("server rendering", () => {
  it("renders the prefetched data, and the browser hydrates it without fetching again", async () => {
    const tokens = await tokensOf("alice")
    const { html, state } = await renderRequest(tokens)
    expect(html).toContain(demo.transactions.teslaBooking)

    const container = document.createElement("div")
    container.innerHTML = html
    document.body.append(container)
    backend().requests.length = 0
    const browser = clientFor(tokens)
    // a staleTime keeps the browser from refetching what the server just fetched
    const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000 } } })
    const recoverable: Array<unknown> = []
    await act(async () => {
      root = hydrateRoot(
        container,
        <QueryClientProvider client={queryClient}>
          <HydrationBoundary state={JSON.parse(state)}>
            <StelaceProvider client={browser} queryClient={queryClient}><MyTransactions /></StelaceProvider>
          </HydrationBoundary>
        </QueryClientProvider>,
        { onRecoverableError: (error) => recoverable.push(error) }
      )
    })
    expect(recoverable).toEqual([])
    expect(screen.getByText(demo.transactions.teslaBooking)).toBeTruthy()
    await waitFor(() => expect(queryClient.isFetching()).toBe(0))
    expect(backend().requests).toEqual([])
    await browser.dispose()
  })

  it("keeps concurrent requests of different users apart", async () => {
    const [aliceTokens, brunoTokens] = await Promise.all([tokensOf("alice"), tokensOf("bruno")])
    const [alice, bruno] = await Promise.all([renderRequest(aliceTokens), renderRequest(brunoTokens)])
    expect(alice.html).toContain(demo.users.alice.id)
    expect(alice.html).toContain(demo.transactions.teslaBooking)
    expect(alice.html).not.toContain(demo.transactions.tentRental)
    expect(bruno.html).toContain(demo.users.bruno.id)
    expect(bruno.html).toContain(demo.transactions.tentRental)
    expect(bruno.html).not.toContain(demo.transactions.teslaBooking)
  })
})
