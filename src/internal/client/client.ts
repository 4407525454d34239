/**
 * The one client every face runs on: the call pipeline, stated once over the `HttpClient` in
 * context, as effect's own provider clients state theirs.
 *
 * - The request of a call is built with `HttpClientRequest` (`requests.ts`).
 * - The user's access token is added with `mapRequestEffect`, from the `Session` in context.
 * - Each attempt's answer is read within the client's `timeout` (`Effect.timeoutOrElse`).
 * - An error status fails as `ServerError`; a failed exchange as `NetworkError`.
 * - Idempotent calls are retried on transient failures, on a `Schedule`.
 *
 * Then a call's answer becomes its result, decoded when decoding was asked for, and the auth
 * routes write the session.
 */
import * as Context from "effect/Context"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Schedule from "effect/Schedule"
import * as SubscriptionRef from "effect/SubscriptionRef"
import * as HttpClient from "effect/http/HttpClient"
import * as HttpClientError from "effect/http/HttpClientError"
import type * as HttpClientRequest from "effect/http/HttpClientRequest"
import type * as HttpClientResponse from "effect/http/HttpClientResponse"
import type { DecodeError, StelaceError } from "../../Errors.js"
import { HookError, InvalidArgument, MalformedResponse, type NetworkError, ServerError } from "../../Errors.js"
import { Session } from "../../Session.js"
import type { Tokens } from "../../TokenStore.js"
import { wellFormed } from "../../TokenStore.js"
import type { Invocation, RequestOptions } from "../pipeline/arguments.js"
import { buildPath, checkArguments, unreadable } from "../pipeline/arguments.js"
import type { CallRequest } from "../pipeline/requests.js"
import { buildRequest, withAccessToken } from "../pipeline/requests.js"
import { toPage, withLastResponse } from "../pipeline/results.js"
import type { AnyEndpoint, Method } from "../routes/model.js"
import { decodeAccessToken } from "../session/accessToken.js"
import { limitHook } from "../session/hooks.js"
import { SessionWriter } from "../session/writer.js"
import { networkError, reasonOf } from "../wire/networkErrors.js"
import type { Options, Settings } from "./settings.js"
import { DEFAULT_TIMEOUT, inBrowser, resolveSettings } from "./settings.js"
import type { RefreshError } from "./StelaceClient.js"
import { StelaceClient } from "./StelaceClient.js"

/** Decodes the result of one call of an endpoint (`Schemas.layerDecoding`). */
export type ResultDecoder = (endpoint: AnyEndpoint, result: unknown) => Effect.Effect<unknown, DecodeError>

/**
 * Per-call options applied to every call of an effect (and to every page of a `paginate` stream).
 * Options passed to a call itself take precedence.
 */
export const CurrentRequestOptions = /*#__PURE__*/ Context.Reference<RequestOptions>("stelace-effect/CurrentRequestOptions", {
  defaultValue: () => ({})
})

/**
 * How results are decoded: absent by default (results are the bodies as the server sent them).
 * Read where each call runs, unless the client was built with a decoder in its context; so
 * `Schemas.layerDecoding` works provided to the client layer, merged beside it, or provided to
 * the program.
 */
export const CurrentResultDecoder = /*#__PURE__*/ Context.Reference<ResultDecoder | undefined>(
  "stelace-effect/CurrentResultDecoder",
  { defaultValue: () => undefined }
)

const idempotent: ReadonlySet<string> = new Set<Method>(["GET", "PUT", "DELETE", "OPTIONS"])
const transientStatuses: ReadonlySet<number> = new Set([408, 429, 502, 503, 504])
const maxRetryAfterMillis = 60_000

/** Milliseconds a `Retry-After` header asks to wait (a delay in seconds, or an HTTP date). */
const retryAfterMillis = (error: unknown, now: number): number | undefined => {
  const value = error instanceof ServerError ? error.headers["retry-after"]?.trim() : undefined
  if (!value) return undefined
  if (/^\d+$/.test(value)) return Number(value) * 1000
  const date = Date.parse(value)
  return Number.isNaN(date) ? undefined : Math.max(0, date - now)
}

/**
 * What a retry may cure: a failed exchange (but a redirect, which the SDK never follows), or a
 * 408, 429, 502, 503 or 504 whose `Retry-After` asks for a minute at most.
 */
const isTransient = (error: StelaceError): boolean => {
  if (error._tag === "NetworkError") return error.reason._tag !== "Redirect"
  if (error._tag !== "ServerError" || !transientStatuses.has(error.statusCode)) return false
  const wait = retryAfterMillis(error, Date.now())
  return wait === undefined || wait <= maxRetryAfterMillis
}

/** Exponential from 250 ms, jittered (±20%), never shorter than what `Retry-After` asks. */
const backoff = /*#__PURE__*/ Schedule.exponential(250).pipe(
  Schedule.jittered,
  Schedule.modifyDelay(({ duration, input, now }) => {
    const wait = retryAfterMillis(input, now)
    return Effect.succeed(wait === undefined ? duration : Duration.max(duration, Duration.millis(wait)))
  })
)

/**
 * An SSO code is a user's login: in a browser it is exchanged with a publishable key, so that the
 * session is the user's. Even where a trusted page holds a secret key
 * (`dangerouslyAllowSecretKeyInBrowser`), the SDK never sends one with a code.
 */
const codeWithSecretKey = () =>
  new InvalidArgument({
    message: "Stelace: an SSO code is exchanged with a publishable key (pubk_...), never with a secret key in a browser",
    reason: { _tag: "SecretKey" }
  })

const blank = /^\s*$/

/** A body as JSON, the text when it is not JSON, and an empty one (a 204) as `{}`. */
const parseBody = (text: string): { readonly json: boolean; readonly body: unknown } => {
  if (blank.test(text)) return { json: true, body: {} }
  try {
    return { json: true, body: JSON.parse(text) }
  } catch {
    return { json: false, body: text }
  }
}

/** The `NetworkError` of an exchange that failed, or the `ServerError` of an answer an application's `HttpClient` refused. */
const failedExchange = (error: HttpClientError.HttpClientError): Effect.Effect<never, NetworkError | ServerError> => {
  const request = error.reason.request
  const reason = error.reason
  if (reason._tag === "StatusCodeError") {
    const response = reason.response
    return Effect.flatMap(
      Effect.mapError(response.text, (read) => networkError(request, reasonOf(read), read)),
      (text) => Effect.fail(ServerError.fromResponse({ status: response.status, requestId: response.headers["x-request-id"], headers: response.headers, body: parseBody(text).body }))
    )
  }
  const cause = "cause" in reason ? reason.cause : undefined
  return Effect.fail(networkError(request, reasonOf(cause), cause))
}

type Response = HttpClientResponse.HttpClientResponse

/** What an attempt fails with before its transport's failures are named. */
type AttemptError = HttpClientError.HttpClientError | NetworkError | ServerError

/** Builds the client over the `HttpClient` in context. Fails with `InvalidArgument` on a bad option. */
export const make = (options: Options | undefined): Effect.Effect<StelaceClient["Service"], InvalidArgument, HttpClient.HttpClient> =>
  Effect.flatMap(
    Effect.try({ try: () => resolveSettings(options), catch: (error) => error as InvalidArgument }),
    makeWith
  )

/** Builds the client with these settings over the `HttpClient` in context. */
export const makeWith = Effect.fnUntraced(function*(initial: Settings) {
  const settings = yield* SubscriptionRef.make(initial)
  const http = yield* HttpClient.HttpClient
  // a decoder in the context the client is built in decodes every call
  const decode = yield* CurrentResultDecoder

  /** Each answer read whole, within the attempt; an error status fails as `ServerError`. */
  const readAnswer = (
    effect: Effect.Effect<Response, HttpClientError.HttpClientError>,
    request: HttpClientRequest.HttpClientRequest
  ): Effect.Effect<Response, AttemptError> =>
    Effect.flatMap(effect, (response): Effect.Effect<Response, AttemptError> => {
      // a browser hides a redirect from scripts (an opaque answer): the SDK never follows one
      if (response.status === 0) return Effect.fail(networkError(request, "Redirect"))
      if (response.status >= 200 && response.status < 300) return Effect.as(response.text, response)
      return Effect.flatMap(response.text, (text) => {
        const headers = response.headers
        return Effect.fail(ServerError.fromResponse({ status: response.status, requestId: headers["x-request-id"], headers, body: parseBody(text).body }))
      })
    })

  /** Each attempt within the client's timeout, stelace.js's message when it elapses. */
  const withinTimeout = (
    effect: Effect.Effect<Response, AttemptError>,
    request: HttpClientRequest.HttpClientRequest
  ): Effect.Effect<Response, AttemptError> =>
    Effect.suspend(() => {
      const { timeout } = SubscriptionRef.getUnsafe(settings)
      return timeout > 0
        ? Effect.timeoutOrElse(effect, { duration: timeout, orElse: () => Effect.fail(networkError(request, "Timeout", undefined, timeout)) })
        : effect
    })

  /**
   * Idempotent calls retried on transient failures, `maxRetries` times at most. Most calls succeed:
   * the retry policy starts after a first failure, which it then sees first.
   */
  const retryIdempotent = (
    effect: Effect.Effect<Response, ServerError | NetworkError>,
    request: HttpClientRequest.HttpClientRequest
  ): Effect.Effect<Response, ServerError | NetworkError> =>
    idempotent.has(request.method)
      ? Effect.catch(effect, (first) => {
        const { maxRetries } = SubscriptionRef.getUnsafe(settings)
        if (maxRetries <= 0 || !isTransient(first)) return Effect.fail(first)
        let failed: ServerError | NetworkError | undefined = first
        const attempt = Effect.suspend(() => {
          const error = failed
          failed = undefined
          return error === undefined ? effect : Effect.fail(error)
        })
        return Effect.retry(attempt, { schedule: backoff, times: maxRetries, while: isTransient })
      })
      : effect

  /** The trace headers go only when asked for: browsers' CORS preflight refuses them. */
  const withTracePropagation = (effect: Effect.Effect<Response, HttpClientError.HttpClientError>) =>
    Effect.suspend(() =>
      Effect.provideService(effect, HttpClient.TracerPropagationEnabled, SubscriptionRef.getUnsafe(settings).tracePropagation === true)
    )

  const api = http.pipe(
    HttpClient.transform(withTracePropagation),
    HttpClient.transform(readAnswer),
    HttpClient.transform(withinTimeout),
    HttpClient.catch((error: AttemptError) => HttpClientError.isHttpClientError(error) ? failedExchange(error) : Effect.fail(error)),
    HttpClient.transform(retryIdempotent)
  )

  /** `api`, as the user of the `Session` in context: their access token, refreshed first when needed. */
  const asUser = api.pipe(
    HttpClient.mapRequestEffect((request) =>
      Effect.suspend(() => {
        const current = SubscriptionRef.getUnsafe(settings)
        if (current.wire.secretKey) return Effect.succeed(request)
        return Effect.flatMap(Effect.flatMap(Session, (session) => session.accessToken), (token) => {
          const authorized = withAccessToken(request, current, token)
          return authorized instanceof InvalidArgument ? Effect.fail(authorized) : Effect.succeed(authorized)
        })
      })
    )
  )

  /** The result of an answer: its body (or page) with its `lastResponse`, decoded when asked. */
  const resultOf = (endpoint: AnyEndpoint, response: HttpClientResponse.HttpClientResponse, decoder: ResultDecoder | undefined) =>
    Effect.flatMap(
      Effect.mapError(response.text, (error) => networkError(error.request, reasonOf(error), error)),
      (text): Effect.Effect<unknown, StelaceError> => {
        const lastResponse = { requestId: response.headers["x-request-id"], statusCode: response.status }
        const { body, json } = parseBody(text)
        if (!json) {
          return Effect.fail(MalformedResponse.fromAnswer({
            reason: { _tag: "NotJson" },
            message: `Expected a JSON body, got ${response.headers["content-type"] ?? "no content type"} (status ${response.status})`,
            lastResponse,
            body: text
          }))
        }
        const result = endpoint.kind === "list" ? toPage(body, lastResponse) : withLastResponse(body, lastResponse)
        if (result instanceof MalformedResponse) return Effect.fail(result)
        return decoder ? decoder(endpoint, result) : Effect.succeed(result)
      }
    )

  /**
   * An auth route (login, token grants, logout): sent with the stored tokens as they are (never
   * refreshed first; none with a secret key), then the session written. A grant answering no
   * refresh token (a refresh or an impersonation) keeps the stored one, so the session outlives
   * the new access token.
   */
  const authCall = (endpoint: AnyEndpoint, call: CallRequest, current: Settings, decoder: ResultDecoder | undefined) =>
    Effect.gen(function*() {
      if (current.wire.secretKey && (call.input as { grantType?: unknown } | undefined)?.grantType === "authorizationCode" && inBrowser()) {
        return yield* codeWithSecretKey()
      }
      const stored = current.wire.secretKey ? undefined : yield* (yield* Session).tokens
      const refreshToken = endpoint.session === "logout" ? stored?.refreshToken : undefined
      const request = buildRequest(refreshToken ? { ...call, input: { ...(call.input as object), refreshToken } } : call, current)
      if (request instanceof InvalidArgument) return yield* request
      const token = stored !== undefined && decodeAccessToken(stored.accessToken) ? stored.accessToken : undefined
      const authorized = withAccessToken(request, current, token)
      if (authorized instanceof InvalidArgument) return yield* authorized
      const result = yield* resultOf(endpoint, yield* api.execute(authorized), undefined)
      const writer = yield* Effect.serviceOption(SessionWriter)
      if (writer._tag === "Some") {
        if (endpoint.session === "logout") {
          yield* writer.value.clear
        } else if (result !== null && typeof result === "object" && !Array.isArray(result)) {
          const answer = result as Tokens
          yield* writer.value.set(answer.refreshToken === undefined && stored !== undefined ? { ...stored, ...answer } : answer)
        }
      }
      return decoder ? yield* decoder(endpoint, result) : result
    })

  const call = (endpoint: AnyEndpoint, invocation: Invocation): Effect.Effect<unknown, StelaceError, Session> => {
    const path = buildPath(endpoint, invocation.params)
    if (typeof path !== "string") return Effect.fail(path)
    let input: unknown
    try {
      const invalid = checkArguments(endpoint, invocation)
      if (invalid) return Effect.fail(invalid)
      input = endpoint.prepare ? endpoint.prepare((invocation.input as Record<string, unknown> | undefined) ?? {}) : invocation.input
    } catch (error) {
      // an argument whose reading throws (a proxy, a getter) is refused like any bad argument
      return Effect.fail(unreadable(endpoint, error))
    }
    return Effect.withFiber((fiber) => {
      const defaults = fiber.getRef(CurrentRequestOptions)
      const decoder = decode ?? fiber.getRef(CurrentResultDecoder)
      const options = invocation.options ? { ...defaults, ...invocation.options } : defaults
      const callRequest: CallRequest = { method: endpoint.method, path, input, bodyRequired: endpoint.bodyRequired, options }
      // the settings as the call starts: a setter of the Promise facade applies to the next call
      const current = SubscriptionRef.getUnsafe(settings)
      if (endpoint.session !== undefined) return authCall(endpoint, callRequest, current, decoder)
      const request = buildRequest(callRequest, current)
      if (request instanceof InvalidArgument) return Effect.fail(request)
      return Effect.flatMap(asUser.execute(request), (response) => resultOf(endpoint, response, decoder))
    })
  }

  /** `POST /auth/token` with the refresh token: `from`, with the new access token. */
  const refreshWithServer = (from: Tokens, current: Settings): Effect.Effect<Tokens, RefreshError> => {
    const request = buildRequest({ method: "POST", path: "/auth/token", input: { refreshToken: from.refreshToken, grantType: "refreshToken" } }, current)
    if (request instanceof InvalidArgument) return Effect.fail(request)
    return Effect.flatMap(api.execute(request), (response) =>
      Effect.flatMap(resultOf({ method: "POST", path: "/auth/token", kind: "object", params: [] }, response, undefined), (answer) => {
        const accessToken = (answer as { accessToken?: unknown } | null)?.accessToken
        if (typeof accessToken === "string") return Effect.succeed({ ...from, accessToken })
        return Effect.fail(MalformedResponse.fromAnswer({
          reason: { _tag: "NoAccessToken" },
          message: "Expected the refresh answer to hold an accessToken",
          lastResponse: { statusCode: response.status, requestId: response.headers["x-request-id"] },
          body: ""
        }))
      })) as Effect.Effect<Tokens, RefreshError>
  }

  const refresh = (from: Tokens): Effect.Effect<Tokens | undefined, RefreshError> =>
    Effect.flatMap(SubscriptionRef.get(settings), (current) => {
      const hook = current.beforeRefreshToken
      if (hook === undefined) return refreshWithServer(from, current)
      // the hook's tokens are stored as they are; none keeps the session as it is
      return limitHook("beforeRefreshToken", current.timeout || DEFAULT_TIMEOUT, Effect.suspend(() => hook(from))).pipe(
        Effect.flatMap((result) => {
          if (result === null || typeof result !== "object") return Effect.succeed(undefined)
          const tokens = wellFormed(result)
          return tokens
            ? Effect.succeed(tokens)
            : Effect.fail(
              new HookError({
                message: "Stelace: beforeRefreshToken answered tokens whose accessToken or refreshToken is not a string",
                hook: "beforeRefreshToken",
                reason: { _tag: "Failed" }
              })
            )
        })
      )
    })

  return StelaceClient.of({ settings, call, refresh })
})
