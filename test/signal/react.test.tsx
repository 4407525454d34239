// @vitest-environment happy-dom
/**
 * The React bindings of Signal against the local backend over real WebSockets: `useSignal` runs
 * its handler on the events it asks for, `useInvalidateOnSignal` makes the named queries refetch
 * (the signal's message never enters the cache), and `<SignalStatus />` says live or reconnecting
 * (a full platform too, until a slot frees up).
 */
import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query"
import { act, cleanup, render, screen, waitFor } from "@testing-library/react"
import type { ReactNode } from "react"
import { useState } from "react"
import WebSocket from "ws"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { createInstance, TokenStore } from "../../src/index.js"
import { SignalStatus, StelaceProvider, useInvalidateOnSignal, useSignal, useStelaceQueries } from "../../src/react/index.js"
import type { WebSocketConstructor } from "../../src/Signal.js"
import { type RunningServer, startServer } from "../../src/testing/index.js"
import { droppable } from "./droppable.js"
import { fillPlatform } from "./platform.js"

const ws = WebSocket as unknown as WebSocketConstructor
let server: RunningServer

beforeEach(async () => {
  server = await startServer()
})
afterEach(async () => {
  cleanup()
  await server.close()
})

const instance = (apiKey = server.publishableApiKey) => {
  // each instance its own session (the default store is the page's localStorage, shared); the
  // platform's sender stands for a server, which this page only simulates, so its secret key is allowed
  const stelace = createInstance({
    apiKey,
    tokenStore: TokenStore.makeMemoryStore(),
    dangerouslyAllowSecretKeyInBrowser: apiKey.startsWith("seck_")
  })
  stelace.setHost("127.0.0.1", server.port, "http")
  return stelace
}

const renderWith = (client: ReturnType<typeof instance>, queryClient: QueryClient, children: ReactNode) =>
  render(
    <QueryClientProvider client={queryClient}>
      <StelaceProvider client={client} queryClient={queryClient}>{children}</StelaceProvider>
    </QueryClientProvider>
  )

/** Signals `destination` as the platform, once someone listens there. */
const signal = async (destination: string, event: string, message: unknown) => {
  const admin = instance(server.secretApiKey)
  await waitFor(() => admin.signal.send({ destination, event, message }), { timeout: 5_000 })
}

describe("useSignal", () => {
  it("runs the handler on the events asked for, on the named channels", async () => {
    function Last() {
      const [last, setLast] = useState("none")
      useSignal((s) => setLast(`${s.event}:${JSON.stringify(s.message)}`), { event: "wanted", channels: ["room"], WebSocket: ws })
      return <p>{last}</p>
    }
    renderWith(instance(), new QueryClient(), <Last />)
    await signal("room", "ignored", 1)
    await signal("room", "wanted", 2)
    expect(await screen.findByText("wanted:2")).toBeTruthy()
  })
})

describe("useInvalidateOnSignal", () => {
  it("refetches the named queries when a signal arrives, and never caches the signal's message", async () => {
    const client = instance()
    const login = await client.auth.login({ username: "alice@example.com", password: "alice-password" })
    const queryClient = new QueryClient()
    function Messages() {
      const api = useStelaceQueries()
      useInvalidateOnSignal(queryClient, (s) => (s.event === "messageSent" ? ["messages"] : []), { WebSocket: ws })
      const { data } = useQuery(api.messages.list.queryOptions({ userId: login.userId }))
      return <p>{data === undefined ? "loading" : `${data.results.length} messages`}</p>
    }
    renderWith(client, queryClient, <Messages />)
    const before = Number((await screen.findByText(/messages$/)).textContent!.split(" ")[0])
    const bruno = instance()
    await bruno.auth.login({ username: "bruno@example.com", password: "bruno-password" })
    await bruno.messages.create({ content: "Still available?", topicId: "ast_live", receiverId: login.userId })
    await signal(login.userId, "messageSent", { forged: "payload" })
    expect(await screen.findByText(`${before + 1} messages`)).toBeTruthy()
    const cached = JSON.stringify(queryClient.getQueryCache().getAll().map((query) => query.state.data))
    expect(cached).not.toContain("forged")
  })
})

describe("after the connection was lost", () => {
  /** Alice's messages on screen over a droppable connection; `options` go to the hook. */
  const aliceMessages = async (network: ReturnType<typeof droppable>, options: { onReconnect?: () => void; catchUp?: ReadonlyArray<string> } = {}) => {
    const client = instance()
    const login = await client.auth.login({ username: "alice@example.com", password: "alice-password" })
    const queryClient = new QueryClient()
    function Messages() {
      const api = useStelaceQueries()
      const { state } = useInvalidateOnSignal(queryClient, () => ["messages"], { WebSocket: network.WebSocket, ...options })
      const { data } = useQuery(api.messages.list.queryOptions({ userId: login.userId }))
      return <p>{state}: {data === undefined ? "loading" : `${data.results.length} messages`}</p>
    }
    renderWith(client, queryClient, <Messages />)
    const before = Number((await screen.findByText(/^live: \d+ messages$/, undefined, { timeout: 10_000 })).textContent!.match(/\d+/)![0])
    return { userId: login.userId, before, queryClient }
  }

  /** Bruno writes to `userId` while nobody can tell: no signal could reach the page. */
  const messageWhileCut = async (userId: string) => {
    const bruno = instance()
    await bruno.auth.login({ username: "bruno@example.com", password: "bruno-password" })
    await bruno.messages.create({ content: "Sent while you were away", topicId: "ast_live", receiverId: userId })
  }

  it("useInvalidateOnSignal refetches the queries on screen once live again: what changed meanwhile shows", async () => {
    const network = droppable()
    const { userId, before } = await aliceMessages(network)
    act(() => network.cut())
    await screen.findByText(/^reconnecting: /)
    await messageWhileCut(userId)
    // still the old count: nothing told the page
    expect(screen.getByText(/messages$/).textContent).toBe(`reconnecting: ${before} messages`)
    network.restore()
    expect(await screen.findByText(`live: ${before + 1} messages`, undefined, { timeout: 10_000 })).toBeTruthy()
  })

  it("with catchUp, reads the messages once after a reconnection, not once for each", async () => {
    const network = droppable()
    const { userId, before, queryClient } = await aliceMessages(network, { catchUp: ["messages"] })
    // every fetch the messages query starts, even one cancelled before it reached the network
    let fetches = 0
    queryClient.getQueryCache().subscribe((event) => {
      if (event.type === "updated" && event.action.type === "fetch" && event.query.queryKey.includes("messages")) fetches++
    })
    await waitFor(() => expect(queryClient.isFetching()).toBe(0))
    fetches = 0
    act(() => network.cut())
    await screen.findByText(/^reconnecting: /)
    await messageWhileCut(userId)
    network.restore()
    expect(await screen.findByText(`live: ${before + 1} messages`, undefined, { timeout: 10_000 })).toBeTruthy()
    await waitFor(() => expect(queryClient.isFetching()).toBe(0))
    expect(fetches).toBe(1)
  })

  it("does not take authenticating again after a login for a reconnection, but calls onLive again", async () => {
    const client = instance()
    const states: Array<string> = []
    let calls = 0
    let lives = 0
    function Status() {
      const { state } = useSignal(() => {}, { WebSocket: ws, onReconnect: () => void calls++, onLive: () => void lives++ })
      if (states.at(-1) !== state) states.push(state)
      return <p>{state}</p>
    }
    renderWith(client, new QueryClient(), <Status />)
    await screen.findByText("live", undefined, { timeout: 10_000 })
    expect(lives).toBe(1)
    const before = states.length
    await act(() => client.auth.login({ username: "alice@example.com", password: "alice-password" }))
    // the client authenticates again as Alice: connecting, then live once more
    await waitFor(() => expect(states.slice(before)).toEqual(["connecting", "live"]), { timeout: 10_000 })
    expect(calls).toBe(0)
    expect(lives).toBe(2)
  })

  it("calls onReconnect instead, once per reconnection and not on the first connection", async () => {
    const network = droppable()
    let calls = 0
    const { userId, before } = await aliceMessages(network, { onReconnect: () => void calls++ })
    expect(calls).toBe(0)
    act(() => network.cut())
    await screen.findByText(/^reconnecting: /)
    await messageWhileCut(userId)
    network.restore()
    await screen.findByText(/^live: /, undefined, { timeout: 10_000 })
    expect(calls).toBe(1)
    // the app's own onReconnect replaced the refetch
    expect(screen.getByText(/messages$/).textContent).toBe(`live: ${before} messages`)
  })
})

describe("before the first connection", () => {
  /**
   * Alice's messages on screen, read while the network refuses the socket; then Bruno writes to
   * her, the network comes back and the connection goes live for the first time.
   */
  const messagesBeforeLive = async (options: { catchUp?: ReadonlyArray<string> } = {}) => {
    const network = droppable({ refusedAtFirst: true })
    const client = instance()
    const login = await client.auth.login({ username: "alice@example.com", password: "alice-password" })
    const queryClient = new QueryClient()
    let reconnections = 0
    function Messages() {
      const api = useStelaceQueries()
      const { state } = useInvalidateOnSignal(queryClient, () => ["messages"], {
        WebSocket: network.WebSocket,
        onReconnect: () => void reconnections++,
        ...options
      })
      const { data } = useQuery(api.messages.list.queryOptions({ userId: login.userId }))
      return <p>{state}: {data === undefined ? "loading" : `${data.results.length} messages`}</p>
    }
    renderWith(client, queryClient, <Messages />)
    const before = Number((await screen.findByText(/^\w+: \d+ messages$/)).textContent!.match(/\d+/)![0])
    const bruno = instance()
    await bruno.auth.login({ username: "bruno@example.com", password: "bruno-password" })
    await bruno.messages.create({ content: "Sent before you listened", topicId: "ast_live", receiverId: login.userId })
    expect(screen.getByText(/messages$/).textContent).not.toMatch(/^live/)
    network.restore()
    /** How many times the messages were read, once no read is under way (an invalidation starts one at once). */
    const readsOfMessages = async () => {
      await waitFor(() => expect(queryClient.isFetching()).toBe(0))
      return queryClient.getQueryCache().getAll().find((query) => query.queryKey.includes("messages"))!.state.dataUpdateCount
    }
    return { before, readsOfMessages, reconnections: () => reconnections }
  }

  it("catchUp refetches the named queries once live: a message sent before the socket listened shows", async () => {
    const { before, readsOfMessages, reconnections } = await messagesBeforeLive({ catchUp: ["messages"] })
    expect(await screen.findByText(`live: ${before + 1} messages`, undefined, { timeout: 10_000 })).toBeTruthy()
    expect(await readsOfMessages()).toBe(2)
    // a first connection is no reconnection, even after failed attempts
    expect(reconnections()).toBe(0)
  })

  it("without catchUp, going live refetches nothing", async () => {
    const { before, readsOfMessages } = await messagesBeforeLive()
    await screen.findByText(`live: ${before} messages`, undefined, { timeout: 10_000 })
    expect(await readsOfMessages()).toBe(1)
  })

  it("catchUp leaves alone the families it does not name", async () => {
    const { before, readsOfMessages } = await messagesBeforeLive({ catchUp: ["transactions"] })
    await screen.findByText(`live: ${before} messages`, undefined, { timeout: 10_000 })
    expect(await readsOfMessages()).toBe(1)
  })
})

describe("SignalStatus", () => {
  it("says Live once connected, and Reconnecting… when the server goes away", async () => {
    renderWith(instance(), new QueryClient(), <SignalStatus WebSocket={ws} />)
    expect((await screen.findByRole("status")).textContent).toMatch(/Connecting|Live/)
    // live once the server has had the time to refuse the client (the acceptance delay), and did not
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("Live"), { timeout: 10_000 })
    await act(() => server.close())
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("Reconnecting…"))
    expect(screen.getByRole("status").getAttribute("data-state")).toBe("reconnecting")
    server = await startServer()
  })
})

describe("a full platform (TooManyClients)", () => {
  it("reads Reconnecting… with the refusal while the platform is full (not Offline), and Live once a slot frees up", async () => {
    const platform = await fillPlatform(server.backend, server.publishableApiKey)
    try {
      function Status() {
        const { state, error } = useSignal(() => {}, { WebSocket: ws })
        return <p>{error === undefined ? state : `${state}: ${error.reason._tag}`}</p>
      }
      renderWith(instance(), new QueryClient(), <><Status /><SignalStatus WebSocket={ws} /></>)
      expect(await screen.findByText("reconnecting: TooManyClients", undefined, { timeout: 10_000 })).toBeTruthy()
      expect(screen.getByRole("status").textContent).toBe("Reconnecting…")
      act(() => platform.freeOne())
      expect(await screen.findByText("live", undefined, { timeout: 10_000 })).toBeTruthy()
      expect(screen.getByRole("status").textContent).toBe("Live")
    } finally {
      platform.empty()
    }
  })
})
