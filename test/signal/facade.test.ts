/**
 * `stelace.signal.subscribe` of the Promise facade, against the local backend over real
 * WebSockets (`ws`, as Node 20 needs): the handler gets the signals of the named channels and of
 * the user's channel once logged in, state and error callbacks report (a full platform too, which
 * the subscription keeps trying through), and unsubscribing closes the connection.
 */
import WebSocket from "ws"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { InvalidArgument } from "../../src/Errors.js"
import { createInstance } from "../../src/index.js"
import { type ConnectionState, install, type Signal, SignalError, type WebSocketConstructor } from "../../src/Signal.js"
import { type RunningServer, startServer } from "../../src/testing/index.js"
import { droppable } from "./droppable.js"
import { fillPlatform } from "./platform.js"

let server: RunningServer
beforeAll(async () => {
  server = await startServer()
})
afterAll(async () => {
  await server.close()
})

const instance = (apiKey = server.publishableApiKey, installed = true) => {
  const stelace = createInstance({ apiKey })
  stelace.setHost("127.0.0.1", server.port, "http")
  if (installed) install(stelace)
  return stelace
}

const next = <A>(register: (resolve: (value: A) => void) => void) => new Promise<A>((resolve) => register(resolve))

describe("stelace.signal.subscribe", () => {
  it("calls the handler with the signals of its channels, reports live, and closes the socket on unsubscribe", async () => {
    const stelace = instance()
    const states: Array<ConnectionState> = []
    const received: Array<Signal> = []
    let live!: () => void
    const isLive = new Promise<void>((resolve) => (live = resolve))
    const unsubscribe = stelace.signal.subscribe((signal) => received.push(signal), {
      channels: ["lobby"],
      WebSocket: WebSocket as unknown as WebSocketConstructor,
      onState: (state) => {
        states.push(state)
        if (state === "live") live()
      }
    })
    await isLive
    // the server adds the client to its channels once the authentication answer is checked
    const admin = instance(server.secretApiKey)
    let answer: unknown
    for (let i = 0; i < 50 && answer === undefined; i++) {
      answer = await admin.signal.send({ destination: "lobby", event: "lobbyChanged", message: { n: 1 } }).catch(() => undefined)
    }
    expect(answer).toMatchObject({ destination: "lobby", event: "lobbyChanged" })
    await expect.poll(() => received).toEqual([{ event: "lobbyChanged", message: { n: 1 }, env: "test" }])
    unsubscribe()
    await expect.poll(() => server.backend.signal.clients()).toBe(0)
    // no callback after unsubscribing
    expect(states).toEqual(["connecting", "live"])
    await stelace.dispose()
    await admin.dispose()
  })

  it("uses the runtime's own WebSocket when given none (Node 22 and later, browsers; ws stands in for it on Node 20)", async () => {
    const native = (globalThis as { WebSocket?: unknown }).WebSocket
    // where the runtime has one, this is its own client (undici's in Node), not ws
    if (native === undefined) (globalThis as { WebSocket?: unknown }).WebSocket = WebSocket
    try {
      const stelace = instance()
      const received: Array<Signal> = []
      await next<void>((resolve) =>
        stelace.signal.subscribe((signal) => received.push(signal), { channels: ["native"], onState: (state) => state === "live" && resolve() })
      )
      const admin = instance(server.secretApiKey)
      await expect.poll(() => admin.signal.send({ destination: "native", event: "nativeChanged", message: 2 }).then(() => true, () => false)).toBe(true)
      await expect.poll(() => received).toEqual([{ event: "nativeChanged", message: 2, env: "test" }])
      await stelace.dispose()
      await admin.dispose()
      await expect.poll(() => server.backend.signal.clients()).toBe(0)
    } finally {
      if (native === undefined) delete (globalThis as { WebSocket?: unknown }).WebSocket
    }
  })

  it("tells a subscriber joining a live connection that it is live at once", async () => {
    const stelace = instance()
    const options = { WebSocket: WebSocket as unknown as WebSocketConstructor }
    await next<void>((resolve) => stelace.signal.subscribe(() => {}, { ...options, onState: (state) => state === "live" && resolve() }))
    const states: Array<ConnectionState> = []
    stelace.signal.subscribe(() => {}, { ...options, onState: (state) => states.push(state) })
    await expect.poll(() => states).toEqual(["live"])
    await stelace.dispose()
  })

  it("joins the user's channel after login", async () => {
    const stelace = instance()
    const login = await stelace.auth.login({ username: "alice@example.com", password: "alice-password" })
    const received = next<Signal>((resolve) =>
      stelace.signal.subscribe(resolve, { WebSocket: WebSocket as unknown as WebSocketConstructor })
    )
    const admin = instance(server.secretApiKey)
    let sent: unknown
    for (let i = 0; i < 200 && sent === undefined; i++) {
      sent = await admin.signal.send({ destination: login.userId, message: "hello Alice" }).catch(() => undefined)
    }
    expect(await received).toEqual({ event: "signal", message: "hello Alice", env: "test" })
    await stelace.dispose()
    await admin.dispose()
  })

  it("calls onError once with InvalidApiKey when the server refuses the key, and the state never reads live nor reconnecting", async () => {
    const stelace = instance("pubk_test_NotAKeyOfThisPlatformAtAll0")
    const errors: Array<SignalError | InvalidArgument> = []
    const states: Array<ConnectionState> = []
    stelace.signal.subscribe(() => {}, {
      WebSocket: WebSocket as unknown as WebSocketConstructor,
      onError: (error) => errors.push(error),
      onState: (state) => states.push(state)
    })
    await expect.poll(() => states.at(-1), { timeout: 10_000 }).toBe("idle")
    expect(errors).toHaveLength(1)
    expect(errors[0]).toBeInstanceOf(SignalError)
    expect(errors[0]!.reason._tag).toBe("InvalidApiKey")
    expect(states).toEqual(["connecting", "idle"])
    await stelace.dispose()
  })

  it("a full platform (TooManyClients): onError is called with it and the subscription goes on, live and receiving once a slot frees up", async () => {
    const platform = await fillPlatform(server.backend, server.publishableApiKey)
    const stelace = instance()
    const admin = instance(server.secretApiKey)
    try {
      const errors: Array<SignalError | InvalidArgument> = []
      const states: Array<ConnectionState> = []
      const received: Array<Signal> = []
      stelace.signal.subscribe((signal) => received.push(signal), {
        channels: ["crowded"],
        WebSocket: WebSocket as unknown as WebSocketConstructor,
        onError: (error) => errors.push(error),
        onState: (state) => states.push(state)
      })
      await expect.poll(() => errors.length, { timeout: 10_000 }).toBeGreaterThan(0)
      expect(errors[0]).toBeInstanceOf(SignalError)
      expect(errors[0]!.reason._tag).toBe("TooManyClients")
      expect(errors[0]!.message).toMatch(/above API plan limit/)
      expect(states.at(-1)).toBe("reconnecting")
      platform.freeOne()
      await expect.poll(() => admin.signal.send({ destination: "crowded", event: "roomy", message: 1 }).then(() => true, () => false), { timeout: 10_000 })
        .toBe(true)
      await expect.poll(() => received).toEqual([{ event: "roomy", message: 1, env: "test" }])
      expect(states.at(-1)).toBe("live")
      expect(errors.every((error) => error._tag === "SignalError" && error.reason._tag === "TooManyClients")).toBe(true)
      // live only once accepted: never before the refusal
      expect(states.slice(0, states.indexOf("reconnecting"))).toEqual(["connecting"])
    } finally {
      platform.empty()
      await stelace.dispose()
      await admin.dispose()
    }
  })

  it("without install, subscribe throws an InvalidArgument saying to call install (the facade leaves the client out)", () => {
    const stelace = instance(undefined, false)
    expect(() => stelace.signal.subscribe(() => {})).toThrow(InvalidArgument)
    expect(() => stelace.signal.subscribe(() => {})).toThrow(/install\(stelace\)/)
    install(stelace)
    install(stelace)
    const unsubscribe = stelace.signal.subscribe(() => {}, { WebSocket: WebSocket as unknown as WebSocketConstructor })
    unsubscribe()
  })

  it("refuses a missing handler at once, with InvalidArgument", () => {
    const stelace = instance()
    expect(() => stelace.signal.subscribe(undefined as never)).toThrow(InvalidArgument)
  })

  it("calls onReconnect once the connection is live again after it was lost, not on the first connection", async () => {
    const stelace = instance()
    const network = droppable()
    const states: Array<ConnectionState> = []
    let reconnections = 0
    stelace.signal.subscribe(() => {}, {
      WebSocket: network.WebSocket,
      onState: (state) => states.push(state),
      onReconnect: () => reconnections++
    })
    // live once the server has had the time to refuse the client (the acceptance delay), and did not
    await expect.poll(() => states, { timeout: 10_000 }).toEqual(["connecting", "live"])
    expect(reconnections).toBe(0)
    network.cut()
    await expect.poll(() => states.at(-1)).toBe("reconnecting")
    expect(reconnections).toBe(0)
    network.restore()
    await expect.poll(() => states.at(-1), { timeout: 10_000 }).toBe("live")
    expect(reconnections).toBe(1)
    await stelace.dispose()
  })

  it.each([
    [{ onReconnect: "yes" }, /onReconnect must be a function/],
    [{ channels: "lobby" }, /channels must be an array of non-empty strings/],
    [{ channels: ["lobby", ""] }, /channels must be an array of non-empty strings/],
    [{ channels: [42] }, /channels must be an array of non-empty strings/],
    [{ WebSocket: "ws" }, /WebSocket must be a WebSocket constructor/]
  ])("refuses bad options at once, before connecting: %j", async (options, message) => {
    const stelace = instance()
    const errors: Array<SignalError | InvalidArgument> = []
    expect(() => stelace.signal.subscribe(() => {}, { ...(options as object), onError: (error) => errors.push(error) })).toThrow(message)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(errors).toEqual([])
    expect(server.backend.signal.clients()).toBe(0)
  })
})
