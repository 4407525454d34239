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
import * as Effect from "effect/Effect"
import * as Backend from "./backend/Backend.js"
import type { Seed } from "./Seed.js"
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
}

/** A running server. */
export interface RunningServer {
  /** Base URL, e.g. `http://127.0.0.1:4100`. */
  readonly url: string
  readonly port: number
  readonly secretApiKey: string
  readonly publishableApiKey: string
  /** The backend answering the requests (e.g. to issue SSO authorization codes). */
  readonly backend: Backend.Backend
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

const readBody = (request: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    const chunks: Array<Buffer> = []
    request.on("data", (chunk: Buffer) => chunks.push(chunk))
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
  const { port, host, accessTokenTtl } = options
  if (port !== undefined && !(Number.isInteger(port) && port >= 0 && port <= 65535)) {
    return `port must be a whole number from 0 to 65535 (0: any free port), got ${String(port)}`
  }
  if (host !== undefined && (typeof host !== "string" || host.trim() === "")) {
    return `host must be a host name or an IP address, got ${JSON.stringify(host)}`
  }
  if (accessTokenTtl !== undefined && !(Number.isInteger(accessTokenTtl) && accessTokenTtl > 0)) {
    return `accessTokenTtl must be a whole number of seconds above 0, got ${String(accessTokenTtl)}`
  }
  return undefined
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
  const backend = await Effect.runPromise(Backend.make({ seed: options.seed, accessTokenTtl: options.accessTokenTtl }))

  // photo uploads for the demo in development: outside the Stelace API (see Uploads.ts)
  const uploads = makeUploads()

  const listener = async (request: IncomingMessage, response: ServerResponse) => {
    try {
      if (uploads(request, response)) return
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
      const body = await readBody(request)
      const answer = await Effect.runPromise(backend.handle({
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
  const host = options.host ?? "127.0.0.1"
  await new Promise<void>((resolve, reject) => {
    const failed = (error: NodeJS.ErrnoException) => reject(new Error(listenProblem(error, host, options.port ?? 0)))
    server.once("error", failed)
    server.listen(options.port ?? 0, host, () => {
      server.off("error", failed)
      resolve()
    })
  })
  const address = server.address()
  const port = typeof address === "object" && address !== null ? address.port : Number(options.port)
  return {
    url: `http://${host}:${port}`,
    port,
    secretApiKey: backend.secretApiKey,
    publishableApiKey: backend.publishableApiKey,
    backend,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()))
        server.closeAllConnections()
      })
  }
}
