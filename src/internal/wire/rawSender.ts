/**
 * How the request pipeline reaches the network: a `Sender` takes one request and answers its
 * status, headers and text, handling the timeout itself. The built-in ones (node:http, fetch) use
 * one timer and the platform's own cancellation; any `HttpClient` becomes one through
 * `httpClientSender`. Nothing here imports effect's HTTP modules, so apps on the built-in
 * transports do not carry them.
 */
import * as Effect from "effect/Effect"
import type { NetworkErrorReason } from "../../Errors.js"
import { NetworkError } from "../../Errors.js"

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

/** One answer. Each sender reads headers its own way (only the one an app uses is in its bundle). */
export interface RawResponse {
  readonly status: number
  readonly text: string
  /** One header (lower-case name). */
  readonly header: (name: string) => string | undefined
  /** Every header, with lower-case names (for error answers). */
  readonly headers: () => Record<string, string>
}

/** A transport. */
export type Sender = (request: RawRequest) => Effect.Effect<RawResponse, NetworkError>

const codes: ReadonlyArray<readonly [NetworkErrorReason["_tag"], RegExp]> = [
  ["Refused", /^(ECONNREFUSED|EHOSTUNREACH|ENETUNREACH|EADDRNOTAVAIL)$/],
  ["Dns", /^(ENOTFOUND|EAI_AGAIN|EAI_FAIL|EAI_NONAME|EAI_NODATA)$/],
  ["Timeout", /^(ETIMEDOUT|ESOCKETTIMEDOUT|UND_ERR_CONNECT_TIMEOUT|UND_ERR_HEADERS_TIMEOUT|UND_ERR_BODY_TIMEOUT)$/],
  ["Reset", /^(ECONNRESET|EPIPE|ECONNABORTED|UND_ERR_SOCKET|UND_ERR_CLOSED|ERR_STREAM_PREMATURE_CLOSE)$/],
  ["Tls", /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|EPROTO$)/],
  ["Aborted", /^(ABORT_ERR|UND_ERR_ABORTED)$/]
]

const describeReason: Record<NetworkErrorReason["_tag"], string> = {
  Timeout: "the connection timed out",
  Refused: "connection refused",
  Dns: "host not found",
  Reset: "connection reset",
  Tls: "TLS handshake failed",
  Redirect: "a redirect, which the SDK does not follow",
  Aborted: "request aborted",
  Unknown: "no answer"
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
export const reasonOf = (error: unknown): NetworkErrorReason["_tag"] => {
  const code = codeOf(error)
  if (code) {
    for (const [reason, pattern] of codes) if (pattern.test(code)) return reason
  }
  if (error instanceof Error && error.name === "AbortError") return "Aborted"
  return "Unknown"
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
  reason: NetworkErrorReason["_tag"],
  cause?: unknown,
  timeout?: number
): NetworkError => {
  const url = withoutQuery(request.url)
  const what = reason === "Timeout" && timeout !== undefined
    ? `timeout of ${timeout}ms exceeded`
    : `Network Error: ${describeReason[reason]}${codeOf(cause) ? ` (${codeOf(cause)})` : ""}`
  return new NetworkError({
    message: `${what} on ${request.method} ${url}`,
    reason: { _tag: reason },
    method: request.method,
    url,
    ...(cause === undefined ? {} : { cause })
  })
}


/**
 * How a built-in sender ends one request, once. The returned `settle(outcome)` resumes the caller
 * with the first outcome (the answer, or a failure) and ignores those after, clearing the timer;
 * `settle()` with no outcome ends the request with no resumption (the caller was interrupted). The
 * timer is armed here (none when the timeout is 0): when it elapses, the request fails with
 * stelace.js's `timeout of <ms>ms exceeded`, then `cancel` cancels it on the platform. A sender's
 * `cancel` is also its interruption (`Effect.sync(cancel)`), so a request makes the same closures
 * as when each sender wrote this out.
 */
export const settleOnce = (
  request: RawRequest,
  resume: (effect: Effect.Effect<RawResponse, NetworkError>) => void,
  cancel: () => void
): (outcome?: Effect.Effect<RawResponse, NetworkError>) => void => {
  let done = false
  const settle = (outcome?: Effect.Effect<RawResponse, NetworkError>) => {
    if (done) return
    done = true
    clearTimeout(timer)
    if (outcome !== undefined) resume(outcome)
  }
  const timer = request.timeout > 0
    ? setTimeout(() => {
      settle(Effect.fail(networkError(request, "Timeout", undefined, request.timeout)))
      cancel()
    }, request.timeout)
    : undefined
  return settle
}
