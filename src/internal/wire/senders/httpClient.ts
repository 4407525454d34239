/**
 * Any `HttpClient` as a sender: the application's own, the in-memory backend's, or one made for
 * tests. Its requests go through `HttpClient.execute` (so its spans and trace headers, unless
 * `tracePropagation` is `false`), with effect's timeout.
 */
import * as Effect from "effect/Effect"
import * as Tracer from "effect/Tracer"
import * as HttpBody from "effect/http/HttpBody"
import type * as HttpClient from "effect/http/HttpClient"
import * as HttpClientRequest from "effect/http/HttpClientRequest"
import type * as HttpClientResponse from "effect/http/HttpClientResponse"
import type { RawResponse, Sender } from "../rawSender.js"
import { networkError, reasonOf } from "../rawSender.js"
import type { SettingsRef } from "../../client/settings.js"
import type { Method } from "../apiTransport.js"

/** The answer as the pipeline reads it: status, headers and text. */
const toRaw = (response: HttpClientResponse.HttpClientResponse) =>
  Effect.map(response.text, (text): RawResponse => ({
    status: response.status,
    text,
    header: (name) => response.headers[name],
    headers: () => ({ ...response.headers })
  }))

/**
 * A sender over `client`, reading the client's `tracePropagation` per request. A client that
 * fails on a status itself (`HttpClient.filterStatusOk`) still has an answer: it becomes the
 * `ServerError` of that answer, never a `NetworkError` (which would be retried).
 */
export const httpClientSender = (client: HttpClient.HttpClient, settings: SettingsRef): Sender => (request) => {
  const exchange = client.execute(
    HttpClientRequest.make(request.method as Method)(request.url, {
      headers: request.headers,
      ...(request.body === undefined ? {} : { body: HttpBody.text(request.body, "application/json;charset=utf-8") })
    })
  ).pipe(
    Effect.flatMap(toRaw),
    Effect.catch((error) => {
      if (error.reason._tag === "StatusCodeError") {
        return Effect.mapError(toRaw(error.reason.response), (read) => networkError(request, reasonOf(read), read))
      }
      const cause = (error.reason as { cause?: unknown }).cause
      return Effect.fail(networkError(request, reasonOf(cause), cause))
    })
  )
  const timed = request.timeout > 0
    ? Effect.timeoutOrElse(exchange, {
      duration: request.timeout,
      orElse: () => Effect.fail(networkError(request, "Timeout", undefined, request.timeout))
    })
    : exchange
  // no HTTP span and no trace headers unless asked for: browsers' CORS preflight refuses the
  // headers, and spans cost a third of a call when nothing collects them
  return settings.current.tracePropagation === false ? Effect.provideService(timed, Tracer.DisablePropagation, true) : timed
}
