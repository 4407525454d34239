/**
 * A refresh that lands after the session was replaced: a login (here or in another tab), a
 * `Session.set`, a logout. The refresh must not write the old user's tokens back, and a refusal of
 * the old refresh token must not log out the newer session. Under `TestClock`, the refresh answer
 * is held back in virtual time while the session changes.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import { TestClock } from "effect/testing"
import { Assets, Auth, type Session, SessionExpired, TokenStore } from "../../src/index.js"
import type { Tokens } from "../../src/TokenStore.js"
import { expectNoCredentialInExit, typedFailureOf, watchEachTest } from "../support/invariants.js"
import { accessToken, PUBLISHABLE_KEY } from "../support/jwt.js"
import type { ScriptedReply, ScriptedRequest } from "../support/scripted.js"
import { scripted, scriptedLayer } from "../support/scripted.js"
import { SessionWriter } from "../../src/internal/session/writer.js"
import { recordEvents, settle, tags } from "../support/events.js"

const flush = Effect.gen(function*() {
  for (let i = 0; i < 5; i++) {
    yield* Effect.yieldNow
    yield* Effect.promise(() => new Promise((resolve) => setImmediate(resolve)))
  }
})

const stelaceV1 = (token: string) => `Stelace-V1 apiKey=${PUBLISHABLE_KEY}, token=${token}`
const basic = `Basic ${btoa(`${PUBLISHABLE_KEY}:`)}`

/** User A's session, whose access token has expired: the next call refreshes it. */
const userA: Tokens = { accessToken: accessToken({ userId: "usr_a", expiresIn: -1, now: 0 }), refreshToken: "rt_a", userId: "usr_a" }
/** What refreshing A's session gives, if it is applied. */
const refreshedA = accessToken({ userId: "usr_a", expiresIn: 3600, now: 0 })
/** User B's session, from a login made while A's refresh is in flight. */
const userB: Tokens = { accessToken: accessToken({ userId: "usr_b", expiresIn: 3600, now: 0 }), refreshToken: "rt_b", userId: "usr_b" }

const credentials = [PUBLISHABLE_KEY, "rt_a", "rt_b", userA.accessToken!, refreshedA, userB.accessToken!]

watchEachTest(credentials)

/** `/auth/token` answers `refresh` after one virtual second; `/auth/login` answers B's tokens; the rest `{ id }`. */
const server = (refresh: ScriptedReply) => (request: ScriptedRequest): ScriptedReply => {
  if (request.path === "/auth/token") return { delay: 1_000, ...refresh }
  if (request.path === "/auth/login") return { body: userB }
  return { body: { id: "ast_1" } }
}
const refreshes: ScriptedReply = { body: { accessToken: refreshedA } }
const refused: ScriptedReply = { status: 403, body: { message: "Refresh token expired", statusCode: 403 } }

/** A store the test can read and change behind the client's back (another tab). */
const sharedStore = (tokens: Tokens | null) => {
  let current = tokens
  return {
    current: () => current,
    replace: (next: Tokens | null) => {
      current = next
    },
    layer: TokenStore.make({
      getTokens: () => current,
      setTokens: (next) => {
        current = next
      },
      removeTokens: () => {
        current = null
      }
    })
  }
}

/**
 * Starts a call that refreshes A's session, runs `meanwhile` while the refresh is in flight, then
 * lets the refresh answer land. Returns what the test observes.
 */
const raceRefresh = (
  refresh: ScriptedReply,
  meanwhile: (store: ReturnType<typeof sharedStore>) => Effect.Effect<unknown, unknown, Session.Session | import("../../src/Stelace.js").StelaceClient>
) =>
  Effect.gen(function*() {
    const transport = scripted(server(refresh))
    const store = sharedStore(userA)
    const { events, exit } = yield* Effect.gen(function*() {
      const seen = yield* recordEvents
      const call = yield* Effect.forkChild(Assets.read("ast_1"))
      yield* flush
      assert.deepStrictEqual(transport.requests.map((r) => r.path), ["/auth/token"])
      yield* meanwhile(store)
      yield* flush
      yield* TestClock.adjust(1_000)
      yield* flush
      const exit = yield* Fiber.await(call)
      yield* settle
      return { exit, events: tags(seen) }
    }).pipe(Effect.provide(scriptedLayer(transport, {}, store.layer)))
    expectNoCredentialInExit(exit, credentials)
    const sent = transport.requests.map((r) => `${r.method} ${r.path} ${r.headers.authorization === basic ? "basic" : r.headers.authorization}`)
    return { exit, sent, stored: store.current(), events, requests: transport.requests }
  })

describe("a refresh that lands after the session was replaced", () => {
  it.effect("after a login, the refresh's result is dropped: B's session stays and the waiting call goes with B's token", () =>
    Effect.gen(function*() {
      const { events, exit, sent, stored } = yield* raceRefresh(refreshes, () => Auth.login({ username: "b", password: "pw" }))
      assert.deepStrictEqual(stored, userB)
      assert.strictEqual(exit._tag, "Success")
      assert.deepStrictEqual(sent.at(-1), `GET /assets/ast_1 ${stelaceV1(userB.accessToken!)}`)
      assert.deepStrictEqual(events, ["LoggedIn"])
    }))

  it.effect("after the session is written by the SDK (a login's tokens stored), the refresh's result is dropped", () =>
    Effect.gen(function*() {
      const { exit, stored } = yield* raceRefresh(refreshes, () =>
        Effect.flatMap(Effect.serviceOption(SessionWriter), (writer) => writer._tag === "Some" ? writer.value.set(userB) : Effect.die("no SessionWriter")))
      assert.deepStrictEqual(stored, userB)
      assert.strictEqual(exit._tag, "Success")
    }))

  it.effect("after a logout, the refresh does not bring the session back and the waiting call goes anonymous", () =>
    Effect.gen(function*() {
      const { events, exit, sent, stored } = yield* raceRefresh(refreshes, () => Auth.logout())
      assert.isNull(stored)
      assert.strictEqual(exit._tag, "Success")
      assert.deepStrictEqual(sent.at(-1), "GET /assets/ast_1 basic")
      assert.deepStrictEqual(events, ["LoggedOut"])
    }))

  it.effect("after another tab logged in as B (seen in the store), the refresh's result is dropped", () =>
    Effect.gen(function*() {
      const { exit, sent, stored } = yield* raceRefresh(refreshes, (store) => Effect.sync(() => store.replace(userB)))
      assert.deepStrictEqual(stored, userB)
      assert.strictEqual(exit._tag, "Success")
      assert.deepStrictEqual(sent.at(-1), `GET /assets/ast_1 ${stelaceV1(userB.accessToken!)}`)
    }))

  it.effect("after another tab logged out, the refresh does not bring the session back", () =>
    Effect.gen(function*() {
      const { sent, stored } = yield* raceRefresh(refreshes, (store) => Effect.sync(() => store.replace(null)))
      assert.isNull(stored)
      assert.deepStrictEqual(sent.at(-1), "GET /assets/ast_1 basic")
    }))
})

describe("the old session's refresh token after the session was replaced", () => {
  const afterReplacement = (requests: ReadonlyArray<ScriptedRequest>, path: string) =>
    requests.slice(requests.findIndex((r) => r.path === path) + 1).filter((r) => (r.body as { refreshToken?: unknown } | undefined)?.refreshToken === "rt_a")

  // the waiting call resumes only once the store holds the new session: it never reads A's again
  it.effect("is never sent again once a login was sent", () =>
    Effect.gen(function*() {
      const { requests } = yield* raceRefresh(refreshes, () => Auth.login({ username: "b", password: "pw" }))
      assert.deepStrictEqual(afterReplacement(requests, "/auth/login").map((r) => r.path), [])
    }))

  it.effect("is never sent again once a logout was sent", () =>
    Effect.gen(function*() {
      const { requests } = yield* raceRefresh(refreshes, () => Auth.logout())
      assert.deepStrictEqual(afterReplacement(requests, "/auth/logout").map((r) => r.path), [])
    }))
})

describe("a refusal (403) of the old refresh token after the session was replaced", () => {
  it.effect("after a login, B stays logged in: no tokens removed, no expiry announced, the call goes with B's token", () =>
    Effect.gen(function*() {
      const { events, exit, sent, stored } = yield* raceRefresh(refused, () => Auth.login({ username: "b", password: "pw" }))
      assert.deepStrictEqual(stored, userB)
      assert.strictEqual(exit._tag, "Success")
      assert.deepStrictEqual(sent.at(-1), `GET /assets/ast_1 ${stelaceV1(userB.accessToken!)}`)
      assert.deepStrictEqual(events, ["LoggedIn"])
    }))

  it.effect("after another tab logged in as B, B stays logged in", () =>
    Effect.gen(function*() {
      const { events, stored } = yield* raceRefresh(refused, (store) => Effect.sync(() => store.replace(userB)))
      assert.deepStrictEqual(stored, userB)
      assert.notInclude(events, "Expired")
    }))

  it.effect("with the session unchanged, the refusal ends it: tokens removed, the call fails with SessionExpired", () =>
    Effect.gen(function*() {
      const { events, exit, stored } = yield* raceRefresh(refused, () => Effect.void)
      assert.isNull(stored)
      assert.instanceOf(typedFailureOf(exit), SessionExpired)
      assert.deepStrictEqual(events, ["Expired"])
    }))
})
