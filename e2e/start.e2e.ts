/**
 * `npm start`: options, what it serves, and that it stops everything it started on SIGINT and
 * SIGTERM, and within 2 s of its launcher's death (`kill -9`), releasing its ports; and that it
 * goes on serving when file descriptors run short.
 */
import { execFileSync } from "node:child_process"
import { Agent, get as httpGet } from "node:http"
import { connect, type Socket } from "node:net"
import { describe, expect, it } from "vitest"
import { root, start } from "./server.js"

const run = (args: ReadonlyArray<string>) => {
  try {
    execFileSync(process.execPath, ["scripts/start.mjs", ...args], { cwd: root, stdio: "pipe", encoding: "utf8" })
    return { code: 0, stderr: "" }
  } catch (error) {
    const failure = error as { status: number; stderr: string }
    return { code: failure.status, stderr: failure.stderr }
  }
}

/** Whether something accepts connections on the URL's port. */
const listening = (url: string) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(Number(new URL(url).port), new URL(url).hostname)
    socket.once("connect", () => {
      socket.destroy()
      resolve(true)
    })
    socket.once("error", () => resolve(false))
  })

/** The processes of a process group that are still alive (not zombies). */
const aliveInGroup = (pgid: number): Array<string> => {
  try {
    return execFileSync("ps", ["-o", "stat=,args=", "-g", String(pgid)], { encoding: "utf8" })
      .split("\n")
      .filter((line) => line.trim() !== "" && !line.trim().startsWith("Z"))
  } catch {
    return []
  }
}

/** A GET through `agent` (to reuse a kept-alive connection): the status, once the body is read. */
const getWith = (agent: Agent, url: URL, headers: Record<string, string>) =>
  new Promise<{ status: number }>((resolve, reject) => {
    const sent = httpGet(url, { agent, headers }, (response) => {
      response.resume()
      response.on("end", () => resolve({ status: response.statusCode ?? 0 }))
    })
    sent.on("error", reject)
    sent.setTimeout(5_000, () => sent.destroy(new Error("no answer within 5 s")))
  })

/** A launcher that runs the script as its direct child and passes its output through. */
const launcher = `require("node:child_process").spawn(process.execPath, process.argv.slice(1), { stdio: "inherit" })`

describe("npm start", () => {
  it("refuses bad options with a sentence and its usage", () => {
    for (const [args, message] of [
      [["--port", "http"], "--port must be a whole number from 0 to 65535"],
      [["--api-port", "70000"], "--api-port must be a whole number from 0 to 65535"],
      [["--access-token-ttl", "0"], "--access-token-ttl must be a whole number from 1"],
      [["--api-only", "--port", "4000"], "with --api-only, set the API's with --api-port"],
      [["--max-body-size", "lots"], "--max-body-size must be a size above 0"],
      [["--colour"], "Unknown option --colour"]
    ] as const) {
      const result = run(args)
      expect(result.code, args.join(" ")).toBe(2)
      expect(result.stderr).toContain(message)
      expect(result.stderr).toContain("Usage: npm start")
    }
  })

  it("serves the app, which knows where the API is, and the API; SIGTERM stops both and frees their ports", async () => {
    const app = await start(["--port", "0", "--api-port", "0"])
    const page = await fetch(new URL("/listings/any-listing", app.appUrl))
    expect(page.headers.get("content-type")).toContain("text/html")
    const html = await page.text()
    expect(html).toContain('<div id="root">')
    expect(html).toContain(JSON.stringify(app.apiUrl))
    const assets = await fetch(new URL("/assets", app.apiUrl), {
      headers: { authorization: `Basic ${btoa("seck_test_LocalStelaceSecretKey0001:")}` }
    })
    expect(assets.headers.get("content-type")).toContain("application/json")
    expect((await assets.json()).results.length).toBeGreaterThan(0)
    expect(app.output()).toContain("alice@example.com / alice-password")

    expect(await app.stop("SIGTERM")).toBe(0)
    expect(await listening(app.appUrl!)).toBe(false)
    expect(await listening(app.apiUrl)).toBe(false)
  })

  it("builds the app once for the same sources", async () => {
    const first = await start(["--port", "0", "--api-port", "0"])
    await first.stop()
    const second = await start(["--port", "0", "--api-port", "0"])
    await second.stop()
    expect(second.output()).not.toContain("Building the demo app")
  })

  it("serves the app alone against another Stelace server with --api-url and --publishable-key", async () => {
    // a second local backend stands for "another server"; the app must point there, with that key
    const other = await start(["--api-only", "--api-port", "0"])
    try {
      const app = await start(["--port", "0", "--api-url", other.apiUrl, "--publishable-key", "pubk_test_AnotherServerKey0001"])
      try {
        expect(app.apiUrl).toBe(other.apiUrl)
        expect(app.output()).toContain("no local backend started")
        const html = await (await fetch(new URL("/search", app.appUrl))).text()
        expect(html).toContain(JSON.stringify({ apiUrl: other.apiUrl, apiKey: "pubk_test_AnotherServerKey0001" }))
      } finally {
        await app.stop()
      }
    } finally {
      await other.stop()
    }
  })

  it("runs only the API with --api-only", async () => {
    const api = await start(["--api-only", "--api-port", "0"])
    expect(api.appUrl).toBeUndefined()
    expect(await listening(api.apiUrl)).toBe(true)
    expect(await api.stop("SIGINT")).toBe(0)
    expect(await listening(api.apiUrl)).toBe(false)
  })

  it("passes --max-body-size to the API, which answers a larger body with 413 and goes on serving", async () => {
    const api = await start(["--api-only", "--api-port", "0", "--max-body-size", "2kb"])
    const headers = {
      authorization: `Basic ${btoa("seck_test_LocalStelaceSecretKey0001:")}`,
      "content-type": "application/json"
    }
    const send = (size: number) =>
      fetch(new URL("/categories", api.apiUrl), { method: "POST", headers, body: JSON.stringify({ name: "x".repeat(size) }) })
    const tooLarge = await send(3000)
    expect(tooLarge.status).toBe(413)
    expect((await tooLarge.json()).code).toBe("PayloadTooLarge")
    expect((await send(100)).status).toBe(200)
    expect(await api.stop("SIGTERM")).toBe(0)
  })

  it("leaves no process behind when npm start gets Ctrl-C or SIGTERM", async () => {
    for (const signal of ["SIGINT", "SIGTERM"] as const) {
      const app = await start(["--", "--port", "0", "--api-port", "0"], { command: ["npm", "start", "--silent"] })
      const group = app.process.pid!
      expect(aliveInGroup(group).some((line) => line.includes("scripts/start.mjs"))).toBe(true)
      // Ctrl-C reaches every process of the terminal's group; SIGTERM reaches npm alone
      if (signal === "SIGINT") process.kill(-group, signal)
      else process.kill(group, signal)
      await app.stop(signal)
      await expect.poll(() => aliveInGroup(group), { timeout: 10_000 }).toEqual([])
      expect(await listening(app.appUrl!)).toBe(false)
      expect(await listening(app.apiUrl)).toBe(false)
    }
  })

  it("keeps serving when descriptors run short (ulimit -n 256, 400 idle sockets): no exit, no data lost", async () => {
    // the shell sets the limit, then becomes the script: its parent stays this test
    const app = await start(["--port", "0", "--api-port", "0"], { command: ["sh", "-c", 'ulimit -n 256 && exec "$0" "$@"', process.execPath, "scripts/start.mjs"] })
    const secret = { authorization: `Basic ${btoa("seck_test_LocalStelaceSecretKey0001:")}`, "content-type": "application/json" }
    const idle: Array<Socket> = []
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    try {
      const created = await fetch(new URL("/categories", app.apiUrl), { method: "POST", headers: secret, body: JSON.stringify({ name: "Kept" }) })
      const category = (await created.json()) as { id: string }
      // a connection each server already serves, kept open
      expect((await getWith(agent, new URL(`/categories/${category.id}`, app.apiUrl), secret)).status).toBe(200)
      const appAgent = new Agent({ keepAlive: true, maxSockets: 1 })
      expect((await getWith(appAgent, new URL("/", app.appUrl), {})).status).toBe(200)

      for (const url of [app.apiUrl, app.appUrl!]) {
        for (let index = 0; index < 200; index++) {
          const socket = connect(Number(new URL(url).port), "127.0.0.1")
          socket.on("error", () => {})
          idle.push(socket)
        }
      }
      await Promise.all(idle.map((socket) => new Promise((resolve) => socket.once("connect", resolve).once("close", resolve))))
      // several rounds of the launcher watchdog, which read /proc through it all
      await new Promise((resolve) => setTimeout(resolve, 1_500))
      expect(app.process.exitCode).toBeNull()
      // the connections already served still are; a new one is refused, not left hanging
      expect((await getWith(agent, new URL(`/categories/${category.id}`, app.apiUrl), secret)).status).toBe(200)
      expect((await getWith(appAgent, new URL("/", app.appUrl), {})).status).toBe(200)
      appAgent.destroy()
      await expect(getWith(new Agent(), new URL("/", app.apiUrl), {})).rejects.toThrow()

      for (const socket of idle) socket.destroy()
      await expect.poll(async () => (await fetch(new URL(`/categories/${category.id}`, app.apiUrl), { headers: secret }).catch(() => undefined))?.status).toBe(200)
      expect((await fetch(new URL("/", app.appUrl))).status).toBe(200)
      expect(app.output()).not.toContain("Error")
    } finally {
      for (const socket of idle) socket.destroy()
      agent.destroy()
    }
    expect(await app.stop("SIGTERM")).toBe(0)
  })

  it.each([
    ["npm start (npm, sh, node)", ["npm", "start", "--silent", "--"]],
    ["a node process that runs the script directly", [process.execPath, "-e", launcher, "scripts/start.mjs"]]
  ])("stops both servers within 2 s of a kill -9 of its launcher: %s", async (_, command) => {
    const app = await start(["--port", "0", "--api-port", "0"], { command })
    const group = app.process.pid!
    expect(aliveInGroup(group).filter((line) => line.includes("scripts/start.mjs")).length).toBeGreaterThan(0)
    expect(await listening(app.appUrl!)).toBe(true)
    process.kill(group, "SIGKILL")
    try {
      // the bound: both ports closed, and nothing of the tree left, 2 s after the kill
      await expect
        .poll(async () => ({ app: await listening(app.appUrl!), api: await listening(app.apiUrl), alive: aliveInGroup(group) }), { timeout: 2_000, interval: 100 })
        .toEqual({ app: false, api: false, alive: [] })
    } finally {
      // whatever a failure left behind
      if (aliveInGroup(group).length > 0) process.kill(-group, "SIGKILL")
    }
  })
})
