/**
 * What a failed request is called: the `NetworkError` of a transport's failure, its reason read
 * from the platform's error code (Node's, undici's, the browser's), and its message in
 * stelace.js's words.
 */
import type { NetworkErrorReason } from "../../Errors.js"
import { NetworkError } from "../../Errors.js"

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
  request: { readonly method: string; readonly url: string },
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
