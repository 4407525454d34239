/**
 * The two built-in layers (`layerFetch`, `layerNode`) behave the same: bytes on the wire, answers,
 * failures, timeouts and interruption, spans; and both are effect's `HttpClient` underneath.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import * as http from "node:http"
import { Assets, MalformedResponse, NetworkError, ServerError, Stelace, TokenStore } from "../../src/index.js"
import type { Options } from "../../src/Stelace.js"
import { recorder } from "../support/client.js"
import { PUBLISHABLE_KEY } from "../support/jwt.js"
import { recordingTracer } from "../support/tracing.js"
import type { Recorder } from "../support/recorder.js"

const failureOf = <A, E>(exit: Exit.Exit<A, E>): E => {
  const error = Exit.isFailure(exit) ? Cause.findErrorOption(exit.cause) : undefined
  if (!error || error._tag === "None") throw new Error("expected a typed failure")
  return error.value
}

const transports = [["fetch", Stelace.layerFetch], ["node:http", Stelace.layerNode]] as const

for (const [name, make] of transports) {
  const on = (target: Recorder, options: Options = {}) =>
    make({ apiKey: PUBLISHABLE_KEY, host: target.host, port: target.port, protocol: "http", ...options }).pipe(Layer.provide(TokenStore.memory))

  describe(`${name} transport`, () => {
    it.live("sends the same request bytes", () =>
      Effect.gen(function*() {
        const target = yield* recorder
        target.respond(() => ({ body: { id: "ast_1" } }))
        yield* Effect.gen(function*() {
          yield* Assets.read("ast 1", { b: [1, 2] })
          yield* Assets.create({ name: "Vélo" })
        }).pipe(Effect.provide(on(target, { apiVersion: "2019-05-20" })))
        const [read, create] = target.requests
        assert.deepStrictEqual([read.method, read.url, read.body], ["GET", "/assets/ast%201?b[]=1&b[]=2", ""])
        assert.deepStrictEqual([create.method, create.url, create.body], ["POST", "/assets", `{"name":"Vélo"}`])
        assert.strictEqual(create.headers["content-type"], "application/json;charset=utf-8")
        assert.strictEqual(create.headers["content-length"], String(Buffer.byteLength(`{"name":"Vélo"}`)))
        for (const request of target.requests) {
          assert.strictEqual(request.headers.authorization, `Basic ${btoa(`${PUBLISHABLE_KEY}:`)}`)
          assert.strictEqual(request.headers["x-stelace-version"], "2019-05-20")
          assert.strictEqual(request.headers["user-agent"], "Stelace/0.14.0")
          assert.isUndefined(request.headers.traceparent)
        }
      }).pipe(Effect.scoped))

    it.live("reads answers: body, status and request id, errors and non-JSON bodies", () =>
      Effect.gen(function*() {
        const target = yield* recorder
        target.queue(
          { status: 201, headers: { "x-request-id": "req_ok" }, body: { id: "ast_1", name: "Vélo" } },
          { status: 404, body: { message: "Asset not found", statusCode: 404 } },
          { status: 200, headers: { "content-type": "text/html" }, body: "<p>maintenance</p>" }
        )
        const layer = on(target)
        const asset = yield* Assets.read("ast_1").pipe(Effect.provide(layer))
        assert.deepStrictEqual({ ...asset }, { id: "ast_1", name: "Vélo" })
        assert.deepStrictEqual(asset.lastResponse, { requestId: "req_ok", statusCode: 201 })
        const notFound = failureOf(yield* Effect.exit(Assets.read("ast_2").pipe(Effect.provide(layer))))
        assert.instanceOf(notFound, ServerError)
        assert.strictEqual((notFound as ServerError).message, "Asset not found")
        const html = failureOf(yield* Effect.exit(Assets.read("ast_3").pipe(Effect.provide(layer))))
        assert.instanceOf(html, MalformedResponse)
      }).pipe(Effect.scoped))

    it.live("a refused connection is a NetworkError", () =>
      Effect.gen(function*() {
        const port = yield* Effect.promise(() =>
          new Promise<number>((resolve) => {
            const server = http.createServer().listen(0, "127.0.0.1", () => {
              const { port } = server.address() as { port: number }
              server.close(() => resolve(port))
            })
          })
        )
        const layer = make({ host: "127.0.0.1", port, protocol: "http", maxRetries: 0 }).pipe(Layer.provide(TokenStore.memory))
        const error = failureOf(yield* Effect.exit(Assets.read("ast_1").pipe(Effect.provide(layer))))
        assert.instanceOf(error, NetworkError)
        assert.strictEqual((error as NetworkError).message, `Network Error: connection refused (ECONNREFUSED) on GET http://127.0.0.1:${port}/assets/ast_1`)
        assert.strictEqual((error as NetworkError).reason._tag, "Refused")
      }))

    it.live("a timeout and an interruption abort the HTTP request", () =>
      Effect.gen(function*() {
        const target = yield* recorder
        target.respond(() => ({ delay: 500, body: {} }))
        const timedOut = failureOf(yield* Effect.exit(Assets.create({ name: "x" }).pipe(Effect.provide(on(target, { timeout: 100 })))))
        assert.strictEqual((timedOut as NetworkError).message, `timeout of 100ms exceeded on POST ${target.url}/assets`)
        assert.strictEqual((timedOut as NetworkError).reason._tag, "Timeout")
        const fiber = yield* Assets.read("ast_1").pipe(Effect.provide(on(target)), Effect.forkChild)
        yield* Effect.sleep(100)
        yield* Fiber.interrupt(fiber)
        yield* Effect.sleep(50)
        assert.strictEqual(target.requests.length, 2)
        assert.strictEqual(target.aborted.length, 2)
      }).pipe(Effect.scoped))
  })
}

describe("every built-in layer is the pipeline over effect's HttpClient", () => {
  it.live("layerFetch calls an app's own fetch given through FetchHttpClient.Fetch", () =>
    Effect.gen(function*() {
      const target = yield* recorder
      target.respond(() => ({ body: { id: "ast_1" } }))
      const called: Array<string> = []
      const ownFetch: typeof fetch = (input, init) => {
        called.push(String(input))
        return fetch(input, init)
      }
      const layer = Stelace.layerFetch({ apiKey: PUBLISHABLE_KEY, host: target.host, port: target.port, protocol: "http" }).pipe(
        Layer.provide(TokenStore.memory),
        Layer.provide(Layer.succeed(FetchHttpClient.Fetch, ownFetch))
      )
      yield* Assets.read("ast_1").pipe(Effect.provide(layer))
      assert.deepStrictEqual(called, [`${target.url}/assets/ast_1`])
    }).pipe(Effect.scoped))

  for (const [name, make] of transports) {
    it.live(`${name}: each call is a span named after its route, around the HTTP client's own span`, () =>
      Effect.gen(function*() {
        const target = yield* recorder
        target.respond(() => ({ headers: { "x-request-id": "req_1" }, body: { id: "ast_1" } }))
        const { spans, tracer } = recordingTracer()
        const layer = make({ apiKey: PUBLISHABLE_KEY, host: target.host, port: target.port, protocol: "http" }).pipe(Layer.provide(TokenStore.memory))
        yield* Assets.read("ast_1").pipe(Effect.provide(layer), Effect.withTracer(tracer))
        const call = spans.find((span) => span.name === "Stelace.Assets.read")
        const exchange = spans.find((span) => span.name === "GET")
        assert.isDefined(call)
        assert.isDefined(exchange)
        assert.strictEqual(exchange?.parent._tag === "Some" ? exchange.parent.value.spanId : undefined, call?.spanId)
        assert.strictEqual(call?.attributes.get("stelace.request_id"), "req_1")
        assert.isUndefined(target.requests[0].headers.traceparent)
      }).pipe(Effect.scoped))
  }
})
