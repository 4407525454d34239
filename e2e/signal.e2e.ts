/**
 * Real-time in the demo, two people in two browsers: a booking request, a message and an
 * acceptance each show up in the other person's open page within a second, without a reload, and
 * an open booking page makes no REST request while nothing happens (no polling). A message written
 * before the page's socket listened shows as soon as it does.
 */
import type { Browser, Locator, Page } from "playwright-core"
import { describe, expect, it } from "vitest"
import { logInAs, newContext, newPage, unexpected, useDemo, visible } from "./browser.js"
import type { Started } from "./server.js"

let app: Started
let browser: Browser

useDemo((demo) => {
  ;({ app, browser } = demo)
})

/** Within a second of the sender's own page showing the change. */
const live = (locator: Locator) => visible(locator, 1_000)

const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

const logIn = async (page: Page, email: string, password: string, name: string) => {
  await logInAs(page, app.appUrl!, email, password, name)
  await visible(page.getByRole("status").filter({ hasText: "Live" }))
}

/** The REST requests a page sends to the API (the signal socket aside). */
const apiRequests = (page: Page) => {
  const seen: Array<string> = []
  const api = new URL(app.apiUrl).host
  page.on("request", (request) => {
    const url = new URL(request.url())
    if (url.host === api && !url.pathname.startsWith("/signal/")) seen.push(`${request.method()} ${url.pathname}`)
  })
  return seen
}

describe("real-time in the demo", () => {
  it("shows the other person's request, message and answer live, and polls nothing while idle", async () => {
    const owner = await newPage(await newContext(browser))
    const taker = await newPage(await newContext(browser))

    // Alice watches her requests; Chloé books the kayak
    await logIn(owner.page, "alice@example.com", "alice-password", "Alice")
    await owner.page.getByRole("link", { name: "My requests" }).click()
    await visible(owner.page.getByRole("heading", { level: 1, name: "My requests" }))
    await logIn(taker.page, "chloe@example.com", "chloe-password", "Chloé")
    await taker.page.goto(new URL("/", app.appUrl).href)
    await taker.page.getByRole("link", { name: "Sea kayak" }).click()
    await taker.page.getByLabel("Start date").fill(day(30))
    await taker.page.getByLabel("End date").fill(day(32))
    await taker.page.getByRole("button", { name: "Request booking" }).click()
    await visible(taker.page.getByRole("heading", { level: 1, name: "Your booking of Sea kayak" }))
    const request = owner.page.getByRole("listitem").filter({ has: owner.page.getByRole("heading", { name: "Sea kayak" }) })
    await live(request.getByText("Waiting for the owner"))

    // both open the booking; Chloé writes, Alice sees it
    await owner.page.goto(taker.page.url())
    await visible(owner.page.getByRole("heading", { level: 1, name: "Request for Sea kayak" }))
    await taker.page.getByLabel("Message").fill("Hi Alice, is 9 am fine?")
    await taker.page.getByRole("button", { name: "Send" }).click()
    await visible(taker.page.getByText("Hi Alice, is 9 am fine?"))
    await live(owner.page.getByText("Hi Alice, is 9 am fine?"))

    // Alice accepts, Chloé sees it
    await owner.page.getByRole("button", { name: "Accept" }).click()
    await visible(owner.page.getByText("Booking accepted."))
    await live(taker.page.locator(".badge").filter({ hasText: /^Accepted/ }))

    // idle: Chloé's open booking page sends no REST request for 20 s
    const requests = apiRequests(taker.page)
    await new Promise((resolve) => setTimeout(resolve, 20_000))
    expect(requests).toEqual([])
    expect(unexpected(owner.problems)).toEqual([])
    expect(unexpected(taker.problems)).toEqual([])
  })

  it("shows a message written before the page's connection listened, as soon as it goes live", async () => {
    const owner = await newPage(await newContext(browser))
    const asker = await newPage(await newContext(browser))
    // Alice's network lets no socket through until told
    let held = true
    await owner.page.context().routeWebSocket(/\/signal\//, (socket) => {
      if (held) void socket.close()
      else socket.connectToServer()
    })
    await owner.page.goto(new URL("/login", app.appUrl).href)
    await owner.page.getByLabel("Email").fill("alice@example.com")
    await owner.page.getByLabel("Password").fill("alice-password")
    await owner.page.getByRole("button", { name: "Log in" }).click()
    await visible(owner.page.getByText("Logged in as Alice"))
    await owner.page.getByRole("link", { name: /^Inbox/ }).click()
    await visible(owner.page.getByRole("heading", { level: 1, name: "Inbox" }))

    // Bruno asks about Alice's kayak: his page signals her, and nobody hears it
    await logIn(asker.page, "bruno@example.com", "bruno-password", "Bruno")
    await asker.page.goto(new URL("/", app.appUrl).href)
    await asker.page.getByRole("link", { name: "Sea kayak" }).click()
    await asker.page.getByLabel("Message").fill("Is the kayak free on Sunday?")
    await asker.page.getByRole("button", { name: "Send" }).click()
    await visible(asker.page.getByText("Is the kayak free on Sunday?"))
    expect(await owner.page.getByText("Is the kayak free on Sunday?").count()).toBe(0)
    expect(await owner.page.getByRole("status").filter({ hasText: "Live" }).count()).toBe(0)

    held = false
    await visible(owner.page.getByRole("status").filter({ hasText: "Live" }))
    await live(owner.page.getByText("Is the kayak free on Sunday?"))
    expect(unexpected(asker.problems)).toEqual([])
  })
})
