/**
 * The SDK itself in a real Chromium, where only a browser can tell: the fetch transport's answers
 * to a redirect (which browsers hide from scripts as an opaque response of status 0) and to a
 * normal call. The page and the API share one origin, a local server of this test; a second
 * server stands for another host and must never be reached.
 */
import { build } from "esbuild"
import { once } from "node:events"
import * as http from "node:http"
import type { AddressInfo } from "node:net"
import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { launch, newContext, newPage, unexpected } from "./browser.js"
import { root } from "./server.js"

let browser: Browser
let api: http.Server
let other: http.Server
let otherHits = 0
let origin = ""

const listen = async (server: http.Server) => {
  server.listen(0, "127.0.0.1")
  await once(server, "listening")
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

beforeAll(async () => {
  const bundle = await build({
    stdin: {
      contents: `import { createInstance } from "./src/index.ts"; window.createInstance = createInstance`,
      resolveDir: root,
      loader: "ts"
    },
    bundle: true,
    format: "iife",
    platform: "browser",
    write: false,
    logLevel: "error"
  })
  const script = bundle.outputFiles[0].text
  other = http.createServer((_request, response) => {
    otherHits++
    response.end("{}")
  })
  const elsewhere = await listen(other)
  api = http.createServer((request, response) => {
    if (request.url === "/") {
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" })
      response.end(`<!doctype html><html lang="en"><head><title>SDK</title><script>${script}</script></head><body></body></html>`)
    } else if (request.url === "/moved") {
      response.writeHead(302, { location: `${elsewhere}/collect` })
      response.end()
    } else {
      response.writeHead(200, { "content-type": "application/json", "x-request-id": "req_1" })
      response.end(JSON.stringify({ results: [{ id: "ast_1" }], nbResults: 1, nbPages: 1, page: 1, nbResultsPerPage: 20 }))
    }
  })
  origin = await listen(api)
  browser = await launch()
}, 120_000)

afterAll(async () => {
  await browser?.close()
  api?.close()
  other?.close()
})

/** Runs `f` in a page of the API's origin, with `createInstance` on `window`, pointed at it. */
const inPage = async <A>(f: (port: number) => Promise<A>): Promise<{ result: A; problems: Array<string> }> => {
  const context = await newContext(browser)
  try {
    const { page, problems } = await newPage(context)
    await page.goto(origin)
    const result = await page.evaluate(f, Number(new URL(origin).port))
    return { result, problems }
  } finally {
    await context.close()
  }
}

describe("the SDK in Chromium (fetch transport)", () => {
  it("makes a call and shapes its result", async () => {
    const { result, problems } = await inPage(async (port) => {
      const stelace = (window as any).createInstance({ apiKey: "pubk_test_wakWA41rBTUXs1Y5pNRjeY5o" })
      stelace.setHost("127.0.0.1", port, "http")
      const assets = await stelace.assets.list()
      return { ids: assets.map((asset: { id: string }) => asset.id), meta: assets.paginationMeta, requestId: assets.lastResponse.requestId }
    })
    expect(result).toEqual({ ids: ["ast_1"], meta: { nbResults: 1, nbPages: 1, page: 1, nbResultsPerPage: 20 }, requestId: "req_1" })
    expect(unexpected(problems)).toEqual([])
  })

  it("fails a redirect with NetworkError reason Redirect, and never follows it to the other host", async () => {
    const { result } = await inPage(async (port) => {
      const stelace = (window as any).createInstance({ apiKey: "pubk_test_wakWA41rBTUXs1Y5pNRjeY5o" })
      stelace.setHost("127.0.0.1", port, "http")
      const error = await stelace.forward.get("/moved").catch((e: any) => e)
      return { tag: error._tag, reason: error.reason, message: error.message, statusCode: error.statusCode }
    })
    expect(result).toEqual({
      tag: "NetworkError",
      reason: { _tag: "Redirect" },
      message: `Network Error: a redirect, which the SDK does not follow on GET ${origin}/moved`,
      statusCode: undefined
    })
    expect(otherHits).toBe(0)
  })
})
