/**
 * The typed failures of every Stelace call, in one module, on one base.
 *
 * Every error is an instance of `StelaceError` (so `error instanceof StelaceError` tells the SDK's
 * failures from another library's, and the Promise facade rejects with them as they are), is an
 * `Error`, and is tagged, so Effect code can `Effect.catchTag("ServerError", ...)`. The three that
 * happen for more than one reason carry a tagged `reason`, for `Effect.catchReason`:
 *
 * - `ServerError`: the answer's status (`NotFound`, `Forbidden`, `Validation`, `RateLimited`...);
 * - `NetworkError`: why there was no answer (`Timeout`, `Refused`, `Reset`...);
 * - `HookError`: the application's code failed (`Failed`) or did not answer (`Timeout`).
 *
 * The classes are light (`Data`-based, no `effect/Schema` in a bundle that does not decode); their
 * schemas, for RPC or HttpApi error channels, are in `stelace-effect/Schemas` (`Schemas.ServerError`,
 * ..., `Schemas.StelaceError`). `JSON.stringify(error)` gives its `_tag`, message, fields and
 * reason (not its `cause`). Printed by Node (`console.log`, a crash), an error shows its class name,
 * message, stack and fields. No error carries the API key or a user's token.
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
const fieldsOf = (error: any): Record<string, unknown> => {
  const { _tag, message, ...fields } = { ...error, reason: error.reason, cause: error.cause }
  for (const key in fields) if (fields[key] === undefined) delete fields[key]
  return fields
}

/**
 * The base of every SDK error. `StelaceError` (below) is this class as a value, typed so that
 * `instanceof StelaceError` narrows to the union of the errors.
 */
abstract class Base extends Data.Error<{ readonly message: string }> {
  abstract readonly _tag: string

  /** `{ _tag, message, ...fields, reason }`: what a log or an RPC peer needs; never the `cause`. */
  override toJSON(): Record<string, unknown> {
    const { cause, ...fields } = fieldsOf(this)
    return { _tag: this._tag, message: this.message, ...fields }
  }

  /**
   * How Node prints it: `ServerError: message` and the stack, then the fields (and the cause), as
   * it prints any `Error` (effect's own errors print as plain objects, without class nor stack).
   */
  [inspectSymbol](_depth: number, options: unknown, inspect?: Inspect): string {
    const stack = typeof this.stack === "string" && this.stack.length > 0 ? this.stack : `${this.name}: ${this.message}`
    const fields = fieldsOf(this)
    if (Object.keys(fields).length === 0 || typeof inspect !== "function") return stack
    return `${stack} ${inspect(fields, options)}`
  }
}

/** A subclass of `Base` with the tag `Tag` (as `_tag` and `name`) and the fields `A`. */
const tagged = <Tag extends string>(tag: Tag): new<A extends Record<string, any>>(
  args: { readonly [K in keyof A as K extends "_tag" ? never : K]: A[K] }
) => Base & { readonly _tag: Tag } & Readonly<A> => {
  class Tagged extends Base {
    readonly _tag = tag
  }
  ;(Tagged.prototype as { name: string }).name = tag
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

/** The reason of a status; `retryAfter` in seconds for a 429 (`retry-after: <seconds>`, not a date). */
const serverErrorReason = (status: number, retryAfter: string | undefined): ServerErrorReason => {
  const seconds = Number(retryAfter)
  return status === 429
    ? { _tag: "RateLimited", retryAfter: retryAfter && seconds >= 0 && seconds < Infinity ? seconds : undefined }
    : { _tag: statusReasons[status] ?? (status > 499 && status < 600 ? "Internal" : "Other") } as ServerErrorReason
}

/**
 * A non-2xx answer from the API.
 *
 * The body's fields (`message`, `statusCode`, `data`, `code`, ...) are copied onto the error as
 * its own properties, as stelace.js did; `statusCode` is always set (from the HTTP status when the
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

  /** What the status means, for `Effect.catchReason` (not an own property: stelace.js's errors had the body's keys only). */
  get reason(): ServerErrorReason {
    return serverErrorReason(this.statusCode, this.headers?.["retry-after"])
  }

  /** Builds the error for an HTTP answer. */
  static fromResponse(response: {
    readonly status: number
    readonly requestId: string | undefined
    readonly headers?: Readonly<Record<string, string>> | undefined
    readonly body: unknown
  }): ServerError {
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
    const error = new ServerError(fields as any)
    const headers = response.headers ?? {}
    // stelace.js errors were plain copies of the body: the own enumerable keys are the body's fields
    Object.defineProperty(error, "message", { value: fields.message, enumerable: true, writable: true, configurable: true })
    defineHidden(error, "_tag", "ServerError")
    defineHidden(error, "requestId", response.requestId)
    defineHidden(error, "body", body)
    defineHidden(error, "headers", headers)
    defineHidden(error, "lastResponse", { requestId: response.requestId, statusCode: response.status })
    return error
  }
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
 * The request never got a usable HTTP answer. `reason` says why; the message starts as
 * stelace.js's did (`Network Error`, `timeout of <ms>ms exceeded`) and names the request
 * (`GET https://api.stelace.com/assets`, without its query string); `cause` keeps the platform's
 * own error (without the request's headers).
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

/**
 * The refresh token was refused (403): the tokens were removed from the store and the user must
 * log in again. `statusCode` and `data` come from the refusal.
 */
export class SessionExpired extends /*#__PURE__*/ tagged("SessionExpired")<{
  readonly message: "User session expired"
  readonly statusCode: number
  readonly data?: unknown
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

/** A call was made with arguments the SDK refuses to send (nothing went on the wire). */
export class InvalidArgument extends /*#__PURE__*/ tagged("InvalidArgument")<{
  readonly message: string
}> {}

/**
 * A 2xx answer whose body is not JSON (a proxy's HTML page, say), or a list route's answer that is
 * not a list. The status and request id are kept; `body` holds the text.
 */
export class MalformedResponse extends /*#__PURE__*/ tagged("MalformedResponse")<{
  readonly message: string
  readonly statusCode: number
  readonly requestId: string | undefined
}> {
  /** The body as received. */
  declare readonly body: string
  /** Status code and request id, as on successful results. */
  declare readonly lastResponse: LastResponse

  /** Builds the error for an answer whose body could not be parsed. */
  static fromText(response: { readonly status: number; readonly requestId: string | undefined; readonly contentType: string | undefined }, text: string): MalformedResponse {
    return MalformedResponse.withBody(
      `Expected a JSON body, got ${response.contentType ?? "no content type"} (status ${response.status})`,
      { requestId: response.requestId, statusCode: response.status },
      text
    )
  }

  /** @internal The error, with its hidden `body` and `lastResponse`. */
  static withBody(message: string, lastResponse: LastResponse, body: string): MalformedResponse {
    const error = new MalformedResponse({ message, statusCode: lastResponse.statusCode, requestId: lastResponse.requestId })
    defineHidden(error, "body", body)
    defineHidden(error, "lastResponse", { requestId: lastResponse.requestId, statusCode: lastResponse.statusCode })
    return error
  }
}

/** A call cancelled through the Promise facade's `signal` option (the Effect API is interrupted instead). */
export class RequestAborted extends /*#__PURE__*/ tagged("RequestAborted")<{
  readonly message: "Request aborted"
}> {}

/**
 * A result that does not match the schema it was decoded with (only when decoding was asked for).
 * `path` locates the first mismatch in the body, e.g. `["results", 3, "price"]`.
 */
export class DecodeError extends /*#__PURE__*/ tagged("DecodeError")<{
  readonly message: string
  readonly path: ReadonlyArray<PropertyKey>
  readonly cause?: unknown
}> {}

/**
 * Any failure of the SDK. As a type, the union of the error classes (what `Effect.catchTag`
 * narrows); as a value, their common base class, for `error instanceof StelaceError` (which
 * narrows to that union).
 */
export type StelaceError =
  | ServerError
  | NetworkError
  | SessionExpired
  | HookError
  | InvalidArgument
  | MalformedResponse
  | RequestAborted
  | DecodeError

/** The base class of every SDK error: `error instanceof StelaceError`. */
export const StelaceError: abstract new(...args: never) => StelaceError = Base as any

/** Whether a value is one of the SDK's errors (the same as `instanceof StelaceError`). */
export const isStelaceError = (u: unknown): u is StelaceError => u instanceof Base


