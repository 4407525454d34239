/**
 * The typed failures of every Stelace call and of Stelace Signal: one family, in one module.
 *
 * Every error is an `Error`, an instance of `StelaceError`, and carries a `_tag` and a tagged
 * `reason`, so Effect code can `Effect.catchTag("ServerError", ...)` or
 * `Effect.catchReason("ServerError", "NotFound", ...)`, and the Promise facade rejects with the
 * same instances. No error carries the API key or a user's token.
 *
 * `JSON.stringify(error)` gives its `_tag`, message, fields and reason (never its `cause`), and
 * `fromJSON` rebuilds the error from that: `stelace-effect/Schemas` derives the errors' schemas
 * from this pair, for RPC or HttpApi error channels. Printed by Node (`console.log`, a crash), an
 * error shows its class name, message, stack and fields.
 *
 * @since 0.1.0
 */
import * as Data from "effect/Data"
import { inspectSymbol } from "./internal/inspect.js"

/**
 * The status code and request id of an HTTP answer, attached as a non-enumerable `lastResponse`
 * property to results and server errors.
 */
export interface LastResponse {
  readonly requestId: string | undefined
  readonly statusCode: number
}

/** A value carrying the `lastResponse` of the call that produced it. */
export interface WithLastResponse {
  readonly lastResponse: LastResponse
}

/** @internal */
export const defineHidden = (target: object, key: string, value: unknown): void => {
  Object.defineProperty(target, key, { value, enumerable: false, writable: false, configurable: true })
}

type Inspect = (value: unknown, options?: unknown) => string

/** The fields an error shows beyond its tag and message: its own enumerable keys, its reason, its cause. */
const fieldsOf = (error: Base): Record<string, unknown> => {
  const { _tag, message, ...fields }: Record<string, unknown> = { ...error, reason: error.reason, cause: error.cause }
  for (const key in fields) if (fields[key] === undefined) delete fields[key]
  return fields
}

/** The base of every error of the SDK; `StelaceError` below is this class, typed as the union. */
abstract class Base extends Data.Error<{ readonly message: string }> {
  abstract readonly _tag: string
  abstract readonly reason: { readonly _tag: string }

  /** `{ _tag, message, ...fields, reason }`: what a log or an RPC peer needs, and what `fromJSON` reads; never the `cause`. */
  override toJSON(): Record<string, unknown> {
    const { cause, ...fields } = fieldsOf(this)
    return { _tag: this._tag, message: this.message, ...fields }
  }

  /** Prints as Node prints any `Error` (class, message, stack), then the fields and the cause. */
  [inspectSymbol](_depth: number, options: unknown, inspect?: Inspect): string {
    const stack = typeof this.stack === "string" && this.stack.length > 0 ? this.stack : `${this.name}: ${this.message}`
    const fields = fieldsOf(this)
    if (Object.keys(fields).length === 0 || typeof inspect !== "function") return stack
    return `${stack} ${inspect(fields, options)}`
  }
}

/** The class of the error tagged `Tag` with the fields `A`; its prototype's `name` is the tag. */
// biome-ignore lint/suspicious/noExplicitAny: an error's fields may be of any type; `unknown` would refuse interfaces without an index signature
const tagged = <Tag extends string>(tag: Tag): new<A extends Record<string, any>>(
  args: { readonly [K in keyof A as K extends "_tag" ? never : K]: A[K] }
) => Base & { readonly _tag: Tag } & Readonly<A> => {
  abstract class Tagged extends Base {
    readonly _tag = tag
  }
  ;(Tagged.prototype as { name: string }).name = tag
  // biome-ignore lint/suspicious/noExplicitAny: the class is generic in its fields, which a class expression cannot declare
  return Tagged as any
}

/** Keys a response body must not overwrite on an error instance. */
const reservedKeys = new Set(["_tag", "name", "stack", "cause", "reason", "lastResponse", "body", "headers", "requestId", "__proto__"])

/**
 * What a `ServerError`'s status says, for `Effect.catchReason("ServerError", "NotFound", ...)`:
 * - `Validation`: 400 or 422, the input was refused (the message says which field, which rule);
 * - `Unauthorized`: 401, no valid API key or token;
 * - `Forbidden`: 403, the key or user may not do this;
 * - `NotFound`: 404;
 * - `Conflict`: 409;
 * - `RateLimited`: 429, with the `retry-after` header's seconds when there was one;
 * - `Unavailable`: 502, 503 or 504, the server or a proxy could not answer for now;
 * - `Internal`: any other 5xx;
 * - `Other`: any other status.
 */
export type ServerErrorReason =
  | { readonly _tag: "Validation" }
  | { readonly _tag: "Unauthorized" }
  | { readonly _tag: "Forbidden" }
  | { readonly _tag: "NotFound" }
  | { readonly _tag: "Conflict" }
  | { readonly _tag: "RateLimited"; readonly retryAfter: number | undefined }
  | { readonly _tag: "Unavailable" }
  | { readonly _tag: "Internal" }
  | { readonly _tag: "Other" }

const statusReasons: Readonly<Record<number, ServerErrorReason["_tag"]>> = {
  400: "Validation",
  401: "Unauthorized",
  403: "Forbidden",
  404: "NotFound",
  409: "Conflict",
  422: "Validation",
  502: "Unavailable",
  503: "Unavailable",
  504: "Unavailable"
}

const serverErrorReason = (status: number, retryAfter: string | undefined): ServerErrorReason => {
  const seconds = Number(retryAfter)
  return status === 429
    ? { _tag: "RateLimited", retryAfter: retryAfter && seconds >= 0 && seconds < Infinity ? seconds : undefined }
    : { _tag: statusReasons[status] ?? (status > 499 && status < 600 ? "Internal" : "Other") } as ServerErrorReason
}

/** An HTTP answer, as `ServerError.fromResponse` takes it. */
export interface ErrorResponse {
  readonly status: number
  readonly requestId: string | undefined
  /** The answer's headers, with lower-case names. */
  readonly headers?: Readonly<Record<string, string>> | undefined
  /** The parsed JSON body, or the text when it was not JSON. */
  readonly body: unknown
}

/**
 * A non-2xx answer from the API.
 *
 * The body's fields (`message`, `statusCode`, `data`, `code`, ...) are the error's own enumerable
 * properties, as stelace.js had them; `statusCode` is always set (from the HTTP status when the
 * body lacks it), `requestId` comes from the `x-request-id` header, and `body` keeps the raw body.
 * `reason` says what the status means (see `ServerErrorReason`).
 */
export class ServerError extends /*#__PURE__*/ tagged("ServerError")<{
  readonly message: string
  readonly statusCode: number
  readonly data?: unknown
  readonly code?: string
}> {
  /** The `x-request-id` header of the answer (the real server sets it only on successes). */
  declare readonly requestId: string | undefined
  /** The parsed JSON body, or the text when it was not JSON. */
  declare readonly body: unknown
  /** Status code and request id, as on successful results. */
  declare readonly lastResponse: LastResponse
  /** The answer's headers (lower-case names), e.g. `retry-after`. */
  declare readonly headers: Readonly<Record<string, string>>

  /** What the status means (a getter: the own enumerable keys stay the body's, as stelace.js had them). */
  get reason(): ServerErrorReason {
    return serverErrorReason(this.statusCode, this.headers?.["retry-after"])
  }

  override toJSON(): Record<string, unknown> {
    const { requestId } = this
    return { ...super.toJSON(), ...(requestId === undefined ? {} : { requestId }) }
  }

  /** The error of an HTTP answer. */
  static fromResponse(response: ErrorResponse): ServerError {
    return serverErrorOf(response)
  }
}

const serverErrorOf = (response: ErrorResponse): ServerError => {
  const fields: Record<string, unknown> = {}
  const body = response.body
  if (typeof body === "object" && body !== null && !Array.isArray(body)) {
    for (const key of Object.keys(body)) {
      if (!reservedKeys.has(key)) fields[key] = (body as Record<string, unknown>)[key]
    }
  }
  if (typeof fields.message !== "string" || fields.message === "") {
    fields.message = `Request failed with status code ${response.status}`
  }
  if (typeof fields.statusCode !== "number") fields.statusCode = response.status
  // biome-ignore lint/suspicious/noExplicitAny: the body's own fields are copied as they are (stelace.js did), whatever their types
  const error = new ServerError(fields as any)
  Object.defineProperty(error, "message", { value: fields.message, enumerable: true, writable: true, configurable: true })
  defineHidden(error, "_tag", "ServerError")
  defineHidden(error, "requestId", response.requestId)
  defineHidden(error, "body", body)
  defineHidden(error, "headers", response.headers ?? {})
  defineHidden(error, "lastResponse", { requestId: response.requestId, statusCode: response.status })
  return error
}

/**
 * Why a request got no usable HTTP answer, for `Effect.catchReason("NetworkError", "Timeout", ...)`:
 * - `Timeout`: the `timeout` elapsed (the request was aborted);
 * - `Refused`: nothing listens at the host and port;
 * - `Dns`: the host name does not resolve;
 * - `Reset`: the connection was closed or reset before the whole answer arrived;
 * - `Tls`: the TLS handshake failed (certificate, protocol);
 * - `Redirect`: the API answered with a redirect the browser hides from scripts (the SDK never
 *   follows redirects, so credentials stay on the API host);
 * - `Aborted`: the platform aborted the request;
 * - `Unknown`: anything else (browsers do not tell why a `fetch` failed).
 */
export type NetworkErrorReason =
  | { readonly _tag: "Timeout" }
  | { readonly _tag: "Refused" }
  | { readonly _tag: "Dns" }
  | { readonly _tag: "Reset" }
  | { readonly _tag: "Tls" }
  | { readonly _tag: "Redirect" }
  | { readonly _tag: "Aborted" }
  | { readonly _tag: "Unknown" }

/**
 * The request never got a usable HTTP answer. The message starts as stelace.js's did
 * (`Network Error`, `timeout of <ms>ms exceeded`) and names the request without its query
 * string; `cause` keeps the platform's own error (never the request's headers).
 */
export class NetworkError extends /*#__PURE__*/ tagged("NetworkError")<{
  readonly message: string
  readonly reason: NetworkErrorReason
  /** The request's method, e.g. `GET`. */
  readonly method?: string | undefined
  /** The request's URL without its query string. */
  readonly url?: string | undefined
  readonly cause?: unknown
}> {}

/** Why a session expired: the server refused its refresh token. */
export type SessionExpiredReason = { readonly _tag: "RefreshTokenRefused" }

/**
 * The refresh token was refused (403): the tokens were removed from the store and the user must
 * log in again. `statusCode` and `data` come from the refusal.
 */
export class SessionExpired extends /*#__PURE__*/ tagged("SessionExpired")<{
  readonly message: "User session expired"
  readonly reason: SessionExpiredReason
  readonly statusCode: number
  readonly data?: unknown
  readonly cause?: ServerError
}> {}

/**
 * Why the server refused an SSO login code (`POST /auth/token` with `grantType: "authorizationCode"`):
 * - `Invalid`: no such code (or its user is gone): the server answers 422;
 * - `Expired`: the code is older than its hour: 403;
 * - `AlreadyUsed`: the code was exchanged before (a code works once): 422.
 */
export type AuthorizationCodeErrorReason =
  | { readonly _tag: "Invalid" }
  | { readonly _tag: "Expired" }
  | { readonly _tag: "AlreadyUsed" }

/**
 * The server refused an SSO login code (see `AuthorizationCodeErrorReason`): nothing was stored,
 * and the user must log in again. `message` and `statusCode` are the server's; `cause` keeps its
 * `ServerError`.
 */
export class AuthorizationCodeError extends /*#__PURE__*/ tagged("AuthorizationCodeError")<{
  readonly message: string
  readonly reason: AuthorizationCodeErrorReason
  readonly statusCode: number
  readonly cause?: ServerError
}> {}

/** Why a `HookError` happened: what the code threw or rejected with (`Failed`), or no answer in time (`Timeout`). */
export type HookErrorReason = { readonly _tag: "Failed" } | { readonly _tag: "Timeout" }

/**
 * Code the application gave the SDK failed or did not answer in time: the `beforeRefreshToken`
 * hook, or a custom token store's `getTokens`, `setTokens` or `removeTokens`. `cause` holds what
 * it threw (absent for a timeout).
 */
export class HookError extends /*#__PURE__*/ tagged("HookError")<{
  readonly message: string
  readonly hook: "beforeRefreshToken" | "getTokens" | "setTokens" | "removeTokens"
  readonly reason: HookErrorReason
  readonly cause?: unknown
}> {}

/**
 * What was refused:
 * - `Argument`: an argument of a call (a path parameter, the input, the options), or an input
 *   that cannot be sent (it does not serialize);
 * - `Option`: an option of a client, of Signal, or of a subscription;
 * - `Header`: a header of your own (one the SDK sets, a bad name, a value with a line break);
 * - `SecretKey`: a secret key (`seck_...`) in a browser;
 * - `Disposed`: the client was disposed.
 */
export type InvalidArgumentReason =
  | { readonly _tag: "Argument" }
  | { readonly _tag: "Option" }
  | { readonly _tag: "Header" }
  | { readonly _tag: "SecretKey" }
  | { readonly _tag: "Disposed" }

/** The SDK refused to do what it was asked: nothing went on the wire. */
export class InvalidArgument extends /*#__PURE__*/ tagged("InvalidArgument")<{
  readonly message: string
  readonly reason: InvalidArgumentReason
}> {}

/**
 * What was wrong with a 2xx answer:
 * - `NotJson`: its body is not JSON (a proxy's HTML page, say);
 * - `NotAList`: a list route's answer is not a list;
 * - `NoAccessToken`: a token refresh answered without an access token.
 */
export type MalformedResponseReason =
  | { readonly _tag: "NotJson" }
  | { readonly _tag: "NotAList" }
  | { readonly _tag: "NoAccessToken" }

/** A 2xx answer the SDK cannot use. The status and request id are kept; `body` holds the text. */
export class MalformedResponse extends /*#__PURE__*/ tagged("MalformedResponse")<{
  readonly message: string
  readonly reason: MalformedResponseReason
  readonly statusCode: number
  readonly requestId: string | undefined
}> {
  /** The body as received. */
  declare readonly body: string
  /** Status code and request id, as on successful results. */
  declare readonly lastResponse: LastResponse

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), body: this.body }
  }

  /** The error of an answer that is not what it should be (`body`: its text). */
  static fromAnswer(options: {
    readonly reason: MalformedResponseReason
    readonly message: string
    readonly lastResponse: LastResponse
    readonly body: string
  }): MalformedResponse {
    return malformedResponseOf(options)
  }
}

const malformedResponseOf = (options: Parameters<typeof MalformedResponse.fromAnswer>[0]): MalformedResponse => {
  const { lastResponse } = options
  const error = new MalformedResponse({
    message: options.message,
    reason: options.reason,
    statusCode: lastResponse.statusCode,
    requestId: lastResponse.requestId
  })
  defineHidden(error, "body", options.body)
  defineHidden(error, "lastResponse", { requestId: lastResponse.requestId, statusCode: lastResponse.statusCode })
  return error
}

/** Why a call was cancelled: its `signal` aborted (`Signal`), or its client was disposed (`Disposed`). */
export type RequestAbortedReason = { readonly _tag: "Signal" } | { readonly _tag: "Disposed" }

/** A call of the Promise facade or React was cancelled (the Effect API is interrupted instead). */
export class RequestAborted extends /*#__PURE__*/ tagged("RequestAborted")<{
  readonly message: "Request aborted"
  readonly reason: RequestAbortedReason
}> {}

/** Why a result did not decode: it does not match its schema. */
export type DecodeErrorReason = { readonly _tag: "SchemaMismatch" }

/**
 * A result that does not match the schema it was decoded with (only when decoding was asked for).
 * `path` locates the first mismatch in the body, e.g. `["results", 3, "price"]`.
 */
export class DecodeError extends /*#__PURE__*/ tagged("DecodeError")<{
  readonly message: string
  readonly reason: DecodeErrorReason
  readonly path: ReadonlyArray<PropertyKey>
  readonly cause?: unknown
}> {
  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), path: this.path.map((key) => (typeof key === "symbol" ? String(key.description) : key)) }
  }
}

/**
 * Why Stelace Signal refused a client:
 * - `InvalidApiKey`: the server refused the publishable key;
 * - `AuthenticationTimeout`: the server did not finish checking the client within its delay;
 * - `TooManyClients`: the platform has all the Signal clients it may have.
 *   These two pass: the SDK keeps trying, with its reconnection backoff, and reports them without
 *   ending the stream;
 * - `Refused`: the server disconnected the client for another reason, given in `message`;
 * - `NoWebSocket`: no WebSocket implementation here (Node 20: pass `ws`'s as `WebSocket`).
 */
export type SignalErrorReason =
  | { readonly _tag: "InvalidApiKey" }
  | { readonly _tag: "AuthenticationTimeout" }
  | { readonly _tag: "TooManyClients" }
  | { readonly _tag: "Refused" }
  | { readonly _tag: "NoWebSocket" }

/** Stelace Signal refused the client (see `SignalErrorReason`). */
export class SignalError extends /*#__PURE__*/ tagged("SignalError")<{
  readonly message: string
  readonly reason: SignalErrorReason
}> {}

// an app's bundler may rename a class (`ServerError2`): users read `error.constructor.name`
for (const Class of [ServerError, NetworkError, SessionExpired, AuthorizationCodeError, HookError, InvalidArgument, MalformedResponse, RequestAborted, DecodeError, SignalError]) {
  Object.defineProperty(Class, "name", { value: Class.prototype.name })
}

/**
 * Any failure of the SDK. As a type, the union of the error classes (what `Effect.catchTag`
 * narrows); as a value, their common base class, for `error instanceof StelaceError`.
 */
export type StelaceError =
  | ServerError
  | NetworkError
  | SessionExpired
  | AuthorizationCodeError
  | HookError
  | InvalidArgument
  | MalformedResponse
  | RequestAborted
  | DecodeError
  | SignalError

/** The base class of every SDK error: `error instanceof StelaceError`. */
// biome-ignore lint/suspicious/noExplicitAny: the base class, typed as the union of its subclasses for narrowing by instanceof
export const StelaceError: abstract new(...args: never) => StelaceError = Base as any

/** Whether a value is one of the SDK's errors (the same as `instanceof StelaceError`). */
export const isStelaceError = (u: unknown): u is StelaceError => u instanceof Base

const isRecord = (u: unknown): u is Record<string, unknown> => typeof u === "object" && u !== null && !Array.isArray(u)

const optionalString = (u: unknown): string | undefined => typeof u === "string" ? u : undefined

/** The fields of `json` but those listed: what an error's JSON holds besides its known keys. */
const without = (json: Record<string, unknown>, keys: ReadonlyArray<string>) => {
  const rest: Record<string, unknown> = {}
  for (const key of Object.keys(json)) if (!keys.includes(key)) rest[key] = json[key]
  return rest
}

/**
 * Rebuilds an error from its JSON (`toJSON`'s output), or `undefined` when `json` is not one.
 * The reason and fields come back as they were; a `cause` never travels.
 */
export const fromJSON = (json: unknown): StelaceError | undefined => {
  if (!isRecord(json) || typeof json.message !== "string") return undefined
  const { message } = json
  const reason = isRecord(json.reason) && typeof json.reason._tag === "string" ? json.reason as never : undefined
  switch (json._tag) {
    case "ServerError": {
      if (typeof json.statusCode !== "number") return undefined
      const retryAfter = isRecord(json.reason) ? json.reason.retryAfter : undefined
      return serverErrorOf({
        status: json.statusCode,
        requestId: optionalString(json.requestId),
        headers: typeof retryAfter === "number" ? { "retry-after": String(retryAfter) } : {},
        body: without(json, ["_tag", "reason", "requestId"])
      })
    }
    case "NetworkError":
      return reason && new NetworkError({ message, reason, method: optionalString(json.method), url: optionalString(json.url) })
    case "SessionExpired":
      return typeof json.statusCode === "number"
        ? new SessionExpired({ message: "User session expired", reason: { _tag: "RefreshTokenRefused" }, statusCode: json.statusCode, data: json.data })
        : undefined
    case "AuthorizationCodeError":
      return reason && typeof json.statusCode === "number"
        ? new AuthorizationCodeError({ message, reason, statusCode: json.statusCode })
        : undefined
    case "HookError": {
      const hook = json.hook
      return reason && (hook === "beforeRefreshToken" || hook === "getTokens" || hook === "setTokens" || hook === "removeTokens")
        ? new HookError({ message, hook, reason })
        : undefined
    }
    case "InvalidArgument":
      return reason && new InvalidArgument({ message, reason })
    case "MalformedResponse":
      return reason && typeof json.statusCode === "number"
        ? malformedResponseOf({
          reason,
          message,
          lastResponse: { statusCode: json.statusCode, requestId: optionalString(json.requestId) },
          body: optionalString(json.body) ?? ""
        })
        : undefined
    case "RequestAborted":
      return reason && new RequestAborted({ message: "Request aborted", reason })
    case "DecodeError":
      return reason && Array.isArray(json.path)
        ? new DecodeError({ message, reason, path: json.path.filter((key) => typeof key === "string" || typeof key === "number") })
        : undefined
    case "SignalError":
      return reason && new SignalError({ message, reason })
    default:
      return undefined
  }
}
