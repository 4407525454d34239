/**
 * The signal stream against a scripted server: what it answers on the wire, what subscribers
 * receive, the shared connection, the typed refusals (and the full platform, which it keeps trying
 * through), when it reads live, and the re-authentication on session changes.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as Redacted from "effect/Redacted"
import * as Schema from "effect/Schema"
import * as Stream from "effect/Stream"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { TestClock } from "effect/testing"
import { InvalidArgument } from "../../src/Errors.js"
import * as Signal from "../../src/Signal.js"
import * as Stelace from "../../src/Stelace.js"
import type { Tokens } from "../../src/TokenStore.js"
import {
  authenticationOf,
  fakeServer,
  fakeSession,
  flush,
  handshake,
  KEY,
  makeSignalClient,
  recordStatus,
  refuse,
  signalFrame,
  stateOf,
  stelaceClient
} from "./fakes.js"

const collect = <E>(stream: Stream.Stream<Signal.Signal, E>) => Effect.forkChild(Stream.runCollect(stream))

/** The error a failed fiber failed with. */
const failureOf = <A, E>(exit: Exit.Exit<A, E>): E | undefined => {
  if (Exit.isSuccess(exit)) return undefined
  const reason = exit.cause.reasons.find((r) => r._tag === "Fail")
  return reason?._tag === "Fail" ? reason.error : undefined
}

const tokens = (accessToken: string) => Redacted.make({ accessToken } as Tokens)

describe("Signal stream", () => {
  it.effect("Signal.layer connects to the StelaceClient's host (/signal WebSocket) and answers the authentication with its key and the channels", () =>
    Effect.gen(function*() {
      const server = fakeServer()
      const client = yield* stelaceClient()
      const program = Effect.gen(function*() {
        yield* Effect.forkChild(Stream.runDrain(Signal.stream({ channels: ["announcements"] })))
        yield* flush
        assert.strictEqual(server.sockets.length, 1)
        assert.strictEqual(server.last().url, "wss://api.example.com/signal/?EIO=3&transport=websocket")
        handshake(server.last(), 7)
        yield* flush
        assert.deepStrictEqual(server.last().sent, ["40/signal", `43/signal,7[{"publishableKey":"${KEY}","channels":["announcements"]}]`])
      })
      yield* program.pipe(Effect.provide(Signal.layer({ WebSocket: server.WebSocket }).pipe(Layer.provide(Layer.succeed(Stelace.StelaceClient, client)))))
    }))

  it.effect("delivers signals with their event and message, and one socket serves every subscriber", () =>
    Effect.gen(function*() {
      const server = fakeServer()
      const client = yield* makeSignalClient({ WebSocket: server.WebSocket })
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
    }))

  it.effect("closes the socket once the last subscriber leaves, not before", () =>
    Effect.gen(function*() {
      const server = fakeServer()
      const client = yield* makeSignalClient({ WebSocket: server.WebSocket })
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
      assert.strictEqual(yield* stateOf(client), "idle")
    }))

  const refusals = [
    ["Invalid API key", "InvalidApiKey"],
    ["Missing publishable API key", "InvalidApiKey"],
    ["Invalid authentication token", "Refused"]
  ] as const
  for (const [reason, tag] of refusals) {
    it.effect(`fails with reason ${tag} when the server says "${reason}", without reconnecting`, () =>
      Effect.gen(function*() {
        const server = fakeServer()
        const client = yield* makeSignalClient({ WebSocket: server.WebSocket })
        const fiber = yield* collect(client.signals())
        yield* flush
        handshake(server.last())
        yield* TestClock.adjust(2_000)
        refuse(server.last(), reason)
        const error = failureOf(yield* Fiber.await(fiber))
        assert.instanceOf(error, Signal.SignalError)
        assert.strictEqual((error as Signal.SignalError).reason._tag, tag)
        assert.include((error as Signal.SignalError).message, reason)
        yield* TestClock.adjust(60_000)
        yield* flush
        assert.strictEqual(server.sockets.length, 1)
        assert.strictEqual(yield* stateOf(client), "idle")
      }))
  }

  it.effect("fails with NoWebSocket, naming ws, where there is no WebSocket", () =>
    Effect.gen(function*() {
      const saved = (globalThis as any).WebSocket
      ;(globalThis as any).WebSocket = undefined
      try {
        const client = yield* makeSignalClient({})
        const error = yield* Effect.flip(Stream.runCollect(client.signals()))
        assert.instanceOf(error, Signal.SignalError)
        assert.strictEqual((error as Signal.SignalError).reason._tag, "NoWebSocket")
        assert.include(error.message, "ws")
      } finally {
        ;(globalThis as any).WebSocket = saved
      }
    }))

  const badOptions: ReadonlyArray<readonly [string, Signal.SignalOptions, RegExp]> = [
    ["a negative handshakeTimeout", { handshakeTimeout: -1 }, /handshakeTimeout/],
    ["a zero acceptanceDelay", { acceptanceDelay: 0 }, /acceptanceDelay/],
    ["a reconnect delay that is not a number", { reconnect: { initialDelay: Number.NaN } }, /reconnect/],
    ["a WebSocket that is not a constructor", { WebSocket: "ws" as never }, /WebSocket/]
  ]
  for (const [what, options, message] of badOptions) {
    it.effect(`refuses ${what} with InvalidArgument (reason Option)`, () =>
      Effect.gen(function*() {
        const error = yield* Effect.flip(makeSignalClient(options))
        assert.instanceOf(error, InvalidArgument)
        assert.strictEqual(error.reason._tag, "Option")
        assert.match(error.message, message)
      }))
  }

  it.effect("refuses a client without an API key and a blank channel with InvalidArgument, opening no socket (the key is read when connecting: the facade's can change)", () =>
    Effect.gen(function*() {
      const server = fakeServer()
      const noKey = yield* makeSignalClient({ WebSocket: server.WebSocket }, { client: { host: "api.example.com" } })
      const missing = yield* Effect.flip(Stream.runCollect(noKey.signals()))
      assert.instanceOf(missing, InvalidArgument)
      assert.match(missing.message, /API key/)
      const client = yield* makeSignalClient({ WebSocket: server.WebSocket })
      const channel = yield* Effect.flip(Stream.runCollect(client.signals([""])))
      assert.instanceOf(channel, InvalidArgument)
      assert.strictEqual(server.sockets.length, 0)
    }))

  it.effect("authenticates with the user's token, and again on login, logout and organization change", () =>
    Effect.gen(function*() {
      const server = fakeServer()
      const session = yield* fakeSession({ token: "token-a", userId: "usr_a" })
      const client = yield* makeSignalClient({ WebSocket: server.WebSocket }, { session: session.session })
      yield* collect(client.signals())
      yield* flush
      handshake(server.last())
      yield* flush
      assert.deepStrictEqual(authenticationOf(server.last()), { publishableKey: KEY, authToken: "token-a" })

      yield* session.change({ token: "token-b", userId: "usr_b" }, { _tag: "LoggedIn", tokens: tokens("token-b") })
      assert.isTrue(server.sockets[0]!.closed)
      assert.strictEqual(server.sockets.length, 2)
      handshake(server.last())
      yield* flush
      assert.deepStrictEqual(authenticationOf(server.last()), { publishableKey: KEY, authToken: "token-b" })

      yield* session.change({ token: "token-b", userId: "usr_b", organizationId: "org_1" }, { _tag: "OrganizationChanged", organizationId: "org_1" })
      handshake(server.last())
      yield* flush
      assert.deepStrictEqual(authenticationOf(server.last()), { publishableKey: KEY, authToken: "token-b", channels: ["org_1"] })

      yield* session.change({}, { _tag: "LoggedOut" })
      handshake(server.last())
      yield* flush
      assert.strictEqual(server.sockets.length, 4)
      assert.deepStrictEqual(authenticationOf(server.last()), { publishableKey: KEY })
    }))

  it.effect("keeps the connection when a refresh changes only the token", () =>
    Effect.gen(function*() {
      const server = fakeServer()
      const session = yield* fakeSession({ token: "token-a", userId: "usr_a" })
      const client = yield* makeSignalClient({ WebSocket: server.WebSocket }, { session: session.session })
      yield* collect(client.signals())
      yield* flush
      handshake(server.last())
      yield* session.change({ token: "token-a2", userId: "usr_a" }, { _tag: "Refreshed", tokens: tokens("token-a2") })
      assert.strictEqual(server.sockets.length, 1)
    }))

  it.effect("a new subscriber naming a new channel makes the connection authenticate again with it", () =>
    Effect.gen(function*() {
      const server = fakeServer()
      const client = yield* makeSignalClient({ WebSocket: server.WebSocket })
      yield* collect(client.signals(["a"]))
      yield* flush
      handshake(server.last())
      yield* collect(client.signals(["b"]))
      yield* flush
      assert.strictEqual(server.sockets.length, 2)
      handshake(server.last())
      yield* flush
      assert.deepStrictEqual(authenticationOf(server.last()), { publishableKey: KEY, channels: ["a", "b"] })
    }))

  it.effect("hands the server's warnings (an organization channel refused) to `warnings`; a warning is no acceptance", () =>
    Effect.gen(function*() {
      const server = fakeServer()
      const client = yield* makeSignalClient({ WebSocket: server.WebSocket })
      const warnings = yield* Effect.forkChild(Stream.runCollect(Stream.take(client.warnings, 1)))
      yield* collect(client.signals())
      yield* flush
      handshake(server.last())
      server.last().push(`42/signal,${JSON.stringify(["warning", "usr_a was not granted access to org_1."])}`)
      assert.deepStrictEqual(yield* Fiber.join(warnings), ["usr_a was not granted access to org_1."])
      assert.isFalse(server.last().closed)
      assert.strictEqual(yield* stateOf(client), "connecting")
    }))

  it.effect("decodeMessage checks a signal's message with a schema", () =>
    Effect.gen(function*() {
      const decode = Signal.decodeMessage(Schema.Struct({ transactionId: Schema.String }))
      const ok = yield* decode({ event: "signal", message: { transactionId: "trn_1" }, env: "test" })
      assert.deepStrictEqual(ok, { transactionId: "trn_1" })
      const bad = yield* Effect.exit(decode({ event: "signal", message: { transactionId: 1 }, env: "test" }))
      assert.isTrue(Exit.isFailure(bad))
    }))
})

describe("Signal status: live only once the server has accepted the client", () => {
  it.effect("reads connecting after the authentication answer, and live once the acceptance delay has passed without a refusal", () =>
    Effect.gen(function*() {
      const server = fakeServer()
      const client = yield* makeSignalClient({ WebSocket: server.WebSocket, acceptanceDelay: 2_500 })
      const status = yield* recordStatus(client)
      yield* collect(client.signals())
      yield* flush
      handshake(server.last())
      yield* flush
      assert.strictEqual(yield* stateOf(client), "connecting")
      yield* TestClock.adjust(2_499)
      yield* flush
      assert.strictEqual(yield* stateOf(client), "connecting")
      yield* TestClock.adjust(1)
      yield* flush
      assert.strictEqual(yield* stateOf(client), "live")
      assert.deepStrictEqual(status.states(), ["idle", "connecting", "live"])
    }))

  it.effect("reads live at once when a signal comes first: the server signals only clients it accepted", () =>
    Effect.gen(function*() {
      const server = fakeServer()
      const client = yield* makeSignalClient({ WebSocket: server.WebSocket })
      const received: Array<unknown> = []
      yield* Effect.forkChild(Stream.runForEach(client.signals(), (signal) => Effect.sync(() => received.push(signal.message))))
      yield* flush
      handshake(server.last())
      server.last().push(signalFrame("signal", "first"))
      yield* flush
      assert.strictEqual(yield* stateOf(client), "live")
      assert.deepStrictEqual(received, ["first"])
    }))

  it.effect("reads neither live nor reconnecting before a refusal for good, which comes within the server's delay (2 s after connecting)", () =>
    Effect.gen(function*() {
      const server = fakeServer()
      const client = yield* makeSignalClient({ WebSocket: server.WebSocket })
      const status = yield* recordStatus(client)
      const fiber = yield* collect(client.signals())
      yield* flush
      handshake(server.last())
      yield* TestClock.adjust(2_000)
      refuse(server.last(), "Invalid API key")
      yield* Fiber.await(fiber)
      yield* flush
      assert.deepStrictEqual(status.seen.map((seen) => seen.state), ["idle", "connecting", "idle"])
    }))

  it.effect("the status is a SubscriptionRef a program follows (Signal.status): its current value, then each change", () =>
    Effect.gen(function*() {
      const server = fakeServer()
      const client = yield* makeSignalClient({ WebSocket: server.WebSocket })
      const program = Effect.gen(function*() {
        const states = yield* Effect.forkChild(
          Signal.status.pipe(
            Stream.map((status) => status.state),
            Stream.takeUntil((state) => state === "live"),
            Stream.runCollect
          )
        )
        yield* flush
        yield* Effect.forkChild(Stream.runDrain(Signal.stream()))
        yield* flush
        handshake(server.last())
        yield* TestClock.adjust(2_500)
        assert.deepStrictEqual(yield* Fiber.join(states), ["idle", "connecting", "live"])
        assert.strictEqual((yield* SubscriptionRef.get(client.status)).state, "live")
      })
      yield* Effect.provideService(program, Signal.SignalClient, client)
    }))
})

describe("Signal and the refusals that pass: a full platform (TooManyClients), a slow server (AuthenticationTimeout)", () => {
  for (
    const [reason, tag] of [
      ["Having 1001 connected Signal clients is above API plan limit.", "TooManyClients"],
      ["Can’t add more clients.", "TooManyClients"],
      ["Authentication timeout after 2000ms", "AuthenticationTimeout"]
    ] as const
  ) {
    it.effect(`"${reason}" does not end the stream: it reconnects on the backoff, the status carries the refusal meanwhile, and signals come once a slot frees up`, () =>
      Effect.gen(function*() {
        const server = fakeServer()
        const client = yield* makeSignalClient({ WebSocket: server.WebSocket, reconnect: { initialDelay: 1_000, maxDelay: 8_000 } })
        const status = yield* recordStatus(client)
        const received = yield* collect(Stream.take(client.signals(), 1))
        yield* flush
        handshake(server.last())
        yield* TestClock.adjust(2_000)
        refuse(server.last(), reason)
        yield* flush
        const first = yield* SubscriptionRef.get(client.status)
        assert.strictEqual(first.state, "reconnecting")
        assert.instanceOf(first.refusal, Signal.SignalError)
        assert.strictEqual(first.refusal?.reason._tag, tag)
        assert.include(first.refusal?.message, reason)
        assert.match(first.detail ?? "", /next attempt in \d+ ms$/)
        assert.isUndefined(received.pollUnsafe())

        // the first delay (1 s, jittered by up to 20%): still full
        yield* TestClock.adjust(1_200)
        yield* flush
        assert.strictEqual(server.sockets.length, 2)
        handshake(server.last())
        yield* TestClock.adjust(2_000)
        refuse(server.last(), reason)
        yield* flush
        const second = yield* SubscriptionRef.get(client.status)
        assert.strictEqual(second.state, "reconnecting")
        assert.strictEqual(second.refusal?.reason._tag, tag)
        assert.notStrictEqual(second.refusal, first.refusal)

        // the delay doubled; a slot is free this time
        yield* TestClock.adjust(1_500)
        yield* flush
        assert.strictEqual(server.sockets.length, 2)
        yield* TestClock.adjust(900)
        yield* flush
        assert.strictEqual(server.sockets.length, 3)
        handshake(server.last())
        yield* TestClock.adjust(2_500)
        const live = yield* SubscriptionRef.get(client.status)
        assert.strictEqual(live.state, "live")
        assert.isUndefined(live.refusal)
        server.last().push(signalFrame("signal", "welcome"))
        assert.deepStrictEqual((yield* Fiber.join(received)).map((signal) => signal.message), ["welcome"])
        assert.deepStrictEqual(status.states(), ["idle", "connecting", "reconnecting", "live", "idle"])
      }))
  }
})

describe("Signal stream and a session whose refresh fails", () => {
  it.effect("connects anonymously once (no reconnection loop), and authenticates when a later refresh succeeds", () =>
    Effect.gen(function*() {
      const server = fakeServer()
      const session = yield* fakeSession({ token: "token-a", userId: "usr_a" })
      let refreshWorks = false
      const failing = {
        ...session.session,
        accessToken: Effect.suspend(() => refreshWorks ? session.session.accessToken : Effect.fail(new InvalidArgument({ message: "network", reason: { _tag: "Option" } })))
      }
      const client = yield* makeSignalClient({ WebSocket: server.WebSocket }, { session: failing })
      yield* collect(client.signals())
      for (let i = 0; i < 5; i++) yield* flush
      assert.strictEqual(server.sockets.length, 1)
      handshake(server.last())
      yield* flush
      assert.deepStrictEqual(authenticationOf(server.last()), { publishableKey: KEY })
      refreshWorks = true
      yield* session.change({ token: "token-a2", userId: "usr_a" }, { _tag: "Refreshed", tokens: tokens("token-a2") })
      assert.strictEqual(server.sockets.length, 2)
      handshake(server.last())
      yield* flush
      assert.deepStrictEqual(authenticationOf(server.last()), { publishableKey: KEY, authToken: "token-a2" })
    }))
})
