/**
 * `npm start -- --api-url --publishable-key --out <folder>`: the app written as a static site for
 * a Stelace server, and that site working once a file host serves it as Netlify or Cloudflare
 * Pages would (`_headers` applied, every other path answered with `index.html` per `_redirects`):
 * the home page lists the server's listings, a deep link opens its page, and the Content-Security-
 * Policy of `_headers` lets the app reach its API and nothing else complains.
 */
import { execFileSync } from "node:child_process"
import { once } from "node:events"
import { existsSync, mkdtempSync, readFileSync } from "node:fs"
import * as http from "node:http"
import type { AddressInfo } from "node:net"
import { tmpdir } from "node:os"
import { extname, join, normalize, sep } from "node:path"
import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type RunningServer, startServer } from "../src/testing/index.js"
import { demo } from "../src/testing/seeds/demo.js"
import { launch, newContext, newPage, unexpected, visible } from "./browser.js"
import { root } from "./server.js"

let api: RunningServer
let browser: Browser
let host: http.Server
let siteUrl = ""
const site = join(mkdtempSync(join(tmpdir(), "stelace-site-")), "site")
let printed = ""

const types: Record<string, string> = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".svg": "image/svg+xml", ".png": "image/png" }

/** The headers `_headers` gives a path: each block's pattern (`/*`, `/assets/*`) is a prefix. */
const headersFor = (rules: string, path: string) => {
  const headers: Record<string, string> = {}
  let applies = false
  for (const line of rules.split("\n")) {
    if (line.startsWith("/")) applies = path.startsWith(line.trim().replace(/\*$/, ""))
    else if (applies && line.trim() !== "") {
      const [name, ...value] = line.trim().split(":")
      headers[name!.trim()] = value.join(":").trim()
    }
  }
  return headers
}

beforeAll(async () => {
  ;[api, browser] = await Promise.all([startServer(), launch()])
  printed = execFileSync(process.execPath, ["scripts/start.mjs", "--api-url", api.url, "--publishable-key", api.publishableApiKey, "--out", site], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, PORT: "", HOST: "", STELACE_API_URL: "", STELACE_PUBLISHABLE_KEY: "", MAP_TILES_URL: "", MAP_ATTRIBUTION: "" },
    timeout: 110_000
  })
  const rules = readFileSync(join(site, "_headers"), "utf8")
  // a file host: the site's files, and index.html for any other path (`/*  /index.html  200`)
  expect(readFileSync(join(site, "_redirects"), "utf8").trim().split(/\s+/)).toEqual(["/*", "/index.html", "200"])
  host = http.createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://localhost").pathname
    const file = normalize(join(site, path))
    const found = file.startsWith(site + sep) && existsSync(file) && !path.endsWith("/") ? file : join(site, "index.html")
    response.writeHead(200, { "content-type": types[extname(found)] ?? "application/octet-stream", ...headersFor(rules, path) })
    response.end(readFileSync(found))
  })
  host.listen(0, "127.0.0.1")
  await once(host, "listening")
  siteUrl = `http://127.0.0.1:${(host.address() as AddressInfo).port}`
}, 120_000)

afterAll(async () => {
  host?.close()
  await browser?.close()
  await api?.close()
})

describe("the app written as a static site (--out)", () => {
  it("says where it is, and writes the page's configuration and headers for that server", () => {
    expect(printed).toContain(`The app, configured for ${api.url}, is in ${site}`)
    const index = readFileSync(join(site, "index.html"), "utf8")
    expect(index).toContain(`<script id="stelace-config" type="application/json">${JSON.stringify({ apiUrl: api.url, apiKey: api.publishableApiKey })}</script>`)
    const rules = readFileSync(join(site, "_headers"), "utf8")
    expect(headersFor(rules, "/listings/x")["content-security-policy"]).toContain(`connect-src 'self' ${api.url} ${api.url.replace("http", "ws")}`)
    expect(headersFor(rules, "/assets/index.js")["cache-control"]).toBe("public, max-age=31536000, immutable")
  })

  it("works from a file host: the home page lists the server's listings, a deep link opens, nothing breaks the policy", async () => {
    const { page, problems } = await newPage(await newContext(browser))
    await page.goto(siteUrl)
    await visible(page.getByRole("heading", { level: 2, name: "Recently listed" }))
    await visible(page.getByRole("link", { name: "Sea kayak" }))
    await page.goto(`${siteUrl}/listings/${demo.assets.tesla}`)
    await visible(page.getByRole("heading", { level: 1, name: "Tesla Model 3" }))
    expect(unexpected(problems)).toEqual([])
  })
})
