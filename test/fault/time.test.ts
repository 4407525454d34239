/**
 * Faults that are about time, under `TestClock`: 5xx storms and their backoff, `Retry-After`,
 * timeouts of the generic transport path, the refresh margin, and the time limits of the
 * `beforeRefreshToken` hook and of custom token stores. The transport is in memory, so virtual
 * time is the only time: nothing here sleeps for real.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import type * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as Random from "effect/Random"
import { TestClock } from "effect/testing"
import { Assets, Auth, HookError, NetworkError, ServerError, TokenStore } from "../../src/index.js"
import { recordEvents, settle, tags } from "../support/events.js"
import { expectNoCredentialInExit, typedFailureOf, watchEachTest } from "../support/invariants.js"
import { accessToken, PUBLISHABLE_KEY } from "../support/jwt.js"
import { platformError, scripted, scriptedLayer } from "../support/scripted.js"
import { storeWith } from "../support/tokenStore.js"

const credentials = [PUBLISHABLE_KEY, "rt_1"]

watchEachTest(credentials)

/** Lets forked fibers run up to their next wait on virtual time (or on a promise). */
const flush = Effect.gen(function*() {
  for (let i = 0; i < 5; i++) {
    yield* Effect.yieldNow
    yield* Effect.promise(() => new Promise((resolve) => setImmediate(resolve)))
  }
})

/** Moves virtual time forward by `ms`, letting fibers reach their next wait before and after. */
const advance = (ms: number) => Effect.andThen(flush, Effect.andThen(TestClock.adjust(ms), flush))

/** The exit of a forked call, if it has settled. */
const settled = <A, E>(fiber: Fiber.Fiber<A, E>): Exit.Exit<A, E> | undefined => fiber.pollUnsafe()


describe("5xx storms", () => {
  it.effect("an idempotent call is tried 1 + maxRetries times, backing off exponentially, then fails with the last answer", () =>
    Effect.gen(function*() {
      const transport = scripted(() => ({ status: 503, body: { message: "Service Unavailable", statusCode: 503 } }))
      const fiber = yield* Assets.read("ast_1").pipe(Effect.provide(scriptedLayer(transport)), Effect.forkChild)
      // virtual time in 10 ms steps, so each retry is seen close to when it goes out
      for (let elapsed = 0; elapsed < 2_000; elapsed += 10) yield* advance(10)
      assert.strictEqual(transport.requests.length, 3)
      const [first, second, third] = transport.requests.map((request) => request.at)
      // backoff: 250 ms then 500 ms, each with a jitter of 20 %
      assert.isAtLeast(second - first, 200)
      assert.isAtMost(second - first, 310)
      assert.isAtLeast(third - second, 400)
      assert.isAtMost(third - second, 610)
      const exit = yield* Fiber.await(fiber)
      const error = typedFailureOf(exit)
      assert.instanceOf(error, ServerError)
      assert.strictEqual((error as ServerError).statusCode, 503)
      expectNoCredentialInExit(exit, credentials)
    }))

  it.effect.each(["create", "update"] as const)("%s (POST/PATCH) in a 5xx storm is sent once", (method) =>
    Effect.gen(function*() {
      const transport = scripted(() => ({ status: 503, body: { message: "Service Unavailable", statusCode: 503 } }))
      const call = method === "create" ? Assets.create({ name: "Bike" }) : Assets.update("ast_1", { name: "Bike" })
      const fiber = yield* call.pipe(Effect.provide(scriptedLayer(transport)), Effect.forkChild)
      yield* advance(60_000)
      const exit = settled(fiber)
      assert.isDefined(exit)
      assert.instanceOf(typedFailureOf(exit!), ServerError)
      assert.strictEqual(transport.requests.length, 1)
    }))

  it.effect("a storm that ends before the retries run out succeeds", () =>
    Effect.gen(function*() {
      const transport = scripted((_request, index) => index < 2 ? { status: 502 } : { body: { id: "ast_1" } })
      const fiber = yield* Assets.read("ast_1").pipe(Effect.provide(scriptedLayer(transport)), Effect.forkChild)
      yield* advance(2_000)
      const asset = yield* Fiber.join(fiber)
      assert.strictEqual(asset.id, "ast_1")
      assert.strictEqual(transport.requests.length, 3)
    }))

  it.effect("the jitter comes from Effect's Random: the lowest draw retries after 200 ms, the highest after 300 ms", () =>
    Effect.gen(function*() {
      for (const [draw, delay] of [[0, 200], [0.999_999, 300]] as const) {
        const random: Random.Random = { nextDoubleUnsafe: () => draw, nextIntUnsafe: () => 0 }
        const transport = scripted((_request, index) => index === 0 ? { status: 503 } : { body: { id: "ast_1" } })
        const fiber = yield* Assets.read("ast_1").pipe(
          Effect.provide(scriptedLayer(transport)),
          Effect.provideService(Random.Random, random),
          Effect.forkChild
        )
        yield* advance(delay - 1)
        assert.strictEqual(transport.requests.length, 1)
        yield* advance(1)
        assert.strictEqual(transport.requests.length, 2)
        yield* Fiber.join(fiber)
      }
    }))

  it.effect("maxRetries: 0 sends an idempotent call once", () =>
    Effect.gen(function*() {
      const transport = scripted(() => ({ status: 503 }))
      const exit = yield* Assets.read("ast_1").pipe(Effect.provide(scriptedLayer(transport, { maxRetries: 0 })), Effect.exit)
      assert.instanceOf(typedFailureOf(exit), ServerError)
      assert.strictEqual(transport.requests.length, 1)
    }))
})

describe("Retry-After", () => {
  it.effect("a delay in seconds holds the retry back that long", () =>
    Effect.gen(function*() {
      const transport = scripted((_request, index) =>
        index === 0 ? { status: 429, headers: { "retry-after": "5" }, body: { message: "Too Many Requests", statusCode: 429 } } : { body: { id: "ast_1" } }
      )
      const fiber = yield* Assets.read("ast_1").pipe(Effect.provide(scriptedLayer(transport)), Effect.forkChild)
      yield* advance(4_999)
      assert.strictEqual(transport.requests.length, 1)
      yield* advance(1)
      assert.strictEqual(transport.requests.length, 2)
      assert.strictEqual((yield* Fiber.join(fiber)).id, "ast_1")
    }))

  it.effect("an HTTP date holds the retry back until that date", () =>
    Effect.gen(function*() {
      // virtual time far from the wall clock: the date is judged against effect's Clock
      const now = Date.UTC(2020, 0, 1)
      yield* TestClock.setTime(now)
      const transport = scripted((_request, index) =>
        index === 0 ? { status: 503, headers: { "retry-after": new Date(now + 8_000).toUTCString() } } : { body: { id: "ast_1" } }
      )
      const fiber = yield* Assets.read("ast_1").pipe(Effect.provide(scriptedLayer(transport)), Effect.forkChild)
      yield* advance(7_999)
      assert.strictEqual(transport.requests.length, 1)
      yield* advance(1)
      assert.strictEqual(transport.requests.length, 2)
      yield* Fiber.join(fiber)
    }))

  it.effect("a Retry-After shorter than the backoff does not shorten it", () =>
    Effect.gen(function*() {
      const transport = scripted((_request, index) => index === 0 ? { status: 503, headers: { "retry-after": "0" } } : { body: {} })
      const fiber = yield* Assets.read("ast_1").pipe(Effect.provide(scriptedLayer(transport)), Effect.forkChild)
      yield* advance(199)
      assert.strictEqual(transport.requests.length, 1)
      yield* advance(101)
      assert.strictEqual(transport.requests.length, 2)
      yield* Fiber.join(fiber)
    }))

  it.effect("a POST is not retried whatever Retry-After says", () =>
    Effect.gen(function*() {
      const transport = scripted(() => ({ status: 503, headers: { "retry-after": "1" } }))
      const exit = yield* Assets.create({ name: "Bike" }).pipe(Effect.provide(scriptedLayer(transport)), Effect.exit)
      assert.instanceOf(typedFailureOf(exit), ServerError)
      assert.strictEqual(transport.requests.length, 1)
    }))
})

describe("network failures on the generic transport path", () => {
  it.effect("a GET whose connection is reset is retried, then fails with NetworkError(reset) naming the request", () =>
    Effect.gen(function*() {
      const transport = scripted(() => ({ fail: platformError("ECONNRESET", "socket hang up") }))
      const fiber = yield* Assets.read("ast_1").pipe(Effect.provide(scriptedLayer(transport)), Effect.forkChild)
      yield* advance(2_000)
      const exit = yield* Fiber.await(fiber)
      const error = typedFailureOf(exit) as NetworkError
      assert.instanceOf(error, NetworkError)
      assert.strictEqual(error.reason._tag, "Reset")
      assert.strictEqual(error.message, "Network Error: connection reset (ECONNRESET) on GET https://api.test/assets/ast_1")
      assert.strictEqual(transport.requests.length, 3)
      expectNoCredentialInExit(exit, credentials)
    }))

  it.effect("a POST whose connection is reset is sent once", () =>
    Effect.gen(function*() {
      const transport = scripted(() => ({ fail: platformError("ECONNRESET") }))
      const exit = yield* Assets.create({ name: "Bike" }).pipe(Effect.provide(scriptedLayer(transport)), Effect.exit)
      assert.strictEqual((typedFailureOf(exit) as NetworkError).reason._tag, "Reset")
      assert.strictEqual(transport.requests.length, 1)
    }))

  it.effect("an answer that never comes fails each attempt after `timeout` ms, interrupting the request", () =>
    Effect.gen(function*() {
      const transport = scripted(() => ({ hang: true }))
      const fiber = yield* Assets.read("ast_1").pipe(
        Effect.provide(scriptedLayer(transport, { timeout: 1_000, maxRetries: 1 })),
        Effect.forkChild
      )
      yield* advance(999)
      assert.isUndefined(settled(fiber))
      assert.strictEqual(transport.interrupted.length, 0)
      yield* advance(1)
      assert.strictEqual(transport.interrupted.length, 1)
      yield* advance(300)
      assert.strictEqual(transport.requests.length, 2)
      yield* advance(1_000)
      const exit = settled(fiber)
      assert.isDefined(exit)
      const error = typedFailureOf(exit!) as NetworkError
      assert.instanceOf(error, NetworkError)
      assert.strictEqual(error.reason._tag, "Timeout")
      assert.strictEqual(error.message, "timeout of 1000ms exceeded on GET https://api.test/assets/ast_1")
      assert.strictEqual(transport.interrupted.length, 2)
    }))

  it.effect("timeout: 0 lets a call wait as long as it takes", () =>
    Effect.gen(function*() {
      const transport = scripted(() => ({ delay: 3_600_000, body: { id: "ast_1" } }))
      const fiber = yield* Assets.read("ast_1").pipe(Effect.provide(scriptedLayer(transport, { timeout: 0 })), Effect.forkChild)
      yield* advance(3_599_999)
      assert.isUndefined(settled(fiber))
      yield* advance(1)
      assert.strictEqual((yield* Fiber.join(fiber)).id, "ast_1")
    }))
})

describe("refresh margin", () => {
  it.effect("a token is sent as it is until it expires within the margin, then refreshed first", () =>
    Effect.gen(function*() {
      const token = accessToken({ expiresIn: 120, now: 0 })
      const fresh = accessToken({ expiresIn: 3600, now: 0 })
      const transport = scripted((request) => request.path === "/auth/token" ? { body: { accessToken: fresh } } : { body: { id: "ast_1" } })
      const store = storeWith({ accessToken: token, refreshToken: "rt_1" })
      yield* Effect.gen(function*() {
        yield* Assets.read("ast_1")
        yield* TestClock.adjust(89_999)
        yield* Assets.read("ast_1")
        yield* TestClock.adjust(2)
        yield* Assets.read("ast_1")
      }).pipe(Effect.provide(scriptedLayer(transport, {}, store.layer)))
      assert.deepStrictEqual(transport.requests.map((r) => r.path), ["/assets/ast_1", "/assets/ast_1", "/auth/token", "/assets/ast_1"])
      assert.strictEqual(transport.requests[3].headers.authorization, `Stelace-V1 apiKey=${PUBLISHABLE_KEY}, token=${fresh}`)
      assert.strictEqual(store.current()?.accessToken, fresh)
    }))

  it.effect("refreshMargin: 0 refreshes only once the token has expired", () =>
    Effect.gen(function*() {
      const token = accessToken({ expiresIn: 60, now: 0 })
      const transport = scripted((request) =>
        request.path === "/auth/token" ? { body: { accessToken: accessToken({ expiresIn: 3600, now: 0 }) } } : { body: {} }
      )
      yield* Effect.gen(function*() {
        yield* TestClock.adjust(59_999)
        yield* Assets.read("ast_1")
        yield* TestClock.adjust(1)
        yield* Assets.read("ast_1")
      }).pipe(Effect.provide(scriptedLayer(transport, { refreshMargin: 0 }, storeWith({ accessToken: token, refreshToken: "rt_1" }).layer)))
      assert.deepStrictEqual(transport.requests.map((r) => r.path), ["/assets/ast_1", "/auth/token", "/assets/ast_1"])
    }))
})

describe("beforeRefreshToken time limit", () => {
  const expiring = { accessToken: accessToken({ expiresIn: -1, now: 0 }), refreshToken: "rt_1" }

  it.effect("a hook that never answers fails every waiting call with HookError(timeout) after the client's timeout, keeping the tokens", () =>
    Effect.gen(function*() {
      const transport = scripted()
      const store = storeWith(expiring)
      const fiber = yield* Effect.gen(function*() {
        const events = yield* recordEvents
        const exits = yield* Effect.all([Effect.exit(Assets.read("ast_1")), Effect.exit(Assets.read("ast_2")), Effect.exit(Assets.list())], { concurrency: "unbounded" })
        yield* settle
        return { exits, seen: tags(events) }
      }).pipe(
        Effect.provide(scriptedLayer(transport, { timeout: 5_000, beforeRefreshToken: () => Effect.never }, store.layer)),
        Effect.forkChild
      )
      yield* advance(4_999)
      assert.isUndefined(settled(fiber))
      yield* advance(1)
      const exits = settled(fiber)
      assert.isDefined(exits)
      const { exits: results, seen } = yield* Fiber.join(fiber)
      for (const exit of results) {
        const error = typedFailureOf(exit) as HookError
        assert.instanceOf(error, HookError)
        assert.deepStrictEqual([error.hook, error.reason._tag, error.message], [
          "beforeRefreshToken",
          "Timeout",
          "Stelace: beforeRefreshToken did not answer within 5000 ms"
        ])
      }
      assert.deepStrictEqual(transport.requests, [])
      assert.deepStrictEqual(store.current(), expiring)
      assert.deepStrictEqual(seen, ["RefreshFailed"])
    }))

  it.effect("with timeout: 0 (no request timeout) the hook is still limited, to 30 s", () =>
    Effect.gen(function*() {
      const fiber = yield* Assets.read("ast_1").pipe(
        Effect.provide(scriptedLayer(scripted(), { timeout: 0, beforeRefreshToken: () => Effect.never }, storeWith(expiring).layer)),
        Effect.forkChild
      )
      yield* advance(29_999)
      assert.isUndefined(settled(fiber))
      yield* advance(1)
      assert.strictEqual((typedFailureOf(settled(fiber)!) as HookError).reason._tag, "Timeout")
    }))

  it.effect("after a silent hook, the next call asks the hook again", () =>
    Effect.gen(function*() {
      let asked = 0
      const fresh = accessToken({ expiresIn: 3600, now: 0 })
      const hook = () => {
        asked++
        return asked === 1 ? Effect.never : Effect.succeed({ accessToken: fresh, refreshToken: "rt_2" })
      }
      const transport = scripted()
      const fiber = yield* Effect.gen(function*() {
        const first = yield* Effect.exit(Assets.read("ast_1"))
        yield* Assets.read("ast_1")
        return first
      }).pipe(Effect.provide(scriptedLayer(transport, { timeout: 1_000, beforeRefreshToken: hook }, storeWith(expiring).layer)), Effect.forkChild)
      yield* advance(1_000)
      const first = yield* Fiber.join(fiber)
      assert.instanceOf(typedFailureOf(first), HookError)
      assert.strictEqual(asked, 2)
      assert.deepStrictEqual(transport.requests.map((r) => r.headers.authorization), [`Stelace-V1 apiKey=${PUBLISHABLE_KEY}, token=${fresh}`])
    }))
})

describe("custom token store time limits", () => {
  const never = () => new Promise<never>(() => {})

  it.effect("a getTokens that never settles fails the call with HookError(getTokens, timeout), sending nothing", () =>
    Effect.gen(function*() {
      const transport = scripted()
      const store = TokenStore.make({ getTokens: never, setTokens: () => undefined, removeTokens: () => undefined })
      const fiber = yield* Assets.read("ast_1").pipe(Effect.provide(scriptedLayer(transport, {}, store)), Effect.forkChild)
      // the client reads the store once when it is built, then the call reads it: 10 s each at most
      yield* advance(9_999)
      assert.isUndefined(settled(fiber))
      yield* advance(10_001)
      const error = typedFailureOf(settled(fiber)!) as HookError
      assert.instanceOf(error, HookError)
      assert.deepStrictEqual([error.hook, error.reason._tag, error.message], ["getTokens", "Timeout", "Stelace: getTokens did not answer within 10000 ms"])
      assert.deepStrictEqual(transport.requests, [])
    }))

  it.effect("a setTokens that never settles fails the login with HookError(setTokens, timeout) after the login was sent once", () =>
    Effect.gen(function*() {
      const transport = scripted(() => ({ body: { accessToken: accessToken({ expiresIn: 3600, now: 0 }), refreshToken: "rt_1" } }))
      const store = TokenStore.make({ getTokens: () => null, setTokens: never, removeTokens: () => undefined })
      const fiber = yield* Auth.login({ username: "jane", password: "secret" }).pipe(
        Effect.provide(scriptedLayer(transport, {}, store)),
        Effect.forkChild
      )
      yield* advance(9_999)
      assert.isUndefined(settled(fiber))
      yield* advance(1)
      const error = typedFailureOf(settled(fiber)!) as HookError
      assert.deepStrictEqual([error.hook, error.reason._tag], ["setTokens", "Timeout"])
      assert.deepStrictEqual(transport.requests.map((r) => r.path), ["/auth/login"])
      expectNoCredentialInExit(settled(fiber)!, ["rt_1", "secret"])
    }))

  it.effect("a removeTokens that never settles fails the logout with HookError(removeTokens, timeout)", () =>
    Effect.gen(function*() {
      const transport = scripted()
      const store = TokenStore.make({ getTokens: () => ({ accessToken: accessToken({ expiresIn: 3600, now: 0 }), refreshToken: "rt_1" }), setTokens: () => undefined, removeTokens: never })
      const fiber = yield* Auth.logout().pipe(Effect.provide(scriptedLayer(transport, {}, store)), Effect.forkChild)
      yield* advance(10_000)
      const error = typedFailureOf(settled(fiber)!) as HookError
      assert.deepStrictEqual([error.hook, error.reason._tag], ["removeTokens", "Timeout"])
    }))

  it.effect("the time limit is the store's timeout option", () =>
    Effect.gen(function*() {
      const store = TokenStore.make({ getTokens: never, setTokens: () => undefined, removeTokens: () => undefined }, { timeout: 500 })
      const fiber = yield* Assets.read("ast_1").pipe(Effect.provide(scriptedLayer(scripted(), {}, store)), Effect.forkChild)
      yield* advance(999)
      assert.isUndefined(settled(fiber))
      yield* advance(1)
      assert.strictEqual((typedFailureOf(settled(fiber)!) as HookError).message, "Stelace: getTokens did not answer within 500 ms")
    }))
})
