/**
 * The in-memory backend behind a real HTTP server on 127.0.0.1 (Node only), for the Promise
 * facade, the upstream `stelace` SDK, curl or a browser.
 *
 * @example
 * ```ts
 * import { startServer } from "stelace-effect/testing"
 *
 * const server = await startServer({ seed: "demo", accessTokenTtl: 2 })
 * const response = await fetch(`${server.url}/assets`, {
 *   headers: { authorization: `Basic ${btoa(server.secretApiKey + ":")}` }
 * })
 * await server.close()
 * ```
 */
import type { IncomingMessage, ServerResponse } from "node:http"
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import { isOrganization } from "./backend/Access.js"
import * as Backend from "./backend/Backend.js"
import { maxBodySizeProblem } from "./backend/Limits.js"
import type { Seed } from "./Seed.js"
import * as SignalHttp from "./signal/Http.js"
import { makeUploads } from "./Uploads.js"

/** Options of {@link startServer}. */
export interface ServerOptions {
  /** Port to listen on; 0 or absent picks a free one. */
  readonly port?: number | undefined
  /** Host to bind (default `127.0.0.1`). */
  readonly host?: string | undefined
  /** `'demo'` (default), `'empty'`, or seed data. */
  readonly seed?: Seed | undefined
  /** Access token lifetime in seconds (default 3600). */
  readonly accessTokenTtl?: number | undefined
  /**
   * The largest request body read, in bytes (default 5 MiB). A larger one is answered 413 as soon
   * as its length is announced or reached, and its connection is closed. The same limit holds
   * for a `/signal` WebSocket message: a larger one closes its connection (1009).
   */
  readonly maxBodySize?: number | undefined
  /**
   * The `/signal` clients one publishable key may hold from one address (default 100 of the
   * platform's 1,000): one process cannot take every slot. A load test that opens more from one
   * machine raises it.
   */
  readonly maxSignalClientsPerCaller?: number | undefined
  /**
   * The most connections served at once (`/signal` sockets included); beyond, a new connection is
   * closed at once and the others are served. No limit unless given: `npm start` and
   * `stelace-effect-server` set one below the process's file descriptor limit, so that idle
   * sockets cannot take the descriptors the process needs.
   */
  readonly maxConnections?: number | undefined
  /**
   * The clock the backend reads (token lifetimes, dates), by default the system's. Give it a
   * `TestClock` to let time pass in tests without waiting.
   */
  readonly clock?: Clock.Clock | undefined
}

/** A running server. */
export interface RunningServer {
  /** Base URL, e.g. `http://127.0.0.1:4100`. */
  readonly url: string
  readonly port: number
  readonly secretApiKey: string
  readonly publishableApiKey: string
  /** The platform's id in single sign-on URLs (`/auth/sso/e1_test/<connection>`). */
  readonly publicPlatformId: string
  /** The backend answering the requests (e.g. to issue SSO authorization codes). */
  readonly backend: Backend.Backend
  /**
   * Lets pages of `origin` (such as `http://127.0.0.1:4000`) upload development photos
   * (`POST /_dev/uploads`, CORS): no other site's page may. `npm start` gives the app's origin.
   * Throws a `TypeError` for what is not an http(s) origin.
   */
  readonly allowUploadOrigin: (origin: string) => void
  /** Stops listening and closes open connections. */
  readonly close: () => Promise<void>
}

/** Request headers the real server allows cross-origin, plus the `x-stelace-*` ones the SDKs send. */
export const corsAllowedHeaders = [
  "authorization",
  "content-type",
  "user-agent",
  "x-api-key",
  "x-stelace-version",
  "x-stelace-organization-id",
  "x-stelace-user-id",
  "x-stelace-workflow-key",
  "x-stelace-system-key"
]

const CORS_HEADERS = {
  "access-control-allow-origin": "*",
  "access-control-expose-headers": "x-stelace-version, x-request-id"
}

/** A body read whole, or `TooLarge` once more than `maxBytes` was announced or received. */
const readBody = (request: IncomingMessage, maxBytes: number): Promise<string | "TooLarge"> =>
  new Promise((resolve, reject) => {
    const announced = Number(request.headers["content-length"])
    if (Number.isFinite(announced) && announced > maxBytes) return resolve("TooLarge")
    const chunks: Array<Buffer> = []
    let received = 0
    const onData = (chunk: Buffer) => {
      received += chunk.length
      if (received > maxBytes) {
        // stop holding and reading: the answer closes the connection
        request.off("data", onData)
        request.pause()
        chunks.length = 0
        return resolve("TooLarge")
      }
      chunks.push(chunk)
    }
    request.on("data", onData)
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")))
    request.on("error", reject)
  })

const headersOf = (request: IncomingMessage): Record<string, string> => {
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : value
  }
  return headers
}

/** Why the options cannot start a server (a message naming the option), or `undefined`. */
export const serverOptionsProblem = (options: ServerOptions): string | undefined => {
  const { port, host, accessTokenTtl, maxBodySize, maxSignalClientsPerCaller } = options
  if (port !== undefined && !(Number.isInteger(port) && port >= 0 && port <= 65535)) {
    return `port must be a whole number from 0 to 65535 (0: any free port), got ${String(port)}`
  }
  if (host !== undefined && (typeof host !== "string" || host.trim() === "")) {
    return `host must be a host name or an IP address, got ${JSON.stringify(host)}`
  }
  if (accessTokenTtl !== undefined && !(Number.isInteger(accessTokenTtl) && accessTokenTtl > 0)) {
    return `accessTokenTtl must be a whole number of seconds above 0, got ${String(accessTokenTtl)}`
  }
  if (options.maxConnections !== undefined && !(Number.isInteger(options.maxConnections) && options.maxConnections >= 1)) {
    return `maxConnections must be a whole number above 0, got ${String(options.maxConnections)}`
  }
  if (maxSignalClientsPerCaller !== undefined && !(Number.isInteger(maxSignalClientsPerCaller) && maxSignalClientsPerCaller >= 1)) {
    return `maxSignalClientsPerCaller must be a whole number above 0, got ${String(maxSignalClientsPerCaller)}`
  }
  if (options.clock !== undefined && typeof options.clock?.currentTimeMillisUnsafe !== "function") {
    return "clock must be an Effect Clock (such as a TestClock)"
  }
  return maxBodySizeProblem(maxBodySize)
}

const listenProblem = (error: NodeJS.ErrnoException, host: string, port: number): string => {
  const where = `${host}:${port}`
  switch (error.code) {
    case "EADDRINUSE":
      return `Cannot listen on ${where}: the port is already in use (pick another with --port, or 0 for any free one)`
    case "EACCES":
      return `Cannot listen on ${where}: permission denied (ports below 1024 need privileges)`
    case "EADDRNOTAVAIL":
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return `Cannot listen on ${where}: ${host} is not an address of this machine`
    default:
      return `Cannot listen on ${where}: ${error.message}`
  }
}

/**
 * Starts the backend on a local HTTP server. Rejects with a `TypeError` naming the option when an
 * option is invalid, and with an `Error` saying why when the address cannot be listened on.
 */
export const startServer = async (options: ServerOptions = {}): Promise<RunningServer> => {
  const problem = serverOptionsProblem(options)
  if (problem !== undefined) throw new TypeError(problem)
  const http = await import("node:http")
  const clock = options.clock
  const run = <A>(effect: Effect.Effect<A>): Promise<A> =>
    Effect.runPromise(clock === undefined ? effect : Effect.provideService(effect, Clock.Clock, clock))
  // the server's own address, known once it listens: identity providers send browsers back there
  let url = ""
  const backend = await run(Backend.make({
    seed: options.seed,
    accessTokenTtl: options.accessTokenTtl,
    maxBodySize: options.maxBodySize,
    maxSignalClientsPerCaller: options.maxSignalClientsPerCaller,
    apiUrl: () => url
  }))

  // photo uploads for the demo in development: outside the Stelace API (see Uploads.ts); the
  // user is the one the backend's own POST /auth/check finds in the token
  const uploads = makeUploads({
    userOf: async (authorization) => {
      if (authorization === undefined || authorization === "") return undefined
      const checked = await run(backend.handle({
        method: "POST",
        url: "/auth/check",
        headers: { authorization: `Basic ${btoa(`${backend.secretApiKey}:`)}`, "content-type": "application/json" },
        body: JSON.stringify({ authorization })
      }))
      if (checked.status !== 200) return undefined
      const { valid, user, tokenExpired } = JSON.parse(checked.body) as { valid?: unknown; user?: Record<string, unknown> | null; tokenExpired?: unknown }
      const userId = user?.sub ?? user?.userId
      if (valid !== true || tokenExpired !== false || typeof userId !== "string") return undefined
      const stored = backend.store.get("user", userId)
      return stored !== undefined && !isOrganization(stored) ? userId : undefined
    }
  })

  const listener = async (request: IncomingMessage, response: ServerResponse) => {
    try {
      if (SignalHttp.handleHttp(request, response)) return
      if (uploads.handle(request, response)) return
      if (request.method === "OPTIONS") {
        const requested = request.headers["access-control-request-headers"]
        const allowed = requested === undefined
          ? corsAllowedHeaders.join(", ")
          : [...new Set([...corsAllowedHeaders, ...requested.split(",").map((name) => name.trim().toLowerCase())
            .filter((name) => name.startsWith("x-stelace-") || corsAllowedHeaders.includes(name))])].join(", ")
        response.writeHead(204, {
          ...CORS_HEADERS,
          "x-request-id": globalThis.crypto.randomUUID(),
          "access-control-allow-credentials": "true",
          "access-control-allow-methods": "GET, POST, PUT, PATCH, DELETE, OPTIONS",
          "access-control-allow-headers": allowed,
          "access-control-max-age": "600"
        })
        response.end()
        return
      }
      const body = await readBody(request, backend.maxBodySize)
      if (body === "TooLarge") {
        const answer = backend.payloadTooLarge()
        // the rest of the body is never read: the connection ends with this answer
        response.writeHead(answer.status, { ...CORS_HEADERS, ...answer.headers, connection: "close" })
        response.end(answer.body, () => request.socket.destroy())
        return
      }
      const answer = await run(backend.handle({
        method: request.method ?? "GET",
        url: request.url ?? "/",
        headers: headersOf(request),
        body
      }))
      response.writeHead(answer.status, { ...CORS_HEADERS, ...answer.headers })
      response.end(answer.body)
    } catch (error) {
      response.writeHead(500, { ...CORS_HEADERS, "content-type": "application/json", "x-request-id": globalThis.crypto.randomUUID() })
      response.end(JSON.stringify({ message: "Internal Server Error", statusCode: 500, _message: String(error) }))
    }
  }

  const server = http.createServer((request, response) => void listener(request, response))
  if (options.maxConnections !== undefined) server.maxConnections = options.maxConnections
  const closeSignal = await SignalHttp.attachUpgrades(server, backend.signal, backend.maxBodySize)
  const host = options.host ?? "127.0.0.1"
  await new Promise<void>((resolve, reject) => {
    const failed = (error: NodeJS.ErrnoException) => reject(new Error(listenProblem(error, host, options.port ?? 0)))
    server.once("error", failed)
    server.listen(options.port ?? 0, host, () => {
      server.off("error", failed)
      resolve()
    })
  })
  // a connection the system could not accept (out of descriptors): the others are still served
  const told = new Set<string>()
  server.on("error", (error: NodeJS.ErrnoException) => {
    const code = error.code ?? error.message
    if (told.has(code)) return
    told.add(code)
    console.error(`stelace-effect/testing: a connection could not be accepted (${code}); the server goes on with the others`)
  })
  const address = server.address()
  const port = typeof address === "object" && address !== null ? address.port : Number(options.port)
  url = `http://${host}:${port}`
  return {
    url,
    port,
    secretApiKey: backend.secretApiKey,
    publishableApiKey: backend.publishableApiKey,
    publicPlatformId: backend.publicPlatformId,
    backend,
    allowUploadOrigin: uploads.allowOrigin,
    close: () =>
      new Promise<void>((resolve, reject) => {
        closeSignal()
        server.close((error) => (error ? reject(error) : resolve()))
        server.closeAllConnections()
      })
  }
}
