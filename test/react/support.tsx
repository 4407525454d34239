/**
 * What the React tests share: a fresh in-memory Stelace server per test behind a recording proxy
 * (every request on the wire, which ones the client aborted, and answers held back on demand),
 * facade clients pointed at it, and a render with the providers.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query"
import { cleanup, render } from "@testing-library/react"
import * as http from "node:http"
import type { AddressInfo } from "node:net"
import type { ReactNode } from "react"
import { afterEach, beforeEach } from "vitest"
import { createInstance, type FacadeConfig, type StelaceInstance, TokenStore } from "../../src/index.js"
import { StelaceProvider } from "../../src/react/index.js"
import { type RunningServer, startServer } from "../../src/testing/index.js"
import { demo } from "../../src/testing/seeds/demo.js"

export { demo }

/** The server of the current test, seen through the proxy. */
export interface Backend {
  readonly port: number
  readonly publishableApiKey: string
  /** `METHOD /path?query` of every request that reached the server, in order. */
  readonly requests: Array<string>
  /** Requests whose client went away before the answer. */
  readonly aborted: Array<string>
  /** Holds back the answers to requests whose path starts with `prefix` until `release()`. */
  hold(prefix: string): void
  release(): void
  /** Revokes a refresh token, as a logout elsewhere does: the next refresh with it is refused. */
  revoke(refreshToken: string): Promise<void>
}

const readBody = (request: http.IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = ""
    request.setEncoding("utf8")
    request.on("data", (chunk: string) => (body += chunk))
    request.on("end", () => resolve(body))
  })

const startProxy = async (server: RunningServer) => {
  const requests: Array<string> = []
  const aborted: Array<string> = []
  let held: { prefix: string; waiting: Array<() => void> } | undefined
  const proxy = http.createServer(async (request, response) => {
    const line = `${request.method} ${request.url}`
    requests.push(line)
    response.on("close", () => {
      if (!response.writableFinished) aborted.push(line)
    })
    const body = await readBody(request)
    if (held && request.url?.startsWith(held.prefix)) await new Promise<void>((resolve) => held!.waiting.push(resolve))
    if (response.destroyed) return
    const headers: Record<string, string> = {}
    for (const [name, value] of Object.entries(request.headers)) {
      if (typeof value === "string" && !["host", "connection", "content-length"].includes(name)) headers[name] = value
    }
    const answer = await fetch(`${server.url}${request.url}`, {
      method: request.method!,
      headers,
      ...(body === "" ? {} : { body })
    })
    const text = await answer.text()
    if (response.destroyed) return
    response.writeHead(answer.status, { "content-type": answer.headers.get("content-type") ?? "application/json" })
    response.end(text)
  })
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve))
  const backend: Backend = {
    port: (proxy.address() as AddressInfo).port,
    publishableApiKey: server.publishableApiKey,
    requests,
    aborted,
    hold: (prefix) => {
      held = { prefix, waiting: [] }
    },
    release: () => {
      const waiting = held?.waiting ?? []
      held = undefined
      for (const resume of waiting) resume()
    },
    revoke: async (refreshToken) => {
      await fetch(`${server.url}/auth/logout`, {
        method: "POST",
        headers: { authorization: `Basic ${btoa(`${server.secretApiKey}:`)}`, "content-type": "application/json" },
        body: JSON.stringify({ refreshToken })
      })
    }
  }
  return {
    backend,
    close: () =>
      new Promise<void>((resolve) => {
        backend.release()
        proxy.close(() => resolve())
        proxy.closeAllConnections()
      })
  }
}

/**
 * A fresh backend for each test of the file, and clients disposed after it; `backend()` gives the
 * current one, `client(config?)` a facade instance pointed at it with its own memory store.
 */
/** The QueryClients of the current test: their requests under way are cancelled before the backend stops. */
const queryClients = new Set<QueryClient>()

export const useBackend = (options: { readonly accessTokenTtl?: number } = {}) => {
  let current: { server: RunningServer; proxy: Awaited<ReturnType<typeof startProxy>> } | undefined
  const clients: Array<StelaceInstance> = []
  beforeEach(async () => {
    const server = await startServer({ seed: "demo", ...options })
    current = { server, proxy: await startProxy(server) }
  })
  afterEach(async () => {
    cleanup()
    await Promise.all([...queryClients].map((queryClient) => queryClient.cancelQueries()))
    for (const queryClient of queryClients) queryClient.clear()
    queryClients.clear()
    await Promise.all(clients.splice(0).map((client) => client.dispose()))
    await current?.proxy.close()
    await current?.server.close()
    current = undefined
  })
  const backend = (): Backend => {
    if (current === undefined) throw new Error("No backend running")
    return current.proxy.backend
  }
  return {
    backend,
    client: (config: Partial<FacadeConfig> = {}): StelaceInstance => {
      const client = createInstance({
        apiKey: backend().publishableApiKey,
        tokenStore: TokenStore.makeMemoryStore(),
        ...config
      })
      client.setHost("127.0.0.1", backend().port, "http")
      clients.push(client)
      return client
    }
  }
}

/** A QueryClient for tests: no retries, so failures show at once. */
export const testQueryClient = () => {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
  queryClients.add(queryClient)
  return queryClient
}

/** Renders `ui` under a QueryClientProvider and a StelaceProvider for `client`. */
export const renderWith = (client: StelaceInstance, ui: ReactNode, queryClient: QueryClient = testQueryClient()) => ({
  queryClient,
  ...render(
    <QueryClientProvider client={queryClient}>
      <StelaceProvider client={client} queryClient={queryClient}>{ui}</StelaceProvider>
    </QueryClientProvider>
  )
})

/** The demo users' credentials. */
export const credentials = (name: "alice" | "bruno" | "chloe" | "david") => ({
  username: demo.users[name].username,
  password: demo.users[name].password
})
