/**
 * Helpers of the backend fault suite: one way to send a raw request to a socket server or to an
 * in-process backend, hostile inputs, and a client that streams a body until it is cut off.
 */
import { request as httpRequest } from "node:http"
import * as Effect from "effect/Effect"
import type * as Backend from "../../src/testing/backend/Backend.js"

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
}

/** A decoded answer. */
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
  const headers: Record<string, string> = { "user-agent": "stelace-effect-fault" }
  if (key !== null && request.token !== undefined) headers.authorization = `Stelace-V1 apiKey=${key}, token=${request.token}`
  else if (key !== null) headers.authorization = `Basic ${btoa(`${key}:`)}`
  if (request.form !== undefined) {
    headers["content-type"] = "application/x-www-form-urlencoded"
    return { headers, body: request.form }
  }
  const body = request.text ?? (request.json === undefined ? undefined : JSON.stringify(request.json))
  if (body !== undefined) headers["content-type"] = "application/json"
  return body === undefined ? { headers } : { headers, body }
}

const decode = (status: number, text: string): Answer => ({ status, body: text === "" ? undefined : JSON.parse(text) })

/** Sends through a socket or straight to a backend's `handle`. */
export const send = {
  socket: async (url: string, request: RawRequest, keys: { readonly secretApiKey: string }): Promise<Answer> => {
    const { body, headers } = headersOf(request, keys.secretApiKey)
    const response = await fetch(`${url}${request.path}`, { method: request.method, headers, ...(body === undefined ? {} : { body }) })
    return decode(response.status, await response.text())
  },
  inProcess: async (backend: Backend.Backend, request: RawRequest): Promise<Answer> => {
    const { body, headers } = headersOf(request, backend.secretApiKey)
    const answer: Backend.BackendResponse = await Effect.runPromise(backend.handle({ method: request.method, url: request.path, headers, body }))
    return decode(answer.status, answer.body)
  }
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
