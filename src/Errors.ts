/**
 * The typed failures of every Stelace call.
 *
 * All of them are `Error` instances (so the Promise facade can reject with them as they are) and
 * tagged, so Effect code can `Effect.catchTag("ServerError", ...)`.
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

/** Keys a response body must not overwrite on an error instance. */
const reservedKeys = new Set(["_tag", "name", "stack", "cause", "lastResponse", "body", "headers", "requestId", "__proto__"])

/**
 * A non-2xx answer from the API.
 *
 * The body's fields (`message`, `statusCode`, `data`, `code`, ...) are copied onto the error as
 * its own properties, as stelace.js did; `statusCode` is always set (from the HTTP status when the
 * body lacks it), `requestId` comes from the `x-request-id` header, and `body` keeps the raw body.
 */
export class ServerError extends Data.TaggedError("ServerError")<{
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
      for (const [key, value] of Object.entries(body)) {
        if (!reservedKeys.has(key)) fields[key] = value
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
 * The request never got an HTTP answer: the connection failed, or the timeout elapsed.
 *
 * `message` is `Network Error` or `timeout of <ms>ms exceeded` (the messages stelace.js users
 * know); `cause` holds the transport's own error.
 */
export class NetworkError extends Data.TaggedError("NetworkError")<{
  readonly message: string
  readonly cause?: unknown
}> {}

/**
 * The refresh token was refused (403): the tokens were removed from the store and the user must
 * log in again. `statusCode` and `data` come from the refusal.
 */
export class SessionExpired extends Data.TaggedError("SessionExpired")<{
  readonly message: "User session expired"
  readonly statusCode: number
  readonly data?: unknown
  readonly cause?: ServerError
}> {}

/** A call was made with arguments the SDK refuses to send (nothing went on the wire). */
export class InvalidArgument extends Data.TaggedError("InvalidArgument")<{
  readonly message: string
}> {}

/**
 * A 2xx answer whose body is not JSON (a proxy's HTML page, say). The status and request id are
 * kept; `body` holds the text.
 */
export class MalformedResponse extends Data.TaggedError("MalformedResponse")<{
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
export class RequestAborted extends Data.TaggedError("RequestAborted")<{
  readonly message: "Request aborted"
}> {}

/**
 * A result that does not match the schema it was decoded with (only when decoding was asked for).
 * `path` locates the first mismatch in the body, e.g. `["results", 3, "price"]`.
 */
export class DecodeError extends Data.TaggedError("DecodeError")<{
  readonly message: string
  readonly path: ReadonlyArray<PropertyKey>
  readonly cause?: unknown
}> {}

/** Every failure a Stelace call can end with. */
export type StelaceError = ServerError | NetworkError | SessionExpired | InvalidArgument | MalformedResponse | DecodeError
