/**
 * The request pipeline, stated once: URL and query string, headers, JSON body, timeout, retries of
 * idempotent calls, and the mapping of answers to results or typed errors.
 *
 * It knows nothing of sessions: callers hand it the access token to send.
 *
 * @internal
 */
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Schedule from "effect/Schedule"
import * as Tracer from "effect/Tracer"
import * as HttpBody from "effect/http/HttpBody"
import * as HttpClient from "effect/http/HttpClient"
import type * as HttpClientError from "effect/http/HttpClientError"
import * as HttpClientRequest from "effect/http/HttpClientRequest"
import { MalformedResponse, NetworkError, ServerError } from "../Errors.js"
import type { Settings } from "./settings.js"
import { isSecretApiKey } from "./settings.js"

/** HTTP methods the API uses. */
export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS"

/**
 * Per-call options: they map to the `x-stelace-version`, `x-stelace-user-id` and
 * `x-stelace-organization-id` headers, overriding the client's settings for one call.
 */
export interface RequestOptions {
  /** API version for this call, e.g. `2019-05-20` for page-based lists. */
  readonly apiVersion?: string | undefined
  /** Act on behalf of this user (needs a secret key or the `...:all` permission). */
  readonly userId?: string | undefined
  /** Organization to act as; `null` removes the client's organization for this call. */
  readonly organizationId?: string | null | undefined
}

/** A request as the pipeline takes it. */
export interface ApiRequest {
  readonly method: Method
  /** Path (with its own query string, if any) starting with `/`, parameters already encoded. */
  readonly path: string
  /** Query parameters, serialized as stelace.js (axios 0.19) did. */
  readonly query?: unknown
  /** JSON body, sent only when it is an object with at least one key (as stelace.js did). */
  readonly body?: unknown
  readonly options?: RequestOptions | undefined
  /** The user's access token; sent in the `Stelace-V1` authorization scheme. */
  readonly accessToken?: string | undefined
}

/** A 2xx answer with its JSON body. */
export interface ApiResponse {
  readonly status: number
  readonly requestId: string | undefined
  readonly headers: Readonly<Record<string, string>>
  readonly body: unknown
}

/** The transport's failures. */
export type TransportError = ServerError | NetworkError | MalformedResponse

/** Sends requests for one client. */
export interface Transport {
  readonly send: (request: ApiRequest) => Effect.Effect<ApiResponse, TransportError>
}

/** What the SDK sends as user agent outside browsers (stable, so refresh tokens stay valid). */
export const DEFAULT_USER_AGENT = "Stelace/0.14.0"

const isBrowser = typeof window === "object"

/** `protocol://host[:port]`, the port left out when it is 80 or 443. */
export const baseUrl = (settings: Settings): string =>
  `${settings.protocol}://${settings.host}${settings.port === 80 || settings.port === 443 ? "" : `:${settings.port}`}`

/** What axios 0.19 left unescaped in query strings (and a space as `+`). */
const axiosKept: Readonly<Record<string, string>> = { "40": "@", "3A": ":", "24": "$", "2C": ",", "20": "+", "5B": "[", "5D": "]" }

const encodeQueryComponent = (value: string): string =>
  encodeURIComponent(value).replace(/%(40|3A|24|2C|20|5B|5D)/g, (_, hex: string) => axiosKept[hex])

/**
 * Serializes a query the way stelace.js did through axios 0.19: null and undefined are left out,
 * arrays repeat `key[]=`, dates become ISO strings and objects JSON.
 */
export const serializeQuery = (query: unknown): string => {
  if (query === null || typeof query !== "object") return ""
  const parts: Array<string> = []
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined) continue
    const name = Array.isArray(value) ? `${key}[]` : key
    for (let item of Array.isArray(value) ? value : [value]) {
      if (item instanceof Date) item = item.toISOString()
      else if (item !== null && typeof item === "object") item = JSON.stringify(item)
      parts.push(`${encodeQueryComponent(name)}=${encodeQueryComponent(String(item))}`)
    }
  }
  return parts.join("&")
}

const hasKeys = (u: unknown): boolean => u !== null && typeof u === "object" && Object.keys(u).length > 0

/** The headers of a request: authorization, user agent and the `x-stelace-*` headers. */
export const requestHeaders = (settings: Settings, request: ApiRequest): Record<string, string> => {
  const headers: Record<string, string> = { accept: "application/json, text/plain, */*" }
  const apiKey = settings.apiKey
  if (request.accessToken && !isSecretApiKey(apiKey)) {
    // stelace.js wrote `apiKey=null` when no key was set; the server then answers 401 either way
    headers.authorization = `Stelace-V1 apiKey=${apiKey ?? null}, token=${request.accessToken}`
  } else if (apiKey) {
    headers.authorization = `Basic ${btoa(`${apiKey}:`)}`
  }
  const userAgent = settings.userAgent ?? (isBrowser ? undefined : DEFAULT_USER_AGENT)
  if (userAgent) headers["user-agent"] = userAgent
  const options = request.options
  const version = options?.apiVersion || settings.apiVersion
  if (version) headers["x-stelace-version"] = version
  const organizationId = options && "organizationId" in options && options.organizationId !== undefined
    ? options.organizationId
    : settings.organizationId
  if (organizationId) headers["x-stelace-organization-id"] = organizationId
  if (options?.userId) headers["x-stelace-user-id"] = options.userId
  if (request.method !== "GET" && hasKeys(request.body)) headers["content-type"] = "application/json;charset=utf-8"
  return headers
}

/** The absolute URL of a request. */
export const requestUrl = (settings: Settings, request: ApiRequest): string => {
  const query = request.method === "GET" ? serializeQuery(request.query) : ""
  const url = baseUrl(settings) + request.path
  return query ? `${url}${url.includes("?") ? "&" : "?"}${query}` : url
}

const idempotent: ReadonlySet<Method> = new Set<Method>(["GET", "PUT", "DELETE", "OPTIONS"])
const transientStatuses: ReadonlySet<number> = new Set([408, 429, 502, 503, 504])
const maxRetryAfterMillis = 60_000

/** Milliseconds a `Retry-After` header asks to wait (delay in seconds, or an HTTP date). */
const retryAfterMillis = (value: string | undefined, now: number): number | undefined => {
  if (!value) return undefined
  const trimmed = value.trim()
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000
  const date = Date.parse(trimmed)
  return Number.isNaN(date) ? undefined : Math.max(0, date - now)
}

const retryAfterOf = (error: unknown, now: number): number | undefined =>
  error instanceof ServerError ? retryAfterMillis(error.headers?.["retry-after"], now) : undefined

const isRetryable = (error: TransportError): boolean => {
  if (error._tag === "NetworkError") return true
  if (error._tag !== "ServerError" || !transientStatuses.has(error.statusCode)) return false
  const wait = retryAfterOf(error, Date.now())
  return wait === undefined || wait <= maxRetryAfterMillis
}

/** Exponential backoff with jitter, never shorter than what `Retry-After` asks for. */
const retrySchedule = /*#__PURE__*/ Schedule.exponential(Duration.millis(250)).pipe(
  Schedule.jittered,
  Schedule.modifyDelay(({ duration, input, now }) => {
    const wait = retryAfterOf(input, now)
    return Effect.succeed(wait === undefined ? duration : Duration.max(duration, Duration.millis(wait)))
  })
)

const headersOf = (headers: Readonly<Record<string, string | undefined>>): Record<string, string> => {
  const out: Record<string, string> = {}
  for (const [key, value] of Object.entries(headers)) if (value !== undefined) out[key] = value
  return out
}

const blank = /^\s*$/

const parseJson = (text: string): { readonly ok: true; readonly value: unknown } | { readonly ok: false } => {
  // an empty answer (204, say) counts as an empty object rather than a malformed body
  if (blank.test(text)) return { ok: true, value: {} }
  try {
    return { ok: true, value: JSON.parse(text) }
  } catch {
    return { ok: false }
  }
}

const networkError = (error: HttpClientError.HttpClientError): NetworkError =>
  new NetworkError({ message: "Network Error", cause: error })

/** Builds the transport of a client over an `HttpClient`. */
export const makeTransport = (client: HttpClient.HttpClient, settings: Settings): Transport => {
  const attempt = (request: ApiRequest): Effect.Effect<ApiResponse, TransportError> => {
    const headers = requestHeaders(settings, request)
    const body = request.method !== "GET" && hasKeys(request.body)
      ? HttpBody.text(JSON.stringify(request.body), "application/json;charset=utf-8")
      : undefined
    const httpRequest = HttpClientRequest.make(request.method)(requestUrl(settings, request), {
      headers,
      ...(body ? { body } : {})
    })
    const exchange = client.execute(httpRequest).pipe(
      Effect.flatMap((response) =>
        Effect.map(response.text, (text) => {
          const responseHeaders = headersOf(response.headers)
          const meta = { status: response.status, requestId: responseHeaders["x-request-id"] }
          const parsed = parseJson(text)
          if (response.status < 200 || response.status >= 300) {
            return ServerError.fromResponse({ ...meta, headers: responseHeaders, body: parsed.ok ? parsed.value : text })
          }
          if (!parsed.ok) {
            return MalformedResponse.fromText({ ...meta, contentType: responseHeaders["content-type"] }, text)
          }
          return { ...meta, headers: responseHeaders, body: parsed.value } satisfies ApiResponse
        })
      ),
      Effect.mapError(networkError),
      Effect.flatMap((result) =>
        result instanceof ServerError || result instanceof MalformedResponse ? Effect.fail(result) : Effect.succeed(result)
      )
    )
    const timeout = settings.timeout
    const timed = timeout > 0
      ? Effect.timeoutOrElse(exchange, {
        duration: Duration.millis(timeout),
        orElse: () => Effect.fail(new NetworkError({ message: `timeout of ${timeout}ms exceeded` }))
      })
      : exchange
    // no HTTP span and no trace headers unless asked for: browsers' CORS preflight refuses the
    // headers, and spans cost a third of a call when nothing collects them
    return settings.tracePropagation === false ? Effect.provideService(timed, Tracer.DisablePropagation, true) : timed
  }

  return {
    send: (request) => {
      const once = Effect.suspend(() => attempt(request))
      const times = settings.maxRetries
      if (!idempotent.has(request.method) || times <= 0) return once
      // The retry policy is set up only once the first attempt has failed (most calls succeed):
      // the retried effect fails with that first error once, then attempts again, so the attempts
      // and delays are those of `Effect.retry(once, ...)`.
      return Effect.catch(once, (error) => {
        if (!isRetryable(error)) return Effect.fail(error)
        let replayed = false
        const again = Effect.suspend(() => {
          if (replayed) return once
          replayed = true
          return Effect.fail(error)
        })
        return Effect.retry(again, { schedule: retrySchedule, times, while: isRetryable })
      })
    }
  }
}
