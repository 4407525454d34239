/**
 * One app-wide client, many users: what a server does. The client (`Stelace.layerClient`) holds
 * no user state; each request provides its own `Session.layer` over its own token store, so two
 * users acting at once in one process each stay themselves.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { Auth, Session, Stelace, TokenStore, Users } from "../../src/index.js"
import { StelaceTest } from "../../src/testing/index.js"

const { demo } = StelaceTest

describe("one client, many users", () => {
  it.effect("two users logged in at once, each with a Session.layer of their own, each act as themselves", () =>
    Effect.gen(function*() {
      const backend = yield* StelaceTest.makeBackend()
      const client = Stelace.layerClient({ apiKey: demo.publishableApiKey }).pipe(
        Layer.provide(StelaceTest.layerFromBackend(backend))
      )
      // both log in before either acts, so a session shared between them would hold the last login
      const bothLoggedIn = yield* Deferred.make<void>()
      let loggedIn = 0
      const request = (user: { readonly id: string; readonly username: string; readonly password: string; readonly displayName: string }) =>
        Effect.gen(function*() {
          yield* Auth.login({ username: user.username, password: user.password })
          if (++loggedIn === 2) yield* Deferred.succeed(bothLoggedIn, undefined)
          yield* Deferred.await(bothLoggedIn)
          const info = yield* Auth.info
          // the server answers as the token's user: updating one's own profile works only as oneself
          const updated = yield* Users.update(user.id, { metadata: { lastSeenBy: user.displayName } })
          return { info, updated: updated.id }
        }).pipe(Effect.provide(Session.layer.pipe(Layer.provide(TokenStore.memory))))

      const [alice, bruno] = yield* Effect.all([request(demo.users.alice), request(demo.users.bruno)], { concurrency: "unbounded" })
        .pipe(Effect.provide(client))
      assert.deepStrictEqual(alice.info, { isAuthenticated: true, userId: demo.users.alice.id })
      assert.deepStrictEqual(bruno.info, { isAuthenticated: true, userId: demo.users.bruno.id })
      assert.strictEqual(alice.updated, demo.users.alice.id)
      assert.strictEqual(bruno.updated, demo.users.bruno.id)
    }))

  it.effect("Stelace.make builds the client as Effect's own clients are built, over the HttpClient in context", () =>
    Effect.gen(function*() {
      const client = yield* Stelace.make({ apiKey: demo.secretApiKey })
      const page = yield* Users.list({ nbResultsPerPage: 1 }).pipe(
        Effect.provide(Session.layer.pipe(Layer.provide(TokenStore.memory))),
        Effect.provideService(Stelace.StelaceClient, client)
      )
      assert.strictEqual(page.results.length, 1)
    }).pipe(Effect.provide(StelaceTest.layer())))
})
