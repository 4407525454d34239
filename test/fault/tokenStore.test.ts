/**
 * Token stores that throw, reject or return garbage, through `TokenStore.make` (Effect) and the
 * facade's `tokenStore` config, and localStorage that fails to write or to read. A failing store
 * fails the call with `HookError`; whatever a store returns that is not a well-formed session
 * counts as no session; a storage failure never brings back a session that was replaced.
 * (Stores that never answer are in `time.test.ts`, under `TestClock`.)
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import type * as Exit from "effect/Exit"
import { expect, it as vit } from "vitest"
import { Assets, Auth, createInstance, HookError, TokenStore } from "../../src/index.js"
import type { CustomTokenStore, Tokens } from "../../src/TokenStore.js"
import {
  expectNoCredential,
  expectNoCredentialInExit,
  expectNoSocketLeftOpen,
  expectOnlyApiHost,
  openTcpSockets,
  typedFailureOf,
  watch,
  watchEachTest
} from "../support/invariants.js"
import { accessToken, PUBLISHABLE_KEY } from "../support/jwt.js"
import type { Recorder } from "../support/recorder.js"
import { useApiAndOtherHost } from "../support/recorder.js"
import { scripted, scriptedLayer } from "../support/scripted.js"
import { FakeStorage } from "../support/storage.js"

const token = accessToken({ userId: "usr_1", expiresIn: 3600 })
const tokenB = accessToken({ userId: "usr_b", expiresIn: 3600 })
const credentials = [PUBLISHABLE_KEY, token, tokenB, "rt_1", "rt_b"]

watchEachTest(credentials)
const basic = `Basic ${btoa(`${PUBLISHABLE_KEY}:`)}`

const store = (overrides: Partial<CustomTokenStore>): CustomTokenStore => ({
  getTokens: () => ({ accessToken: token, refreshToken: "rt_1" }),
  setTokens: () => undefined,
  removeTokens: () => undefined,
  ...overrides
})

const boom = () => {
  throw new Error("storage broken")
}

const hookFailure = (exit: Exit.Exit<unknown, unknown>) => {
  expectNoCredentialInExit(exit, credentials)
  const error = typedFailureOf(exit) as HookError
  assert.instanceOf(error, HookError)
  return error
}

/** What garbage a store may return: none of it is a session. */
const garbage: ReadonlyArray<readonly [string, unknown]> = [
  ["a string", token],
  ["a number", 42],
  ["true", true],
  ["an array", [{ accessToken: token }]],
  ["{ accessToken: 42 }", { accessToken: 42 }],
  ["{ accessToken: [token] }", { accessToken: [token] }],
  ["a well-formed access token with a numeric refresh token", { accessToken: token, refreshToken: 7 }],
  ["an access token that is not a JWT", { accessToken: "not-a-jwt" }],
  ["a promise of a number", Promise.resolve(42)],
  ["a function", () => ({ accessToken: token })]
]

describe("TokenStore.make with a failing store", () => {
  it.effect("a getTokens that throws fails the call with HookError(getTokens, failed), sending nothing", () =>
    Effect.gen(function*() {
      const transport = scripted()
      const exit = yield* Assets.read("ast_1").pipe(Effect.provide(scriptedLayer(transport, {}, TokenStore.make(store({ getTokens: boom })))), Effect.exit)
      const error = hookFailure(exit)
      assert.deepStrictEqual([error.hook, error.reason._tag, error.message], ["getTokens", "Failed", "Stelace: getTokens failed: storage broken"])
      assert.strictEqual((error.cause as Error).message, "storage broken")
      assert.deepStrictEqual(transport.requests, [])
    }))

  it.effect("a getTokens whose promise rejects fails the call with HookError(getTokens, failed)", () =>
    Effect.gen(function*() {
      const transport = scripted()
      const layer = scriptedLayer(transport, {}, TokenStore.make(store({ getTokens: () => Promise.reject(new Error("no keychain")) })))
      const error = hookFailure(yield* Effect.exit(Effect.provide(Assets.read("ast_1"), layer)))
      assert.deepStrictEqual([error.hook, error.message], ["getTokens", "Stelace: getTokens failed: no keychain"])
      assert.deepStrictEqual(transport.requests, [])
    }))

  it.effect("a getTokens that throws a non-Error still fails with HookError", () =>
    Effect.gen(function*() {
      const layer = scriptedLayer(scripted(), {}, TokenStore.make(store({ getTokens: () => Promise.reject(undefined) })))
      assert.strictEqual(hookFailure(yield* Effect.exit(Effect.provide(Assets.read("ast_1"), layer))).hook, "getTokens")
    }))

  it.effect("a setTokens that throws fails the login with HookError(setTokens) once the login was sent", () =>
    Effect.gen(function*() {
      const transport = scripted(() => ({ body: { accessToken: tokenB, refreshToken: "rt_b" } }))
      const layer = scriptedLayer(transport, {}, TokenStore.make(store({ getTokens: () => null, setTokens: boom })))
      const error = hookFailure(yield* Effect.exit(Effect.provide(Auth.login({ username: "b", password: "pw" }), layer)))
      assert.deepStrictEqual([error.hook, error.reason._tag], ["setTokens", "Failed"])
      assert.deepStrictEqual(transport.requests.map((r) => r.path), ["/auth/login"])
    }))

  it.effect("a removeTokens whose promise rejects fails the logout with HookError(removeTokens)", () =>
    Effect.gen(function*() {
      const layer = scriptedLayer(scripted(), {}, TokenStore.make(store({ removeTokens: () => Promise.reject(new Error("locked")) })))
      const error = hookFailure(yield* Effect.exit(Effect.provide(Auth.logout(), layer)))
      assert.deepStrictEqual([error.hook, error.message], ["removeTokens", "Stelace: removeTokens failed: locked"])
    }))

  it.effect("a store that fails once does not fail the next call", () =>
    Effect.gen(function*() {
      let reads = 0
      const transport = scripted()
      const layer = scriptedLayer(transport, {}, TokenStore.make(store({
        // the client reads the store once when it is built: the call's read is the second one
        getTokens: () => ++reads === 2 ? boom() : { accessToken: token }
      })))
      const [first, second] = yield* Effect.all([Effect.exit(Assets.read("ast_1")), Effect.exit(Assets.read("ast_1"))]).pipe(Effect.provide(layer))
      assert.strictEqual(first._tag, "Failure")
      assert.strictEqual(second._tag, "Success")
      assert.deepStrictEqual(transport.requests.map((r) => r.headers.authorization), [`Stelace-V1 apiKey=${PUBLISHABLE_KEY}, token=${token}`])
    }))
})

describe("TokenStore.make with a store returning garbage", () => {
  it.effect.each(garbage)("%s is no session: the call goes with the API key alone and info says anonymous", ([_name, value]) =>
    Effect.gen(function*() {
      const transport = scripted()
      const layer = scriptedLayer(transport, {}, TokenStore.make(store({ getTokens: () => value as Tokens })))
      const info = yield* Effect.andThen(Assets.read("ast_1"), Auth.info).pipe(Effect.provide(layer))
      assert.deepStrictEqual(info, { isAuthenticated: false, userId: null })
      assert.deepStrictEqual(transport.requests.map((r) => `${r.path} ${r.headers.authorization}`), [`/assets/ast_1 ${basic}`])
    }))
})

describe("the facade's tokenStore", () => {
  let api: Recorder
  let other: Recorder
  useApiAndOtherHost((hosts) => ({ api, other } = hosts))

  /** Runs `f` on an instance with `tokenStore`, checking the invariants. */
  const withInstance = async <A>(tokenStore: CustomTokenStore, f: (stelace: any) => Promise<A>): Promise<A> => {
    const watched = watch()
    const baseline = openTcpSockets()
    try {
      const stelace: any = createInstance({ apiKey: PUBLISHABLE_KEY, tokenStore })
      stelace.setHost(api.host, api.port, "http")
      const result = await f(stelace)
      await stelace.dispose()
      await expectNoSocketLeftOpen([api, other], baseline)
      expectOnlyApiHost(api, other)
      await watched.check(credentials)
      return result
    } finally {
      watched.stop()
    }
  }

  const rejection = (promise: Promise<unknown>) =>
    promise.then((value) => expect.fail(`expected a rejection, got ${String(value)}`), (error: unknown) => {
      expectNoCredential(error, credentials)
      return error
    })

  vit("a getTokens that throws rejects the call with HookError, and auth.info() says anonymous", async () => {
    await withInstance(store({ getTokens: boom }), async (stelace) => {
      const error = await rejection(stelace.assets.read("ast_1"))
      expect(error).toBeInstanceOf(HookError)
      expect(error).toMatchObject({ hook: "getTokens", reason: { _tag: "Failed" } })
      expect(stelace.auth.info()).toStrictEqual({ isAuthenticated: false, userId: null })
      expect(api.requests).toStrictEqual([])
    })
  })

  vit("a getTokens whose promise rejects rejects the call with HookError", async () => {
    await withInstance(store({ getTokens: () => Promise.reject(new Error("no keychain")) }), async (stelace) => {
      expect(await rejection(stelace.assets.read("ast_1"))).toMatchObject({ _tag: "HookError", hook: "getTokens" })
    })
  })

  vit("a setTokens that throws rejects the login with HookError", async () => {
    api.respond(() => ({ body: { accessToken: tokenB, refreshToken: "rt_b", userId: "usr_b" } }))
    await withInstance(store({ getTokens: () => null, setTokens: boom }), async (stelace) => {
      expect(await rejection(stelace.auth.login({ username: "b", password: "pw" }))).toMatchObject({ _tag: "HookError", hook: "setTokens" })
      expect(api.requests.map((r) => r.path)).toStrictEqual(["/auth/login"])
    })
  })

  vit("a removeTokens that throws rejects the logout with HookError", async () => {
    await withInstance(store({ removeTokens: boom }), async (stelace) => {
      expect(await rejection(stelace.auth.logout())).toMatchObject({ _tag: "HookError", hook: "removeTokens" })
    })
  })

  vit.each(garbage)("%s is no session: the call goes with the API key alone, and auth.info() says anonymous", async (_name, value) => {
    await withInstance(store({ getTokens: () => value as Tokens }), async (stelace) => {
      await stelace.assets.read("ast_1")
      expect(api.requests.map((r) => r.headers.authorization)).toStrictEqual([basic])
      expect(stelace.auth.info()).toStrictEqual({ isAuthenticated: false, userId: null })
    })
  })
})

describe("localStorage that fails", () => {
  const sessionOf = (userId: string, accessToken: string, refreshToken: string) => ({ accessToken, refreshToken, userId })
  const login = (storage: FakeStorage, transport = scripted(() => ({ body: sessionOf("usr_b", tokenB, "rt_b") }))) =>
    Auth.login({ username: "b", password: "pw" }).pipe(Effect.provide(scriptedLayer(transport, {}, TokenStore.localStorage({ storage }))))
  /** A reload: a new client over the same storage. */
  const reload = (storage: FakeStorage) =>
    Effect.gen(function*() {
      const transport = scripted()
      const info = yield* Effect.andThen(Assets.read("ast_1"), Auth.info).pipe(
        Effect.provide(scriptedLayer(transport, {}, TokenStore.localStorage({ storage })))
      )
      return { info, authorization: transport.requests[0].headers.authorization }
    })

  it.effect("a write refused for quota removes the previous user's session from storage: a reload does not restore it", () =>
    Effect.gen(function*() {
      const storage = new FakeStorage()
      storage.items.set("stl-authtoken", JSON.stringify(sessionOf("usr_1", token, "rt_1")))
      storage.failWrites = true
      yield* login(storage)
      assert.isFalse(storage.items.has("stl-authtoken"))
      const after = yield* reload(storage)
      assert.deepStrictEqual(after, { info: { isAuthenticated: false, userId: null }, authorization: basic })
    }))

  it.effect("after a write refused for quota and a logout, a reload has no session", () =>
    Effect.gen(function*() {
      const storage = new FakeStorage()
      storage.items.set("stl-authtoken", JSON.stringify(sessionOf("usr_1", token, "rt_1")))
      storage.failWrites = true
      const transport = scripted((request) => request.path === "/auth/login" ? { body: sessionOf("usr_b", tokenB, "rt_b") } : { body: {} })
      yield* Effect.gen(function*() {
        yield* Auth.login({ username: "b", password: "pw" })
        // B's session lives in memory: calls still carry it
        yield* Assets.read("ast_1")
        yield* Auth.logout()
      }).pipe(Effect.provide(scriptedLayer(transport, {}, TokenStore.localStorage({ storage }))))
      assert.deepStrictEqual(transport.requests.map((r) => r.path), ["/auth/login", "/assets/ast_1", "/auth/logout"])
      assert.strictEqual(transport.requests[1].headers.authorization, `Stelace-V1 apiKey=${PUBLISHABLE_KEY}, token=${tokenB}`)
      assert.deepStrictEqual((yield* reload(storage)).info, { isAuthenticated: false, userId: null })
    }))

  it.effect("a read that throws once does not switch to memory for good: a session written later by another tab is seen", () =>
    Effect.gen(function*() {
      const storage = new FakeStorage()
      storage.failingReads = 1
      const transport = scripted()
      yield* Effect.gen(function*() {
        yield* Assets.read("ast_1")
        storage.items.set("stl-authtoken", JSON.stringify(sessionOf("usr_b", tokenB, "rt_b")))
        yield* Assets.read("ast_1")
      }).pipe(Effect.provide(scriptedLayer(transport, {}, TokenStore.localStorage({ storage }))))
      assert.deepStrictEqual(transport.requests.map((r) => r.headers.authorization), [
        basic,
        `Stelace-V1 apiKey=${PUBLISHABLE_KEY}, token=${tokenB}`
      ])
    }))

  it.effect("a stored { accessToken: 42 } is not sent and counts as no session", () =>
    Effect.gen(function*() {
      const storage = new FakeStorage()
      storage.items.set("stl-authtoken", JSON.stringify({ accessToken: 42 }))
      assert.deepStrictEqual(yield* reload(storage), { info: { isAuthenticated: false, userId: null }, authorization: basic })
    }))
})
