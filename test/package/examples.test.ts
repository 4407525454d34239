/**
 * The apps of `examples/`, as a reader runs them: each installed against the packed package, then
 * run against the in-memory backend on a free loopback port. The Node script and the Effect
 * program print what they did; the React app is built, served, and used in Chromium.
 */
import { execFile } from "node:child_process"
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { tmpdir } from "node:os"
import { extname, join, normalize, sep } from "node:path"
import { promisify } from "node:util"
import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { launchChromium } from "../../e2e/chromium.mjs"
import { type RunningServer as StartedServer, startServer } from "../../src/testing/index.js"
import { installApp, packed, root } from "./packed.js"

const INSTALL_TIMEOUT = 240_000

/**
 * Installs an example against the packed package. Its package.json names `stelace-effect` as a
 * reader writes it, which its lock file cannot hold before the package is on npm: the copy
 * installed leaves it out, and `installApp` adds the packed one.
 */
const installExample = async (name: string): Promise<string> => {
  const { tarball } = await packed()
  const staged = mkdtempSync(join(tmpdir(), `stelace-effect-example-${name}-`))
  try {
    cpSync(join(root, "examples", name), staged, { recursive: true, filter: (source) => !/[/\\](node_modules|dist)$/.test(source) })
    const manifest = JSON.parse(readFileSync(join(staged, "package.json"), "utf8")) as { dependencies: Record<string, string> }
    delete manifest.dependencies["stelace-effect"]
    writeFileSync(join(staged, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`)
    return await installApp(staged, tarball)
  } finally {
    rmSync(staged, { recursive: true, force: true })
  }
}

/** Runs an npm script of an installed example; asynchronously, since the backend answers from this process. */
const npm = async (dir: string, script: string, env: Record<string, string>): Promise<string> => {
  const { stdout } = await promisify(execFile)("npm", ["run", "--silent", script], {
    cwd: dir,
    env: { ...process.env, ...env },
    maxBuffer: 16 * 1024 * 1024
  })
  return stdout
}

/** Reads the backend as an administrator: what the examples changed there. */
const adminGet = async (server: StartedServer, path: string) => {
  const response = await fetch(`${server.url}${path}`, {
    headers: { authorization: `Basic ${btoa(`${server.secretApiKey}:`)}`, "x-stelace-version": "2019-05-20" }
  })
  return (await response.json()) as { results: Array<Record<string, unknown>> } & Record<string, unknown>
}

const ALICE = "usr_DemoAlice00000000000"
const BRUNO = "usr_DemoBruno00000000000"

describe("examples/node-facade", () => {
  let app: string | undefined
  let server: StartedServer

  beforeAll(async () => {
    ;[app, server] = await Promise.all([installExample("node-facade"), startServer({ seed: "demo" })])
  }, INSTALL_TIMEOUT)
  afterAll(async () => {
    if (app) rmSync(app, { recursive: true, force: true })
    await server?.close()
  })

  it("logs in, walks the user's assets across pages, searches, and reads a missing asset as a ServerError", async () => {
    const owned = (await adminGet(server, `/assets?ownerId=${ALICE}&nbResultsPerPage=100`)).results
    const stdout = await npm(app!, "start", { STELACE_API_URL: server.url, STELACE_API_KEY: server.publishableApiKey })
    const lines = stdout.trimEnd().split("\n")
    expect(lines[0]).toBe(`Logged in as alice@example.com (${ALICE})`)
    expect(lines[1]).toBe(`Owns ${owned.length} assets: ${owned.map((asset) => `${asset.name} (${asset.price} ${asset.currency ?? ""})`).join(", ")}`)
    expect(lines[2]).toMatch(/^Search "bike": [1-9]\d* results, first: .+$/)
    expect(lines[3]).toBe("Reading a missing asset: ServerError 404 (NotFound)")
    expect(lines).toHaveLength(4)
  })
})

describe("examples/effect-program", () => {
  let app: string | undefined
  let server: StartedServer

  beforeAll(async () => {
    ;[app, server] = await Promise.all([installExample("effect-program"), startServer({ seed: "demo" })])
  }, INSTALL_TIMEOUT)
  afterAll(async () => {
    if (app) rmSync(app, { recursive: true, force: true })
    await server?.close()
  })

  it("compiles against the package's declarations, then accepts the owner's waiting requests on the backend", async () => {
    const waiting = (await adminGet(server, `/transactions?ownerId=${BRUNO}`)).results.filter((transaction) => transaction.status === "draft")
    expect(waiting.length).toBeGreaterThan(0)
    const owned = (await adminGet(server, `/assets?ownerId=${BRUNO}&nbResultsPerPage=100`)).results
    const stdout = await npm(app!, "start", { STELACE_API_URL: server.url, STELACE_API_KEY: server.publishableApiKey })
    expect(stdout.trimEnd().split("\n")).toEqual([
      `Logged in as bruno@example.com (${BRUNO})`,
      `Owns ${owned.length} assets: ${owned.map((asset) => asset.name).join(", ")}`,
      ...waiting.map((transaction) => `Accepted ${transaction.id}: now accepted`),
      "ast_doesNotExist: not found"
    ])
    for (const transaction of waiting) expect((await adminGet(server, `/transactions/${transaction.id}`)).status).toBe("accepted")
  })

  it("fails on a failure it does not handle: a wrong password", async () => {
    const run = npm(app!, "start", { STELACE_API_URL: server.url, STELACE_PASSWORD: "not-bruno-s" })
    await expect(run).rejects.toMatchObject({ stderr: expect.stringMatching(/ServerError/) })
  })
})

/** Serves a built app's folder, with `index.html` for the root. */
const serveFolder = async (folder: string): Promise<{ readonly url: string; readonly server: Server }> => {
  const types: Record<string, string> = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".svg": "image/svg+xml" }
  const server = createServer((request, response) => {
    const path = normalize(join(folder, new URL(request.url ?? "/", "http://x").pathname === "/" ? "index.html" : new URL(request.url ?? "/", "http://x").pathname))
    try {
      if (!path.startsWith(folder + sep)) throw new Error("outside")
      const body = readFileSync(path)
      response.writeHead(200, { "content-type": types[extname(path)] ?? "application/octet-stream" }).end(body)
    } catch {
      response.writeHead(404).end()
    }
  })
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server }
}

describe("examples/vite-react", () => {
  let app: string | undefined
  let backend: StartedServer
  let site: { readonly url: string; readonly server: Server } | undefined
  let browser: Browser | undefined

  beforeAll(async () => {
    ;[app, backend, browser] = await Promise.all([installExample("vite-react"), startServer({ seed: "demo" }), launchChromium()])
    await npm(app, "build", { VITE_STELACE_API_URL: backend.url, VITE_STELACE_PUBLISHABLE_KEY: backend.publishableApiKey })
    site = await serveFolder(join(app, "dist"))
  }, INSTALL_TIMEOUT)
  afterAll(async () => {
    await browser?.close()
    await new Promise((closed) => (site ? site.server.close(closed) : closed(undefined)))
    if (app) rmSync(app, { recursive: true, force: true })
    await backend?.close()
  })

  it("builds, then in Chromium lists the categories, logs a member in and lists their listings", async () => {
    const categories = (await adminGet(backend, "/categories")) as unknown as Array<{ name: string }>
    const owned = (await adminGet(backend, `/assets?ownerId=${ALICE}&nbResultsPerPage=100`)).results
    const page = await browser!.newPage()
    const problems: Array<string> = []
    page.on("pageerror", (error) => problems.push(error.message))
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(message.text())
    })
    await page.goto(site!.url)
    const listed = page.getByRole("region", { name: "Categories" }).getByRole("listitem")
    await listed.first().waitFor({ timeout: 15_000 })
    expect((await listed.allTextContents()).sort()).toEqual(categories.map((category) => category.name).sort())

    await page.getByRole("button", { name: "Log in" }).click()
    await page.getByRole("heading", { name: "Logged in as Alice", exact: true }).waitFor({ timeout: 15_000 })
    const mine = page.getByRole("region", { name: "My listings" }).getByRole("listitem")
    await mine.first().waitFor({ timeout: 15_000 })
    expect((await mine.allTextContents()).sort()).toEqual(owned.map((asset) => `${asset.name}: ${asset.price} ${asset.currency}`).sort())

    await page.getByRole("button", { name: "Log out" }).click()
    await page.getByRole("heading", { name: "Log in" }).waitFor({ timeout: 15_000 })
    expect(problems).toEqual([])
  })
})
