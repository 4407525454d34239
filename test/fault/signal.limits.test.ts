/**
 * The local backend's own `/signal` limits, against `startServer()`: one caller's share of the
 * platform's clients, the time a connection has to join the namespace, and what a client's
 * leaving costs. Each is refused the way the real server refuses a bad answer (`willDisconnect`
 * with the reason, then the connection closes), so a client tells them apart from a success.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest"
import { type RunningServer, startServer } from "../../src/testing/index.js"
import { type Listener, Rooms } from "../../src/testing/signal/Rooms.js"
import { send } from "./backendHelpers.js"
import { openSignal, postOnceJoined, postSignal, type RawSignal, signalEvents } from "./signalSockets.js"

let server: RunningServer
const opened: Array<RawSignal> = []

const open = async () => {
  const client = await openSignal(server)
  opened.push(client)
  return client
}

/** A client authenticated with `key` on `channel`, once the server lists it there. */
const listening = async (key: string, channel: string) => {
  const client = await open()
  await client.answer(JSON.stringify({ publishableKey: key, channels: [channel] }))
  expect((await postOnceJoined(server, { destination: channel, message: "joined" })).status).toBe(200)
  return client
}

const refusalOf = async (client: RawSignal) => signalEvents([await client.next((frame) => frame.includes("\"willDisconnect\""))])

beforeAll(async () => {
  server = await startServer({ seed: "empty", maxSignalClientsPerCaller: 2 })
})

afterEach(async () => {
  for (const client of opened.splice(0)) {
    client.socket.terminate()
    await client.closed
  }
  await expect.poll(() => server.backend.signal.clients()).toBe(0)
})

afterAll(() => server.close())

describe("one caller's share of the platform's Signal clients", () => {
  it("refuses a key's client beyond its share from one address, and takes it again once one leaves", async () => {
    const first = await listening(server.publishableApiKey, "first")
    await listening(server.publishableApiKey, "second")
    const third = await open()
    await third.answer(JSON.stringify({ publishableKey: server.publishableApiKey, channels: ["third"] }))
    expect(await refusalOf(third)).toEqual([[
      "willDisconnect",
      { error: "Having 3 connected Signal clients from one address with this API key is above API plan limit (the local backend takes 2 a caller)." }
    ]])
    await third.closed
    expect((await postSignal(server, { destination: "third", message: 1 })).status).toBe(404)

    first.socket.close()
    await first.closed
    await listening(server.publishableApiKey, "fourth")
  })

  it("counts another key's clients apart", async () => {
    await listening(server.publishableApiKey, "mine-1")
    await listening(server.publishableApiKey, "mine-2")
    const created = await send.socket(server.url, { method: "POST", path: "/api-keys", json: { name: "Second app", type: "pubk" } }, server)
    expect(created.status).toBe(200)
    await listening(created.body.key, "theirs")
  })

  it("frees the slot of a client that leaves the namespace", async () => {
    const leaving = await listening(server.publishableApiKey, "leaving")
    await listening(server.publishableApiKey, "staying")
    leaving.socket.send("41/signal")
    await expect.poll(async () => (await postSignal(server, { destination: "leaving", message: 1 })).status).toBe(404)
    await listening(server.publishableApiKey, "newcomer")
  })
})

describe("connections outside the namespace", () => {
  it("closes a connection that never joins the namespace, however often it pings", async () => {
    const idle = await open()
    const pinging = setInterval(() => idle.isClosed() || idle.socket.send("2"), 200)
    try {
      await idle.closed
    } finally {
      clearInterval(pinging)
    }
    expect(idle.frames.filter((frame) => frame.startsWith("40/signal"))).toEqual([])
  })

  it("closes a connection that left the namespace and did not come back, and keeps one that came back", async () => {
    const leaver = await listening(server.publishableApiKey, "left")
    const returner = await listening(server.publishableApiKey, "returned")
    leaver.socket.send("41/signal")
    returner.socket.send("41/signal")
    await returner.answer(JSON.stringify({ publishableKey: server.publishableApiKey, channels: ["returned"] }))
    await leaver.closed
    expect(returner.isClosed()).toBe(false)
    expect((await postSignal(server, { destination: "returned", message: 1 })).status).toBe(200)
  })

  it("refuses a client that comes back to the namespace and does not authenticate again", async () => {
    const client = await listening(server.publishableApiKey, "once")
    client.socket.send("41/signal")
    client.socket.send("40/signal")
    expect(await refusalOf(client)).toEqual([["willDisconnect", { error: "Authentication timeout after 2000ms" }]])
    await client.closed
  })
})

describe("leaving the rooms", () => {
  it("touches only the rooms the client joined, however many others there are", () => {
    const rooms = new Rooms()
    const listener = (): Listener => ({ deliver: () => {} })
    for (let index = 0; index < 10_000; index++) rooms.join(listener(), [`room-${index}`])
    const leaving = listener()
    rooms.join(leaving, ["a", "b", "room-7"])
    const deletes = vi.spyOn(Set.prototype, "delete")
    try {
      rooms.leave(leaving)
      expect(deletes.mock.calls.length).toBeLessThanOrEqual(3)
    } finally {
      deletes.mockRestore()
    }
    expect([rooms.has("a"), rooms.has("b"), rooms.size("room-7")]).toEqual([false, false, 1])
  })
})
