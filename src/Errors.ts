/**
 * The typed failures of every Stelace call.
 *
 * All of them are `Error` instances (so the Promise facade can reject with them as they are) and
 * tagged, so Effect code can `Effect.catchTag("ServerError", ...)`. Printed by Node
 * (`console.log`, a crash), they show their class name, message, stack and fields, never a
 * request's headers: no error carries the API key or a user's token.
 *
 * @since 0.1.0
 */
import * as Data from "effect/Data"

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

const inspectSymbol = Symbol.for("nodejs.util.inspect.custom")

type Inspect = (value: unknown, options?: unknown) => string

/**
 * How Node prints the SDK's errors: `ServerError: message` and the stack, then the error's own
 * fields (and its cause), as it prints any `Error`. effect's errors print as plain objects, without
 * class name nor stack.
 */
function inspectError(this: Error, _depth: number, options: unknown, inspect?: Inspect): string {
  const stack = typeof this.stack === "string" && this.stack.length > 0 ? this.stack : `${this.name}: ${this.message}`
  const fields: Record<string, unknown> = {}
  for (const key of Object.keys(this)) {
    if (key !== "message" && key !== "_tag" && key !== "cause") fields[key] = (this as any)[key]
  }
  if ((this as { cause?: unknown }).cause !== undefined) fields.cause = (this as { cause?: unknown }).cause
  if (Object.keys(fields).length === 0 || typeof inspect !== "function") return stack
  return `${stack} ${inspect(fields, options)}`
}

const printable = <C extends abstract new(...args: any) => Error>(base: C): C => {
  Object.defineProperty(base.prototype, inspectSymbol, { value: inspectError, enumerable: false, configurable: true, writable: true })
  return base
}

/** Keys a response body must not overwrite on an error instance. */
const reservedKeys = new Set(["_tag", "name", "stack", "cause", "lastResponse", "body", "headers", "requestId", "__proto__"])

/**
 * A non-2xx answer from the API.
 *
 * The body's fields (`message`, `statusCode`, `data`, `code`, ...) are copied onto the error as
 * its own properties, as stelace.js did; `statusCode` is always set (from the HTTP status when the
 * body lacks it), `requestId` comes from the `x-request-id` header, and `body` keeps the raw body.
 */
export class ServerError extends /*#__PURE__*/ printable(Data.TaggedError("ServerError")<{
  readonly message: string
  readonly statusCode: number
  readonly data?: unknown
  readonly code?: string
}>) {
  /** The `x-request-id` header of the answer (the real server sets it only on successes). */
  declare readonly requestId: string | undefined
  /** The parsed JSON body, or the text when it was not JSON. */
  declare readonly body: unknown
  /** Status code and request id, as on successful results. */
  declare readonly lastResponse: LastResponse
  /** The answer's headers (lower-case names), e.g. `retry-after`. */
  declare readonly headers: Readonly<Record<string, string>>

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
    // stelace.js errors were plain copies of the body: the own enumerable keys are the body's fields
    Object.defineProperty(error, "message", { value: fields.message, enumerable: true, writable: true, configurable: true })
    defineHidden(error, "_tag", "ServerError")
    defineHidden(error, "requestId", response.requestId)
    defineHidden(error, "body", body)
    defineHidden(error, "headers", response.headers ?? {})
    defineHidden(error, "lastResponse", { requestId: response.requestId, statusCode: response.status })
    return error
  }
}

/**
 * Why a request got no usable HTTP answer:
 * - `timeout`: the `timeout` elapsed (the request was aborted);
 * - `refused`: nothing listens at the host and port;
 * - `dns`: the host name does not resolve;
 * - `reset`: the connection was closed or reset before the whole answer arrived;
 * - `tls`: the TLS handshake failed (certificate, protocol);
 * - `redirect`: the API answered with a redirect the browser hides from scripts (the SDK never
 *   follows redirects, so credentials stay on the API host);
 * - `aborted`: the platform aborted the request;
 * - `unknown`: anything else (browsers do not tell why a `fetch` failed).
 */
export type NetworkErrorReason = "timeout" | "refused" | "dns" | "reset" | "tls" | "redirect" | "aborted" | "unknown"

/**
 * The request never got a usable HTTP answer. `reason` says why; the message starts as
 * stelace.js's did (`Network Error`, `timeout of <ms>ms exceeded`) and names the request
 * (`GET https://api.stelace.com/assets`, without its query string); `cause` keeps the platform's
 * own error (without the request's headers).
 */
export class NetworkError extends /*#__PURE__*/ printable(Data.TaggedError("NetworkError")<{
  readonly message: string
  readonly reason: NetworkErrorReason
  /** The request's method, e.g. `GET`. */
  readonly method?: string | undefined
  /** The request's URL without its query string. */
  readonly url?: string | undefined
  readonly cause?: unknown
}>) {}

/**
 * The refresh token was refused (403): the tokens were removed from the store and the user must
 * log in again. `statusCode` and `data` come from the refusal.
 */
export class SessionExpired extends /*#__PURE__*/ printable(Data.TaggedError("SessionExpired")<{
  readonly message: "User session expired"
  readonly statusCode: number
  readonly data?: unknown
  readonly cause?: ServerError
}>) {}

/**
 * Code the application gave the SDK failed or did not answer in time: the `beforeRefreshToken`
 * hook, or a custom token store's `getTokens`, `setTokens` or `removeTokens`. `cause` holds what
 * it threw (absent for a timeout).
 */
export class HookError extends /*#__PURE__*/ printable(Data.TaggedError("HookError")<{
  readonly message: string
  readonly hook: "beforeRefreshToken" | "getTokens" | "setTokens" | "removeTokens"
  readonly reason: "failed" | "timeout"
  readonly cause?: unknown
}>) {}

/** A call was made with arguments the SDK refuses to send (nothing went on the wire). */
export class InvalidArgument extends /*#__PURE__*/ printable(Data.TaggedError("InvalidArgument")<{
  readonly message: string
}>) {}

/**
 * A 2xx answer whose body is not JSON (a proxy's HTML page, say). The status and request id are
 * kept; `body` holds the text.
 */
export class MalformedResponse extends /*#__PURE__*/ printable(Data.TaggedError("MalformedResponse")<{
  readonly message: string
  readonly statusCode: number
  readonly requestId: string | undefined
}>) {
  /** The body as received. */
  declare readonly body: string
  /** Status code and request id, as on successful results. */
  declare readonly lastResponse: LastResponse

  /** Builds the error for an answer whose body could not be parsed. */
  static fromText(response: { readonly status: number; readonly requestId: string | undefined; readonly contentType: string | undefined }, text: string): MalformedResponse {
    const error = new MalformedResponse({
      message: `Expected a JSON body, got ${response.contentType ?? "no content type"} (status ${response.status})`,
      statusCode: response.status,
      requestId: response.requestId
    })
    defineHidden(error, "body", text)
    defineHidden(error, "lastResponse", { requestId: response.requestId, statusCode: response.status })
    return error
  }
}

/** A call cancelled through the Promise facade's `signal` option. */
export class RequestAborted extends /*#__PURE__*/ printable(Data.TaggedError("RequestAborted")<{
  readonly message: "Request aborted"
}>) {}

/**
 * A result that does not match the schema it was decoded with (only when decoding was asked for).
 * `path` locates the first mismatch in the body, e.g. `["results", 3, "price"]`.
 */
export class DecodeError extends /*#__PURE__*/ printable(Data.TaggedError("DecodeError")<{
  readonly message: string
  readonly path: ReadonlyArray<PropertyKey>
  readonly cause?: unknown
}>) {}

/** Every failure a Stelace call can end with. */
export type StelaceError =
  | ServerError
  | NetworkError
  | SessionExpired
  | HookError
  | InvalidArgument
  | MalformedResponse
  | DecodeError
