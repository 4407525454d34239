/**
 * The demo app refuses to boot with a secret key: whatever put one in its page, visitors get a
 * page that says why (announced, accessible), never a blank one, and nothing is sent to the API
 * with it. `npm start` itself refuses to serve one (`test/testing/start.test.ts`), so a server of
 * this test passes the app's files on, with the page's configuration rewritten.
 */
import { once } from "node:events"
import * as http from "node:http"
import type { AddressInfo } from "node:net"
import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { expectAccessible, newContext, newPage, unexpected, useDemo } from "./browser.js"
import type { Started } from "./server.js"

let app: Started
let browser: Browser

useDemo((demo) => {
  ;({ app, browser } = demo)
})

beforeAll(() => startProxy())

afterAll(() => proxy?.close())

const secretKey = "seck_test_LocalStelaceSecretKey0001"

let config = "{}"
let proxy: http.Server
let proxyUrl = ""

/**
 * A misconfigured server: the app's, with `config` as the page's `#stelace-config`. (A real
 * server, so the page keeps the loopback address space it has under `npm start`, from which the
 * browser lets it call the local API.)
 */
const startProxy = async () => {
  proxy = http.createServer(async (request, response) => {
    const answer = await fetch(new URL(request.url ?? "/", app.appUrl!))
    const type = answer.headers.get("content-type") ?? "application/octet-stream"
    let body: string | Uint8Array = new Uint8Array(await answer.arrayBuffer())
    if (type.startsWith("text/html")) {
      body = new TextDecoder().decode(body).replace(
        /(<script id="stelace-config" type="application\/json">)[^<]*/,
        (_, open: string) => open + config
      )
    }
    response.writeHead(answer.status, { "content-type": type }).end(body)
  })
  proxy.listen(0, "127.0.0.1")
  await once(proxy, "listening")
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`
}

/** Opens the app's home page with this text as its `#stelace-config`; what the API got from it. */
const openWithConfig = async (text: string) => {
  config = text
  const { page, problems } = await newPage(await newContext(browser))
  const apiRequests: Array<string> = []
  page.on("request", (request) => {
    if (request.url().startsWith(app.apiUrl)) apiRequests.push(request.url())
  })
  await page.goto(`${proxyUrl}/`)
  return { page, problems, apiRequests }
}

describe("the demo app's configuration", () => {
  it("refuses a secret key with a page that says why, and sends nothing", async () => {
    const { page, problems, apiRequests } = await openWithConfig(JSON.stringify({ apiUrl: app.apiUrl, apiKey: secretKey }))
    await page.getByRole("heading", { level: 1, name: "The app cannot start" }).waitFor()
    const alert = page.getByRole("alert")
    expect(await alert.textContent()).toContain("This app was given a secret API key.")
    expect(await alert.textContent()).toContain("give it a publishable key (pubk_...)")
    expect(await page.title()).toBe("The app cannot start · Stelace Rentals")
    expect(await page.locator("body").textContent()).not.toContain(secretKey)
    await expectAccessible(page, "the page of an app that cannot start")
    expect(apiRequests).toEqual([])
    expect(unexpected(problems)).toEqual([])
    await page.context().close()
  })

  it("says so when its configuration is not JSON", async () => {
    const { page, apiRequests } = await openWithConfig("{apiKey:")
    await page.getByRole("heading", { level: 1, name: "The app cannot start" }).waitFor()
    expect(await page.getByRole("alert").textContent()).toContain("is not valid JSON")
    expect(apiRequests).toEqual([])
    await page.context().close()
  })

  it("boots with the publishable key, the page rewritten the same way", async () => {
    const { page, problems } = await openWithConfig(JSON.stringify({ apiUrl: app.apiUrl, apiKey: "pubk_test_LocalStelacePublicKey0001" }))
    await page.getByRole("heading", { level: 1, name: "Rent what you need, from people nearby" }).waitFor()
    await page.getByRole("link", { name: "Sea kayak" }).waitFor()
    expect(unexpected(problems)).toEqual([])
    await page.context().close()
  })
})
