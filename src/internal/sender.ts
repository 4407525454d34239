/**
 * How the request pipeline reaches the network: a `Sender` takes one request and answers its
 * status, headers and text, handling the timeout itself. The built-in ones (node:http, fetch) use
 * one timer and the platform's own cancellation; any `HttpClient` becomes one through
 * `httpClientSender`. Nothing here imports effect's HTTP modules, so apps on the built-in
 * transports do not carry them.
 *
 * @internal
 */
import type * as Effect from "effect/Effect"
import type { NetworkErrorReason } from "../Errors.js"
import { NetworkError } from "../Errors.js"

/** One request, as the built-in transports take it. */
export interface RawRequest {
  readonly method: string
  /** The absolute URL (what fetch takes, and what error messages name). */
  readonly url: string
  readonly secure: boolean
  readonly hostname: string
  readonly port: number
  /** Path and query string. */
  readonly path: string
  readonly headers: Readonly<Record<string, string>>
  /** JSON text, or `undefined` for no body. */
  readonly body: string | undefined
  /** Milliseconds before the request is aborted with a timeout; 0 for none. */
  readonly timeout: number
}

/**
 * Response headers: Node's raw list (`[name, value, name, value, ...]`, read without building
 * Node's headers object), a record with lower-case names, or a fetch `Headers`.
 */
export type RawHeaders = ReadonlyArray<string> | Readonly<Record<string, string | ReadonlyArray<string> | undefined>> | Headers

/** One answer. */
export interface RawResponse {
  readonly status: number
  readonly headers: RawHeaders
  readonly text: string
}

/** A transport. */
export type Sender = (request: RawRequest) => Effect.Effect<RawResponse, NetworkError>

const isHeaders = (headers: RawHeaders): headers is Headers => typeof (headers as Headers).get === "function"

/** One header of an answer (lower-case name). */
export const header = (headers: RawHeaders, name: string): string | undefined => {
  if (Array.isArray(headers)) {
    let found: string | undefined
    for (let i = 0; i < headers.length; i += 2) {
      const key = headers[i]
      if (key.length === name.length && key.toLowerCase() === name) found = found === undefined ? headers[i + 1] : `${found}, ${headers[i + 1]}`
    }
    return found
  }
  if (isHeaders(headers as RawHeaders)) return (headers as Headers).get(name) ?? undefined
  const value = (headers as Readonly<Record<string, string | ReadonlyArray<string> | undefined>>)[name]
  return typeof value === "string" ? value : value === undefined ? undefined : value.join(", ")
}

/** Every header of an answer, as a record with lower-case names. */
export const headerRecord = (headers: RawHeaders): Record<string, string> => {
  const out: Record<string, string> = {}
  if (Array.isArray(headers)) {
    for (let i = 0; i < headers.length; i += 2) {
      const name = headers[i].toLowerCase()
      out[name] = name in out ? `${out[name]}, ${headers[i + 1]}` : headers[i + 1]
    }
  } else if (isHeaders(headers as RawHeaders)) {
    ;(headers as Headers).forEach((value, name) => {
      out[name] = value
    })
  } else {
    for (const name of Object.keys(headers)) {
      const value = header(headers as RawHeaders, name)
      if (value !== undefined) out[name] = value
    }
  }
  return out
}

const codes: ReadonlyArray<readonly [NetworkErrorReason, RegExp]> = [
  ["refused", /^(ECONNREFUSED|EHOSTUNREACH|ENETUNREACH|EADDRNOTAVAIL)$/],
  ["dns", /^(ENOTFOUND|EAI_AGAIN|EAI_FAIL|EAI_NONAME|EAI_NODATA)$/],
  ["timeout", /^(ETIMEDOUT|ESOCKETTIMEDOUT|UND_ERR_CONNECT_TIMEOUT|UND_ERR_HEADERS_TIMEOUT|UND_ERR_BODY_TIMEOUT)$/],
  ["reset", /^(ECONNRESET|EPIPE|ECONNABORTED|UND_ERR_SOCKET|UND_ERR_CLOSED|ERR_STREAM_PREMATURE_CLOSE)$/],
  ["tls", /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|EPROTO$)/],
  ["aborted", /^(ABORT_ERR|UND_ERR_ABORTED)$/]
]

const describeReason: Record<NetworkErrorReason, string> = {
  timeout: "the connection timed out",
  refused: "connection refused",
  dns: "host not found",
  reset: "connection reset",
  tls: "TLS handshake failed",
  redirect: "a redirect, which the SDK does not follow",
  aborted: "request aborted",
  unknown: "no answer"
}

const codeOf = (error: unknown): string | undefined => {
  // fetch (undici) wraps the socket's error: `TypeError: fetch failed` with the real one as cause
  for (let current = error, depth = 0; current !== null && typeof current === "object" && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === "string") return code
    const errors = (current as { errors?: unknown }).errors
    if (Array.isArray(errors) && errors.length > 0) current = errors[0]
    else current = (current as { cause?: unknown }).cause
  }
  if (error instanceof Error && error.message === "socket hang up") return "ECONNRESET"
  return undefined
}

/** Why a transport failed, from the platform's error. */
export const reasonOf = (error: unknown): NetworkErrorReason => {
  const code = codeOf(error)
  if (code) {
    for (const [reason, pattern] of codes) if (pattern.test(code)) return reason
  }
  if (error instanceof Error && error.name === "AbortError") return "aborted"
  return "unknown"
}

/** The URL of a request without its query string, for messages. */
const withoutQuery = (url: string) => {
  const q = url.indexOf("?")
  return q === -1 ? url : url.slice(0, q)
}

/**
 * The `NetworkError` of a failed request: `Network Error: <what happened> (<METHOD> <url>)`, or
 * stelace.js's `timeout of <ms>ms exceeded` for the timeout. `cause` is the platform's error, which
 * carries no request headers.
 */
export const networkError = (
  request: Pick<RawRequest, "method" | "url">,
  reason: NetworkErrorReason,
  cause?: unknown,
  timeout?: number
): NetworkError => {
  const url = withoutQuery(request.url)
  const what = reason === "timeout" && timeout !== undefined
    ? `timeout of ${timeout}ms exceeded`
    : `Network Error: ${describeReason[reason]}${codeOf(cause) ? ` (${codeOf(cause)})` : ""}`
  return new NetworkError({
    message: `${what} on ${request.method} ${url}`,
    reason,
    method: request.method,
    url,
    ...(cause === undefined ? {} : { cause })
  })
}

