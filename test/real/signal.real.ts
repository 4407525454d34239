/**
 * Stelace Signal against the real server, and the in-memory backend checked against it: the same
 * scenarios run on both sides (a named channel, the user's channel with a token, a refused key, a
 * restart of the server), and the raw frames of the handshake and of every refusal must agree.
 */
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as Stream from "effect/Stream"
import * as SubscriptionRef from "effect/SubscriptionRef"
import WebSocket from "ws"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Auth, Stelace, TokenStore } from "../../src/index.js"
import * as Signal from "../../src/Signal.js"
import { type RunningServer, startServer } from "../../src/testing/index.js"
import { stopApi } from "./restart.js"
import { realServer } from "./server.js"
import { runId } from "./support.js"

interface Side {
  readonly name: string
  readonly url: string
  readonly secretApiKey: string
  readonly publishableApiKey: string
  /** Stops the server; the function returned starts it again on the same address. */
  readonly stop: () => Promise<() => Promise<void>>
}

let memory: RunningServer
const real = realServer()
const sides: Array<Side> = [
  { name: "real server", ...real, stop: () => stopApi(real.url) },
  {
    name: "in-memory backend",
    get url() {
      return memory.url
    },
    get secretApiKey() {
      return memory.secretApiKey
    },
    get publishableApiKey() {
      return memory.publishableApiKey
    },
    stop: async () => {
      const port = memory.port
      await memory.close()
      return async () => {
        memory = await startServer({ seed: "empty", port })
      }
    }
  }
]

beforeAll(async () => {
  memory = await startServer({ seed: "empty" })
})
afterAll(async () => {
  await memory?.close()
})

const run = runId()

const api = async (side: Side, method: string, path: string, body: unknown, key = side.secretApiKey) => {
  const response = await fetch(`${side.url}${path}`, {
    method,
    headers: { authorization: `Basic ${btoa(`${key}:`)}`, "content-type": "application/json" },
    body: JSON.stringify(body)
  })
  return { status: response.status, body: await response.json() as any }
}

/** Posts a signal until someone listens on the destination (the subscriber may still be authenticating). */
const signalWhenListened = async (side: Side, body: Record<string, unknown>) => {
  for (let i = 0; i < 100; i++) {
    // a server just restarted may refuse a connection kept alive from before
    const answer = await api(side, "POST", "/signal", body).catch(() => ({ status: 404, body: undefined }))
    if (answer.status !== 404) return answer
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`nobody listened on ${String(body.destination)} within 10 s`)
}

const clientOptions = (side: Side, apiKey = side.publishableApiKey) => {
  const url = new URL(side.url)
  return { apiKey, host: url.hostname, port: Number(url.port), protocol: url.protocol.slice(0, -1) }
}

/** A Stelace client with a session, and its signal client. */
const layerFor = (side: Side, apiKey?: string) =>
  Signal.layer({ WebSocket: WebSocket as unknown as Signal.WebSocketConstructor, reconnect: { initialDelay: 200, maxDelay: 1_000 } }).pipe(
    Layer.provideMerge(Stelace.layerFetch(clientOptions(side, apiKey))),
    Layer.provide(TokenStore.memory)
  )

/** Raw frames of one connection: what the server sends, once the client answers `answer`. */
const rawExchange = (side: Side, answer: unknown, waitMs: number) =>
  new Promise<Array<string>>((resolve) => {
    const frames: Array<string> = []
    const socket = new WebSocket(`${side.url.replace(/^http/, "ws")}/signal/?EIO=3&transport=websocket`)
    socket.on("message", (data) => {
      const text = data.toString()
      frames.push(text.replace(/"sid":"[^"]+"/, '"sid":"<sid>"').replace(/\["authentication","[^"]+"\]/, '["authentication","<sid>"]').replace(/^42\/signal,\d+\[/, "42/signal,<id>["))
      if (text === "40") socket.send("40/signal")
      const request = /^42\/signal,(\d+)\["authentication"/.exec(text)
      if (request) socket.send(`43/signal,${request[1]}${JSON.stringify([answer])}`)
    })
    const done = () => resolve(frames)
    socket.on("close", done)
    setTimeout(() => {
      socket.close()
      done()
    }, waitMs)
  })

describe.each(sides)("Signal on the $name", (side) => {
  it("receives signals on a named channel, anonymously; POST /signal answers 404 while nobody listens", async () => {
    const channel = `news-${run}`
    expect((await api(side, "POST", "/signal", { destination: channel, message: 0 })).status).toBe(404)
    const program = Effect.gen(function*() {
      const fiber = yield* Effect.forkChild(Stream.runCollect(Stream.take(Signal.stream({ channels: [channel] }), 1)))
      const sent = yield* Effect.promise(() => signalWhenListened(side, { destination: channel, event: "news", message: { n: 1 } }))
      expect(sent).toEqual({ status: 200, body: { destination: channel, event: "news", message: { n: 1 }, env: "test" } })
      return yield* Fiber.join(fiber)
    })
    const signals = await Effect.runPromise(program.pipe(Effect.provide(layerFor(side))))
    expect(signals).toEqual([{ event: "news", message: { n: 1 }, env: "test" }])
  })

  it("joins the user's channel once logged in, with the token", async () => {
    const username = `signal-${run}-${side.name.split(" ")[0]}@example.com`
    const created = await api(side, "POST", "/users", { username, password: "signal-password" })
    expect(created.status).toBe(200)
    const userId: string = created.body.id
    const program = Effect.gen(function*() {
      yield* Auth.login({ username, password: "signal-password" })
      const fiber = yield* Effect.forkChild(Stream.runCollect(Stream.take(Signal.stream(), 1)))
      yield* Effect.promise(() => signalWhenListened(side, { destination: userId, message: "for you" }))
      return yield* Fiber.join(fiber)
    })
    const signals = await Effect.runPromise(program.pipe(Effect.provide(layerFor(side))))
    expect(signals).toEqual([{ event: "signal", message: "for you", env: "test" }])
  })

  it("fails with InvalidApiKey for a key the platform does not have", async () => {
    const exit = await Effect.runPromiseExit(
      Stream.runDrain(Signal.stream()).pipe(Effect.provide(layerFor(side, "pubk_test_NotAKeyOfThisPlatformAtAll0")))
    )
    expect(Exit.isFailure(exit)).toBe(true)
    const error = Exit.isFailure(exit) ? (exit.cause.reasons[0] as any).error : undefined
    expect(error).toBeInstanceOf(Signal.SignalError)
    expect(error.reason._tag).toBe("InvalidApiKey")
  })

  it("survives a restart of the server: reconnects, authenticates again, announces it, and receives", async () => {
    const channel = `restart-${run}`
    const states: Array<string> = []
    let reconnections = 0
    const program = Effect.gen(function*() {
      const client = yield* Signal.SignalClient
      // the states as they change (a status written again with the same state counts once)
      yield* Effect.forkChild(Stream.runForEach(SubscriptionRef.changes(client.status), (status) =>
        Effect.sync(() => {
          if (states.at(-1) !== status.state) states.push(status.state)
        })))
      yield* Effect.forkChild(Stream.runForEach(client.reconnections, () => Effect.sync(() => reconnections++)))
      const received: Array<unknown> = []
      const fiber = yield* Effect.forkChild(
        Stream.runForEach(client.signals([channel]), (signal) => Effect.sync(() => received.push(signal.message)))
      )
      yield* Effect.promise(() => signalWhenListened(side, { destination: channel, message: "before" }))
      const start = yield* Effect.promise(() => side.stop())
      yield* Effect.promise(start)
      // the real server relays signals once its services have found each other again: post until one arrives
      yield* Effect.promise(async () => {
        for (let i = 0; i < 120 && !received.includes("after"); i++) {
          await signalWhenListened(side, { destination: channel, message: "after" })
          await new Promise((resolve) => setTimeout(resolve, 500))
        }
      })
      yield* Fiber.interrupt(fiber)
      return received
    })
    const received = await Effect.runPromise(program.pipe(Effect.provide(layerFor(side))))
    expect(received[0]).toBe("before")
    expect(received).toContain("after")
    expect(states).toContain("reconnecting")
    // each live after a drop is a gap the app has to catch up on: announced once each, and at least once
    const gaps = states.join(" ").split("live").slice(1, -1).filter((between) => between.includes("reconnecting")).length
    expect(reconnections).toBeGreaterThanOrEqual(1)
    expect(reconnections).toBe(gaps)
  }, 120_000)
})

describe("the in-memory backend's /signal frames agree with the real server's", () => {
  const exchanges: Array<[string, unknown, number]> = [
    ["a valid key", { publishableKey: "<pubk>", channels: [`frames-${run}`] }, 2_500],
    ["a bad key", { publishableKey: "pubk_test_NotAKeyOfThisPlatformAtAll0" }, 3_000],
    ["no key", { channels: ["a"] }, 3_000],
    ["channels that are not strings", { publishableKey: "<pubk>", channels: [1] }, 3_000],
    ["a token that is not a string", { publishableKey: "<pubk>", authToken: 1 }, 3_000],
    ["a forged token", { publishableKey: "<pubk>", authToken: "eyJhbGciOiJIUzI1NiJ9.eyJ1c2VySWQiOiJ1c3JfYSJ9.c2ln" }, 3_000],
    ["no answer", undefined, 3_000]
  ]
  it.each(exchanges)("with %s", async (_what, answer, waitMs) => {
    const [realFrames, memoryFrames] = await Promise.all(sides.map((side) =>
      rawExchange(side, answer === undefined ? undefined : JSON.parse(JSON.stringify(answer).replace("<pubk>", side.publishableApiKey)), waitMs)
    ))
    expect(memoryFrames).toEqual(realFrames)
  })

  it("answers the polling handshake alike", async () => {
    const [realText, memoryText] = await Promise.all(sides.map(async (side) => {
      const response = await fetch(`${side.url}/signal/?EIO=3&transport=polling`)
      return `${response.status} ${(await response.text()).replace(/"sid":"[^"]+"/, '"sid":"<sid>"')}`
    }))
    expect(memoryText.replace(/^\d+ \d+:/, "")).toEqual(realText.replace(/^\d+ \d+:/, ""))
  })
})
