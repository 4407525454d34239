/**
 * A page's first data is asked for beside its code, not after it: the route's loader starts the
 * queries the page shows first while the page's chunk loads, and the page then reads them through
 * its hooks with the same keys, so each is asked for once. Shown by holding a page's chunk until
 * its data has been asked for: a page that only asks once its code has run would never show.
 * The signal socket is kept closed: once live, the app reads messages and bookings again on
 * purpose (its catch-up), which these counts leave out.
 */
import type { Browser, Page, Route } from "playwright-core"
import { describe, expect, it } from "vitest"
import { demo } from "../src/testing/seeds/demo.js"
import { newContext, newPage, unexpected, useDemo, visible } from "./browser.js"
import type { Started } from "./server.js"

let app: Started
let browser: Browser

useDemo((demo) => {
  ;({ app, browser } = demo)
})

/** The API's GET requests a page sends, by path. */
const apiReads = (page: Page) => {
  const seen: Array<string> = []
  const api = new URL(app.apiUrl).host
  page.on("request", (request) => {
    const url = new URL(request.url())
    if (url.host === api && request.method() === "GET") seen.push(url.pathname)
  })
  return seen
}

/**
 * Holds the chunk of `pageName` (`ListingPage-<hash>.js`) until the page has asked the API for
 * `path`; fails if it never does within 5 s.
 */
const holdChunkUntil = async (page: Page, pageName: string, reads: Array<string>, path: string) => {
  const released: Array<boolean> = []
  await page.route(new RegExp(`/assets/${pageName}-[\\w-]+\\.js$`), async (route: Route) => {
    await expect.poll(() => reads.includes(path), { timeout: 5_000 }).toBe(true)
    released.push(true)
    await route.continue()
  })
  return released
}

/** A page in a context whose signal socket never connects. */
const pageWithoutSignal = async () => {
  const opened = await newPage(await newContext(browser))
  await opened.page.context().routeWebSocket(/\/signal\//, (socket) => void socket.close())
  return opened
}

const logIn = async (page: Page) => {
  await page.goto(new URL("/login", app.appUrl).href)
  await page.getByLabel("Email").fill("chloe@example.com")
  await page.getByLabel("Password").fill("chloe-password")
  await page.getByRole("button", { name: "Log in" }).click()
  await visible(page.getByText("Logged in as Chloé"))
}

describe("a page's first data", () => {
  it("is asked for while a listing's code loads, once, whether or not the visitor is logged in", async () => {
    for (const logged of [false, true]) {
      const { page, problems } = await pageWithoutSignal()
      if (logged) await logIn(page)
      const reads = apiReads(page)
      const path = `/assets/${demo.assets.tesla}`
      const released = await holdChunkUntil(page, "ListingPage", reads, path)
      await page.goto(new URL(path.replace("/assets/", "/listings/"), app.appUrl).href)
      await visible(page.getByRole("heading", { level: 1, name: "Tesla Model 3" }))
      expect(released).toEqual([true])
      expect(reads.filter((read) => read === path)).toEqual([path])
      expect(reads.filter((read) => read === "/categories")).toHaveLength(1)
      expect(unexpected(problems)).toEqual([])
      await page.context().close()
    }
  })

  it("is asked for while the home page's code loads", async () => {
    const { page, problems } = await pageWithoutSignal()
    const reads = apiReads(page)
    const released = await holdChunkUntil(page, "HomePage", reads, "/assets")
    await page.goto(app.appUrl!)
    await visible(page.getByRole("heading", { level: 2, name: "Recently listed" }))
    expect(released).toEqual([true])
    expect(reads.filter((read) => read === "/assets")).toHaveLength(1)
    expect(unexpected(problems)).toEqual([])
  })

  it("of a booking is asked for while its code loads when the visitor is logged in, and not at all otherwise", async () => {
    const path = `/transactions/${demo.transactions.teslaBooking}`
    const visitor = await pageWithoutSignal()
    const visitorReads = apiReads(visitor.page)
    await visitor.page.goto(new URL(`/bookings/${demo.transactions.teslaBooking}`, app.appUrl).href)
    await visible(visitor.page.getByText("Log in to see this page."))
    expect(visitorReads).not.toContain(path)
    expect(unexpected(visitor.problems)).toEqual([])

    const { page, problems } = await pageWithoutSignal()
    await logIn(page)
    const reads = apiReads(page)
    const released = await holdChunkUntil(page, "BookingPage", reads, path)
    await page.goto(new URL(`/bookings/${demo.transactions.teslaBooking}`, app.appUrl).href)
    await visible(page.getByRole("heading", { level: 1, name: "Your booking of Tesla Model 3" }))
    expect(released).toEqual([true])
    expect(reads.filter((read) => read === path)).toEqual([path])
    expect(unexpected(problems)).toEqual([])
  })
})
