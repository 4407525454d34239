import { assert, describe, it } from "@effect/vitest"
import { inspect } from "node:util"
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import * as HttpClient from "effect/http/HttpClient"
import * as References from "effect/References"
import type * as Tracer from "effect/Tracer"
import * as Exit from "effect/Exit"
import * as Config from "effect/Config"
import * as ConfigProvider from "effect/ConfigProvider"
import * as Layer from "effect/Layer"
import * as Stream from "effect/Stream"
import {
  Assets,
  Auth,
  Forward,
  InvalidArgument,
  MalformedResponse,
  Search,
  ServerError,
  Stelace,
  TokenStore,
  Transactions,
  Users
} from "../../src/index.js"
import type { Options, StelaceClient } from "../../src/Stelace.js"
import type { Recorder } from "../support/recorder.js"
import { clientLayer, recorder } from "../support/client.js"
import { accessToken, PUBLISHABLE_KEY } from "../support/jwt.js"
import { recordingTracer } from "../support/tracing.js"
import type { Session as SessionService } from "../../src/Session.js"

/** Calls an endpoint function with arguments its type refuses (what plain JavaScript users can do). */
const untyped = <F extends (...args: Array<any>) => any>(f: F) => f as unknown as (...args: Array<unknown>) => ReturnType<F>

const failureOf = <A, E>(exit: Exit.Exit<A, E>): E => {
  if (Exit.isSuccess(exit)) throw new Error("expected a failure")
  const error = Cause.findErrorOption(exit.cause)
  if (error._tag === "None") throw new Error(`expected a typed failure, got ${Cause.pretty(exit.cause)}`)
  return error.value
}

describe("headers", () => {
  it.live("sends the API key as Basic auth and the Node user agent without a session", () =>
    Effect.gen(function*() {
      const target = yield* recorder
      yield* Assets.read("ast_1").pipe(Effect.provide(clientLayer(target)))
      const headers = target.requests[0].headers
      assert.strictEqual(headers.authorization, `Basic ${Buffer.from(`${PUBLISHABLE_KEY}:`).toString("base64")}`)
      assert.strictEqual(headers["user-agent"], "Stelace/0.14.0")
      assert.isUndefined(headers["x-stelace-version"])
      assert.isUndefined(headers["x-stelace-organization-id"])
      assert.isUndefined(headers.traceparent)
      assert.isUndefined(headers.b3)
    }).pipe(Effect.scoped))

  it.live("sends no authorization header at all without an API key", () =>
    Effect.gen(function*() {
      const target = yield* recorder
      yield* Assets.read("ast_1").pipe(Effect.provide(clientLayer(target, { apiKey: undefined })))
      assert.isUndefined(target.requests[0].headers.authorization)
    }).pipe(Effect.scoped))

  it.live("forwards a configured user agent (a browser's, from server rendering)", () =>
    Effect.gen(function*() {
      const target = yield* recorder
      const ua = "Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0"
      yield* Assets.read("ast_1").pipe(Effect.provide(clientLayer(target, { userAgent: ua })))
      assert.strictEqual(target.requests[0].headers["user-agent"], ua)
    }).pipe(Effect.scoped))

  it.live("sends the client's API version and organization, overridden per call", () =>
    Effect.gen(function*() {
      const target = yield* recorder
      yield* Effect.gen(function*() {
        yield* Assets.read("ast_1")
        yield* Assets.read("ast_1", undefined, { apiVersion: "2020-08-10", organizationId: "org_2", userId: "usr_9" })
        yield* Assets.read("ast_1", undefined, { organizationId: null })
      }).pipe(Effect.provide(clientLayer(target, { apiVersion: "2019-05-20", organizationId: "org_1" })))
      const [first, second, third] = target.requests.map((r) => r.headers)
      assert.strictEqual(first["x-stelace-version"], "2019-05-20")
      assert.strictEqual(first["x-stelace-organization-id"], "org_1")
      assert.isUndefined(first["x-stelace-user-id"])
      assert.strictEqual(second["x-stelace-version"], "2020-08-10")
      assert.strictEqual(second["x-stelace-organization-id"], "org_2")
      assert.strictEqual(second["x-stelace-user-id"], "usr_9")
      assert.isUndefined(third["x-stelace-organization-id"])
    }).pipe(Effect.scoped))

  it.live("withRequestOptions applies options to every call of an effect, call options winning", () =>
    Effect.gen(function*() {
      const target = yield* recorder
      yield* Effect.gen(function*() {
        yield* Assets.read("ast_1")
        yield* Assets.read("ast_2", undefined, { apiVersion: "2020-08-10" })
      }).pipe(
        Stelace.withRequestOptions({ apiVersion: "2019-05-20", userId: "usr_1" }),
        Effect.provide(clientLayer(target))
      )
      assert.deepStrictEqual(target.requests.map((r) => [r.headers["x-stelace-version"], r.headers["x-stelace-user-id"]]), [
        ["2019-05-20", "usr_1"],
        ["2020-08-10", "usr_1"]
      ])
    }).pipe(Effect.scoped))

  it.live("sends headers of your own from withRequestOptions, around one call or many (they add up, the inner winning by name), on every page", () =>
    Effect.gen(function*() {
      const target = yield* recorder
      target.respond((request) =>
        request.path !== "/assets"
          ? { body: { id: "ast_1" } }
          : request.query.includes("page=2")
          ? { body: { nbResults: 3, nbPages: 2, page: 2, nbResultsPerPage: 2, results: [{ id: "c" }] } }
          : { body: { nbResults: 3, nbPages: 2, page: 1, nbResultsPerPage: 2, results: [{ id: "a" }, { id: "b" }] } }
      )
      yield* Effect.gen(function*() {
        yield* Assets.read("ast_1").pipe(Stelace.withRequestOptions({ headers: { "X-Tenant": "acme", "x-request-source": "call" } }))
        yield* Stream.runCollect(Assets.paginate({ nbResultsPerPage: 2 })).pipe(Stelace.withRequestOptions({ headers: { "x-page-walk": "1" } }))
        yield* Assets.read("ast_2", undefined, { apiVersion: "2020-08-10" })
      }).pipe(
        Stelace.withRequestOptions({ apiVersion: "2019-05-20", headers: { "x-request-source": "nightly-export" } }),
        Effect.provide(clientLayer(target))
      )
      const own = (headers: Readonly<Record<string, string>>) =>
        [headers["x-tenant"], headers["x-request-source"], headers["x-page-walk"], headers["x-stelace-version"]]
      assert.deepStrictEqual(target.requests.map((r) => [r.url, ...own(r.headers)]), [
        ["/assets/ast_1", "acme", "call", undefined, "2019-05-20"],
        ["/assets?nbResultsPerPage=2", undefined, "nightly-export", "1", "2019-05-20"],
        ["/assets?nbResultsPerPage=2&page=2", undefined, "nightly-export", "1", "2019-05-20"],
        ["/assets/ast_2", undefined, "nightly-export", undefined, "2020-08-10"]
      ])
      // the SDK's own headers are as they always are
      assert.strictEqual(target.requests[0].headers.authorization, `Basic ${btoa(`${PUBLISHABLE_KEY}:`)}`)
    }).pipe(Effect.scoped))

  it.live("refuses headers the SDK sets, whatever their case, naming them, and sends nothing", () =>
    Effect.gen(function*() {
      const target = yield* recorder
      const owned = ["Authorization", "x-api-key", "X-Stelace-Version", "x-stelace-organization-id", "x-stelace-user-id", "content-type", "Content-Length", "user-agent", "accept", "host", "transfer-encoding", "connection"]
      const messages = yield* Effect.forEach(owned, (name) =>
        Effect.map(Effect.flip(Assets.read("ast_1").pipe(Stelace.withRequestOptions({ headers: { [name]: "value" } }))), (error) => `${error._tag}: ${error.message}`)
      ).pipe(Effect.provide(clientLayer(target)))
      assert.deepStrictEqual(messages.slice(0, 3), [
        `InvalidArgument: Stelace: the "authorization" header is the SDK's, not one to set in "headers" (in Stelace.withRequestOptions)`,
        `InvalidArgument: Stelace: the "x-api-key" header is the SDK's, not one to set in "headers" (in Stelace.withRequestOptions)`,
        `InvalidArgument: Stelace: the "x-stelace-version" header is the SDK's, not one to set in "headers" (in Stelace.withRequestOptions)`
      ])
      assert.deepStrictEqual(messages.map((message, i) => message.includes(`"${owned[i].toLowerCase()}" header is the SDK's`)), owned.map(() => true))
      assert.strictEqual(target.requests.length, 0)
    }).pipe(Effect.scoped))

  it.live("refuses a header name that is not a token and a value with a line break, before anything is sent (a token refresh included), never quoting the value", () =>
    Effect.gen(function*() {
      const target = yield* recorder
      // an expired access token: a call would refresh it first
      const tokens = { accessToken: accessToken({ expiresIn: -60 }), refreshToken: "rt_1" }
      const store = TokenStore.make({ getTokens: () => tokens, setTokens: () => {}, removeTokens: () => {} })
      const bad: ReadonlyArray<unknown> = [
        { "x trace": "1" },
        { "x-trace:": "1" },
        { "x-evil\r\nx-injected": "1" },
        { "": "1" },
        { "x-secret": "s3cret\r\nx-injected: 1" },
        { "x-count": 1 },
        "x-trace: 1",
        null
      ]
      const messages = yield* Effect.forEach(bad, (headers) =>
        Effect.map(Effect.flip(Assets.read("ast_1").pipe(Stelace.withRequestOptions({ headers } as never))), (error: any) => error.message)
      ).pipe(Effect.provide(clientLayer(target, {}, store)))
      assert.deepStrictEqual(messages, [
        `Stelace: "x trace" is not a header name (in Stelace.withRequestOptions)`,
        `Stelace: "x-trace:" is not a header name (in Stelace.withRequestOptions)`,
        `Stelace: "x-evil\\r\\nx-injected" is not a header name (in Stelace.withRequestOptions)`,
        `Stelace: "" is not a header name (in Stelace.withRequestOptions)`,
        `Stelace: the "x-secret" header cannot carry its value (a string without line breaks nor control characters is expected) (in Stelace.withRequestOptions)`,
        `Stelace: the "x-count" header cannot carry its value (a string without line breaks nor control characters is expected) (in Stelace.withRequestOptions)`,
        `Stelace: "headers" must be an object of strings (in Stelace.withRequestOptions)`,
        `Stelace: "headers" must be an object of strings (in Stelace.withRequestOptions)`
      ])
      assert.isFalse(messages.some((message) => message.includes("s3cret")))
      assert.strictEqual(target.requests.length, 0)
    }).pipe(Effect.scoped))

  it.live("takes headers only through withRequestOptions: in a call's own options they are an unknown option", () =>
    Effect.gen(function*() {
      const target = yield* recorder
      const error = yield* Effect.flip(untyped(Assets.read)("ast_1", undefined, { headers: { "x-tenant": "acme" } })).pipe(Effect.provide(clientLayer(target)))
      assert.strictEqual((error as InvalidArgument).message, "Stelace: unknown option(s) headers; options are apiVersion, userId, organizationId (on API request to GET /assets/:id)")
      assert.strictEqual(target.requests.length, 0)
    }).pipe(Effect.scoped))

  it.live("sends the user's access token in the Stelace-V1 scheme", () =>
    Effect.gen(function*() {
      const target = yield* recorder
      const token = accessToken({ expiresIn: 3600 })
      const store = TokenStore.make({ getTokens: () => ({ accessToken: token }), setTokens: () => {}, removeTokens: () => {} })
      yield* Assets.read("ast_1").pipe(Effect.provide(clientLayer(target, {}, store)))
      assert.strictEqual(target.requests[0].headers.authorization, `Stelace-V1 apiKey=${PUBLISHABLE_KEY}, token=${token}`)
    }).pipe(Effect.scoped))
})

describe("request encoding", () => {
  it.live("serializes queries byte for byte as stelace.js (axios 0.19) did", () =>
    Effect.gen(function*() {
      const target = yield* recorder
      target.respond(() => ({ body: { results: [], nbResults: 0, nbPages: 0, page: 1, nbResultsPerPage: 20 } }))
      yield* Assets.list({
        query: "red bike, 2€",
        id: ["ast_1", "ast_2"],
        createdDate: { gte: "2020-01-01T00:00:00.000Z" },
        ownerId: undefined,
        categoryId: null,
        price: 10
      } as any).pipe(Effect.provide(clientLayer(target)))
      assert.strictEqual(
        target.requests[0].query,
        "query=red+bike,+2%E2%82%AC&id[]=ast_1&id[]=ast_2&createdDate=%7B%22gte%22:%222020-01-01T00:00:00.000Z%22%7D&price=10"
      )
    }).pipe(Effect.scoped))

  it.live("sends a JSON body only when there is something in it", () =>
    Effect.gen(function*() {
      const target = yield* recorder
      yield* Effect.gen(function*() {
        yield* Assets.create({ name: "Bike" })
        yield* Assets.update("ast_1", {})
        yield* Assets.remove("ast_1")
      }).pipe(Effect.provide(clientLayer(target)))
      const [create, update, remove] = target.requests
      assert.strictEqual(create.body, `{"name":"Bike"}`)
      assert.strictEqual(create.headers["content-type"], "application/json;charset=utf-8")
      assert.strictEqual(update.body, "")
      assert.isUndefined(update.headers["content-type"])
      assert.strictEqual(remove.body, "")
    }).pipe(Effect.scoped))

  it.live("URL-encodes path parameters", () =>
    Effect.gen(function*() {
      const target = yield* recorder
      yield* Effect.gen(function*() {
        yield* Assets.read("a/b c?d")
        yield* Users.joinOrganizationOrUpdateRights("usr_1", "org/../x", { roles: ["user"] })
      }).pipe(Effect.provide(clientLayer(target)))
      assert.deepStrictEqual(target.requests.map((r) => r.url), [
        "/assets/a%2Fb%20c%3Fd",
        "/users/usr_1/organizations/org%2F..%2Fx"
      ])
    }).pipe(Effect.scoped))

  it.live("does not mutate the caller's input when a route adds to it", () =>
    Effect.gen(function*() {
      const target = yield* recorder
      target.respond(() => ({ body: { results: [], nbResults: 0, nbPages: 0, page: 1, nbResultsPerPage: 20 } }))
      const input = { query: "bike", save: true }
      yield* Search.results(input).pipe(Effect.provide(clientLayer(target)))
      assert.deepStrictEqual(input, { query: "bike", save: true })
      assert.strictEqual(target.requests[0].body, `{"query":"bike","save":false}`)
    }).pipe(Effect.scoped))
})

describe("invalid arguments", () => {
  it.live("refuses a non-string path parameter with stelace.js's message, sending nothing", () =>
    Effect.gen(function*() {
      const target = yield* recorder
      const exit = yield* Effect.exit(untyped(Assets.read)(123).pipe(Effect.provide(clientLayer(target))))
      const error = failureOf(exit)
      assert.instanceOf(error, InvalidArgument)
      assert.strictEqual(
        (error as InvalidArgument).message,
        `Stelace: "id" must be a string, but got: number (on API request to GET /assets/:id)`
      )
      assert.strictEqual(target.requests.length, 0)
    }).pipe(Effect.scoped))

  it.live("refuses an empty path parameter (it would hit the list route)", () =>
    Effect.gen(function*() {
      const target = yield* recorder
      const error = failureOf(yield* Effect.exit(Transactions.createTransition("", { name: "accept" }).pipe(Effect.provide(clientLayer(target)))))
      assert.strictEqual(
        (error as InvalidArgument).message,
        `Stelace: "id" must not be empty (on API request to POST /transactions/:id/transitions)`
      )
      assert.strictEqual(target.requests.length, 0)
    }).pipe(Effect.scoped))

  it.live("refuses unknown per-call options, a non-object input and extra arguments", () =>
    Effect.gen(function*() {
      const target = yield* recorder
      const layer = clientLayer(target)
      const calls: Array<Effect.Effect<unknown, unknown, StelaceClient | SessionService>> = [
        untyped(Assets.list)(undefined, { stelaceVersion: "2019-05-20" }),
        untyped(Assets.list)("bikes"),
        untyped(Assets.read)("ast_1", {}, {}, () => {})
      ]
      const messages = yield* Effect.forEach(calls, (effect) => Effect.map(Effect.flip(effect), (error: any) => `${error._tag}: ${error.message}`)).pipe(Effect.provide(layer))
      assert.deepStrictEqual(messages, [
        "InvalidArgument: Stelace: unknown option(s) stelaceVersion; options are apiVersion, userId, organizationId (on API request to GET /assets)",
        "InvalidArgument: Stelace: the query must be an object, but got: string (on API request to GET /assets)",
        "InvalidArgument: Stelace: expected at most 3 arguments, but got 4 (on API request to GET /assets/:id)"
      ])
      assert.strictEqual(target.requests.length, 0)
    }).pipe(Effect.scoped))

  it.effect("refuses bad client options when the layer is built", () =>
    Effect.gen(function*() {
      const build = (options: any) =>
        Effect.flip(Effect.provide(Assets.read("x"), Stelace.layerFetch(options).pipe(Layer.provide(TokenStore.memory))))
      const messages = yield* Effect.forEach([
        { port: 70000 },
        { protocol: "ftp" },
        { host: "https://api.stelace.com" },
        { timeout: -1 },
        { apikey: "typo" }
      ], (options) => Effect.map(build(options), (error: any) => error.message))
      assert.deepStrictEqual(messages, [
        "Stelace: \"port\" must be between 1 and 65535, but got: 70000",
        "Stelace: \"protocol\" must be http or https, but got: ftp",
        "Stelace: \"host\" must be a host name, such as api.stelace.com, but got: https://api.stelace.com",
        "Stelace: \"timeout\" must be a non-negative number, but got: -1",
        "Stelace: unknown option(s): apikey"
      ])
    }))
})

describe("trace propagation with the application's HttpClient (Stelace.layer)", () => {
  const overFetchHttpClient = (target: Recorder, options: Options) =>
    Stelace.layer({ apiKey: PUBLISHABLE_KEY, host: target.host, port: target.port, protocol: "http", ...options }).pipe(
      Layer.provide(FetchHttpClient.layer),
      Layer.provide(TokenStore.memory)
    )

  it.live("sends no trace headers by default (browsers' CORS preflight refuses them)", () =>
    Effect.gen(function*() {
      const target = yield* recorder
      yield* Assets.read("ast_1").pipe(Effect.provide(overFetchHttpClient(target, {})))
      assert.isUndefined(target.requests[0].headers.traceparent)
      assert.isUndefined(target.requests[0].headers.b3)
    }).pipe(Effect.scoped))

  it.live("tracePropagation: true sends the call's span as trace headers, over any HttpClient", () =>
    Effect.gen(function*() {
      const target = yield* recorder
      yield* Assets.read("ast_1").pipe(Effect.provide(overFetchHttpClient(target, { tracePropagation: true })))
      assert.match(target.requests[0].headers.traceparent, /^00-[0-9a-f]{32}-[0-9a-f]{16}-0[01]$/)
      const node = Stelace.layerNode({ apiKey: PUBLISHABLE_KEY, host: target.host, port: target.port, protocol: "http", tracePropagation: true })
      yield* Assets.read("ast_1").pipe(Effect.provide(node.pipe(Layer.provide(TokenStore.memory))))
      assert.match(target.requests[1].headers.traceparent, /^00-[0-9a-f]{32}-[0-9a-f]{16}-0[01]$/)
    }).pipe(Effect.scoped))
})

describe("the application's HttpClient failing on a status itself (HttpClient.filterStatusOk)", () => {
  it.live("a 404 is the ServerError of that answer, sent once (not a retried NetworkError)", () =>
    Effect.gen(function*() {
      const target = yield* recorder
      target.respond(() => ({ status: 404, headers: { "x-request-id": "req_404" }, body: { message: "Asset not found" } }))
      const strict = Layer.effect(HttpClient.HttpClient, Effect.map(Effect.service(HttpClient.HttpClient), HttpClient.filterStatusOk))
        .pipe(Layer.provide(FetchHttpClient.layer))
      const layer = Stelace.layer({ apiKey: PUBLISHABLE_KEY, host: target.host, port: target.port, protocol: "http" }).pipe(
        Layer.provide(strict),
        Layer.provide(TokenStore.memory)
      )
      const error = yield* Effect.flip(Assets.read("ast_1").pipe(Effect.provide(layer)))
      assert.instanceOf(error, ServerError)
      assert.strictEqual((error as ServerError).statusCode, 404)
      assert.strictEqual((error as ServerError).message, "Asset not found")
      assert.strictEqual((error as ServerError).lastResponse.requestId, "req_404")
      assert.strictEqual(target.requests.length, 1)
    }).pipe(Effect.scoped))
})

describe("spans", () => {
  const attributes = (span: Tracer.NativeSpan) => Object.fromEntries(span._attributes ?? [])
  /** A client over an HttpClient (the clients that trace their calls). */
  const traced = (target: Recorder, store: Layer.Layer<TokenStore.TokenStore> = TokenStore.memory) =>
    Stelace.layer({ apiKey: PUBLISHABLE_KEY, host: target.host, port: target.port, protocol: "http" }).pipe(
      Layer.provide(FetchHttpClient.layer),
      Layer.provide(store)
    )

  it.live("over an HttpClient, every call is a span named after its route, with the answer's status and request id", () =>
    Effect.gen(function*() {
      const target = yield* recorder
      target.queue(
        { status: 200, headers: { "x-request-id": "req_ok" }, body: { id: "ast_1" } },
        { status: 404, headers: { "x-request-id": "req_404" }, body: { message: "Asset not found" } }
      )
      const { spans, tracer } = recordingTracer()
      yield* Effect.gen(function*() {
        yield* Assets.read("ast_1")
        yield* Effect.flip(Assets.read("ast_2"))
      }).pipe(Effect.provide(traced(target)), Effect.withTracer(tracer))
      const calls = spans.filter((span) => span.name.startsWith("Stelace."))
      assert.deepStrictEqual(calls.map((span) => span.name), ["Stelace.Assets.read", "Stelace.Assets.read"])
      assert.deepStrictEqual(attributes(calls[0]), { "http.response.status_code": 200, "stelace.request_id": "req_ok" })
      assert.deepStrictEqual(attributes(calls[1]), { "http.response.status_code": 404, "stelace.request_id": "req_404" })
      assert.strictEqual(calls[0].kind, "client")
    }).pipe(Effect.scoped))

  it.live("a token refresh is a span of its own", () =>
    Effect.gen(function*() {
      const target = yield* recorder
      const fresh = accessToken({ userId: "usr_1", expiresIn: 3600 })
      target.respond((request) => request.url === "/auth/token" ? { body: { accessToken: fresh } } : { body: { id: "ast_1" } })
      const stale = TokenStore.make({
        getTokens: () => ({ accessToken: accessToken({ userId: "usr_1", expiresIn: -10 }), refreshToken: "rt_1" }),
        setTokens: () => {},
        removeTokens: () => {}
      })
      const { spans, tracer } = recordingTracer()
      yield* Assets.read("ast_1").pipe(Effect.provide(traced(target, stale)), Effect.withTracer(tracer))
      assert.includeMembers(spans.map((span) => span.name), ["Stelace.Session.refresh", "Stelace.Assets.read"])
    }).pipe(Effect.scoped))

  it.live("with tracing off (References.TracerEnabled false), calls make no span", () =>
    Effect.gen(function*() {
      const target = yield* recorder
      target.respond(() => ({ body: { id: "ast_1" } }))
      const { spans, tracer } = recordingTracer()
      yield* Assets.read("ast_1").pipe(
        Effect.provide(traced(target)),
        Effect.withTracer(tracer),
        Effect.provideService(References.TracerEnabled, false)
      )
      assert.deepStrictEqual(spans.map((span) => span.name), [])
    }).pipe(Effect.scoped))
})

describe("results and failures", () => {
  it.live("results carry the status code and request id", () =>
    Effect.gen(function*() {
      const target = yield* recorder
      target.respond(() => ({ status: 201, headers: { "x-request-id": "req_abc" }, body: { id: "ast_1" } }))
      const asset = yield* Assets.create({ name: "Bike" }).pipe(Effect.provide(clientLayer(target)))
      assert.deepStrictEqual(asset.lastResponse, { requestId: "req_abc", statusCode: 201 })
      assert.deepStrictEqual(Object.keys(asset), ["id"])
    }).pipe(Effect.scoped))

  it.live("an error answer fails with ServerError holding the body's fields", () =>
    Effect.gen(function*() {
      const target = yield* recorder
      target.respond(() => ({
        status: 422,
        body: { message: "Transition not allowed", statusCode: 422, data: { transition: "pay" }, _stack: ["x"] }
      }))
      const error = failureOf(yield* Effect.exit(Transactions.createTransition("trn_1", { name: "pay" }).pipe(Effect.provide(clientLayer(target)))))
      assert.instanceOf(error, ServerError)
      assert.instanceOf(error, Error)
      const serverError = error as ServerError
      assert.strictEqual(serverError.message, "Transition not allowed")
      assert.strictEqual(serverError.statusCode, 422)
      assert.deepStrictEqual(serverError.data, { transition: "pay" })
      assert.deepStrictEqual((serverError as any)._stack, ["x"])
      assert.isUndefined(serverError.requestId)
      assert.deepStrictEqual(serverError.lastResponse, { requestId: undefined, statusCode: 422 })
    }).pipe(Effect.scoped))

  it.live("an error answer without a JSON body still says what happened", () =>
    Effect.gen(function*() {
      const target = yield* recorder
      target.respond(() => ({ status: 404, headers: { "content-type": "text/html" }, body: "<h1>Not found</h1>" }))
      const error = failureOf(yield* Effect.exit(Assets.read("ast_1").pipe(Effect.provide(clientLayer(target))))) as ServerError
      assert.strictEqual(error.message, "Request failed with status code 404")
      assert.strictEqual(error.statusCode, 404)
      assert.strictEqual(error.body, "<h1>Not found</h1>")
    }).pipe(Effect.scoped))

  it.live("a 2xx body that is not JSON fails with MalformedResponse keeping status and request id", () =>
    Effect.gen(function*() {
      const target = yield* recorder
      target.respond(() => ({ status: 200, headers: { "content-type": "text/html", "x-request-id": "req_html" }, body: "<html>maintenance</html>" }))
      const error = failureOf(yield* Effect.exit(Assets.read("ast_1").pipe(Effect.provide(clientLayer(target))))) as MalformedResponse
      assert.instanceOf(error, MalformedResponse)
      assert.strictEqual(error.statusCode, 200)
      assert.strictEqual(error.requestId, "req_html")
      assert.strictEqual(error.body, "<html>maintenance</html>")
      assert.match(error.message, /Expected a JSON body, got text\/html/)
    }).pipe(Effect.scoped))
})

describe("retries", () => {
  it.live("retries idempotent calls on 502, 503, 504, 408 and 429", () =>
    Effect.gen(function*() {
      const target = yield* recorder
      target.queue({ status: 503 }, { status: 502 }, { body: { id: "ast_1" } })
      const asset = yield* Assets.read("ast_1").pipe(Effect.provide(clientLayer(target)))
      assert.strictEqual(asset.id, "ast_1")
      assert.strictEqual(target.requests.length, 3)
      target.reset()
      target.queue({ status: 408 }, { status: 429 }, { body: {} })
      yield* Users.removeFromOrganization("usr_1", "org_1").pipe(Effect.provide(clientLayer(target)))
      assert.deepStrictEqual(target.requests.map((r) => r.method), ["DELETE", "DELETE", "DELETE"])
    }).pipe(Effect.scoped))

  it.live("gives up after maxRetries and fails with the last answer", () =>
    Effect.gen(function*() {
      const target = yield* recorder
      target.respond(() => ({ status: 503, body: { message: "Service Unavailable", statusCode: 503 } }))
      const error = failureOf(yield* Effect.exit(Assets.read("ast_1").pipe(Effect.provide(clientLayer(target, { maxRetries: 1 })))))
      assert.strictEqual((error as ServerError).statusCode, 503)
      assert.strictEqual(target.requests.length, 2)
    }).pipe(Effect.scoped))

  it.live("never retries POST or PATCH, nor a 500", () =>
    Effect.gen(function*() {
      const target = yield* recorder
      target.respond((request) => ({ status: request.method === "GET" ? 500 : 503 }))
      const layer = clientLayer(target)
      yield* Effect.exit(Assets.create({ name: "Bike" }).pipe(Effect.provide(layer)))
      yield* Effect.exit(Assets.update("ast_1", { name: "Bike" }).pipe(Effect.provide(layer)))
      yield* Effect.exit(Assets.read("ast_1").pipe(Effect.provide(layer)))
      assert.deepStrictEqual(target.requests.map((r) => r.method), ["POST", "PATCH", "GET"])
    }).pipe(Effect.scoped))

  it.live("retries a GET whose connection failed", () =>
    Effect.gen(function*() {
      const target = yield* recorder
      target.queue({ destroy: true }, { body: { id: "ast_1" } })
      const asset = yield* Assets.read("ast_1").pipe(Effect.provide(clientLayer(target)))
      assert.strictEqual(asset.id, "ast_1")
      assert.strictEqual(target.requests.length, 2)
    }).pipe(Effect.scoped))

  it.live("does not retry when Retry-After asks for more than a minute", () =>
    Effect.gen(function*() {
      const target = yield* recorder
      target.queue({ status: 503, headers: { "retry-after": "3600" } }, { body: {} })
      const error = failureOf(yield* Effect.exit(Assets.read("ast_1").pipe(Effect.provide(clientLayer(target)))))
      assert.strictEqual((error as ServerError).headers["retry-after"], "3600")
      assert.strictEqual(target.requests.length, 1)
    }).pipe(Effect.scoped))
})

describe("Forward", () => {
  it.live("calls any path of the API host with a query or a body", () =>
    Effect.gen(function*() {
      const target = yield* recorder
      target.respond(() => ({ body: [{ id: 1 }] }))
      const result = yield* Effect.gen(function*() {
        const got = yield* Forward.get<Array<{ id: number }>>("/plugins/x?a=1", { b: 2 })
        yield* Forward.del("/custom/1", { reason: "test" })
        return got
      }).pipe(Effect.provide(clientLayer(target)))
      assert.deepStrictEqual([...result], [{ id: 1 }])
      assert.strictEqual(result.lastResponse.statusCode, 200)
      assert.deepStrictEqual(target.requests.map((r) => `${r.method} ${r.url} ${r.body}`), [
        "GET /plugins/x?a=1&b=2 ",
        `DELETE /custom/1 {"reason":"test"}`
      ])
    }).pipe(Effect.scoped))

  it.live("refuses absolute and protocol-relative URLs without sending anything", () =>
    Effect.gen(function*() {
      const target = yield* recorder
      const token = accessToken({ expiresIn: 3600 })
      const store = TokenStore.make({ getTokens: () => ({ accessToken: token }), setTokens: () => {}, removeTokens: () => {} })
      const errors = yield* Effect.forEach(
        ["https://evil.example/steal", "//evil.example/steal", "/\\evil.example", "\\\\evil.example", "localhost:4100/steal"],
        (path) => Effect.flip(Forward.post(path, { a: 1 })),
        { concurrency: 1 }
      ).pipe(Effect.provide(clientLayer(target, {}, store)))
      for (const error of errors) {
        assert.instanceOf(error, InvalidArgument)
        assert.match(error.message, /"path" must be a path on the API host, such as \/assets; URLs are refused/)
      }
      assert.strictEqual(target.requests.length, 0)
    }).pipe(Effect.scoped))
})

describe("Forward paths", () => {
  it.live("a path without a leading slash is relative to the API root, as in stelace.js", () =>
    Effect.gen(function*() {
      const target = yield* recorder
      yield* Forward.get("assets/ast_1").pipe(Effect.provide(clientLayer(target)))
      assert.strictEqual(target.requests[0].url, "/assets/ast_1")
    }).pipe(Effect.scoped))
})

describe("Auth", () => {
  it.live("getTokens stores what the server answers", () =>
    Effect.gen(function*() {
      const target = yield* recorder
      const token = accessToken({ userId: "usr_7", expiresIn: 3600 })
      target.respond(() => ({ body: { tokenType: "Bearer", accessToken: token, refreshToken: "rt_7", userId: "usr_7" } }))
      const info = yield* Effect.gen(function*() {
        yield* Auth.getTokens({ grantType: "authorizationCode", code: "code_1" })
        return yield* Auth.info
      }).pipe(Effect.provide(clientLayer(target)))
      assert.deepStrictEqual(info, { isAuthenticated: true, userId: "usr_7" })
      assert.deepStrictEqual(target.requests[0].json, { grantType: "authorizationCode", code: "code_1" })
    }).pipe(Effect.scoped))
})

describe("Stelace.layerConfig", () => {
  it("takes the key only as a Redacted value (a plain string Config is a compile error)", () => {
    // @ts-expect-error the key must be read with Config.Redacted, so it is never printed
    const plain = () => Stelace.layerConfig({ apiKey: Config.String("STELACE_API_KEY") })
    const redacted = () => Stelace.layerConfig({ apiKey: Config.Redacted("STELACE_API_KEY") })
    assert.isFunction(plain)
    assert.isFunction(redacted)
  })

  const fromEnv = (env: Record<string, string>) => ConfigProvider.layer(ConfigProvider.fromEnvRecord(env))

  it.live("reads its options through Config, the key as a Redacted value", () =>
    Effect.gen(function*() {
      const target = yield* recorder
      const layer = Stelace.layerConfig({
        apiKey: Config.Redacted("STELACE_API_KEY"),
        host: Config.String("STELACE_HOST"),
        port: Config.Port("STELACE_PORT"),
        protocol: Config.String("STELACE_PROTOCOL"),
        apiVersion: Config.String("STELACE_API_VERSION").pipe(Config.withDefault("2019-05-20"))
      }).pipe(
        Layer.provide(FetchHttpClient.layer),
        Layer.provide(TokenStore.memory),
        Layer.provide(fromEnv({
          STELACE_API_KEY: PUBLISHABLE_KEY,
          STELACE_HOST: target.host,
          STELACE_PORT: String(target.port),
          STELACE_PROTOCOL: "http"
        }))
      )
      const client = yield* Effect.gen(function*() {
        yield* Assets.read("ast_1")
        return yield* Stelace.StelaceClient
      }).pipe(Effect.provide(layer))
      assert.strictEqual(target.requests[0].headers.authorization, `Basic ${Buffer.from(`${PUBLISHABLE_KEY}:`).toString("base64")}`)
      assert.strictEqual(target.requests[0].headers["x-stelace-version"], "2019-05-20")
      // the service's settings print the key redacted, however they are printed
      assert.deepStrictEqual(Object.keys(client), ["settings", "call", "refresh"])
      assert.notInclude(JSON.stringify(client) ?? "", PUBLISHABLE_KEY)
      assert.notInclude(inspect(client, { depth: 10 }), PUBLISHABLE_KEY)
    }).pipe(Effect.scoped))

  it.effect("a missing variable fails the layer with a ConfigError naming it", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(
        Assets.read("ast_1").pipe(
          Effect.provide(
            Stelace.layerConfig({ apiKey: Config.Redacted("STELACE_API_KEY") }).pipe(
              Layer.provide(FetchHttpClient.layer),
              Layer.provide(TokenStore.memory),
              Layer.provide(fromEnv({}))
            )
          )
        )
      )
      assert.include(String(error), "STELACE_API_KEY")
    }))
})
