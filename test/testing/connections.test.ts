/**
 * `maxConnections` of the backend's server and of the demo app's: beyond it, a new connection is
 * closed at once and those already open are served (`npm start` sets it from the descriptor
 * limit; `e2e/start.e2e.ts` runs that under `ulimit -n`).
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs"
import { Agent, get } from "node:http"
import { connect, type Socket } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
// @ts-expect-error: a JavaScript module of the scripts, without types
import { serveApp } from "../../scripts/demo/serve.mjs"
// @ts-expect-error: a JavaScript module of the command lines, without types
import { connectionBudget } from "../../bin/backend.mjs"
import { startServer } from "../../src/testing/index.js"

/** A GET through `agent`: the status, or the error's code when the connection was closed. */
const status = (agent: Agent, url: string) =>
  new Promise<number | string>((resolve) => {
    const sent = get(url, { agent }, (response) => {
      response.resume()
      response.on("end", () => resolve(response.statusCode ?? 0))
    })
    sent.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message))
  })

/** Opens `count` idle connections to the URL's port; resolves once each is connected or closed. */
const idleConnections = async (url: string, count: number) => {
  const sockets: Array<Socket> = []
  for (let index = 0; index < count; index++) {
    const socket = connect(Number(new URL(url).port), "127.0.0.1")
    socket.on("error", () => {})
    sockets.push(socket)
  }
  await Promise.all(sockets.map((socket) => new Promise((resolve) => socket.once("connect", resolve).once("close", resolve))))
  return sockets
}

const expectBounded = async (url: string) => {
  const kept = new Agent({ keepAlive: true, maxSockets: 1 })
  expect(await status(kept, url)).toBe(200)
  const idle = await idleConnections(url, 10)
  try {
    // the server closed those beyond its bound: a new connection is refused, the kept one served
    await expect.poll(() => idle.filter((socket) => !socket.destroyed).length).toBe(2)
    expect(await status(new Agent(), url)).toMatch(/^E|socket hang up/)
    expect(await status(kept, url)).toBe(200)
  } finally {
    for (const socket of idle) socket.destroy()
    kept.destroy()
  }
  await expect.poll(() => status(new Agent(), url)).toBe(200)
}

describe("maxConnections", () => {
  it("bounds the backend's server", async () => {
    const server = await startServer({ seed: "empty", maxConnections: 3 })
    try {
      await expectBounded(server.url)
    } finally {
      await server.close()
    }
  })

  it("bounds the demo app's server", async () => {
    const dir = join(mkdtempSync(join(tmpdir(), "stelace-connections-")), "dist")
    mkdirSync(dir)
    writeFileSync(join(dir, "index.html"), `<script id="stelace-config" type="application/json">{}</script>`)
    const app = await serveApp({ dir, port: 0, host: "127.0.0.1", config: { apiKey: "pubk_test_LocalStelacePublicKey0001" }, maxConnections: 3 })
    try {
      await expectBounded(app.url)
    } finally {
      await app.close()
    }
  })

  it("refuses a bound that is not a whole number above 0", async () => {
    await expect(startServer({ maxConnections: 0 })).rejects.toThrow("maxConnections must be a whole number above 0, got 0")
  })

  it("leaves descriptors for files: the limit less 64, shared as asked, none when the limit is unknown", () => {
    expect(connectionBudget([3, 1], 512)).toEqual([336, 112])
    expect(connectionBudget([1], 1024)).toEqual([960])
    expect(connectionBudget([3, 1], 70)).toEqual([12, 4])
    expect(connectionBudget([3, 1], undefined)).toEqual([undefined, undefined])
  })
})
