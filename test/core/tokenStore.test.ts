import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { afterEach } from "vitest"
import { Assets, Auth, TokenStore } from "../../src/index.js"
import { makeDefaultStore, makeLocalStorageStore } from "../../src/TokenStore.js"
import { clientLayer, recorder } from "../support/client.js"
import { accessToken, PUBLISHABLE_KEY } from "../support/jwt.js"
import { FakeStorage } from "../support/storage.js"

const loginReply = (userId: string) => ({
  body: { tokenType: "Bearer", accessToken: accessToken({ userId, expiresIn: 3600 }), refreshToken: "rt", userId }
})

afterEach(() => {
  delete (globalThis as any).localStorage
})

describe("TokenStore.localStorage", () => {
  it.live("keeps the session under stl-authtoken, the key stelace.js used", () =>
    Effect.gen(function*() {
      const target = yield* recorder
      target.respond(() => loginReply("usr_1"))
      const storage = new FakeStorage()
      yield* Auth.login({ username: "u", password: "p" }).pipe(Effect.provide(clientLayer(target, {}, TokenStore.localStorage({ storage }))))
      const stored = JSON.parse(storage.items.get("stl-authtoken")!)
      assert.strictEqual(stored.userId, "usr_1")
      assert.strictEqual(stored.refreshToken, "rt")
    }).pipe(Effect.scoped))

  it.live("picks up a session stelace.js left in storage", () =>
    Effect.gen(function*() {
      const target = yield* recorder
      const storage = new FakeStorage()
      const token = accessToken({ userId: "usr_legacy", expiresIn: 3600 })
      storage.items.set("stl-authtoken", JSON.stringify({ tokenType: "Bearer", accessToken: token, refreshToken: "rt", userId: "usr_legacy" }))
      yield* Assets.read("ast_1").pipe(Effect.provide(clientLayer(target, {}, TokenStore.localStorage({ storage }))))
      assert.strictEqual(target.requests[0].headers.authorization, `Stelace-V1 apiKey=${PUBLISHABLE_KEY}, token=${token}`)
    }).pipe(Effect.scoped))

  it.live("sees a login or logout made in another tab on the next call", () =>
    Effect.gen(function*() {
      const target = yield* recorder
      const storage = new FakeStorage()
      const token = accessToken({ expiresIn: 3600 })
      yield* Effect.gen(function*() {
        yield* Assets.read("ast_1")
        storage.items.set("stl-authtoken", JSON.stringify({ accessToken: token }))
        yield* Assets.read("ast_1")
        storage.items.delete("stl-authtoken")
        yield* Assets.read("ast_1")
      }).pipe(Effect.provide(clientLayer(target, {}, TokenStore.localStorage({ storage }))))
      assert.deepStrictEqual(target.requests.map((r) => r.headers.authorization.split(" ")[0]), ["Basic", "Stelace-V1", "Basic"])
    }).pipe(Effect.scoped))

  it("treats corrupted JSON as no session and clears it", () => {
    const storage = new FakeStorage()
    storage.items.set("stl-authtoken", "{not json")
    const store = makeLocalStorageStore({ storage })
    assert.isNull(store.getTokens())
    assert.isFalse(storage.items.has("stl-authtoken"))
    storage.items.set("stl-authtoken", "42")
    assert.isNull(store.getTokens())
  })

  it("carries on in memory when storage throws", () => {
    const storage = new FakeStorage()
    storage.failWrites = true
    const store = makeLocalStorageStore({ storage })
    store.setTokens({ accessToken: "a" })
    assert.deepStrictEqual(store.getTokens(), { accessToken: "a" })
    storage.failWrites = false
    storage.failingReads = Infinity
    const other = makeLocalStorageStore({ storage })
    assert.isNull(other.getTokens())
    other.setTokens({ accessToken: "b" })
    assert.deepStrictEqual(other.getTokens(), { accessToken: "b" })
    other.removeTokens()
    assert.isNull(other.getTokens())
  })

  it("falls back to memory when there is no storage at all (server rendering)", () => {
    const store = makeLocalStorageStore()
    store.setTokens({ accessToken: "a" })
    assert.deepStrictEqual(store.getTokens(), { accessToken: "a" })
  })

  it("refuses tokens that are not an object, with stelace.js's message", () => {
    const store = makeLocalStorageStore({ storage: new FakeStorage() })
    assert.throws(() => store.setTokens("token" as any), "Expected object as tokens value")
  })
})

describe("TokenStore.localStorageOrMemory", () => {
  it("uses localStorage where it is writable", () => {
    const storage = new FakeStorage()
    ;(globalThis as any).localStorage = storage
    makeDefaultStore().setTokens({ accessToken: "a" })
    assert.isTrue(storage.items.has("stl-authtoken"))
  })

  it("uses a memory store of its own where localStorage is missing or blocked", () => {
    const storage = new FakeStorage()
    storage.failWrites = true
    ;(globalThis as any).localStorage = storage
    const a = makeDefaultStore()
    const b = makeDefaultStore()
    a.setTokens({ accessToken: "a" })
    assert.deepStrictEqual(a.getTokens(), { accessToken: "a" })
    assert.isNull(b.getTokens())
    assert.strictEqual(storage.items.size, 0)
  })
})

describe("TokenStore.make", () => {
  it.live("adapts a store whose methods return promises", () =>
    Effect.gen(function*() {
      const target = yield* recorder
      target.respond(() => loginReply("usr_async"))
      let saved: unknown = null
      const store = TokenStore.make({
        getTokens: async () => saved as any,
        setTokens: async (tokens) => {
          saved = tokens
        },
        removeTokens: async () => {
          saved = null
        }
      })
      const info = yield* Effect.gen(function*() {
        yield* Auth.login({ username: "u", password: "p" })
        return yield* Auth.info
      }).pipe(Effect.provide(clientLayer(target, {}, store)))
      assert.deepStrictEqual(info, { isAuthenticated: true, userId: "usr_async" })
      assert.strictEqual((saved as any).userId, "usr_async")
    }).pipe(Effect.scoped))
})
