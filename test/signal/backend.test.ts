/**
 * The in-memory backend's `/signal`, as the real server runs it: the handshake frames, the
 * authentication rules and their `willDisconnect` reasons, the channels a client joins, the
 * heartbeat, and `POST /signal` delivering to them. Clients are fake peers; the backend's 2 s and
 * 30 s timers run on vitest's fake timers.
 */
import * as Effect from "effect/Effect"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import * as Backend from "../../src/testing/backend/Backend.js"
import * as Jwt from "../../src/testing/backend/Jwt.js"
import * as SignalService from "../../src/testing/signal/Service.js"

const alice = "usr_DemoAlice00000000000"
const bruno = "usr_DemoBruno00000000000"

const setUp = async (options: Backend.BackendOptions = {}) => {
  const backend = await Effect.runPromise(Backend.make(options))
  const call = async (method: string, url: string, body?: unknown, authorization = `Basic ${btoa(`${backend.secretApiKey}:`)}`) => {
    const answer = await Effect.runPromise(backend.handle({
      method,
      url,
      headers: { authorization, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body)
    }))
    return { status: answer.status, body: answer.body === "" ? undefined : JSON.parse(answer.body) }
  }
  const login = async (username: string, password: string): Promise<string> => {
    const answer = await call("POST", "/auth/login", { username, password }, `Basic ${btoa(`${backend.publishableApiKey}:`)}`)
    return answer.body.accessToken
  }
  const connect = () => {
    const frames: Array<string> = []
    let closed = false
    const connection = backend.signal.accept({ send: (text) => frames.push(text), close: () => { closed = true } })
    return {
      frames,
      isClosed: () => closed,
      send: (text: string) => connection.receive(text),
      /** Connects to /signal and answers the authentication request with `answer`. */
      authenticate: async (answer: unknown) => {
        connection.receive("40/signal")
        const request = frames.find((frame) => frame.startsWith("42/signal,"))!
        const id = /^42\/signal,(\d+)/.exec(request)![1]
        connection.receive(`43/signal,${id}${JSON.stringify([answer])}`)
        await connection.settled()
      }
    }
  }
  const signal = (body: unknown, authorization?: string) => call("POST", "/signal", body, authorization)
  return { backend, call, login, connect, signal }
}

const events = (frames: ReadonlyArray<string>) =>
  frames.filter((frame) => frame.startsWith("42/signal,[")).map((frame) => JSON.parse(frame.slice("42/signal,".length)))

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] })
})
afterEach(() => {
  vi.useRealTimers()
})

describe("the backend's /signal", () => {
  it("opens as Engine.IO v3 and socket.io 2 do, then asks for authentication with an acknowledgement id", async () => {
    const { connect } = await setUp()
    const client = connect()
    expect(client.frames[0]).toMatch(/^0\{"sid":"[A-Za-z0-9]+","upgrades":\[\],"pingInterval":25000,"pingTimeout":5000\}$/)
    expect(client.frames[1]).toBe("40")
    client.send("40/signal")
    expect(client.frames[2]).toBe("40/signal,")
    expect(client.frames[3]).toMatch(/^42\/signal,\d+\["authentication","[A-Za-z0-9]+"\]$/)
  })

  it("delivers POST /signal to a named channel, and answers 404 for a channel nobody listens on", async () => {
    const { connect, signal, backend } = await setUp()
    expect((await signal({ destination: "news", message: 1 })).status).toBe(404)
    const client = connect()
    await client.authenticate({ publishableKey: backend.publishableApiKey, channels: "news" })
    const answer = await signal({ destination: "news", event: "update", message: { n: 1 } })
    expect(answer).toEqual({ status: 200, body: { destination: "news", event: "update", message: { n: 1 }, env: "test" } })
    expect(events(client.frames)).toEqual([["update", { message: { n: 1 }, event: "update", env: "test" }]])
    vi.advanceTimersByTime(2_000)
    expect(client.isClosed()).toBe(false)
  })

  it("needs no permission for a channel, but signal:create:all to broadcast", async () => {
    const { connect, signal, backend } = await setUp()
    const client = connect()
    await client.authenticate({ publishableKey: backend.publishableApiKey })
    const publishable = `Basic ${btoa(`${backend.publishableApiKey}:`)}`
    expect((await signal({ message: "all" }, publishable)).status).toBe(403)
    expect((await signal({ message: "all" })).status).toBe(200)
    expect(events(client.frames)).toEqual([["signal", { message: "all", event: "signal", env: "test" }]])
  })

  const refused = [
    ["a bad key", { publishableKey: "pubk_test_NotAKeyOfThisPlatform0000" }, "Invalid API key"],
    ["no key", { channels: ["a"] }, "Missing publishable API key"],
    ["channels that are not strings", { publishableKey: "KEY", channels: [1] }, "channels must be a String or an Array of Strings."],
    ["a user channel without a token", { publishableKey: "KEY", channels: [alice] }, "Missing authentication token"],
    ["a token that is not a string", { publishableKey: "KEY", authToken: 1 }, "String authentication token expected"],
    ["a forged token", { publishableKey: "KEY", authToken: "eyJhbGciOiJIUzI1NiJ9.eyJ1c2VySWQiOiJ1c3JfYSJ9.c2ln" }, "Invalid authentication token"],
    ["two user channels", { publishableKey: "KEY", channels: [alice, bruno] }, "Can only subscribe to own user channel"]
  ] as const
  for (const [what, answer, reason] of refused) {
    it(`refuses ${what} after 2 s with willDisconnect "${reason}"`, async () => {
      const { connect, backend } = await setUp()
      const client = connect()
      await client.authenticate(JSON.parse(JSON.stringify(answer).replace("\"KEY\"", JSON.stringify(backend.publishableApiKey))))
      vi.advanceTimersByTime(1_999)
      expect(client.isClosed()).toBe(false)
      vi.advanceTimersByTime(1)
      expect(events(client.frames)).toEqual([["willDisconnect", { error: reason }]])
      expect(client.frames.slice(-2)).toEqual(["41", "41/signal,"])
      expect(client.isClosed()).toBe(true)
    })
  }

  it("disconnects a client that does not answer within 2 s", async () => {
    const { connect } = await setUp()
    const client = connect()
    client.send("40/signal")
    vi.advanceTimersByTime(2_000)
    expect(events(client.frames)).toEqual([["willDisconnect", { error: "Authentication timeout after 2000ms" }]])
    expect(client.isClosed()).toBe(true)
  })

  it("joins the user's channel with a valid token, and silently skips it with an expired one", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] })
    const { connect, login, signal, backend } = await setUp()
    const token = await login("alice@example.com", "alice-password")
    const client = connect()
    await client.authenticate({ publishableKey: backend.publishableApiKey, authToken: token })
    expect((await signal({ destination: alice, message: "hi" })).status).toBe(200)
    expect(events(client.frames)).toEqual([["signal", { message: "hi", event: "signal", env: "test" }]])
    client.send("1")
    // the token lives an hour
    vi.setSystemTime(Date.now() + 3_601_000)
    const late = connect()
    await late.authenticate({ publishableKey: backend.publishableApiKey, authToken: token })
    // authenticated (no willDisconnect), but not on the user's channel: nobody listens there
    vi.advanceTimersByTime(2_000)
    expect(late.isClosed()).toBe(false)
    expect((await signal({ destination: alice, message: "again" })).status).toBe(404)
  })

  it("joins an organization's channel for its members, and warns others", async () => {
    const { connect, login, call, backend } = await setUp()
    const organization = await call("POST", "/users", { type: "organization", displayName: "Org", orgOwnerId: alice })
    const orgId: string = organization.body.id
    const aliceToken = await login("alice@example.com", "alice-password")
    const brunoToken = await login("bruno@example.com", "bruno-password")
    const member = connect()
    await member.authenticate({ publishableKey: backend.publishableApiKey, authToken: aliceToken, channels: [orgId] })
    const outsider = connect()
    await outsider.authenticate({ publishableKey: backend.publishableApiKey, authToken: brunoToken, channels: [orgId] })
    expect(events(outsider.frames)).toEqual([["warning", `${bruno} was not granted access to ${orgId}.`]])
    const answer = await call("POST", "/signal", { destination: orgId, message: "team" })
    expect(answer.status).toBe(200)
    expect(events(member.frames)).toEqual([["signal", { message: "team", event: "signal", env: "test" }]])
    expect(events(outsider.frames)).toHaveLength(1)
  })

  it("refuses the 1,001st client of the platform", async () => {
    const { connect, backend } = await setUp({ seed: "empty" })
    for (let i = 0; i < 1_000; i++) await connect().authenticate({ publishableKey: backend.publishableApiKey })
    const extra = connect()
    await extra.authenticate({ publishableKey: backend.publishableApiKey })
    vi.advanceTimersByTime(2_000)
    expect(events(extra.frames)).toEqual([["willDisconnect", { error: "Having 1001 connected Signal clients is above API plan limit." }]])
  })

  it("answers pings, and closes a client silent for pingInterval + pingTimeout", async () => {
    const { connect, backend } = await setUp()
    const client = connect()
    await client.authenticate({ publishableKey: backend.publishableApiKey })
    vi.advanceTimersByTime(25_000)
    client.send("2")
    expect(client.frames.at(-1)).toBe("3")
    vi.advanceTimersByTime(29_999)
    expect(client.isClosed()).toBe(false)
    vi.advanceTimersByTime(1)
    expect(client.isClosed()).toBe(true)
  })

  it("lets go of the timer of each namespace connection once it fired: a flood of reconnections holds nothing", async () => {
    const { backend } = await setUp()
    const scheduled: Array<{ readonly ms: number; readonly run: () => void }> = []
    let cancelled = 0
    const timers: SignalService.Timers = {
      set: (ms, run) => {
        scheduled.push({ ms, run })
        return () => void cancelled++
      }
    }
    const signingKey = await Effect.runPromise(Jwt.importKey("any"))
    const service = SignalService.make({ store: backend.store, signingKey, timers })
    const frames: Array<string> = []
    const connection = service.accept({ send: (text) => frames.push(text), close: () => {} })
    connection.receive("40/signal")
    const id = /^42\/signal,(\d+)/.exec(frames.find((frame) => frame.startsWith("42/signal,"))!)![1]
    connection.receive(`43/signal,${id}${JSON.stringify([{ publishableKey: backend.publishableApiKey }])}`)
    await connection.settled()
    for (let round = 0; round < 1_000; round++) {
      connection.receive("41/signal")
      connection.receive("40/signal")
    }
    // each namespace connection authenticates anew, as in socket.io 2: the last one answers
    const last = /^42\/signal,(\d+)/.exec(frames.filter((frame) => frame.startsWith("42/signal,")).at(-1)!)![1]
    connection.receive(`43/signal,${last}${JSON.stringify([{ publishableKey: backend.publishableApiKey }])}`)
    await connection.settled()
    for (const timer of scheduled.filter(({ ms }) => ms === SignalService.AUTHENTICATION_DELAY)) timer.run()
    cancelled = 0
    connection.closed()
    // only the heartbeat was still pending
    expect(cancelled).toBe(1)
  })

  it("drops a client that stops reading once its backlog passes the limit, and serves one that reads", async () => {
    const { backend, signal } = await setUp({ maxBodySize: 1_000 })
    const connectQueued = async (reads: boolean) => {
      const frames: Array<string> = []
      let queued = 0
      let how: "open" | "closed" | "aborted" = "open"
      const connection = backend.signal.accept({
        send: (text) => {
          frames.push(text)
          if (!reads) queued += text.length
        },
        close: () => { how = "closed" },
        backlog: () => queued,
        abort: () => { how = "aborted" }
      })
      connection.receive("40/signal")
      const id = /^42\/signal,(\d+)/.exec(frames.find((frame) => frame.startsWith("42/signal,"))!)![1]
      connection.receive(`43/signal,${id}${JSON.stringify([{ publishableKey: backend.publishableApiKey, channels: ["news"] }])}`)
      await connection.settled()
      return { connection, how: () => how, queued: () => queued }
    }
    const stalled = await connectQueued(false)
    const reading = await connectQueued(true)
    const ping = `2${"p".repeat(299)}`
    // pings echoed as pongs of 300 bytes, up to 2,000 bytes (twice maxBodySize) left waiting
    while (stalled.queued() + ping.length <= 2_000) stalled.connection.receive(ping)
    expect(stalled.how()).toBe("open")
    stalled.connection.receive(ping)
    expect(stalled.how()).toBe("aborted")
    for (let index = 0; index < 100; index++) reading.connection.receive(ping)
    expect(reading.how()).toBe("open")
    expect(backend.signal.clients()).toBe(1)
    expect((await signal({ destination: "news", message: 1 })).status).toBe(200)
    reading.connection.closed()
    // the dropped client left the channel too
    expect((await signal({ destination: "news", message: 2 })).status).toBe(404)
  })

  it("leaves every channel when a client goes: its channel no longer exists", async () => {
    const { connect, signal, backend } = await setUp()
    const client = connect()
    await client.authenticate({ publishableKey: backend.publishableApiKey, channels: ["news"] })
    client.send("1")
    expect((await signal({ destination: "news", message: 1 })).status).toBe(404)
  })
})
