/**
 * One call of an endpoint for a client: check the arguments, attach the session, send, and shape
 * the result, then apply the route's session effect.
 *
 * @internal
 */
import type * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import type { DecodeError, StelaceError } from "../../Errors.js"
import { MalformedResponse } from "../../Errors.js"
import type { Session } from "../../Session.js"
import { decodeAccessToken } from "../../Session.js"
import type { AnyEndpoint } from "../routes/model.js"
import type { ApiResponse, RequestOptions, Transport } from "../wire/apiTransport.js"
import type { Invocation } from "./arguments.js"
import { buildPath, checkArguments, unreadable } from "./arguments.js"
import { toPage, withLastResponse } from "./results.js"

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
