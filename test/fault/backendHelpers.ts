/**
 * Helpers of the backend fault suites: one way to send a raw request to a socket server or to an
 * in-process backend (the two `ways` every case runs), logins, hostile inputs, the checks that no
 * hostile input polluted `Object.prototype` or granted a permission, and a client that streams a
 * body until it is cut off.
 */
import { Agent, request as httpRequest } from "node:http"
import * as Effect from "effect/Effect"
import { expect } from "vitest"
import type * as Backend from "../../src/testing/backend/Backend.js"
import { type RunningServer, type Seed, startServer, StelaceTest } from "../../src/testing/index.js"

/** One raw request: a JSON value, a JSON text as is, or a form body. */
export interface RawRequest {
  readonly method: string
  readonly path: string
  /** API key: the secret key unless told; `null` for none. */
  readonly key?: string | null
  readonly token?: string
  readonly json?: unknown
  readonly text?: string
  readonly form?: string
  /** More headers (`x-stelace-version`, `x-stelace-user-id`...); a `content-type` here wins over the body's. */
  readonly headers?: Readonly<Record<string, string>>
}

/** A decoded answer: the JSON body, or the text of a body that is not JSON (`/robots.txt`). */
export interface Answer {
  readonly status: number
  readonly body: any
}

/** Somewhere to send requests to, with its API keys. */
export interface Sender {
  readonly keys: { readonly secretApiKey: string; readonly publishableApiKey: string }
  readonly send: (request: RawRequest) => Promise<Answer>
}

const headersOf = (request: RawRequest, secretApiKey: string): { headers: Record<string, string>; body?: string } => {
  const key = request.key === undefined ? secretApiKey : request.key
  const headers: Record<string, string> = { "user-agent": "stelace-effect-fault", ...request.headers }
  if (key !== null && request.token !== undefined) headers.authorization = `Stelace-V1 apiKey=${key}, token=${request.token}`
  else if (key !== null) headers.authorization = `Basic ${btoa(`${key}:`)}`
  if (request.form !== undefined) {
    headers["content-type"] ??= "application/x-www-form-urlencoded"
    return { headers, body: request.form }
  }
  const body = request.text ?? (request.json === undefined ? undefined : JSON.stringify(request.json))
  if (body !== undefined) headers["content-type"] ??= "application/json"
  return body === undefined ? { headers } : { headers, body }
}

const decode = (status: number, text: string, contentType: string | undefined): Answer => ({
  status,
  body: text === "" ? undefined : contentType?.includes("application/json") ? JSON.parse(text) : text
})

/**
 * Connections kept open between requests, two per server at most: a suite sends thousands (fetch
 * takes three times as long per request), and a burst of parallel reads would open one each.
 */
const keepAlive = new Agent({ keepAlive: true, maxSockets: 2 })

/** Sends through a socket or straight to a backend's `handle`. */
export const send = {
  socket: (url: string, request: RawRequest, keys: { readonly secretApiKey: string }): Promise<Answer> =>
    new Promise((resolve, reject) => {
      const { body, headers } = headersOf(request, keys.secretApiKey)
      // the URL parser resolves dot segments and escapes what a request line cannot hold, as fetch does
      const target = new URL(`${url}${request.path}`)
      const outgoing = httpRequest({
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: request.method,
        agent: keepAlive,
        headers: body === undefined ? headers : { ...headers, "content-length": String(Buffer.byteLength(body)) }
      }, (response) => {
        const chunks: Array<Buffer> = []
        response.on("data", (chunk: Buffer) => chunks.push(chunk))
        response.on("end", () => {
          try {
            resolve(decode(response.statusCode ?? 0, Buffer.concat(chunks).toString("utf8"), response.headers["content-type"]))
          } catch (error) {
            reject(error)
          }
        })
        response.on("error", reject)
      })
      outgoing.on("error", reject)
      outgoing.end(body)
    }),
  inProcess: async (backend: Backend.Backend, request: RawRequest): Promise<Answer> => {
    const { body, headers } = headersOf(request, backend.secretApiKey)
    const answer: Backend.BackendResponse = await Effect.runPromise(backend.handle({ method: request.method, url: request.path, headers, body }))
    return decode(answer.status, answer.body, answer.headers["content-type"])
  }
}

const openServers: Array<RunningServer> = []

/** Closes the servers {@link ways} started (call it after each test). */
export const closeServers = (): Promise<void> => Promise.all(openServers.splice(0).map((server) => server.close())).then(() => undefined)

/** What a new backend starts with: the demo seed unless told, and the default body limit unless told. */
export interface BackendChoices {
  readonly maxBodySize?: number
  readonly seed?: Seed
}

const viaSocket = async (options: BackendChoices = {}): Promise<Sender> => {
  const server = await startServer(options)
  openServers.push(server)
  return { keys: server, send: (request) => send.socket(server.url, request, server) }
}

const viaLayer = async (options: BackendChoices = {}): Promise<Sender> => {
  const backend = await Effect.runPromise(StelaceTest.makeBackend(options))
  return { keys: backend, send: (request) => send.inProcess(backend, request) }
}

/** The two ways to reach a new demo backend: through a socket (`startServer`) and in process (`StelaceTest.makeBackend`). */
export const ways = [["startServer", viaSocket], ["StelaceTest backend", viaLayer]] as const

/** A user of the seed, by username and password. */
export interface SeedUser {
  readonly username: string
  readonly password: string
}

/** Logs a user in with the publishable key; fails the test unless it succeeds. */
export const login = async (api: Sender, user: SeedUser): Promise<{ readonly accessToken: string; readonly userId: string }> => {
  const answer = await api.send({
    method: "POST",
    path: "/auth/login",
    key: api.keys.publishableApiKey,
    json: { username: user.username, password: user.password }
  })
  expect(answer.status, `login of ${user.username}`).toBe(200)
  return answer.body
}

/**
 * A user's token gains nothing: no secret keys revealed, no roles granted to oneself, and the
 * user's roles still those of the seed (`["user"]` for Chloé and David).
 */
export const expectNoPermissionGained = async (api: Sender, user: SeedUser & { readonly roles: ReadonlyArray<string> }) => {
  const { accessToken, userId } = await login(api, user)
  const asUser = { key: api.keys.publishableApiKey, token: accessToken }
  expect((await api.send({ method: "GET", path: "/api-keys?reveal=1", ...asUser })).status).toBe(403)
  expect((await api.send({ method: "PATCH", path: `/users/${userId}`, ...asUser, json: { roles: ["dev"] } })).status).toBe(403)
  const self = await api.send({ method: "GET", path: `/users/${userId}`, ...asUser })
  expect(self.body.roles).toStrictEqual(user.roles)
}

/** `[[[...1...]]]`, `depth` arrays deep. */
export const nested = (depth: number): unknown => {
  let value: unknown = 1
  for (let i = 0; i < depth; i++) value = [value]
  return value
}

/** The JSON text of {@link nested}, for depths `JSON.stringify` cannot reach. */
export const nestedText = (depth: number): string => `${"[".repeat(depth)}1${"]".repeat(depth)}`

/** Properties a hostile input tries to add to every object. */
export const pollutionProbes: ReadonlyArray<string> = ["polluted", "permissions", "roles", "x", "nbResultsPerPage"]

/** No probe property may have reached `Object.prototype`. */
export const expectUnpolluted = () => {
  for (const probe of pollutionProbes) expect(({} as Record<string, unknown>)[probe], probe).toBeUndefined()
  expect(Object.getOwnPropertyNames(Object.prototype).filter((name) => pollutionProbes.includes(name))).toStrictEqual([])
}

/**
 * Removes the probe properties a test put on `Object.prototype`, so the next tests stand alone;
 * the names it removed, for the polluting test to fail on.
 */
export const cleanPrototype = (): ReadonlyArray<string> => {
  const leaked = pollutionProbes.filter((probe) => Object.hasOwn(Object.prototype, probe))
  for (const probe of leaked) delete (Object.prototype as Record<string, unknown>)[probe]
  return leaked
}

/** Query strings that reach `Object.prototype` through a naive bracket parser. */
export const hostileQueries: ReadonlyArray<string> = [
  "__proto__%5Bpermissions%5D%5B%5D=*",
  "__proto__[polluted]=yes",
  "__proto__[roles][]=dev",
  "a[__proto__][polluted]=yes",
  "constructor[prototype][polluted]=yes",
  "a[constructor][prototype][polluted]=yes",
  "prototype[polluted]=yes&__proto__=yes"
]

/**
 * POSTs a body to a server until the server answers and closes the connection: either announced
 * with `content-length` (and `chunk: 0`, nothing sent), or sent chunk after chunk, for ever.
 * Resolves with the answer and the number of body bytes written before it came.
 */
export const streamUntilClosed = (
  url: string,
  options: { readonly chunk: number; readonly contentLength?: number }
): Promise<{ readonly status: number; readonly body: unknown; readonly bytesSent: number }> =>
  new Promise((resolve, reject) => {
    const target = new URL("/users", url)
    let bytesSent = 0
    let answered = false
    const request = httpRequest({
      host: target.hostname,
      port: target.port,
      path: target.pathname,
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(options.contentLength === undefined ? {} : { "content-length": String(options.contentLength) })
      }
    })
    const piece = Buffer.alloc(options.chunk, 0x61)
    const pump = () => {
      // keeps writing while the connection is open and the server has not answered
      while (!answered && !request.destroyed && options.chunk > 0) {
        bytesSent += piece.length
        if (!request.write(piece)) return void request.once("drain", pump)
      }
    }
    request.on("response", (response) => {
      answered = true
      const chunks: Array<Buffer> = []
      response.on("data", (chunk: Buffer) => chunks.push(chunk))
      response.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8")
        resolve({ status: response.statusCode ?? 0, body: text === "" ? undefined : JSON.parse(text), bytesSent })
        request.destroy()
      })
    })
    request.on("error", (error) => {
      if (!answered) reject(error)
    })
    request.flushHeaders()
    pump()
  })
