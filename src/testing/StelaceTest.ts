/**
 * An in-memory Stelace backend for tests: a layer providing `HttpClient.HttpClient` that answers
 * every request from memory, with the behaviour of the real server (API keys, tokens, roles,
 * pagination per API version, validation errors, the transaction process, search...).
 *
 * Each layer build gets its own backend: tests never share data. Time comes from Effect's
 * `Clock`, so under `TestClock` access tokens expire when the test says so.
 *
 * @example
 * ```ts
 * import { StelaceTest } from "stelace-effect/testing"
 *
 * const TestLive = Stelace.layer({ apiKey: StelaceTest.demo.secretApiKey }).pipe(
 *   Layer.provide(StelaceTest.layer())
 * )
 * ```
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Stream from "effect/Stream"
import type * as HttpBody from "effect/http/HttpBody"
import * as HttpClient from "effect/http/HttpClient"
import * as HttpClientError from "effect/http/HttpClientError"
import type * as HttpClientRequest from "effect/http/HttpClientRequest"
import * as HttpClientResponse from "effect/http/HttpClientResponse"
import * as BackendModule from "./backend/Backend.js"
import type { Seed } from "./Seed.js"

export type { Seed, SeedData, SeedObject, SeedUser } from "./Seed.js"
export { defaultKeys } from "./Seed.js"
export { demo } from "./seeds/demo.js"
export { startServer, type RunningServer, type ServerOptions } from "./Server.js"
export type { BackendRequest, BackendResponse } from "./backend/Backend.js"

/** Options of {@link layer}. */
export interface Options {
  /** `'demo'` (default), `'empty'`, or seed data. */
  readonly seed?: Seed | undefined
  /** Access token lifetime in seconds (default 3600). */
  readonly accessTokenTtl?: number | undefined
  /** The largest request body accepted, in bytes (default 5 MiB); larger ones answer 413. */
  readonly maxBodySize?: number | undefined
  /**
   * Where the single sign-on URLs the backend gives identity providers start (`redirect_uri`):
   * by default the origin each request is sent to (the SDK's `baseUrl`).
   */
  readonly apiUrl?: string | undefined
}

/** The in-memory backend of a layer: its API keys, its request handler and its data. */
export class Backend extends Context.Service<Backend, BackendModule.Backend>()("stelace-effect/testing/Backend") {}

/** Creates a backend (outside a layer), e.g. to share one between several clients. */
export const makeBackend = (options: Options = {}): Effect.Effect<BackendModule.Backend> => {
  const { apiUrl, ...rest } = options
  return BackendModule.make({ ...rest, ...(apiUrl === undefined ? {} : { apiUrl: () => apiUrl }) })
}

const decoder = new TextDecoder()

/** A body as text; `TooLarge` when a stream passes `maxBytes` (the rest is never read). */
type BodyText = { readonly _tag: "Text"; readonly text: string | undefined } | { readonly _tag: "TooLarge" }

const readBody = (request: HttpClientRequest.HttpClientRequest, maxBytes: number): Effect.Effect<BodyText, HttpClientError.HttpClientError> => {
  const body = request.body
  if (body._tag !== "Stream") return Effect.succeed({ _tag: "Text", text: bodyText(body) })
  return Effect.suspend(() => {
    const chunks: Array<Uint8Array> = []
    let size = 0
    return Stream.runForEachWhile(body.stream, (chunk) =>
      Effect.sync(() => {
        size += chunk.length
        if (size > maxBytes) return false
        chunks.push(chunk)
        return true
      })).pipe(
        Effect.map((): BodyText => {
          if (size > maxBytes) return { _tag: "TooLarge" }
          const bytes = new Uint8Array(size)
          let offset = 0
          for (const chunk of chunks) {
            bytes.set(chunk, offset)
            offset += chunk.length
          }
          return { _tag: "Text", text: decoder.decode(bytes) }
        }),
        Effect.mapError((cause) =>
          new HttpClientError.HttpClientError({
            reason: new HttpClientError.TransportError({ request, cause, description: "The request body stream failed" })
          })
        )
      )
  })
}

const bodyText = (body: Exclude<HttpBody.HttpBody, HttpBody.Stream>): string | undefined => {
  switch (body._tag) {
    case "Empty":
      return undefined
    case "Uint8Array":
      return decoder.decode(body.body)
    case "Raw":
      return typeof body.body === "string"
        ? body.body
        : body.body instanceof Uint8Array
        ? decoder.decode(body.body)
        : JSON.stringify(body.body)
    case "FormData": {
      const params = new URLSearchParams()
      body.formData.forEach((value, key) => {
        params.append(key, String(value))
      })
      return params.toString()
    }
  }
}

/** An `HttpClient` answering from a backend, without sockets. */
export const httpClient = (backend: BackendModule.Backend): HttpClient.HttpClient =>
  HttpClient.make((request, url) => {
    const headers: Record<string, string> = { ...request.headers }
    if (request.body._tag !== "Empty" && request.body.contentType && headers["content-type"] === undefined) {
      headers["content-type"] = request.body.contentType
    }
    return readBody(request, backend.maxBodySize).pipe(
      Effect.flatMap((body) =>
        body._tag === "TooLarge"
          ? Effect.succeed(backend.payloadTooLarge())
          : backend.handle({ method: request.method, url: url.href, headers, body: body.text })
      ),
      Effect.map((answer) =>
        HttpClientResponse.fromWeb(
          request,
          new Response(answer.body === "" || answer.status === 204 || answer.status === 301 ? null : answer.body, {
            status: answer.status,
            headers: answer.headers
          })
        )
      )
    )
  })

/**
 * A layer providing `HttpClient.HttpClient` (and {@link Backend}) answered by an existing backend,
 * so that several clients (an owner, a taker...) can share one backend in a test.
 *
 * @example
 * ```ts
 * const backend = yield* StelaceTest.makeBackend()
 * const asTaker = Stelace.layer({ apiKey: backend.publishableApiKey }).pipe(
 *   Layer.provide(StelaceTest.layerFromBackend(backend)),
 *   Layer.provide(TokenStore.memory)
 * )
 * ```
 */
export const layerFromBackend = (backend: BackendModule.Backend): Layer.Layer<HttpClient.HttpClient | Backend> =>
  Layer.mergeAll(Layer.succeed(HttpClient.HttpClient, httpClient(backend)), Layer.succeed(Backend, backend))

/**
 * A layer providing `HttpClient.HttpClient` (and {@link Backend}) answered by a fresh in-memory
 * backend. Pass a seed directly or options.
 */
export const layer = (options: Seed | Options = {}): Layer.Layer<HttpClient.HttpClient | Backend> => {
  const resolved: Options = typeof options === "string" || typeof options === "function" || !isOptions(options)
    ? { seed: options as Seed }
    : options
  const backendLayer = Layer.effect(Backend, makeBackend(resolved))
  const clientLayer = Layer.effect(HttpClient.HttpClient, Backend.useSync(httpClient))
  return clientLayer.pipe(Layer.provideMerge(backendLayer))
}

const isOptions = (value: object): value is Options =>
  Object.keys(value).length === 0 || "seed" in value || "accessTokenTtl" in value || "maxBodySize" in value || "apiUrl" in value
