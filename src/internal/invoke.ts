/**
 * One call of an endpoint: check the arguments, attach the session, send, and shape the result
 * (`lastResponse` on every result, lists as pages), then apply the route's session effect.
 *
 * @internal
 */
import type * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import type { DecodeError, LastResponse, StelaceError } from "../Errors.js"
import { defineHidden, InvalidArgument, MalformedResponse } from "../Errors.js"
import type { Session } from "../Session.js"
import { decodeAccessToken } from "../Session.js"
import type { AnyEndpoint, Page, PaginationMeta } from "./endpoint.js"
import type { ApiResponse, RequestOptions, Transport } from "./transport.js"

/** The arguments of one call, already split. */
export interface Invocation {
  readonly params: ReadonlyArray<unknown>
  readonly input: unknown
  readonly options?: RequestOptions | undefined
}

/** `String(value)`, or what the value is when it cannot be printed (a null prototype, a throwing `toString`). */
export const printable = (value: unknown): string => {
  try {
    return String(value)
  } catch {
    return `<${typeof value}>`
  }
}

/** `(on API request to GET /assets/:id)`, the suffix stelace.js put on argument errors. */
export const where = (endpoint: Pick<AnyEndpoint, "method" | "path">): string =>
  `(on API request to ${endpoint.method} ${endpoint.path})`

/** An `InvalidArgument` naming the endpoint. */
export const argumentError = (endpoint: Pick<AnyEndpoint, "method" | "path">, message: string): InvalidArgument =>
  new InvalidArgument({ message: `Stelace: ${message} ${where(endpoint)}` })

/**
 * A forwarded path on the API host, or why it is refused. Like stelace.js (axios), a path without a
 * leading slash is relative to the API root (`assets` is `/assets`); unlike it, an absolute URL
 * (`https://other.host/x`, any `scheme:`) or a protocol-relative one (`//other.host/x`) is refused
 * rather than sent with the API key and token to another host.
 */
export const forwardPath = (method: AnyEndpoint["method"], path: unknown): string | InvalidArgument => {
  const endpoint = { method, path: typeof path === "string" ? path : printable(path) }
  if (typeof path !== "string") return argumentError(endpoint, `"path" must be a string, but got: ${typeof path}`)
  if (/^[a-z][a-z\d+\-.]*:/i.test(path) || /^[/\\]{2}/.test(path) || path.startsWith("\\")) {
    return argumentError(endpoint, `"path" must be a path on the API host, such as /assets; URLs are refused`)
  }
  return path.startsWith("/") ? path : `/${path}`
}

const optionKeys: ReadonlySet<string> = new Set(["apiVersion", "userId", "organizationId"])

/** The path with its parameters checked and URL-encoded. */
export const buildPath = (endpoint: AnyEndpoint, params: ReadonlyArray<unknown>): string | InvalidArgument => {
  let path: string = endpoint.path
  for (let i = 0; i < endpoint.params.length; i++) {
    const name = endpoint.params[i]
    const value = params[i]
    if (typeof value !== "string") return argumentError(endpoint, `"${name}" must be a string, but got: ${typeof value}`)
    if (value === "") return argumentError(endpoint, `"${name}" must not be empty`)
    // URL parsers resolve `.` and `..` segments (encoded or not): `read("..")` would leave the route
    if (value === "." || value === "..") {
      return argumentError(endpoint, `"${name}" must not be "${value}", which would leave the route`)
    }
    let encoded: string
    try {
      encoded = encodeURIComponent(value)
    } catch {
      return argumentError(endpoint, `"${name}" must be a well-formed string (it holds a lone surrogate)`)
    }
    path = path.replace(`:${name}`, encoded)
  }
  return path
}

/** What an argument threw when the SDK read it (a getter, a proxy, a `toJSON`). */
export const unreadable = (endpoint: Pick<AnyEndpoint, "method" | "path">, error: unknown): InvalidArgument =>
  argumentError(endpoint, `the arguments could not be read: ${error instanceof Error ? error.message : printable(error)}`)

const checkArguments = (endpoint: AnyEndpoint, invocation: Invocation): InvalidArgument | undefined => {
  const { input, options } = invocation
  if (input !== undefined && (input === null || typeof input !== "object")) {
    const what = endpoint.method === "GET" ? "query" : "body"
    return argumentError(endpoint, `the ${what} must be an object, but got: ${input === null ? "null" : typeof input}`)
  }
  if (options !== undefined) {
    if (options === null || typeof options !== "object") {
      return argumentError(endpoint, `options must be an object, but got: ${options === null ? "null" : typeof options}`)
    }
    const unknown = Object.keys(options).filter((key) => !optionKeys.has(key))
    if (unknown.length > 0) {
      return argumentError(endpoint, `unknown option(s) ${unknown.join(", ")}; options are apiVersion, userId, organizationId`)
    }
  }
  return undefined
}

/** Attaches `lastResponse` to an object result (primitives cannot carry it). */
export const withLastResponse = <A>(body: A, lastResponse: LastResponse): A => {
  if (body !== null && typeof body === "object") defineHidden(body, "lastResponse", lastResponse)
  return body
}

type ListBody = Record<string, unknown> & { readonly results: ReadonlyArray<unknown> }

const paginationMeta = (body: ListBody): PaginationMeta => {
  if ("hasNextPage" in body) {
    return {
      hasPreviousPage: body.hasPreviousPage,
      hasNextPage: body.hasNextPage,
      startCursor: body.startCursor,
      endCursor: body.endCursor,
      nbResultsPerPage: body.nbResultsPerPage
    } as PaginationMeta
  }
  return {
    nbResults: body.nbResults,
    nbPages: body.nbPages,
    page: body.page,
    nbResultsPerPage: body.nbResultsPerPage,
    ...("exhaustiveNbResults" in body ? { exhaustiveNbResults: body.exhaustiveNbResults } : {})
  } as PaginationMeta
}

/**
 * A list body as a page. The server answers page-based (`page`/`nbPages`), cursor-based
 * (`hasNextPage`/`endCursor`) or, for five lists under 2019-05-20, a plain array: one page.
 */
export const toPage = (body: unknown, lastResponse: LastResponse): Page<unknown> | MalformedResponse => {
  let page: { results: ReadonlyArray<unknown>; paginationMeta: PaginationMeta }
  if (Array.isArray(body)) {
    page = {
      results: body,
      paginationMeta: { nbResults: body.length, nbPages: 1, page: 1, nbResultsPerPage: body.length }
    }
  } else if (body !== null && typeof body === "object" && Array.isArray((body as ListBody).results)) {
    page = { results: (body as ListBody).results, paginationMeta: paginationMeta(body as ListBody) }
  } else {
    const error = new MalformedResponse({
      message: "Expected a list (an array, or an object with a results array)",
      statusCode: lastResponse.statusCode,
      requestId: lastResponse.requestId
    })
    defineHidden(error, "body", JSON.stringify(body))
    defineHidden(error, "lastResponse", lastResponse)
    return error
  }
  defineHidden(page, "lastResponse", lastResponse)
  return page as Page<unknown>
}

/** The function that performs calls for one client. */
export type Invoke = (endpoint: AnyEndpoint, invocation: Invocation) => Effect.Effect<unknown, StelaceError>

/** Builds the call function of a client. */
export const makeInvoke = (deps: {
  readonly transport: Transport
  readonly session: Session["Service"]
  /** The per-call options in force where a call runs (`Stelace.withRequestOptions`). */
  readonly defaultOptions: Context.Reference<RequestOptions>
  readonly decode?: ((endpoint: AnyEndpoint, result: unknown) => Effect.Effect<unknown, DecodeError>) | undefined
}): Invoke => {
  const { decode, session, transport } = deps

  const send = (
    endpoint: AnyEndpoint,
    path: string,
    input: Record<string, unknown> | undefined,
    options: RequestOptions | undefined,
    accessToken: string | undefined
  ) =>
    Effect.withFiber((fiber) => {
      const defaults = fiber.getRef(deps.defaultOptions)
      const isGet = endpoint.method === "GET"
      return transport.send({
        method: endpoint.method,
        path,
        query: isGet ? input : undefined,
        body: isGet ? undefined : input,
        options: options ? { ...defaults, ...options } : defaults,
        accessToken,
        bodyRequired: endpoint.bodyRequired
      })
    })

  const shape = (endpoint: AnyEndpoint, response: ApiResponse): Effect.Effect<unknown, StelaceError> => {
    const lastResponse = { requestId: response.requestId, statusCode: response.status }
    let result: unknown
    if (endpoint.kind === "list") {
      const page = toPage(response.body, lastResponse)
      if (page instanceof MalformedResponse) return Effect.fail(page)
      result = page
    } else {
      result = withLastResponse(response.body, lastResponse)
    }
    return decode ? decode(endpoint, result) : Effect.succeed(result)
  }

  /** Auth routes: the stored tokens as they are (never refreshed first), then the session effect. */
  const authCall = (endpoint: AnyEndpoint, path: string, invocation: Invocation) =>
    Effect.flatMap(session.authTokens, (tokens) => {
      let input = invocation.input as Record<string, unknown> | undefined
      try {
        if (endpoint.prepare) input = endpoint.prepare(input ?? {})
        if (endpoint.session === "logout" && tokens?.refreshToken) input = { ...input, refreshToken: tokens.refreshToken }
      } catch (error) {
        return Effect.fail(unreadable(endpoint, error))
      }
      const accessToken = tokens !== undefined && decodeAccessToken(tokens.accessToken) ? tokens.accessToken : undefined
      return Effect.flatMap(send(endpoint, path, input, invocation.options, accessToken), (response) =>
        Effect.flatMap(shape(endpoint, response), (result) => {
          if (endpoint.session === "logout") return Effect.as(session.clear, result)
          const body = response.body
          return body !== null && typeof body === "object" && !Array.isArray(body)
            ? Effect.as(session.set(body as Record<string, unknown>), result)
            : Effect.succeed(result)
        }))
    })

  return (endpoint, invocation) => {
    const path = buildPath(endpoint, invocation.params)
    if (typeof path !== "string") return Effect.fail(path)
    let input: unknown
    try {
      const invalid = checkArguments(endpoint, invocation)
      if (invalid) return Effect.fail(invalid)
      if (endpoint.session !== undefined) return authCall(endpoint, path, invocation)
      input = endpoint.prepare ? endpoint.prepare((invocation.input as Record<string, unknown> | undefined) ?? {}) : invocation.input
    } catch (error) {
      // an argument whose reading throws (a proxy, a getter) is refused like any bad argument
      return Effect.fail(unreadable(endpoint, error))
    }
    return Effect.flatMap(session.accessToken, (accessToken) =>
      Effect.flatMap(
        send(endpoint, path, input as Record<string, unknown> | undefined, invocation.options, accessToken),
        (response) => shape(endpoint, response)
      ))
  }
}
