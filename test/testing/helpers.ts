/**
 * Test helpers: a fresh local server per test, and a tiny fetch client speaking to it the way
 * the SDKs do (Basic auth without a user, `Stelace-V1 apiKey=..., token=...` with one).
 */
import * as Effect from "effect/Effect"
import { TestClock } from "effect/testing"
import { afterEach, beforeEach } from "vitest"
import { type RunningServer, type ServerOptions, startServer } from "../../src/testing/index.js"

/** A decoded response. */
export interface Reply {
  readonly status: number
  readonly headers: Headers
  readonly body: any
}

/** Options of one call. */
export interface CallOptions {
  /** API key to send; the server's secret key by default, `null` for none. */
  readonly key?: string | null
  /** User access token. */
  readonly token?: string
  readonly body?: unknown
  readonly version?: string
  readonly headers?: Record<string, string>
}

/** Calls a server with plain `fetch`. */
export const call = async (
  server: RunningServer,
  method: string,
  path: string,
  options: CallOptions = {}
): Promise<Reply> => {
  const key = options.key === undefined ? server.secretApiKey : options.key
  const headers: Record<string, string> = { "user-agent": "stelace-effect-tests", ...options.headers }
  if (key !== null && options.token !== undefined) headers.authorization = `Stelace-V1 apiKey=${key}, token=${options.token}`
  else if (key !== null) headers.authorization = `Basic ${btoa(`${key}:`)}`
  else if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`
  if (options.version !== undefined) headers["x-stelace-version"] = options.version
  if (options.body !== undefined) headers["content-type"] = "application/json"
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers,
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) })
  })
  const text = await response.text()
  return { status: response.status, headers: response.headers, body: text === "" ? undefined : JSON.parse(text) }
}

/** A fresh server for each test of the file (options made anew for each, when a function); `api()` gives the current one. */
export const useServer = (options: ServerOptions | (() => Promise<ServerOptions>) = {}) => {
  let server: RunningServer | undefined
  beforeEach(async () => {
    server = await startServer(typeof options === "function" ? await options() : options)
  })
  afterEach(async () => {
    await server?.close()
    server = undefined
  })
  const current = () => {
    if (server === undefined) throw new Error("No server running")
    return server
  }
  return {
    server: current,
    call: (method: string, path: string, callOptions?: CallOptions) => call(current(), method, path, callOptions)
  }
}

/** Logs a user in with the publishable key; the login body. */
export const login = async (server: RunningServer, username: string, password: string) => {
  const reply = await call(server, "POST", "/auth/login", { key: server.publishableApiKey, body: { username, password } })
  if (reply.status !== 200) throw new Error(`Login failed: ${JSON.stringify(reply.body)}`)
  return reply.body as { tokenType: string; accessToken: string; refreshToken: string; userId: string }
}

/** Decodes a JWT payload. */
export const claimsOf = (token: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString("utf8"))

/**
 * A `TestClock` showing `time` (milliseconds since the epoch), for `startServer({ clock })`: the
 * backend's time then moves only when the test says (`adjust`, `setTime`), without waiting.
 */
export const testClockAt = async (time: number) => {
  const clock = await Effect.runPromise(Effect.scoped(TestClock.make()))
  await Effect.runPromise(clock.setTime(time))
  return {
    clock,
    /** Lets `ms` milliseconds pass for the backend. */
    advance: (ms: number) => Effect.runPromise(clock.adjust(ms)),
    /** Sets the backend's time. */
    setTime: (to: number) => Effect.runPromise(clock.setTime(to))
  }
}
