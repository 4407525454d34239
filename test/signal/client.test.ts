/**
 * The signal stream against a scripted server: what it answers on the wire, what subscribers
 * receive, the shared connection, the typed refusals and the re-authentication on session changes.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as Schema from "effect/Schema"
import * as Stream from "effect/Stream"
import * as Redacted from "effect/Redacted"
import * as Signal from "../../src/Signal.js"
import type { Tokens } from "../../src/TokenStore.js"
import { authenticationOf, fakeServer, fakeSession, flush, handshake, signalFrame } from "./fakes.js"

const KEY = "pubk_test_LocalStelacePublicKey0001"
const options = { apiKey: KEY, host: "api.example.com" }

const collect = (stream: Stream.Stream<Signal.Signal, Signal.SignalError>) =>
  Effect.forkChild(Stream.runCollect(stream))

describe("Signal stream", () => {
  it.effect("connects to the API host's /signal WebSocket and answers the authentication with the key and channels", () =>
    Effect.scoped(Effect.gen(function*() {
      const server = fakeServer()
      const client = yield* Signal.makeWith({ ...options, WebSocket: server.WebSocket }, undefined)
      yield* collect(client.signals(["announcements"]))
      yield* flush
      assert.strictEqual(server.sockets.length, 1)
      assert.strictEqual(server.last().url, "wss://api.example.com/signal/?EIO=3&transport=websocket")
      handshake(server.last(), 7)
      yield* flush
      assert.deepStrictEqual(server.last().sent, ["40/signal", `43/signal,7[{"publishableKey":"${KEY}","channels":["announcements"]}]`])
      assert.strictEqual(client.state(), "live")
    })))

  it.effect("delivers signals with their event and message, and one socket serves every subscriber", () =>
    Effect.scoped(Effect.gen(function*() {
      const server = fakeServer()
      const client = yield* Signal.makeWith({ ...options, WebSocket: server.WebSocket }, undefined)
      const first = yield* collect(Stream.take(client.signals(), 2))
      const second = yield* collect(Stream.take(client.signals(), 1))
      yield* flush
      handshake(server.last())
      server.last().push(signalFrame("bookingChanged", { transactionId: "trn_1" }))
      server.last().push(signalFrame("signal", "hello"))
      const a = yield* Fiber.join(first)
      const b = yield* Fiber.join(second)
      assert.strictEqual(server.sockets.length, 1)
      assert.deepStrictEqual(a, [
        { event: "bookingChanged", message: { transactionId: "trn_1" }, env: "test" },
        { event: "signal", message: "hello", env: "test" }
      ])
      assert.deepStrictEqual(b, [{ event: "bookingChanged", message: { transactionId: "trn_1" }, env: "test" }])
    })))

  it.effect("closes the socket once the last subscriber leaves, not before", () =>
    Effect.scoped(Effect.gen(function*() {
      const server = fakeServer()
      const client = yield* Signal.makeWith({ ...options, WebSocket: server.WebSocket }, undefined)
      const a = yield* collect(client.signals())
      const b = yield* collect(client.signals())
      yield* flush
      handshake(server.last())
      yield* Fiber.interrupt(a)
      yield* flush
      assert.isFalse(server.last().closed)
      yield* Fiber.interrupt(b)
      yield* flush
      assert.isTrue(server.last().closed)
      assert.strictEqual(client.state(), "idle")
    })))

  const refusals = [
    ["Invalid API key", "InvalidApiKey"],
    ["Missing publishable API key", "InvalidApiKey"],
    ["Authentication timeout after 2000ms", "AuthenticationTimeout"],
    ["Having 1001 connected Signal clients is above API plan limit.", "TooManyClients"],
    ["Can’t add more clients.", "TooManyClients"],
    ["Invalid authentication token", "Refused"]
  ] as const
  for (const [reason, tag] of refusals) {
    it.effect(`fails with reason ${tag} when the server says "${reason}", without reconnecting`, () =>
      Effect.scoped(Effect.gen(function*() {
        const server = fakeServer()
        const client = yield* Signal.makeWith({ ...options, WebSocket: server.WebSocket }, undefined)
        const fiber = yield* collect(client.signals())
        yield* flush
        handshake(server.last())
        server.last().push(`42/signal,${JSON.stringify(["willDisconnect", { error: reason }])}`)
        server.last().push("41/signal,")
        server.last().drop(1005)
        const exit = yield* Fiber.await(fiber)
        assert.isTrue(Exit.isFailure(exit))
        const error = Exit.isFailure(exit) ? exit.cause.reasons.find((r) => r._tag === "Fail") : undefined
        assert.instanceOf((error as any)?.error, Signal.SignalError)
        assert.strictEqual((error as any).error.reason, tag)
        assert.include((error as any).error.message, reason)
        assert.strictEqual(server.sockets.length, 1)
      })))
  }

  it.effect("fails with NoWebSocket, naming ws, where there is no WebSocket", () =>
    Effect.scoped(Effect.gen(function*() {
      const saved = (globalThis as any).WebSocket
      ;(globalThis as any).WebSocket = undefined
      try {
        const client = yield* Signal.makeWith(options, undefined)
        const exit = yield* Effect.exit(Stream.runCollect(client.signals()))
        assert.isTrue(Exit.isFailure(exit))
        const error = Exit.isFailure(exit) ? (exit.cause.reasons[0] as any).error : undefined
        assert.strictEqual(error.reason, "NoWebSocket")
        assert.include(error.message, "ws")
      } finally {
        ;(globalThis as any).WebSocket = saved
      }
    })))

  it.effect("refuses bad options and channels with InvalidArgument", () =>
    Effect.scoped(Effect.gen(function*() {
      const bad = yield* Effect.flip(Signal.makeWith({ ...options, handshakeTimeout: -1 }, undefined))
      assert.strictEqual(bad.reason, "InvalidArgument")
      const noKey = yield* Effect.flip(Signal.makeWith({ host: "api.example.com" }, undefined))
      assert.strictEqual(noKey.reason, "InvalidArgument")
      const server = fakeServer()
      const client = yield* Signal.makeWith({ ...options, WebSocket: server.WebSocket }, undefined)
      const channel = yield* Effect.flip(Stream.runCollect(client.signals([""])))
      assert.strictEqual(channel.reason, "InvalidArgument")
      assert.strictEqual(server.sockets.length, 0)
    })))

  it.effect("authenticates with the user's token, and again on login, logout and organization change", () =>
    Effect.scoped(Effect.gen(function*() {
      const server = fakeServer()
      const session = fakeSession({ token: "token-a", userId: "usr_a" })
      const client = yield* Signal.makeWith({ ...options, WebSocket: server.WebSocket }, session.session)
      yield* collect(client.signals())
      yield* flush
      handshake(server.last())
      yield* flush
      assert.deepStrictEqual(authenticationOf(server.last()), { publishableKey: KEY, authToken: "token-a" })

      session.change({ token: "token-b", userId: "usr_b" }, { _tag: "LoggedIn", tokens: Redacted.make({ accessToken: "token-b" } as Tokens) })
      yield* flush
      assert.isTrue(server.sockets[0]!.closed)
      assert.strictEqual(server.sockets.length, 2)
      handshake(server.last())
      yield* flush
      assert.deepStrictEqual(authenticationOf(server.last()), { publishableKey: KEY, authToken: "token-b" })

      session.change({ token: "token-b", userId: "usr_b", organizationId: "org_1" }, { _tag: "OrganizationChanged", organizationId: "org_1" })
      yield* flush
      handshake(server.last())
      yield* flush
      assert.deepStrictEqual(authenticationOf(server.last()), { publishableKey: KEY, authToken: "token-b", channels: ["org_1"] })

      session.change({}, { _tag: "LoggedOut" })
      yield* flush
      handshake(server.last())
      yield* flush
      assert.strictEqual(server.sockets.length, 4)
      assert.deepStrictEqual(authenticationOf(server.last()), { publishableKey: KEY })
    })))

  it.effect("keeps the connection when a refresh changes only the token", () =>
    Effect.scoped(Effect.gen(function*() {
      const server = fakeServer()
      const session = fakeSession({ token: "token-a", userId: "usr_a" })
      const client = yield* Signal.makeWith({ ...options, WebSocket: server.WebSocket }, session.session)
      yield* collect(client.signals())
      yield* flush
      handshake(server.last())
      session.change({ token: "token-a2", userId: "usr_a" }, { _tag: "Refreshed", tokens: Redacted.make({ accessToken: "token-a2" } as Tokens) })
      yield* flush
      assert.strictEqual(server.sockets.length, 1)
    })))

  it.effect("a new subscriber naming a new channel makes the connection authenticate again with it", () =>
    Effect.scoped(Effect.gen(function*() {
      const server = fakeServer()
      const client = yield* Signal.makeWith({ ...options, WebSocket: server.WebSocket }, undefined)
      yield* collect(client.signals(["a"]))
      yield* flush
      handshake(server.last())
      yield* collect(client.signals(["b"]))
      yield* flush
      assert.strictEqual(server.sockets.length, 2)
      handshake(server.last())
      yield* flush
      assert.deepStrictEqual(authenticationOf(server.last()), { publishableKey: KEY, channels: ["a", "b"] })
    })))

  it.effect("decodeMessage checks a signal's message with a schema", () =>
    Effect.gen(function*() {
      const decode = Signal.decodeMessage(Schema.Struct({ transactionId: Schema.String }))
      const ok = yield* decode({ event: "signal", message: { transactionId: "trn_1" }, env: "test" })
      assert.deepStrictEqual(ok, { transactionId: "trn_1" })
      const bad = yield* Effect.exit(decode({ event: "signal", message: { transactionId: 1 }, env: "test" }))
      assert.isTrue(Exit.isFailure(bad))
    }))
})

describe("Signal stream and a session whose refresh fails", () => {
  it.effect("connects anonymously once (no reconnection loop), and authenticates when a later refresh succeeds", () =>
    Effect.scoped(Effect.gen(function*() {
      const server = fakeServer()
      const session = fakeSession({ token: "token-a", userId: "usr_a" })
      let refreshWorks = false
      const failing = {
        ...session.session,
        accessToken: Effect.suspend(() => refreshWorks ? session.session.accessToken : Effect.fail(new Error("network") as never))
      } as typeof session.session
      const client = yield* Signal.makeWith({ ...options, WebSocket: server.WebSocket }, failing)
      yield* collect(client.signals())
      for (let i = 0; i < 5; i++) yield* flush
      assert.strictEqual(server.sockets.length, 1)
      handshake(server.last())
      yield* flush
      assert.deepStrictEqual(authenticationOf(server.last()), { publishableKey: KEY })
      refreshWorks = true
      session.change({ token: "token-a2", userId: "usr_a" }, { _tag: "Refreshed", tokens: Redacted.make({ accessToken: "token-a2" } as Tokens) })
      yield* flush
      assert.strictEqual(server.sockets.length, 2)
      handshake(server.last())
      yield* flush
      assert.deepStrictEqual(authenticationOf(server.last()), { publishableKey: KEY, authToken: "token-a2" })
    })))
})
