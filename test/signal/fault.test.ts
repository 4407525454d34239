/**
 * Faults on the signal socket, under TestClock: a drop mid-stream, a heartbeat that stalls,
 * malformed frames. The stream survives them all: it reconnects (with backoff and jitter) and
 * authenticates again, and its subscribers keep receiving.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Stream from "effect/Stream"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { TestClock } from "effect/testing"
import * as Signal from "../../src/Signal.js"
import { fakeServer, flush, handshake, makeSignalClient, recordStatus, signalFrame, stateOf } from "./fakes.js"

/** How long after the authentication answer the client reads live (its default). */
const ACCEPTANCE = 2_500

/** A client whose connection is live, and a subscriber taking two signals. */
const setUp = (reconnect = { initialDelay: 1_000, maxDelay: 8_000 }) =>
  Effect.gen(function*() {
    const server = fakeServer()
    const client = yield* makeSignalClient({ WebSocket: server.WebSocket, reconnect })
    const status = yield* recordStatus(client)
    const received = yield* Effect.forkChild(Stream.runCollect(Stream.take(client.signals(), 2)))
    yield* flush
    handshake(server.last())
    yield* TestClock.adjust(ACCEPTANCE)
    return { server, client, status, received }
  })

describe("Signal faults", () => {
  it.effect("a drop mid-stream: reads reconnecting, reconnects after the first backoff delay (jittered by up to 20%), authenticates again, and the stream goes on", () =>
    Effect.gen(function*() {
      const { server, client, received, status } = yield* setUp()
      server.last().push(signalFrame("signal", 1))
      server.last().drop()
      yield* flush
      const dropped = yield* SubscriptionRef.get(client.status)
      assert.strictEqual(dropped.state, "reconnecting")
      assert.match(dropped.detail ?? "", /^the socket closed \(1006\); next attempt in \d+ ms$/)
      // the first delay is 1 s jittered to 0.8-1.2 s: nothing before 0.8 s, a new socket by 1.2 s
      yield* TestClock.adjust(799)
      yield* flush
      assert.strictEqual(server.sockets.length, 1)
      yield* TestClock.adjust(401)
      yield* flush
      assert.strictEqual(server.sockets.length, 2)
      handshake(server.last())
      yield* flush
      assert.include(server.last().sent.join("\n"), "43/signal,0")
      server.last().push(signalFrame("signal", 2))
      const signals = yield* Fiber.join(received)
      assert.deepStrictEqual(signals.map((signal) => signal.message), [1, 2])
      // the stream took its two signals and ended: the connection is no longer wanted
      yield* flush
      assert.deepStrictEqual(status.states(), ["idle", "connecting", "live", "reconnecting", "live", "idle"])
    }))

  it.effect("the backoff doubles while attempts fail and stays under its ceiling", () =>
    Effect.gen(function*() {
      const { server } = yield* setUp({ initialDelay: 1_000, maxDelay: 4_000 })
      server.last().drop()
      const gaps: Array<number> = []
      for (let attempt = 0; attempt < 5; attempt++) {
        const before = server.sockets.length
        let waited = 0
        while (server.sockets.length === before) {
          yield* TestClock.adjust(100)
          yield* flush
          waited += 100
        }
        gaps.push(waited)
        server.last().drop()
        yield* flush
      }
      // ceilings 1, 2, 4, 4, 4 s, each jittered to 80-120%
      const ceilings = [1_000, 2_000, 4_000, 4_000, 4_000]
      gaps.forEach((gap, index) => {
        assert.isAtLeast(gap, ceilings[index]! * 0.8)
        assert.isAtMost(gap, ceilings[index]! * 1.2 + 100)
      })
    }))

  it.effect("a server that accepts and drops the client each time: the client waits the first backoff delay each time, never reconnecting at once", () =>
    Effect.gen(function*() {
      const server = fakeServer()
      const client = yield* makeSignalClient({ WebSocket: server.WebSocket, reconnect: { initialDelay: 1_000, maxDelay: 8_000 } })
      yield* Effect.forkChild(Stream.runDrain(client.signals()))
      yield* flush
      handshake(server.last())
      for (let round = 1; round <= 3; round++) {
        server.last().push(signalFrame("signal", round))
        yield* flush
        assert.strictEqual(yield* stateOf(client), "live")
        server.last().drop()
        yield* flush
        assert.strictEqual(server.sockets.length, round)
        // each connection was live: the backoff starts over, from its first delay (1 s, jittered)
        yield* TestClock.adjust(1_200)
        yield* flush
        assert.strictEqual(server.sockets.length, round + 1)
        handshake(server.last())
        yield* flush
      }
    }))

  it.effect("a stalled heartbeat: pings every pingInterval, and without a pong within pingTimeout closes and reconnects", () =>
    Effect.gen(function*() {
      const { server } = yield* setUp()
      const socket = server.last()
      yield* TestClock.adjust(25_000 - ACCEPTANCE)
      yield* flush
      assert.strictEqual(socket.sent.at(-1), "2")
      socket.push("3")
      yield* TestClock.adjust(25_000)
      yield* flush
      assert.strictEqual(socket.sent.filter((frame) => frame === "2").length, 2)
      // no pong this time
      yield* TestClock.adjust(5_000)
      yield* flush
      assert.isTrue(socket.closed)
      yield* TestClock.adjust(1_200)
      yield* flush
      assert.strictEqual(server.sockets.length, 2)
    }))

  it.effect("answers the server's pings with pongs", () =>
    Effect.gen(function*() {
      const { server } = yield* setUp()
      server.last().push("2")
      yield* flush
      assert.strictEqual(server.last().sent.at(-1), "3")
    }))

  const malformed = [
    ["an unknown Engine.IO type", "9garbage"],
    ["an event without JSON", "42/signal,[not json"],
    ["an event without a name", "42/signal,[1,2]"],
    ["a binary frame", new Uint8Array([1, 2, 3])],
    ["an empty frame", ""]
  ] as const
  for (const [what, frame] of malformed) {
    it.effect(`a malformed frame (${what}) drops the connection, which comes back; no defect`, () =>
      Effect.gen(function*() {
        const { server, received, client } = yield* setUp()
        server.last().push(signalFrame("signal", 1))
        server.last().push(frame)
        yield* flush
        assert.isTrue(server.sockets[0]!.closed)
        assert.strictEqual(yield* stateOf(client), "reconnecting")
        yield* TestClock.adjust(1_200)
        yield* flush
        handshake(server.last())
        server.last().push(signalFrame("signal", 2))
        const signals = yield* Fiber.join(received)
        assert.deepStrictEqual(signals.map((signal) => signal.message), [1, 2])
      }))
  }

  it.effect("a server that never asks for authentication: the attempt times out and is retried", () =>
    Effect.gen(function*() {
      const server = fakeServer()
      const client = yield* makeSignalClient({ WebSocket: server.WebSocket, handshakeTimeout: 3_000 })
      yield* Effect.forkChild(Stream.runDrain(client.signals()))
      yield* flush
      server.last().push(`0{"sid":"s","upgrades":[],"pingInterval":25000,"pingTimeout":5000}`)
      yield* TestClock.adjust(3_000)
      yield* flush
      assert.isTrue(server.sockets[0]!.closed)
      assert.strictEqual(yield* stateOf(client), "reconnecting")
    }))

  it.effect("announces a reconnection (a Stream) once live again after a drop: not the first connection, not authenticating again", () =>
    Effect.gen(function*() {
      const { server, client, status } = yield* setUp()
      let calls = 0
      yield* Effect.forkChild(Stream.runForEach(client.reconnections, () => Effect.sync(() => calls++)))
      const announced = yield* Effect.forkChild(
        Stream.runCollect(Stream.take(Signal.reconnections, 1)).pipe(Effect.provideService(Signal.SignalClient, client))
      )
      yield* flush
      assert.strictEqual(yield* stateOf(client), "live")
      // a subscriber with a new channel: the client authenticates again, over a new socket
      yield* Effect.forkChild(Stream.runDrain(client.signals(["lobby"])))
      yield* flush
      assert.strictEqual(server.sockets.length, 2)
      handshake(server.last())
      yield* TestClock.adjust(ACCEPTANCE)
      assert.deepStrictEqual(status.states().slice(-2), ["connecting", "live"])
      assert.strictEqual(calls, 0)
      server.last().drop()
      yield* flush
      yield* TestClock.adjust(1_200)
      assert.strictEqual(server.sockets.length, 3)
      assert.strictEqual(calls, 0)
      handshake(server.last())
      yield* TestClock.adjust(ACCEPTANCE)
      assert.strictEqual(calls, 1)
      assert.strictEqual((yield* Fiber.join(announced)).length, 1)
      // a failed attempt between two lives is one gap, announced once
      server.last().drop()
      yield* flush
      yield* TestClock.adjust(1_200)
      server.last().drop()
      yield* flush
      yield* TestClock.adjust(2_400)
      handshake(server.last())
      yield* TestClock.adjust(ACCEPTANCE)
      assert.strictEqual(calls, 2)
    }))
})
