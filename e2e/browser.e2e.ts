/**
 * The e2e browser is a user's Chromium where it matters to the app: the same-origin policy and
 * CORS hold (a page cannot read another origin's answer unless that origin allows it, nor another
 * origin's frame), and each site gets its own renderer process. If `e2e/browser.ts` launched it
 * with `--disable-web-security` or `--single-process` again, these tests would fail.
 */
import { once } from "node:events"
import * as http from "node:http"
import type { AddressInfo } from "node:net"
import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { launch, newContext } from "./browser.js"

let browser: Browser
let page: http.Server
let other: http.Server
let pageOrigin = ""
let otherOrigin = ""
const otherHits: Array<string> = []

const listen = async (server: http.Server) => {
  server.listen(0, "127.0.0.1")
  await once(server, "listening")
  return (server.address() as AddressInfo).port
}

beforeAll(async () => {
  page = http.createServer((request, response) => {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(`<!doctype html><title>${request.url}</title><p>page</p>`)
  })
  // another origin (another port, as the demo's API is): it answers, without CORS headers except
  // on /allowed, where it allows any origin
  other = http.createServer((request, response) => {
    otherHits.push(request.url ?? "")
    const headers: Record<string, string> = { "content-type": "text/html; charset=utf-8" }
    if (request.url === "/allowed") headers["access-control-allow-origin"] = "*"
    response.writeHead(200, headers).end("<!doctype html><title>other</title><p>secret of the other origin</p>")
  })
  const [pagePort, otherPort] = await Promise.all([listen(page), listen(other)])
  pageOrigin = `http://127.0.0.1:${pagePort}`
  otherOrigin = `http://127.0.0.1:${otherPort}`
  browser = await launch()
})

afterAll(async () => {
  await browser?.close()
  page?.close()
  other?.close()
})

describe("the e2e browser", () => {
  it("refuses a page the answer of another origin that sends no CORS headers", async () => {
    const context = await newContext(browser)
    const tab = await context.newPage()
    await tab.goto(`${pageOrigin}/`)
    const read = (url: string) =>
      tab.evaluate(async (url) => {
        try {
          return { text: await (await fetch(url)).text() }
        } catch (error) {
          return { error: `${(error as Error).name}: ${(error as Error).message}` }
        }
      }, url)

    expect(await read(`${otherOrigin}/denied`)).toEqual({ error: "TypeError: Failed to fetch" })
    // the request went out (a simple GET is sent); only its answer is withheld from the page
    expect(otherHits).toContain("/denied")
    // the same server, allowing the page's origin: the refusal above was CORS, not the network
    expect(await read(`${otherOrigin}/allowed`)).toEqual({ text: expect.stringContaining("secret of the other origin") })
    await context.close()
  })

  it("keeps another origin's frame out of the page's reach", async () => {
    const context = await newContext(browser)
    const tab = await context.newPage()
    await tab.goto(`${pageOrigin}/`)
    const outcome = await tab.evaluate(async (url) => {
      const frame = document.createElement("iframe")
      frame.src = url
      await new Promise((resolve) => {
        frame.onload = resolve
        document.body.append(frame)
      })
      try {
        return frame.contentDocument?.body.textContent ?? "no document"
      } catch (error) {
        return `${(error as Error).name}`
      }
    }, `${otherOrigin}/framed`)
    // Chromium gives no document to a script of another origin
    expect(outcome).toBe("no document")
    await context.close()
  })

  it("runs each site in its own renderer process", async () => {
    const context = await newContext(browser)
    const first = await context.newPage()
    const second = await context.newPage()
    await first.goto(`${pageOrigin}/`)
    // localhost and 127.0.0.1 are two sites
    await second.goto(`${pageOrigin.replace("127.0.0.1", "localhost")}/`)
    const session = await browser.newBrowserCDPSession()
    const { processInfo } = (await session.send("SystemInfo.getProcessInfo")) as { processInfo: Array<{ type: string; id: number }> }
    await session.detach()
    expect(processInfo.filter((info) => info.type === "renderer").length).toBeGreaterThanOrEqual(2)
    await context.close()
  })
})
