/**
 * The request pipeline, stated once: URL and query string, headers, JSON body, timeout, retries of
 * idempotent calls, and the mapping of answers to results or typed errors.
 *
 * It sends through a `Sender`: a built-in transport (node:http, fetch; its own timer for the
 * timeout) or any `HttpClient` (through `HttpClient.execute`, with effect's timeout).
 *
 * It knows nothing of sessions: callers hand it the access token to send.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Random from "effect/Random"
import type { NetworkError } from "../../Errors.js"
import { InvalidArgument, MalformedResponse, ServerError } from "../../Errors.js"
import type { RawRequest, RawResponse, Sender } from "./rawSender.js"
import type { Settings, SettingsRef } from "../client/settings.js"
import { invalidHeaderValue } from "../client/settings.js"

/** HTTP methods the API uses. */
export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS"

/**
 * Per-call options: they map to the `x-stelace-version`, `x-stelace-user-id` and
 * `x-stelace-organization-id` headers, overriding the client's settings for one call, and add
 * headers of your own.
 */
export interface RequestOptions {
  /** API version for this call, e.g. `2019-05-20` for page-based lists. */
  readonly apiVersion?: string | undefined
  /** Act on behalf of this user (needs a secret key or the `...:all` permission). */
  readonly userId?: string | undefined
  /** Organization to act as; `null` removes the client's organization for this call. */
  readonly organizationId?: string | null | undefined
  /**
   * Headers of your own (a trace or tenant id for a proxy, say); only through
   * `Stelace.withRequestOptions` (and the Promise facade's options object), which check them where
   * they are given and make their names lower-case (`customHeaders.ts`).
   */
  readonly headers?: Readonly<Record<string, string>> | undefined
}

/** A request as the pipeline takes it. */
export interface ApiRequest {
  readonly method: Method
  /** Path (with its own query string, if any) starting with `/`, parameters already encoded. */
  readonly path: string
  /** Query parameters, serialized as stelace.js (axios 0.19) did. */
  readonly query?: unknown
  /** JSON body, sent only when it is an object with at least one key (as stelace.js did)... */
  readonly body?: unknown
  /** ...or always, `{}` at least, for routes whose server requires one. */
  readonly bodyRequired?: boolean | undefined
  readonly options?: RequestOptions | undefined
  /** The user's access token; sent in the `Stelace-V1` authorization scheme. */
  readonly accessToken?: string | undefined
}

/** A 2xx answer with its JSON body. */
export interface ApiResponse {
  readonly status: number
  readonly requestId: string | undefined
  readonly body: unknown
}

/** The transport's failures (`InvalidArgument`: the request could not be put on the wire). */
export type TransportError = ServerError | NetworkError | MalformedResponse | InvalidArgument

/** Sends requests for one client. */
export interface Transport {
  readonly send: (request: ApiRequest) => Effect.Effect<ApiResponse, TransportError>
}

/** What axios 0.19 left unescaped in query strings (and a space as `+`). */
const axiosKept: Readonly<Record<string, string>> = { "40": "@", "3A": ":", "24": "$", "2C": ",", "20": "+", "5B": "[", "5D": "]" }

const plain = /^[\w.~-]*$/

const encodeQueryComponent = (value: string): string =>
  plain.test(value) ? value : encodeURIComponent(value).replace(/%(40|3A|24|2C|20|5B|5D)/g, (_, hex: string) => axiosKept[hex])

/**
 * Serializes a query the way stelace.js did through axios 0.19: null and undefined are left out,
 * arrays repeat `key[]=`, dates become ISO strings and objects JSON.
 */
export const serializeQuery = (query: unknown): string => {
  if (query === null || typeof query !== "object") return ""
  let out = ""
  for (const key of Object.keys(query)) {
    const value = (query as Record<string, unknown>)[key]
    if (value === null || value === undefined) continue
    const name = encodeQueryComponent(Array.isArray(value) ? `${key}[]` : key)
    for (let item of Array.isArray(value) ? value : [value]) {
      if (item instanceof Date) item = item.toISOString()
      else if (item !== null && typeof item === "object") item = JSON.stringify(item)
      out += `${out ? "&" : ""}${name}=${encodeQueryComponent(String(item))}`
    }
  }
  return out
}

const hasKeys = (u: unknown): boolean => u !== null && typeof u === "object" && Object.keys(u).length > 0

/** The headers of a request: the constant ones, authorization, and the per-call options. */
const requestHeaders = (settings: Settings, request: ApiRequest, withBody: boolean): Record<string, string> => {
  const wire = settings.wire
  const headers: Record<string, string> = { ...wire.headers }
  if (request.accessToken && !wire.secretKey) headers.authorization = wire.tokenAuthPrefix + request.accessToken
  else if (wire.basicAuth) headers.authorization = wire.basicAuth
  const options = request.options
  if (options !== undefined) {
    if (options.apiVersion) headers["x-stelace-version"] = options.apiVersion
    if (options.organizationId !== undefined) {
      if (options.organizationId) headers["x-stelace-organization-id"] = options.organizationId
      else delete headers["x-stelace-organization-id"]
    }
    if (options.userId) headers["x-stelace-user-id"] = options.userId
    if (options.headers !== undefined) Object.assign(headers, options.headers)
  }
  if (withBody) headers["content-type"] = "application/json;charset=utf-8"
  return headers
}

const badValue = (value: unknown) => value != null && (typeof value !== "string" || invalidHeaderValue.test(value))

/**
 * The first header of this call whose value a request cannot carry, if any. The client's own
 * values were checked with the settings; this call's are the token and the per-call options.
 */
const badHeader = (request: ApiRequest): string | undefined => {
  if (badValue(request.accessToken)) return "authorization"
  const options = request.options
  if (options === undefined) return undefined
  if (badValue(options.apiVersion)) return "x-stelace-version"
  if (badValue(options.userId)) return "x-stelace-user-id"
  return badValue(options.organizationId) ? "x-stelace-organization-id" : undefined
}

/** Characters a request line cannot carry as they are (spaces, controls, non-ASCII). */
const unsafeInPath = /[^\x21-\x7e]/
const unsafeRuns = /[^\x21-\x7e]+/g

/** The path with what a request line cannot carry percent-encoded, as URL parsers (and stelace.js) did. */
const encodePath = (path: string): string => path.replace(unsafeRuns, encodeURIComponent)

/** Why a request cannot be put on the wire, naming it (its path without the query string). */
const refuse = (request: ApiRequest, why: string) =>
  new InvalidArgument({ message: `Stelace: ${why} (on API request to ${request.method} ${request.path.split("?")[0]})` })

/** The first line of an error's message (JSON's cycle error goes on for lines). */
const describeError = (error: unknown) => error instanceof Error ? error.message.split("\n")[0] : typeof error

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

const isRetryable = (error: TransportError, now: number): boolean => {
  if (error._tag === "NetworkError") return error.reason._tag !== "Redirect"
  if (error._tag !== "ServerError" || !transientStatuses.has(error.statusCode)) return false
  const wait = retryAfterOf(error, now)
  return wait === undefined || wait <= maxRetryAfterMillis
}

/**
 * The delay before retry `n` (from 0): exponential from 250 ms with ±20% jitter, and never shorter
 * than what `Retry-After` asks. Written out rather than built with `Schedule` (whose combinators
 * weigh 1.1 KB gzip in a browser bundle); the jitter comes from Effect's `Random` and the waiting
 * is `Effect.sleep`, so `Random.withSeed` and `TestClock` drive both in tests.
 */
const retryDelay = (error: TransportError, n: number, now: number, random: number): number => {
  const backoff = 250 * 2 ** n * (0.8 + random * 0.4)
  const wait = retryAfterOf(error, now)
  return wait === undefined ? backoff : Math.max(backoff, wait)
}

const blank = /^\s*$/

/** The answer as a result, or the typed failure it stands for. */
const toResult = (response: RawResponse): Effect.Effect<ApiResponse, ServerError | MalformedResponse> => {
  const { status, text } = response
  const requestId = response.header("x-request-id")
  let body: unknown
  let parsed = true
  // an empty answer (204, say) counts as an empty object rather than a malformed body
  if (text.length === 0 || blank.test(text)) {
    body = {}
  } else {
    try {
      body = JSON.parse(text)
    } catch {
      parsed = false
      body = text
    }
  }
  if (status < 200 || status >= 300) {
    return Effect.fail(ServerError.fromResponse({ status, requestId, headers: response.headers(), body }))
  }
  if (!parsed) {
    return Effect.fail(MalformedResponse.fromText({ status, requestId, contentType: response.header("content-type") }, text))
  }
  return Effect.succeed({ status, requestId, body })
}

/**
 * Builds the transport of a client over a sender. Every request reads the settings in force as it
 * is sent, so the Promise facade's setters apply to the next call.
 */
export const makeTransport = (sender: Sender, settings: SettingsRef): Transport => {
  /** The request as it goes on the wire, or why it cannot (an input JSON cannot serialize, a header value with a line break). */
  const build = (request: ApiRequest, current: Settings): RawRequest | InvalidArgument => {
    const wire = current.wire
    const isGet = request.method === "GET"
    let base = request.path
    if (unsafeInPath.test(base)) {
      try {
        base = encodePath(base)
      } catch {
        return refuse(request, "the path must be a well-formed string (it holds a lone surrogate)")
      }
    }
    let raw: RawRequest
    try {
      const withBody = !isGet && (hasKeys(request.body) || request.bodyRequired === true)
      const query = isGet ? serializeQuery(request.query) : ""
      const path = query ? `${base}${base.includes("?") ? "&" : "?"}${query}` : base
      raw = {
        method: request.method,
        url: wire.origin + path,
        secure: wire.secure,
        hostname: wire.hostname,
        port: wire.port,
        path,
        headers: requestHeaders(current, request, withBody),
        body: withBody ? JSON.stringify(request.body ?? {}) : undefined,
        timeout: current.timeout
      }
    } catch (error) {
      return refuse(request, `the ${isGet ? "query" : "body"} cannot be sent: ${describeError(error)}`)
    }
    // never quote the value: it may be the authorization header
    const header = badHeader(request)
    return header === undefined ? raw : refuse(request, `the "${header}" header cannot carry its value (a string without line breaks nor control characters is expected)`)
  }

  const attempt = (request: ApiRequest): Effect.Effect<ApiResponse, TransportError> => {
    const raw = build(request, settings.current)
    if (raw instanceof InvalidArgument) return Effect.fail(raw)
    return Effect.flatMap(sender(raw), toResult)
  }

  return {
    send: (request) => {
      const once = Effect.suspend(() => attempt(request))
      const times = settings.current.maxRetries
      if (!idempotent.has(request.method) || times <= 0) return once
      // most calls succeed: nothing about retries runs before a first failure
      const retry = (error: TransportError, n: number): Effect.Effect<ApiResponse, TransportError> =>
        Effect.withFiber((fiber) => {
          const now = fiber.getRef(Clock.Clock).currentTimeMillisUnsafe()
          return n >= times || !isRetryable(error, now)
            ? Effect.fail(error)
            : Effect.andThen(
              Effect.sleep(retryDelay(error, n, now, fiber.getRef(Random.Random).nextDoubleUnsafe())),
              Effect.catch(once, (next) => retry(next, n + 1))
            )
        })
      return Effect.catch(once, (error) => retry(error, 0))
    }
  }
}
