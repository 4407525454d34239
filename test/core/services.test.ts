/**
 * The services are interfaces an app may provide itself: its own `Session` (a fixed token) serves
 * the Effect functions, its own `StelaceClient` answers them, and the SDK's `Session.layer` works
 * over a client it did not make. Token grants that answer no refresh token keep the stored one.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Stream from "effect/Stream"
import { Assets, Auth, createInstance, InvalidArgument, Session, Stelace, TokenStore, Users } from "../../src/index.js"
import type { Tokens } from "../../src/TokenStore.js"
import { StelaceTest } from "../../src/testing/index.js"
import { clientLayer, recorder } from "../support/client.js"
import { accessToken, PUBLISHABLE_KEY } from "../support/jwt.js"

const { demo } = StelaceTest

/** A session that always sends `token` and never refreshes it: what an app with its own token source writes. */
const fixedSession = (token: string) => {
  const tokens: Tokens = { accessToken: token }
  return Layer.succeed(Session.Session, Session.Session.of({
    accessToken: Effect.succeed(token),
    tokens: Effect.succeed(tokens),
    refresh: Effect.succeed(tokens),
    snapshot: Effect.succeed(Session.snapshotOf(tokens, null)),
    changes: Stream.succeed(Session.snapshotOf(tokens, null)),
    events: Stream.never
  }))
}

describe("an app's own Session", () => {
  it.effect("serves the Effect functions: its token goes with every call", () =>
    Effect.gen(function*() {
      const backend = yield* StelaceTest.makeBackend()
      const http = StelaceTest.layerFromBackend(backend)
      const { username, password } = demo.users.alice
      const { accessToken: token } = yield* Auth.login({ username, password }).pipe(
        Effect.provide(Stelace.layer({ apiKey: demo.publishableApiKey }).pipe(Layer.provide([http, TokenStore.memory])))
      )
      const client = Stelace.layerClient({ apiKey: demo.publishableApiKey }).pipe(Layer.provide(http))
      // updating a profile takes its user's token: without it, the same call is refused
      const updated = yield* Users.update(demo.users.alice.id, { metadata: { seenBy: "a fixed session" } }).pipe(
        Effect.provide(fixedSession(token!)),
        Effect.provide(client)
      )
      assert.strictEqual(updated.id, demo.users.alice.id)
      const anonymous = yield* Effect.flip(Users.update(demo.users.alice.id, { metadata: {} }).pipe(
        Effect.provide(Session.layer.pipe(Layer.provide(TokenStore.memory))),
        Effect.provide(client)
      ))
      assert.strictEqual(anonymous._tag, "ServerError")
    }))

  it.effect("logs in without anything written: an app's own session keeps its tokens where it wants", () =>
    Effect.gen(function*() {
      const target = yield* recorder
      const token = accessToken({ userId: "usr_1", expiresIn: 3600 })
      target.respond(() => ({ body: { tokenType: "Bearer", accessToken: token, refreshToken: "rt_1", userId: "usr_1" } }))
      const tokens = yield* Auth.login({ username: "jane", password: "pw" }).pipe(
        Effect.provide(fixedSession("fixed")),
        Effect.provide(Stelace.layerClient({ apiKey: PUBLISHABLE_KEY, host: target.host, port: target.port, protocol: "http" }).pipe(
          Layer.provide(Stelace.layerNodeHttpClient)
        ))
      )
      assert.strictEqual(tokens.refreshToken, "rt_1")
    }).pipe(Effect.scoped))
})

describe("an app's own StelaceClient", () => {
  const fakeClient = (answers: Array<string>) =>
    Layer.effect(Stelace.StelaceClient, Effect.gen(function*() {
      return Stelace.StelaceClient.of({
        settings: yield* Stelace.settings({ apiKey: PUBLISHABLE_KEY }),
        call: (route, call) =>
          Effect.sync(() => {
            answers.push(`${route.method} ${route.path} ${JSON.stringify(call.params)}`)
            return { id: call.params[0], name: "Fake" }
          }),
        refresh: () => Effect.succeed(undefined)
      })
    }))

  it.effect("answers the Effect functions, and the SDK's Session.layer runs over it", () =>
    Effect.gen(function*() {
      const answers: Array<string> = []
      const asset = yield* Assets.read("ast_1").pipe(
        Effect.provide(Session.layer.pipe(Layer.provideMerge(fakeClient(answers)), Layer.provide(TokenStore.memory)))
      )
      assert.deepStrictEqual({ ...asset }, { id: "ast_1", name: "Fake" })
      assert.deepStrictEqual(answers, [`GET /assets/:id ["ast_1"]`])
    }))

  it.effect("Stelace.settings refuses a bad option as the layers do", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(Stelace.settings({ port: 0 }))
      assert.instanceOf(error, InvalidArgument)
      assert.strictEqual(error.reason._tag, "Option")
    }))
})

describe("token grants that answer no refresh token (refresh, impersonation)", () => {
  const stored: Tokens = { accessToken: accessToken({ userId: "usr_1", expiresIn: 3600 }), refreshToken: "rt_1", userId: "usr_1" }
  const granted = accessToken({ userId: "usr_2", expiresIn: 3600 })

  it.effect("keep the stored refresh token (Effect API): the session lasts beyond the granted token", () =>
    Effect.gen(function*() {
      const target = yield* recorder
      target.respond(() => ({ body: { tokenType: "Bearer", accessToken: granted } }))
      let current: Tokens | null = stored
      const store = TokenStore.make({ getTokens: () => current, setTokens: (next) => (current = next), removeTokens: () => (current = null) })
      yield* Auth.getTokens({ grantType: "impersonateToken", refreshToken: "rt_1", userId: "usr_2" }).pipe(Effect.provide(clientLayer(target, {}, store)))
      assert.deepStrictEqual(current, { ...stored, tokenType: "Bearer", accessToken: granted })
    }).pipe(Effect.scoped))

  it.effect("keep the stored refresh token (Promise facade)", () =>
    Effect.gen(function*() {
      const target = yield* recorder
      target.respond(() => ({ body: { tokenType: "Bearer", accessToken: granted } }))
      let current: Tokens | null = stored
      const stelace = createInstance({
        apiKey: PUBLISHABLE_KEY,
        tokenStore: { getTokens: () => current, setTokens: (next) => (current = next), removeTokens: () => (current = null) }
      })
      stelace.setHost(target.host, target.port, "http")
      yield* Effect.promise(() => stelace.auth.getTokens({ grantType: "refreshToken", refreshToken: "rt_1" }))
      assert.deepStrictEqual(current, { ...stored, tokenType: "Bearer", accessToken: granted })
      yield* Effect.promise(() => stelace.dispose())
    }).pipe(Effect.scoped))

  it.effect("a grant that answers a refresh token (an SSO code) replaces the session", () =>
    Effect.gen(function*() {
      const target = yield* recorder
      const fresh = { tokenType: "Bearer", accessToken: granted, refreshToken: "rt_2", userId: "usr_2" }
      target.respond(() => ({ body: fresh }))
      let current: Tokens | null = stored
      const store = TokenStore.make({ getTokens: () => current, setTokens: (next) => (current = next), removeTokens: () => (current = null) })
      yield* Auth.getTokens({ grantType: "authorizationCode", code: "code_1" }).pipe(Effect.provide(clientLayer(target, {}, store)))
      assert.deepStrictEqual(current, fresh)
    }).pipe(Effect.scoped))
})
