/**
 * Flows through our Effect SDK over `StelaceTest.layer`: the way an Effect user tests an app
 * (`Stelace.layer(options).pipe(Layer.provide(StelaceTest.layer()))`), in memory and under
 * `TestClock`.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Stream from "effect/Stream"
import * as TestClock from "effect/testing/TestClock"
import { Assets, Auth, Stelace, TokenStore, Transactions, Users } from "../../src/index.js"
import { StelaceTest } from "../../src/testing/index.js"

const { demo } = StelaceTest

/** Our client over a fresh in-memory backend. */
const client = (options: Stelace.Options, backend: StelaceTest.Options = {}) =>
  Stelace.layer(options).pipe(Layer.provide(StelaceTest.layer(backend)), Layer.provide(TokenStore.memory))

/** Our client over a shared backend. */
const clientOf = (backend: Effect.Success<ReturnType<typeof StelaceTest.makeBackend>>, apiKey: string) =>
  Stelace.layer({ apiKey }).pipe(Layer.provide(StelaceTest.layerFromBackend(backend)), Layer.provide(TokenStore.memory))

describe("the Effect SDK over StelaceTest.layer", () => {
  it.effect("lists in both pagination styles and streams every page", () =>
    Effect.gen(function*() {
      const cursor = yield* Assets.list({ nbResultsPerPage: 4 })
      assert.strictEqual(cursor.results.length, 4)
      assert.deepInclude(cursor.paginationMeta, { hasNextPage: true, hasPreviousPage: false })

      const offset = yield* Assets.list({ nbResultsPerPage: 4, page: 3 }).pipe(
        Stelace.withRequestOptions({ apiVersion: "2019-05-20" })
      )
      assert.strictEqual(offset.results.length, 1)
      assert.deepInclude(offset.paginationMeta, { nbResults: 9, nbPages: 3, page: 3 })

      const all = yield* Stream.runCollect(Assets.paginate({ nbResultsPerPage: 2 }))
      assert.strictEqual(new Set(Array.from(all, (asset) => asset.id)).size, 9)
    }).pipe(Effect.provide(client({ apiKey: demo.secretApiKey }))))

  it.effect("logs in and refreshes the session once the token expires under TestClock", () =>
    Effect.gen(function*() {
      const session = yield* Auth.login({ username: demo.users.alice.username, password: demo.users.alice.password })
      assert.strictEqual(session.userId, demo.users.alice.id)
      const self = yield* Users.read(demo.users.alice.id)
      assert.strictEqual(self.username, demo.users.alice.username)

      yield* TestClock.adjust("3 hours")
      const later = yield* Users.read(demo.users.alice.id)
      assert.strictEqual(later.username, demo.users.alice.username)
      const info = yield* Auth.info
      assert.deepStrictEqual(info, { isAuthenticated: true, userId: demo.users.alice.id })
    }).pipe(Effect.provide(client({ apiKey: demo.publishableApiKey }))))

  it.effect("books an asset between an owner and a taker sharing one backend", () =>
    Effect.gen(function*() {
      const backend = yield* StelaceTest.makeBackend()
      const asUser = (user: { readonly username: string; readonly password: string }) =>
        <A, E, R>(effect: Effect.Effect<A, E, R>) =>
          Auth.login({ username: user.username, password: user.password }).pipe(
            Effect.andThen(effect),
            Effect.provide(clientOf(backend, backend.publishableApiKey))
          )

      const transaction = yield* Transactions.create({
        assetId: demo.assets.zoe,
        startDate: "2031-04-01T00:00:00.000Z",
        duration: { d: 2 }
      }).pipe(asUser(demo.users.chloe))
      assert.strictEqual(transaction.status, "draft")
      assert.strictEqual(transaction.takerId, demo.users.chloe.id)

      const accepted = yield* Transactions.createTransition(transaction.id, { name: "accept" }).pipe(asUser(demo.users.alice))
      assert.strictEqual(accepted.status, "accepted")
      const paid = yield* Transactions.createTransition(transaction.id, { name: "pay" }).pipe(asUser(demo.users.chloe))
      assert.strictEqual(paid.status, "validated")
    }))

  it.effect("fails with ServerError carrying the server's status and message", () =>
    Effect.gen(function*() {
      const notFound = yield* Effect.flip(Assets.read("ast_unknown"))
      assert.strictEqual(notFound._tag, "ServerError")
      if (notFound._tag === "ServerError") {
        assert.strictEqual(notFound.statusCode, 404)
        assert.strictEqual(notFound.message, "Not Found")
      }
      const forbidden = yield* Effect.flip(Assets.create({ name: "Canoe" }))
      if (forbidden._tag === "ServerError") assert.strictEqual(forbidden.statusCode, 403)
      else assert.fail(`expected a ServerError, got ${forbidden._tag}`)
    }).pipe(Effect.provide(client({ apiKey: demo.publishableApiKey }))))
})
