import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as HttpClient from "effect/http/HttpClient"
import * as HttpClientRequest from "effect/http/HttpClientRequest"
import * as TestClock from "effect/testing/TestClock"
import { StelaceTest } from "../../src/testing/index.js"

const BASE = "http://stelace.test"
const { demo } = StelaceTest

/** Sends a request through the layer's `HttpClient`; status, headers and JSON body. */
const send = Effect.fnUntraced(function*(
  method: "GET" | "POST" | "PATCH" | "DELETE",
  path: string,
  options: { readonly key?: string; readonly token?: string; readonly body?: unknown; readonly version?: string } = {}
) {
  const client = yield* HttpClient.HttpClient
  const key = options.key ?? demo.secretApiKey
  let request = HttpClientRequest.make(method)(`${BASE}${path}`).pipe(
    HttpClientRequest.setHeader(
      "authorization",
      options.token === undefined ? `Basic ${btoa(`${key}:`)}` : `Stelace-V1 apiKey=${key}, token=${options.token}`
    ),
    HttpClientRequest.setHeader("user-agent", "layer-tests")
  )
  if (options.version !== undefined) request = HttpClientRequest.setHeader(request, "x-stelace-version", options.version)
  if (options.body !== undefined) request = HttpClientRequest.bodyJsonUnsafe(request, options.body)
  const response = yield* client.execute(request)
  const body: any = yield* response.json
  return { status: response.status, headers: response.headers, body }
})

const loginAs = (user: { readonly username: string; readonly password: string }) =>
  send("POST", "/auth/login", {
    key: demo.publishableApiKey,
    body: { username: user.username, password: user.password }
  }).pipe(Effect.map((reply) => reply.body as { accessToken: string; refreshToken: string; userId: string }))

describe("StelaceTest.layer", () => {
  it.effect("answers in memory from the demo seed", () =>
    Effect.gen(function*() {
      const reply = yield* send("GET", "/assets?nbResultsPerPage=5")
      assert.strictEqual(reply.status, 200)
      assert.strictEqual(reply.body.results.length, 5)
      assert.isTrue(reply.body.hasNextPage)
      assert.match(reply.headers["x-request-id"]!, /^[0-9a-f-]{36}$/)
      assert.strictEqual(reply.headers["x-stelace-version"], "2020-08-10")
    }).pipe(Effect.provide(StelaceTest.layer())))

  it.effect("sends JSON bodies and answers errors with the server's shape", () =>
    Effect.gen(function*() {
      const created = yield* send("POST", "/categories", { body: { name: "Boats" } })
      assert.strictEqual(created.status, 200)
      assert.match(created.body.id, /^ctgy_/)
      const invalid = yield* send("POST", "/categories", { body: { title: "Boats" } })
      assert.strictEqual(invalid.status, 400)
      assert.strictEqual(invalid.body.message, "\"name\" is required. \"title\" is not allowed")
      // every answer of the backend has a request id, errors included (the real server's errors have none)
      assert.match(invalid.headers["x-request-id"]!, /^[0-9a-f-]{36}$/)
    }).pipe(Effect.provide(StelaceTest.layer())))

  it.effect("expires refresh tokens after the lifetime of the private config", () =>
    Effect.gen(function*() {
      const patched = yield* send("PATCH", "/config/private", { body: { stelace: { stelaceAuthRefreshTokenExpiration: { m: 1 } } } })
      assert.deepStrictEqual(patched.body, { stelace: { stelaceAuthRefreshTokenExpiration: { m: 1 } } })
      const session = yield* loginAs(demo.users.alice)
      const refresh = send("POST", "/auth/token", {
        key: demo.publishableApiKey,
        body: { grantType: "refreshToken", refreshToken: session.refreshToken }
      })
      assert.strictEqual((yield* refresh).status, 200)
      yield* TestClock.adjust("61 seconds")
      const expired = yield* refresh
      assert.strictEqual(expired.status, 403)
      assert.strictEqual(expired.body.message, "Refresh token expired")
    }).pipe(Effect.provide(StelaceTest.layer())))

  it.effect("expires access tokens with the TestClock", () =>
    Effect.gen(function*() {
      const session = yield* loginAs(demo.users.alice)
      const fresh = yield* send("GET", `/users/${session.userId}`, { key: demo.publishableApiKey, token: session.accessToken })
      assert.strictEqual(fresh.body.username, demo.users.alice.username)

      yield* TestClock.adjust("61 minutes")
      const expired = yield* send("GET", `/users/${session.userId}`, { key: demo.publishableApiKey, token: session.accessToken })
      assert.strictEqual(expired.status, 200)
      assert.isUndefined(expired.body.username)

      const refreshed = yield* send("POST", "/auth/token", {
        key: demo.publishableApiKey,
        body: { grantType: "refreshToken", refreshToken: session.refreshToken }
      })
      assert.strictEqual(refreshed.status, 200)
      const again = yield* send("GET", `/users/${session.userId}`, { key: demo.publishableApiKey, token: refreshed.body.accessToken })
      assert.strictEqual(again.body.username, demo.users.alice.username)

      yield* TestClock.adjust("15 days")
      const late = yield* send("POST", "/auth/token", {
        key: demo.publishableApiKey,
        body: { grantType: "refreshToken", refreshToken: session.refreshToken }
      })
      assert.strictEqual(late.status, 403)
      assert.strictEqual(late.body.message, "Refresh token expired")
    }).pipe(Effect.provide(StelaceTest.layer())))

  it.effect("honours accessTokenTtl", () =>
    Effect.gen(function*() {
      const session = yield* loginAs(demo.users.bruno)
      yield* TestClock.adjust("11 seconds")
      const reply = yield* send("GET", "/transactions", { key: demo.publishableApiKey, token: session.accessToken })
      assert.strictEqual(reply.status, 403)
    }).pipe(Effect.provide(StelaceTest.layer({ accessTokenTtl: 10 }))))

  it.effect("gives every layer build its own data", () =>
    Effect.gen(function*() {
      const create = send("POST", "/categories", { body: { name: "Only once" } })
      const count = send("GET", "/categories", { version: "2019-05-20" }).pipe(Effect.map((reply) => reply.body.length as number))
      const first = yield* Effect.andThen(create, count).pipe(Effect.provide(StelaceTest.layer()))
      const second = yield* count.pipe(Effect.provide(StelaceTest.layer()))
      assert.strictEqual(first, second + 1)
    }))

  it.effect("starts empty or from a test's own seed", () =>
    Effect.gen(function*() {
      const empty = yield* send("GET", "/assets").pipe(Effect.provide(StelaceTest.layer("empty")))
      assert.deepStrictEqual(empty.body.results, [])
      const seeded = yield* send("GET", "/assets").pipe(
        Effect.provide(StelaceTest.layer({ seed: { assets: [{ name: "Kayak", price: 20 }] } }))
      )
      assert.deepStrictEqual(seeded.body.results.map((asset: { name: string }) => asset.name), ["Kayak"])
    }))

  it.effect("exposes its backend's keys as a service", () =>
    Effect.gen(function*() {
      const backend = yield* StelaceTest.Backend
      assert.strictEqual(backend.secretApiKey, demo.secretApiKey)
      assert.strictEqual(backend.publishableApiKey, demo.publishableApiKey)
      const reply = yield* send("GET", "/assets", { key: backend.publishableApiKey })
      assert.strictEqual(reply.status, 200)
    }).pipe(Effect.provide(StelaceTest.layer())))
})
