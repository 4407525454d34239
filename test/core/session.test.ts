import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as Redacted from "effect/Redacted"
import * as Stream from "effect/Stream"
import { TestClock } from "effect/testing"
import { inspect } from "node:util"
import { Assets, Auth, HookError, NetworkError, ServerError, Session, SessionExpired, TokenStore } from "../../src/index.js"
import type { Tokens } from "../../src/TokenStore.js"
import { clientLayer, recorder } from "../support/client.js"
import { recordEvents, settle, tags } from "../support/events.js"
import { scripted, scriptedLayer } from "../support/scripted.js"
import { accessToken, PUBLISHABLE_KEY, SECRET_KEY } from "../support/jwt.js"
import type { Recorder, Reply } from "../support/recorder.js"
import { storeWith } from "../support/tokenStore.js"

const list = { results: [], nbResults: 0, nbPages: 0, page: 1, nbResultsPerPage: 20 }

const failureOf = (exit: Exit.Exit<unknown, unknown>): unknown =>
  Exit.isFailure(exit) ? (exit.cause.reasons[0] as { error?: unknown }).error : undefined

/** Answers `/auth/token` with `refresh`, everything else with an empty list. */
const serve = (target: Recorder, refresh: Reply) =>
  target.respond((request) => request.path === "/auth/token" ? refresh : { body: list })


const authorizationOf = (target: Recorder, path: string) =>
  target.requests.filter((request) => request.path === path).map((request) => request.headers.authorization)

describe("Session", () => {
  it.live("refreshes an access token that expires within the margin before the call", () =>
    Effect.gen(function*() {
      const target = yield* recorder
      const fresh = accessToken({ expiresIn: 3600 })
      serve(target, { body: { tokenType: "Bearer", accessToken: fresh } })
      const store = storeWith({ accessToken: accessToken({ expiresIn: 5 }), refreshToken: "rt_1", userId: "usr_1" })
      yield* Assets.list().pipe(Effect.provide(clientLayer(target, {}, store.layer)))
      assert.deepStrictEqual(target.requests.map((r) => `${r.method} ${r.path}`), ["POST /auth/token", "GET /assets"])
      assert.deepStrictEqual(target.requests[0].json, { refreshToken: "rt_1", grantType: "refreshToken" })
      assert.strictEqual(target.requests[0].headers.authorization, `Basic ${btoa(`${PUBLISHABLE_KEY}:`)}`)
      assert.strictEqual(target.requests[1].headers.authorization, `Stelace-V1 apiKey=${PUBLISHABLE_KEY}, token=${fresh}`)
      assert.deepStrictEqual(store.current(), { accessToken: fresh, refreshToken: "rt_1", userId: "usr_1" })
    }).pipe(Effect.scoped))

  it.live("keeps a token that expires after the margin", () =>
    Effect.gen(function*() {
      const target = yield* recorder
      serve(target, { status: 500 })
      const token = accessToken({ expiresIn: 120 })
      const store = storeWith({ accessToken: token, refreshToken: "rt_1" })
      yield* Assets.list().pipe(Effect.provide(clientLayer(target, { refreshMargin: 60_000 }, store.layer)))
      assert.deepStrictEqual(target.requests.map((r) => r.path), ["/assets"])
      assert.strictEqual(target.requests[0].headers.authorization, `Stelace-V1 apiKey=${PUBLISHABLE_KEY}, token=${token}`)
    }).pipe(Effect.scoped))

  it.live("refreshes an access token that cannot be decoded instead of failing every call", () =>
    Effect.gen(function*() {
      const target = yield* recorder
      const fresh = accessToken({ expiresIn: 3600 })
      serve(target, { body: { tokenType: "Bearer", accessToken: fresh } })
      const store = storeWith({ accessToken: "not-a-jwt", refreshToken: "rt_1" })
      yield* Assets.list().pipe(Effect.provide(clientLayer(target, {}, store.layer)))
      assert.deepStrictEqual(target.requests.map((r) => r.path), ["/auth/token", "/assets"])
      assert.strictEqual(store.current()?.accessToken, fresh)
    }).pipe(Effect.scoped))

  it.live("sends stored tokens as they are when nothing can refresh them", () =>
    Effect.gen(function*() {
      const target = yield* recorder
      serve(target, { status: 500 })
      const token = accessToken({ expiresIn: -60 })
      yield* Assets.list().pipe(Effect.provide(clientLayer(target, {}, storeWith({ accessToken: token }).layer)))
      assert.deepStrictEqual(authorizationOf(target, "/assets"), [`Stelace-V1 apiKey=${PUBLISHABLE_KEY}, token=${token}`])
    }).pipe(Effect.scoped))

  it.effect("shares one refresh between concurrent calls", () =>
    Effect.gen(function*() {
      const fresh = accessToken({ expiresIn: 3600, now: 0 })
      const transport = scripted((request) =>
        request.path === "/auth/token" ? { delay: 100, body: { tokenType: "Bearer", accessToken: fresh } } : { body: list }
      )
      const store = storeWith({ accessToken: accessToken({ expiresIn: -1, now: 0 }), refreshToken: "rt_1" })
      const calls = yield* Effect.all(Array.from({ length: 5 }, () => Assets.list()), { concurrency: "unbounded" }).pipe(
        Effect.provide(scriptedLayer(transport, {}, store.layer)),
        Effect.forkChild
      )
      yield* TestClock.adjust(100)
      yield* Fiber.join(calls)
      assert.strictEqual(transport.requests.filter((r) => r.path === "/auth/token").length, 1)
      assert.deepStrictEqual(
        transport.requests.filter((r) => r.path === "/assets").map((r) => r.headers.authorization),
        Array.from({ length: 5 }, () => `Stelace-V1 apiKey=${PUBLISHABLE_KEY}, token=${fresh}`)
      )
    }))

  it.effect("a 403 on refresh removes the tokens, fails every waiting call and announces the expiry once", () =>
    Effect.gen(function*() {
      const transport = scripted((request) =>
        request.path === "/auth/token"
          ? { delay: 50, status: 403, body: { message: "Refresh token expired", statusCode: 403 } }
          : { body: list }
      )
      const store = storeWith({ accessToken: accessToken({ expiresIn: -1, now: 0 }), refreshToken: "rt_1" })
      const outcome = yield* Effect.gen(function*() {
        const expiries = yield* Session.events.pipe(
          Stream.filter((event) => event._tag === "Expired"),
          Stream.runCollect,
          Effect.forkChild
        )
        yield* Effect.yieldNow
        const calls = yield* Effect.all(Array.from({ length: 4 }, () => Effect.exit(Assets.list())), { concurrency: "unbounded" }).pipe(
          Effect.forkChild
        )
        yield* TestClock.adjust(50)
        const exits = yield* Fiber.join(calls)
        yield* Fiber.interrupt(expiries)
        return { exits, listened: yield* Effect.exit(Fiber.join(expiries)) }
      }).pipe(Effect.provide(scriptedLayer(transport, {}, store.layer)))
      for (const exit of outcome.exits) {
        assert.isTrue(Exit.isFailure(exit))
        const error = Exit.isFailure(exit) ? exit.cause.reasons[0] : undefined
        assert.instanceOf((error as any)?.error, SessionExpired)
        assert.strictEqual((error as any).error.message, "User session expired")
        assert.strictEqual((error as any).error.statusCode, 403)
      }
      assert.strictEqual(store.current(), null)
      assert.deepStrictEqual(transport.requests.map((r) => r.path), ["/auth/token"])
    }))

  it.effect("announces an expiry to subscribers exactly once however many calls waited", () =>
    Effect.gen(function*() {
      const transport = scripted((request) =>
        request.path === "/auth/token" ? { delay: 50, status: 403, body: { message: "Forbidden", statusCode: 403 } } : { body: list }
      )
      const store = storeWith({ accessToken: accessToken({ expiresIn: -1, now: 0 }), refreshToken: "rt_1" })
      const seen = yield* Effect.gen(function*() {
        const events = yield* recordEvents
        const calls = yield* Effect.all(Array.from({ length: 3 }, () => Effect.exit(Assets.list())), { concurrency: "unbounded" }).pipe(
          Effect.forkChild
        )
        yield* TestClock.adjust(50)
        yield* Fiber.join(calls)
        yield* settle
        return tags(events)
      }).pipe(Effect.provide(scriptedLayer(transport, {}, store.layer)))
      assert.deepStrictEqual(seen, ["Expired"])
    }))

  it.live("a refresh failure other than 403 fails the call with it, keeps the tokens and announces it", () =>
    Effect.gen(function*() {
      const target = yield* recorder
      serve(target, { status: 500, body: { message: "Internal Server Error", statusCode: 500 } })
      const stale = accessToken({ expiresIn: -1 })
      const store = storeWith({ accessToken: stale, refreshToken: "rt_1" })
      const { exit, seen } = yield* Effect.gen(function*() {
        const events = yield* recordEvents
        const exit = yield* Effect.exit(Assets.list())
        yield* settle
        return { exit, seen: tags(events) }
      }).pipe(Effect.provide(clientLayer(target, {}, store.layer)))
      const error = failureOf(exit)
      assert.instanceOf(error, ServerError)
      assert.strictEqual((error as ServerError).statusCode, 500)
      assert.deepStrictEqual(target.requests.map((r) => r.path), ["/auth/token"])
      assert.deepStrictEqual(store.current(), { accessToken: stale, refreshToken: "rt_1" })
      assert.deepStrictEqual(seen, ["RefreshFailed"])
    }).pipe(Effect.scoped))

  it.live("a refresh that cannot reach the server fails the call with a NetworkError and keeps the tokens", () =>
    Effect.gen(function*() {
      const target = yield* recorder
      serve(target, { destroy: true })
      const stale = accessToken({ expiresIn: -1 })
      const store = storeWith({ accessToken: stale, refreshToken: "rt_1" })
      const exit = yield* Effect.exit(Assets.list().pipe(Effect.provide(clientLayer(target, { maxRetries: 0 }, store.layer))))
      const error = failureOf(exit)
      assert.instanceOf(error, NetworkError)
      assert.strictEqual((error as NetworkError).reason._tag, "Reset")
      assert.deepStrictEqual(target.requests.map((r) => r.path), ["/auth/token"])
      assert.strictEqual(store.current()?.accessToken, stale)
    }).pipe(Effect.scoped))

  it.live("beforeRefreshToken replaces the refresh call and its result is stored as is", () =>
    Effect.gen(function*() {
      const target = yield* recorder
      serve(target, { status: 500 })
      const fresh = accessToken({ expiresIn: 3600 })
      const calls: Array<Tokens> = []
      const store = storeWith({ accessToken: accessToken({ expiresIn: -1 }), refreshToken: "rt_1" })
      yield* Effect.all([Assets.list(), Assets.list()], { concurrency: "unbounded" }).pipe(
        Effect.provide(clientLayer(target, {
          beforeRefreshToken: (tokens) =>
            Effect.sync(() => {
              calls.push(tokens)
              return { accessToken: fresh, custom: "kept" }
            }).pipe(Effect.delay(30))
        }, store.layer))
      )
      assert.strictEqual(calls.length, 1)
      assert.deepStrictEqual(store.current(), { accessToken: fresh, custom: "kept" })
      assert.deepStrictEqual(target.requests.map((r) => r.path), ["/assets", "/assets"])
    }).pipe(Effect.scoped))

  it.live("a failing beforeRefreshToken fails the call with a HookError and keeps the tokens", () =>
    Effect.gen(function*() {
      const target = yield* recorder
      serve(target, { status: 500 })
      const stale = accessToken({ expiresIn: -1 })
      const store = storeWith({ accessToken: stale, refreshToken: "rt_1" })
      const exit = yield* Effect.exit(Assets.list().pipe(
        Effect.provide(clientLayer(target, { beforeRefreshToken: () => Effect.fail("offline") }, store.layer))
      ))
      const error = failureOf(exit)
      assert.instanceOf(error, HookError)
      assert.strictEqual((error as HookError).message, "Stelace: beforeRefreshToken failed: offline")
      assert.strictEqual(target.requests.length, 0)
      assert.strictEqual(store.current()?.accessToken, stale)
    }).pipe(Effect.scoped))

  it.live("a secret key never attaches or refreshes a user session", () =>
    Effect.gen(function*() {
      const target = yield* recorder
      serve(target, { status: 500 })
      const store = storeWith({ accessToken: accessToken({ expiresIn: -1 }), refreshToken: "rt_1" })
      yield* Assets.list().pipe(Effect.provide(clientLayer(target, { apiKey: SECRET_KEY }, store.layer)))
      assert.deepStrictEqual(authorizationOf(target, "/assets"), [`Basic ${btoa(`${SECRET_KEY}:`)}`])
      assert.strictEqual(target.requests.length, 1)
    }).pipe(Effect.scoped))

  it.live("login stores the session, info reads it, logout sends the refresh token and clears it", () =>
    Effect.gen(function*() {
      const target = yield* recorder
      const token = accessToken({ userId: "usr_42", expiresIn: 3600 })
      target.respond((request) =>
        request.path === "/auth/login"
          ? { body: { tokenType: "Bearer", accessToken: token, refreshToken: "rt_42", userId: "usr_42" } }
          : { body: { success: true } }
      )
      const store = storeWith(null)
      const { seen, ...result } = yield* Effect.gen(function*() {
        const events = yield* recordEvents
        const before = yield* Auth.info
        const login = yield* Auth.login({ username: "jane", password: "secret" })
        const during = yield* Auth.info
        yield* Auth.logout()
        const after = yield* Auth.info
        yield* settle
        return { before, login, during, after, seen: tags(events) }
      }).pipe(Effect.provide(clientLayer(target, {}, store.layer)))
      assert.deepStrictEqual(result.before, { isAuthenticated: false, userId: null })
      assert.deepStrictEqual(result.during, { isAuthenticated: true, userId: "usr_42" })
      assert.deepStrictEqual(result.after, { isAuthenticated: false, userId: null })
      assert.strictEqual(result.login.lastResponse.statusCode, 200)
      assert.deepStrictEqual(target.requests[1].json, { refreshToken: "rt_42" })
      assert.strictEqual(target.requests[1].headers.authorization, `Stelace-V1 apiKey=${PUBLISHABLE_KEY}, token=${token}`)
      assert.strictEqual(store.current(), null)
      assert.deepStrictEqual(seen, ["LoggedIn", "LoggedOut"])
    }).pipe(Effect.scoped))

  it.live("a failed logout keeps the session", () =>
    Effect.gen(function*() {
      const target = yield* recorder
      target.respond(() => ({ status: 400, body: { message: "bad", statusCode: 400 } }))
      const tokens = { accessToken: accessToken({ expiresIn: 3600 }), refreshToken: "rt_1" }
      const store = storeWith(tokens)
      const exit = yield* Effect.exit(Auth.logout().pipe(Effect.provide(clientLayer(target, {}, store.layer))))
      assert.isTrue(Exit.isFailure(exit))
      assert.deepStrictEqual(store.current(), tokens)
    }).pipe(Effect.scoped))

  it.effect("interrupting the call that started a refresh does not cancel it for the others", () =>
    Effect.gen(function*() {
      const fresh = accessToken({ expiresIn: 3600, now: 0 })
      const transport = scripted((request) =>
        request.path === "/auth/token" ? { delay: 100, body: { tokenType: "Bearer", accessToken: fresh } } : { body: list }
      )
      const store = storeWith({ accessToken: accessToken({ expiresIn: -1, now: 0 }), refreshToken: "rt_1" })
      yield* Effect.gen(function*() {
        const first = yield* Effect.forkChild(Assets.list())
        yield* TestClock.adjust(20)
        const second = yield* Effect.forkChild(Assets.list())
        yield* TestClock.adjust(20)
        yield* Fiber.interrupt(first)
        yield* TestClock.adjust(60)
        yield* Fiber.join(second)
      }).pipe(Effect.provide(scriptedLayer(transport, {}, store.layer)))
      assert.strictEqual(store.current()?.accessToken, fresh)
      assert.deepStrictEqual(
        transport.requests.filter((r) => r.path === "/assets").map((r) => r.headers.authorization),
        [`Stelace-V1 apiKey=${PUBLISHABLE_KEY}, token=${fresh}`]
      )
    }))

  it.live("Session.refresh refreshes on demand", () =>
    Effect.gen(function*() {
      const target = yield* recorder
      const fresh = accessToken({ expiresIn: 7200 })
      serve(target, { body: { tokenType: "Bearer", accessToken: fresh } })
      const store = storeWith({ accessToken: accessToken({ expiresIn: 3600 }), refreshToken: "rt_1" })
      const tokens = yield* Effect.flatMap(Session.Session, (session) => session.refresh).pipe(
        Effect.provide(clientLayer(target, {}, store.layer))
      )
      assert.strictEqual(tokens?.accessToken, fresh)
      assert.strictEqual(target.requests.length, 1)
    }).pipe(Effect.scoped))

  it.live("each memory store belongs to one client", () =>
    Effect.gen(function*() {
      const target = yield* recorder
      target.respond(() => ({
        body: { tokenType: "Bearer", accessToken: accessToken({ expiresIn: 3600 }), refreshToken: "rt", userId: "usr_1" }
      }))
      const a = clientLayer(target, {}, TokenStore.memory)
      const b = clientLayer(target, {}, TokenStore.memory)
      yield* Auth.login({ username: "a", password: "p" }).pipe(Effect.provide(a))
      const inB = yield* Auth.info.pipe(Effect.provide(b))
      assert.deepStrictEqual(inB, { isAuthenticated: false, userId: null })
      const both = yield* Effect.gen(function*() {
        yield* Auth.login({ username: "a", password: "p" })
        return yield* Auth.info
      }).pipe(Effect.provide(Layer.fresh(a)))
      assert.isTrue(both.isAuthenticated)
    }).pipe(Effect.scoped))
})

describe("session events and logs", () => {
  it.live("a LoggedIn event holds its tokens Redacted: printing or logging it shows neither token", () =>
    Effect.gen(function*() {
      const target = yield* recorder
      const token = accessToken({ userId: "usr_1", expiresIn: 3600 })
      target.respond(() => ({ body: { tokenType: "Bearer", accessToken: token, refreshToken: "rt_secret_1", userId: "usr_1" } }))
      const events = yield* Effect.gen(function*() {
        const events = yield* recordEvents
        yield* Auth.login({ username: "alice", password: "pw" })
        yield* settle
        return events
      }).pipe(Effect.provide(clientLayer(target)))
      const [loggedIn] = events
      assert.strictEqual(loggedIn._tag, "LoggedIn")
      const printed = [String(loggedIn), JSON.stringify(loggedIn), inspect(loggedIn, { depth: 5 })].join("\n")
      assert.notInclude(printed, token)
      assert.notInclude(printed, "rt_secret_1")
      if (loggedIn._tag === "LoggedIn") assert.strictEqual(Redacted.value(loggedIn.tokens).refreshToken, "rt_secret_1")
    }).pipe(Effect.scoped))
})
