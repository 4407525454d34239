/**
 * Errors answered by the in-memory backend, shaped like the real server's.
 *
 * The real server whitelists `message`, `statusCode` and `public` (renamed `data`) on its error
 * bodies; restify's own errors (unknown route, wrong method) carry `{ code, message }` instead.
 */
import * as Data from "effect/Data"

/** A failed request: becomes `{ message, statusCode, data? }` with the given status. */
export class ApiError extends Data.TaggedError("StelaceTestApiError")<{
  readonly statusCode: number
  readonly message: string
  readonly data?: unknown
  /**
   * Whether the message is shown. The real server hides the message of 5xx errors and of a few
   * others (a missing permission): the body says the HTTP reason ("Forbidden") and, outside
   * production, `_message` keeps the real one.
   */
  readonly expose?: boolean
  /** A body that replaces the usual `{ message, statusCode, data }` (restify-native errors). */
  readonly body?: Readonly<Record<string, unknown>>
  /** The methods of the path, for a 405's `allow` header. */
  readonly allow?: ReadonlyArray<string>
}> {}

const reasons: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  402: "Payment Required",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  409: "Conflict",
  422: "Unprocessable Entity",
  500: "Internal Server Error"
}

/** The standard HTTP reason phrase, the message of errors the server does not expose. */
export const reasonPhrase = (status: number): string => reasons[status] ?? "Error"

/** Builds an {@link ApiError}; the message defaults to the HTTP reason phrase. */
export const apiError = (statusCode: number, message?: string, data?: unknown): ApiError =>
  new ApiError({
    statusCode,
    message: message ?? reasonPhrase(statusCode),
    ...(data === undefined ? {} : { data })
  })

/** 400 with a message and optional details. */
export const badRequest = (message: string, data?: unknown): ApiError => apiError(400, message, data)

/** 401; the server answers "Unauthorized" unless a more precise message is known. */
export const unauthorized = (message?: string): ApiError => apiError(401, message)

/** 403; services answer a bare "Forbidden" unless they say more. */
export const forbidden = (message?: string, data?: unknown): ApiError => apiError(403, message, data)

/** A 403 whose message the server hides ("Forbidden"; `_message` keeps it), as for a missing permission. */
export const hiddenForbidden = (message: string): ApiError => new ApiError({ statusCode: 403, message, expose: false })

/** 404 "Not Found". */
export const notFound = (message?: string): ApiError => apiError(404, message)

/** 422, for business rules (unknown references, transitions, invalid cursors...). */
export const unprocessable = (message: string, data?: unknown): ApiError => apiError(422, message, data)

/**
 * A response that bypasses the JSON success envelope: redirects, and routes whose answer the
 * server sends raw (no `x-request-id`, no `x-stelace-version`), like `/batch`.
 */
export class RawResponse {
  constructor(
    readonly status: number,
    readonly headers: Readonly<Record<string, string>>,
    readonly body: unknown
  ) {}
}
