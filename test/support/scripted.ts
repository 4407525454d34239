/**
 * An in-memory transport for tests that run under `TestClock`: an `HttpClient` answering from a
 * script, without sockets, so delays, timeouts and retries follow virtual time.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as HttpClient from "effect/http/HttpClient"
import * as HttpClientError from "effect/http/HttpClientError"
import * as HttpClientResponse from "effect/http/HttpClientResponse"
import type { Options } from "../../src/internal/client/settings.js"
import { Stelace, TokenStore } from "../../src/index.js"
import { PUBLISHABLE_KEY } from "./jwt.js"

/** A request as the scripted transport received it. */
export interface ScriptedRequest {
  readonly method: string
  readonly path: string
  readonly query: string
  readonly host: string
  readonly headers: Readonly<Record<string, string>>
  readonly body: unknown
  /** When it arrived, in the milliseconds of the `Clock` (virtual under `TestClock`). */
  readonly at: number
}

/** A scripted answer. */
export interface ScriptedReply {
  readonly status?: number
  readonly headers?: Readonly<Record<string, string>>
  /** Objects are sent as JSON; strings as they are. */
  readonly body?: unknown
  /** Milliseconds of virtual time before the answer. */
  readonly delay?: number
  /** Never answer (until interrupted). */
  readonly hang?: boolean
  /** Fail as the platform would, with this error (e.g. one whose `code` is `ECONNRESET`). */
  readonly fail?: unknown
}

export type ScriptedResponder = (request: ScriptedRequest, index: number) => ScriptedReply

/** The transport and what it received. */
export interface Scripted {
  readonly client: HttpClient.HttpClient
  readonly requests: Array<ScriptedRequest>
  /** Requests interrupted before their answer (a timeout, an interruption). */
  readonly interrupted: Array<ScriptedRequest>
  respond(responder: ScriptedResponder): void
}

/** A platform error of the kind node:http raises, e.g. `platformError("ECONNRESET")`. */
export const platformError = (code: string, message = `${code.toLowerCase()}`): Error => Object.assign(new Error(message), { code })

/** A scripted transport (default answer: 200 `{}`). */
export const scripted = (responder: ScriptedResponder = () => ({ body: {} })): Scripted => {
  const requests: Array<ScriptedRequest> = []
  const interrupted: Array<ScriptedRequest> = []
  let current = responder
  const client = HttpClient.make((request, url) => Effect.flatMap(Clock.currentTimeMillis, (at) => {
    const text = request.body._tag === "Uint8Array" ? new TextDecoder().decode(request.body.body) : undefined
    let body: unknown
    try {
      body = text === undefined ? undefined : JSON.parse(text)
    } catch {
      body = text
    }
    const received: ScriptedRequest = {
      method: request.method,
      path: url.pathname,
      query: url.search.replace(/^\?/, ""),
      host: url.host,
      headers: request.headers,
      body,
      at
    }
    const index = requests.length
    requests.push(received)
    const reply = current(received, index)
    const answer: Effect.Effect<HttpClientResponse.HttpClientResponse, HttpClientError.HttpClientError> = reply.hang
      ? Effect.never
      : reply.fail !== undefined
      ? Effect.fail(new HttpClientError.HttpClientError({ reason: new HttpClientError.TransportError({ request, cause: reply.fail }) }))
      : Effect.sync(() => {
        const payload = reply.body === undefined ? "" : typeof reply.body === "string" ? reply.body : JSON.stringify(reply.body)
        return HttpClientResponse.fromWeb(
          request,
          new Response(payload === "" ? null : payload, {
            status: reply.status ?? 200,
            headers: { "content-type": "application/json", ...reply.headers }
          })
        )
      })
    return (reply.delay ? Effect.andThen(Effect.sleep(reply.delay), answer) : answer).pipe(
      Effect.onInterrupt(() => Effect.sync(() => interrupted.push(received)))
    )
  }))
  return {
    client,
    requests,
    interrupted,
    respond: (next) => {
      current = next
    }
  }
}

/** A client over a scripted transport, with a publishable key by default, and the store given. */
export const scriptedLayer = (
  transport: Scripted,
  options: Options = {},
  store: Layer.Layer<TokenStore.TokenStore> = TokenStore.memory
) =>
  Stelace.layer({ apiKey: PUBLISHABLE_KEY, host: "api.test", ...options }).pipe(
    Layer.provide(Layer.succeed(HttpClient.HttpClient, transport.client)),
    Layer.provideMerge(store)
  )
