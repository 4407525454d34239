/**
 * One call of an endpoint: check the arguments, attach the session's token, send, and shape (and
 * decode) the result, then apply the route's session effect. The client is app-wide and holds no
 * user state: the session is an argument of each call.
 */
import type * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import type { DecodeError, StelaceError } from "../../Errors.js"
import { InvalidArgument, MalformedResponse } from "../../Errors.js"
import type { Session } from "../../Session.js"
import { decodeAccessToken } from "../session/accessToken.js"
import { writerOf } from "../session/writer.js"
import type { AnyEndpoint } from "../routes/model.js"
import type { ApiResponse, RequestOptions, Transport } from "../wire/apiTransport.js"
import type { Invocation } from "./arguments.js"
import { buildPath, checkArguments, unreadable } from "./arguments.js"
import { toPage, withLastResponse } from "./results.js"

/** Decodes the result of one call of an endpoint. */
export type ResultDecoder = (endpoint: AnyEndpoint, result: unknown) => Effect.Effect<unknown, DecodeError>

/**
 * The function that performs calls for one client, as the user of `session`. `span` names the
 * call's span, for clients that trace their calls (`Stelace.make`); others ignore it.
 */
export type Invoke = (
  endpoint: AnyEndpoint,
  invocation: Invocation,
  session: Session["Service"],
  span?: string | undefined
) => Effect.Effect<unknown, StelaceError>

/** Builds the call function of a client. */
export const makeInvoke = (deps: {
  readonly transport: Transport
  /** The per-call options in force where a call runs (`Stelace.withRequestOptions`). */
  readonly defaultOptions: Context.Reference<RequestOptions>
  /**
   * The decoder in force where a call runs (`Schemas.layerDecoding` provided to the program or
   * merged beside the client), unless the client was built with one (`decode`).
   */
  readonly resultDecoder: Context.Reference<ResultDecoder | undefined>
  readonly decode?: ResultDecoder | undefined
}): Invoke => {
  const { decode, transport } = deps

  const shape = (endpoint: AnyEndpoint, response: ApiResponse, decoder: ResultDecoder | undefined): Effect.Effect<unknown, StelaceError> => {
    const lastResponse = { requestId: response.requestId, statusCode: response.status }
    let result: unknown
    if (endpoint.kind === "list") {
      const page = toPage(response.body, lastResponse)
      if (page instanceof MalformedResponse) return Effect.fail(page)
      result = page
    } else {
      result = withLastResponse(response.body, lastResponse)
    }
    return decoder ? decoder(endpoint, result) : Effect.succeed(result)
  }

  /** Sends the request and shapes its answer; `after` sees the answer and the result. */
  const exchange = (
    endpoint: AnyEndpoint,
    path: string,
    input: Record<string, unknown> | undefined,
    options: RequestOptions | undefined,
    accessToken: string | undefined,
    after?: (response: ApiResponse, result: unknown) => Effect.Effect<unknown, StelaceError>
  ): Effect.Effect<unknown, StelaceError> =>
    Effect.withFiber((fiber) => {
      const defaults = fiber.getRef(deps.defaultOptions)
      const decoder = decode ?? fiber.getRef(deps.resultDecoder)
      const isGet = endpoint.method === "GET"
      return Effect.flatMap(
        transport.send({
          method: endpoint.method,
          path,
          query: isGet ? input : undefined,
          body: isGet ? undefined : input,
          options: options ? { ...defaults, ...options } : defaults,
          accessToken,
          bodyRequired: endpoint.bodyRequired
        }),
        after
          ? (response) => Effect.flatMap(shape(endpoint, response, decoder), (result) => after(response, result))
          : (response) => shape(endpoint, response, decoder)
      )
    })

  /** Auth routes: the stored tokens as they are (never refreshed first), then the session effect. */
  const authCall = (endpoint: AnyEndpoint, path: string, invocation: Invocation, session: Session["Service"]) => {
    const writer = writerOf(session)
    if (writer === undefined) {
      // a login whose tokens could not be stored would look like a success: refuse it up front
      return Effect.fail(new InvalidArgument({ message: "Stelace: not an SDK Session" }))
    }
    return Effect.flatMap(session.authTokens, (tokens) => {
      let input = invocation.input as Record<string, unknown> | undefined
      try {
        if (endpoint.prepare) input = endpoint.prepare(input ?? {})
        if (endpoint.session === "logout" && tokens?.refreshToken) input = { ...input, refreshToken: tokens.refreshToken }
      } catch (error) {
        return Effect.fail(unreadable(endpoint, error))
      }
      const accessToken = tokens !== undefined && decodeAccessToken(tokens.accessToken) ? tokens.accessToken : undefined
      return exchange(endpoint, path, input, invocation.options, accessToken, (response, result) => {
        if (endpoint.session === "logout") return Effect.as(writer.clear, result)
        const body = response.body
        return body !== null && typeof body === "object" && !Array.isArray(body)
          ? Effect.as(writer.set(body as Record<string, unknown>), result)
          : Effect.succeed(result)
      })
    })
  }

  return (endpoint, invocation, session) => {
    const path = buildPath(endpoint, invocation.params)
    if (typeof path !== "string") return Effect.fail(path)
    let input: unknown
    try {
      const invalid = checkArguments(endpoint, invocation)
      if (invalid) return Effect.fail(invalid)
      if (endpoint.session !== undefined) return authCall(endpoint, path, invocation, session)
      input = endpoint.prepare ? endpoint.prepare((invocation.input as Record<string, unknown> | undefined) ?? {}) : invocation.input
    } catch (error) {
      // an argument whose reading throws (a proxy, a getter) is refused like any bad argument
      return Effect.fail(unreadable(endpoint, error))
    }
    return Effect.flatMap(session.accessToken, (accessToken) =>
      exchange(endpoint, path, input as Record<string, unknown> | undefined, invocation.options, accessToken))
  }
}
