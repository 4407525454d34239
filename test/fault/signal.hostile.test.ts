/**
 * Hostile `/signal` clients against `startServer()`: garbage frames before and after the
 * handshake, authentication answers of the wrong types, binary and invalid UTF-8 frames, a frame
 * of several MB, floods, half-open and dropped connections, and odd Engine.IO query strings. The
 * server must stay up, keep serving an honest client connected alongside, close or ignore the
 * hostile one as the real server would, never let it join a channel it may not, and leave
 * `Object.prototype` alone.
 */
import { connect as connectTcp, type Socket } from "node:net"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { type RunningServer, startServer } from "../../src/testing/index.js"
import { demo } from "../../src/testing/seeds/demo.js"
import { expectUnpolluted, login, send } from "./backendHelpers.js"
import {
  expectHonestClientServed,
  openSignal,
  postOnceJoined,
  postSignal,
  type RawSignal,
  senderOf,
  signalEvents
} from "./signalSockets.js"

const alice = { ...demo.users.alice, roles: [] }
const bruno = { ...demo.users.bruno, roles: [] }
const lyonRentals = demo.organizations.lyonRentals

let server: RunningServer
/** Alice's client, connected for the whole suite. */
let aliceClient: RawSignal
let aliceToken: string
let brunoToken: string
const hostile: Array<RawSignal> = []

/** Opens a hostile client, closed after the test. */
const openHostile = async (query?: string) => {
  const client = await openSignal(server, query)
  hostile.push(client)
  return client
}

beforeAll(async () => {
  server = await startServer()
  aliceToken = (await login(senderOf(server), alice)).accessToken
  brunoToken = (await login(senderOf(server), bruno)).accessToken
  aliceClient = await openSignal(server)
  await aliceClient.answer(JSON.stringify({ publishableKey: server.publishableApiKey, authToken: aliceToken, channels: ["alice-lobby"] }))
  expect((await postOnceJoined(server, { destination: "alice-lobby", message: "ready" })).status).toBe(200)
})

afterEach(async () => {
  for (const client of hostile.splice(0)) {
    client.socket.terminate()
    await client.closed
  }
  // whatever the hostile clients did, Alice's client still receives, and a new client is served
  const message = `still-${Math.random()}`
  expect((await postSignal(server, { destination: demo.users.alice.id, message })).status).toBe(200)
  await aliceClient.next((frame) => frame.includes(message))
  await expectHonestClientServed(server, alice)
  expectUnpolluted()
  // only Alice's client is left: every hostile connection was let go
  await expect.poll(() => server.backend.signal.clients()).toBe(1)
})

afterAll(async () => {
  aliceClient.socket.close()
  await server.close()
})

describe("garbage frames on /signal", () => {
  const closing = [
    ["an empty frame", ""],
    ["text that is no Engine.IO packet", "hello"],
    ["an unknown Engine.IO packet type", "9"],
    ["an upgrade packet on a WebSocket", "5"],
    ["an Engine.IO message without a socket.io packet", "4"],
    ["an unknown socket.io packet type", "49"],
    ["an event with invalid JSON", "42/signal,[\"x\",{"],
    ["an event whose body is not an array", "42/signal,{\"a\":1}"],
    ["an event without a name", "42/signal,[1,2]"],
    ["an ack without an id", "43/signal,[{}]"],
    ["an ack with invalid JSON", "43/signal,0{\"publishableKey\""],
    ["JSON nested 100,000 levels deep", `42/signal,${"[".repeat(100_000)}`],
    ["a NUL byte", "\u0000"]
  ] as const

  for (const [what, frame] of closing) {
    it(`closes a client that sends ${what}, before or after it authenticated, and drops it from its channels`, async () => {
      const early = await openHostile()
      early.socket.send(frame)
      await early.closed
      const late = await openHostile()
      const channel = `late-${Math.random()}`
      await late.answer(JSON.stringify({ publishableKey: server.publishableApiKey, channels: [channel] }))
      expect((await postOnceJoined(server, { destination: channel, message: 1 })).status).toBe(200)
      late.socket.send(frame)
      await late.closed
      expect((await postSignal(server, { destination: channel, message: 2 })).status).toBe(404)
    })
  }

  it("ignores packets that mean nothing to it: noops, pongs, other namespaces, client events and errors", async () => {
    const client = await openHostile()
    const channel = `ignored-${Math.random()}`
    for (const frame of ["6", "3", "3probe", "40/other", "41/other", "42/other,[\"x\"]", "42/signal,[\"authentication\",\"x\"]", "43/signal,999[{}]", "44/signal,\"oops\""]) {
      client.socket.send(frame)
    }
    await client.answer(JSON.stringify({ publishableKey: server.publishableApiKey, channels: [channel] }))
    expect((await postOnceJoined(server, { destination: channel, message: 1 })).status).toBe(200)
    expect(client.isClosed()).toBe(false)
  })

  it("closes a client that sends a binary frame or a text frame of invalid UTF-8", async () => {
    const binary = await openHostile()
    binary.socket.send(Buffer.from([0x34, 0x32, 0xff]), { binary: true })
    await binary.closed
    const invalid = await openHostile()
    invalid.socket.send(Buffer.from([0x34, 0x32, 0xc3, 0x28]), { binary: false })
    // 1007: the frame's data is not valid UTF-8, as ws (and the real server's ws) answers
    expect(await invalid.closed).toBe(1007)
  })
})

describe("authentication answers of the wrong types", () => {
  const refusals = (key: string) => [
    ["channels an object", { publishableKey: key, channels: { 0: "a" } }, "channels must be a String or an Array of Strings."],
    ["channels a number", { publishableKey: key, channels: 42 }, "channels must be a String or an Array of Strings."],
    ["channels null", { publishableKey: key, channels: null }, "channels must be a String or an Array of Strings."],
    ["channels nested arrays", { publishableKey: key, channels: [[demo.users.alice.id]] }, "channels must be a String or an Array of Strings."],
    ["the token an object", { publishableKey: key, authToken: { sub: demo.users.alice.id } }, "String authentication token expected"],
    ["the token an array", { publishableKey: key, authToken: [aliceToken] }, "String authentication token expected"],
    ["the publishable key a number", { publishableKey: 1, channels: ["a"] }, "Missing publishable API key"],
    ["the publishable key an array", { publishableKey: [key] }, "Missing publishable API key"],
    ["a key of another platform", { publishableKey: "pubk_test_NotAKeyOfThisPlatform0000" }, "Invalid API key"],
    ["an answer that is a string", "hello", "Missing publishable API key"],
    ["an answer that is null", null, "Missing publishable API key"],
    ["Alice's channel without a token", { publishableKey: key, channels: [demo.users.alice.id] }, "Missing authentication token"],
    ["an organization's channel without a token", { publishableKey: key, channels: [lyonRentals] }, "Missing authentication token"],
    ["an unsigned token for Alice", { publishableKey: key, authToken: unsignedToken(demo.users.alice.id) }, "Invalid authentication token"]
  ] as const

  it("refuses each as the real server does: willDisconnect with its reason after 2 s, then closed", async () => {
    const cases = refusals(server.publishableApiKey)
    const clients = await Promise.all(cases.map(() => openHostile()))
    await Promise.all(cases.map(([, answer], index) => clients[index]!.answer(JSON.stringify(answer))))
    await Promise.all(clients.map((client) => client.closed))
    for (const [index, [what, , reason]] of cases.entries()) {
      expect(signalEvents(clients[index]!.frames), what).toEqual([["willDisconnect", { error: reason }]])
    }
  }, 5_000)

  it("takes no key from an answer's own __proto__ property", async () => {
    const client = await openHostile()
    await client.answer(`{"__proto__":{"publishableKey":${JSON.stringify(server.publishableApiKey)},"channels":["proto-lobby"]}}`)
    await client.closed
    expect(signalEvents(client.frames)).toEqual([["willDisconnect", { error: "Missing publishable API key" }]])
    expectUnpolluted()
  })

  it("never joins another user's channel or an organization's without membership, whatever the answer", async () => {
    const key = server.publishableApiKey
    const aliceId = demo.users.alice.id
    const client = await openHostile()
    const probe = `probe-${Math.random()}`
    const lookalikes = [` ${aliceId}`, `${aliceId}\u0000`, aliceId.toUpperCase(), `${aliceId}/`, `${lyonRentals} `]
    // Bruno's token, naming Alice's channel, his organization's and lookalikes of them
    await client.answer(JSON.stringify({ publishableKey: key, authToken: brunoToken, channels: [probe, aliceId, lyonRentals, ...lookalikes] }))
    expect((await postOnceJoined(server, { destination: probe, message: "probe" })).status).toBe(200)
    // he is on his own channel, not on Alice's: what goes there reaches her client only
    const toAlice = `to-alice-${Math.random()}`
    expect((await postSignal(server, { destination: aliceId, message: toAlice })).status).toBe(200)
    await aliceClient.next((frame) => frame.includes(toAlice))
    expect((await postSignal(server, { destination: bruno.id, message: "to-bruno" })).status).toBe(200)
    expect((await postSignal(server, { destination: lyonRentals, message: "to-org" })).status).toBe(200)
    // the lookalikes are plain channels, and only his
    for (const lookalike of lookalikes) expect((await postSignal(server, { destination: lookalike, message: "x" })).status).toBe(200)
    await client.next((frame) => frame.includes("to-org"))
    expect(client.frames.some((frame) => frame.includes(toAlice))).toBe(false)

    // Alice's token and Lyon Rentals, which she is no member of: a warning, not the channel
    const outsider = await openHostile()
    const outsiderProbe = `probe-${Math.random()}`
    await outsider.answer(JSON.stringify({ publishableKey: key, authToken: aliceToken, channels: [outsiderProbe, lyonRentals, lyonRentals] }))
    expect((await postOnceJoined(server, { destination: outsiderProbe, message: "probe" })).status).toBe(200)
    expect(signalEvents(outsider.frames).filter(([name]) => name === "warning")).toHaveLength(2)
    const toOrg = `to-org-${Math.random()}`
    expect((await postSignal(server, { destination: lyonRentals, message: toOrg })).status).toBe(200)
    await client.next((frame) => frame.includes(toOrg))
    expect(outsider.frames.some((frame) => frame.includes(toOrg))).toBe(false)
  })

  it("treats __proto__, constructor and prototype as plain channels, without touching Object.prototype", async () => {
    const client = await openHostile()
    const names = ["__proto__", "constructor", "prototype", "hasOwnProperty", "toString", "polluted"]
    await client.answer(JSON.stringify({ publishableKey: server.publishableApiKey, channels: names }))
    for (const name of names) {
      expect((await postOnceJoined(server, { destination: name, event: name, message: name })).status, name).toBe(200)
    }
    await client.next((frame) => frame.includes("\"polluted\""))
    expect(signalEvents(client.frames).map(([name]) => name)).toEqual(names)
    expect(aliceClient.frames.some((frame) => frame.includes("\"__proto__\""))).toBe(false)
    expectUnpolluted()
  })

  it("refuses a client naming more channels than the backend takes, 130,000 of them included, and joins it nowhere", async () => {
    const client = await openHostile()
    const many = Array.from({ length: 130_000 }, (_, index) => `many-${index}`)
    await client.answer(JSON.stringify({ publishableKey: server.publishableApiKey, channels: many }))
    const refusal = await client.next((frame) => frame.includes("\"willDisconnect\""))
    expect(signalEvents([refusal])).toEqual([["willDisconnect", { error: "Too many channels: the local backend takes at most 100 a client, not 130000." }]])
    await client.closed
    expect(server.backend.store.signalRooms.has("many-0")).toBe(false)
    expect(server.backend.store.signalRooms.has(client.sid)).toBe(false)
  })

  it("refuses a channel name longer than 256 characters", async () => {
    const client = await openHostile()
    await client.answer(JSON.stringify({ publishableKey: server.publishableApiKey, channels: ["short", "l".repeat(257)] }))
    const refusal = await client.next((frame) => frame.includes("\"willDisconnect\""))
    expect(signalEvents([refusal])).toEqual([["willDisconnect", { error: "Channel names are at most 256 characters long in the local backend." }]])
    await client.closed
    expect(server.backend.store.signalRooms.has("short")).toBe(false)
  })

  it("serves 100 channels of 256 characters, and lets them all go with the client", async () => {
    const client = await openHostile()
    const many = Array.from({ length: 100 }, (_, index) => `${index}-`.padEnd(256, "c"))
    await client.answer(JSON.stringify({ publishableKey: server.publishableApiKey, channels: many }))
    expect((await postOnceJoined(server, { destination: many[99]!, message: 1 })).status).toBe(200)
    client.socket.terminate()
    await client.closed
    await expect.poll(async () => (await postSignal(server, { destination: many[0]!, message: 2 })).status).toBe(404)
  })
})

describe("oversized frames, floods and dropped connections", () => {
  it("closes a client whose frame is above maxBodySize (1009), and reads frames below it", async () => {
    const huge = await openHostile()
    huge.socket.send(`42/signal,["x","${"a".repeat(6 * 1024 * 1024)}"]`)
    expect(await huge.closed).toBe(1009)
    const large = await openHostile()
    large.socket.send(`42/signal,["x","${"a".repeat(1024 * 1024)}"]`)
    large.socket.send("2probe")
    await large.next((frame) => frame === "3probe")
  })

  it("answers a flood of 20,000 pings, and a flood of namespace connects and disconnects, then serves the client", async () => {
    const client = await openHostile()
    for (let index = 0; index < 20_000; index++) client.socket.send(index % 2 === 0 ? "2" : "6")
    client.socket.send("2last")
    await client.next((frame) => frame === "3last")
    expect(client.frames.filter((frame) => frame === "3")).toHaveLength(10_000)
    for (let index = 0; index < 1_000; index++) client.socket.send(index % 2 === 0 ? "40/signal" : "41/signal")
    client.socket.send("41/signal")
    client.socket.send("2flooded")
    await client.next((frame) => frame === "3flooded")
    const channel = `flooded-${Math.random()}`
    await client.answer(JSON.stringify({ publishableKey: server.publishableApiKey, channels: [channel] }))
    expect((await postOnceJoined(server, { destination: channel, message: 1 })).status).toBe(200)
  })

  it("keeps serving while clients never read, and while TCP connections stop halfway through the upgrade", async () => {
    const readers = await Promise.all(Array.from({ length: 20 }, () => openHostile()))
    for (const reader of readers) {
      ;(reader.socket as unknown as { _socket: Socket })._socket.pause()
      for (let index = 0; index < 1_000; index++) reader.socket.send("2")
    }
    const halfOpen = await Promise.all(Array.from({ length: 20 }, () =>
      new Promise<Socket>((resolve) => {
        const socket = connectTcp(server.port, "127.0.0.1", () => {
          socket.write("GET /signal/?EIO=3&transport=websocket HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n")
          resolve(socket)
        })
      })))
    await expectHonestClientServed(server, bruno)
    for (const socket of halfOpen) socket.destroy()
  })

  it("drops a client that sends large pings and never reads their pongs, once 10 MB (twice maxBodySize) wait for it", async () => {
    const stalled = await openHostile()
    const tcp = (stalled.socket as unknown as { _socket: Socket })._socket
    tcp.pause()
    const ping = `2${"p".repeat(1024 * 1024)}`
    for (let index = 0; index < 40 && server.backend.signal.clients() === 2; index++) {
      stalled.socket.send(ping)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    // the server let it go while the client still had not read a byte of it
    await expect.poll(() => server.backend.signal.clients()).toBe(1)
    expect(stalled.isClosed()).toBe(false)
    tcp.resume()
    expect(await stalled.closed).toBe(1006)
  })

  it("lets go of hundreds of connections opened and dropped at once", async () => {
    const opened = await Promise.all(Array.from({ length: 300 }, () => openSignal(server)))
    await Promise.all(opened.map(async (client, index) => {
      if (index % 3 === 0) await client.answer(JSON.stringify({ publishableKey: server.publishableApiKey, channels: ["dropped"] }))
      client.socket.terminate()
      await client.closed
    }))
    await expect.poll(() => server.backend.signal.clients()).toBe(1)
    expect((await postSignal(server, { destination: "dropped", message: 1 })).status).toBe(404)
  })
})

describe("odd Engine.IO query strings", () => {
  const get = (query: string, method = "GET") => send.socket(server.url, { method, path: `/signal/?${query}`, key: null }, server)

  it("answers the polling handshake whatever EIO says, as engine.io 3 does", async () => {
    const answer = await get("EIO=9&transport=polling")
    expect(answer.status).toBe(200)
    expect(answer.body).toMatch(/^\d+:0\{"sid":"[A-Za-z0-9]+"/)
  })

  for (const query of ["transport=x", "EIO=3", "EIO=3&transport=", "EIO=3&transport=x%00", "EIO=3&transport=__proto__", "%zz&transport=&&="]) {
    it(`refuses ?${query}: 400 Transport unknown`, async () => {
      const answer = await get(query)
      expect(answer).toEqual({ status: 400, body: { code: 0, message: "Transport unknown" } })
    })
  }

  it("refuses polling with any sid, another client's included, and lets that client be", async () => {
    for (const query of [`EIO=3&transport=polling&sid=${aliceClient.sid}`, "EIO=3&transport=polling&sid=", "EIO=3&transport=polling&sid=nope"]) {
      expect((await get(query)).status, query).toBe(400)
      expect((await get(query, "POST")).status, query).toBe(400)
    }
    const message = `after-sid-${Math.random()}`
    expect((await postSignal(server, { destination: "alice-lobby", message })).status).toBe(200)
    await aliceClient.next((frame) => frame.includes(message))
  })

  it("gives a WebSocket naming another client's sid a session of its own, which receives nothing of the other's", async () => {
    const intruder = await openHostile(`EIO=3&transport=websocket&sid=${aliceClient.sid}`)
    expect(intruder.sid).not.toBe(aliceClient.sid)
    const message = `private-${Math.random()}`
    // the channel of Alice's session stays hers alone
    expect((await postSignal(server, { destination: aliceClient.sid, message })).status).toBe(200)
    await aliceClient.next((frame) => frame.includes(message))
    expect(server.backend.store.signalRooms.size(aliceClient.sid)).toBe(1)
    expect(intruder.frames.some((frame) => frame.includes(message))).toBe(false)
  })
})

/** A token with `alg: none`, naming a user, and no signature. */
function unsignedToken(userId: string): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url")
  return `${part({ alg: "none", typ: "JWT" })}.${part({ sub: userId, userId, exp: Math.floor(Date.now() / 1000) + 3600 })}.`
}
