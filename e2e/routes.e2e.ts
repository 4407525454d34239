/**
 * The router's own ways, in Chromium: a page whose code cannot be loaded (a chunk gone after a
 * deploy) says so inside the layout, in the visitor's language, and "Try again" loads it; a page
 * whose scripts all fail still says something; links load their page's code and data on intent;
 * what cannot be undone (declining a request, cancelling a booking) asks first; and a page's
 * headings follow its outline.
 */
import axe from "axe-core"
import type { Browser, Page } from "playwright-core"
import { describe, expect, it } from "vitest"
import { demo } from "../src/testing/seeds/demo.js"
import { expectAccessible, heading, newContext, newPage, useDemo, visible } from "./browser.js"
import type { Started } from "./server.js"

let app: Started
let browser: Browser

useDemo((started) => {
  ;({ app, browser } = started)
})

/**
 * Refuses, once `refusing()` says so, the scripts the page has not loaded yet: what an open tab
 * meets after a deploy removed the chunks it was built with.
 */
const refuseNewScripts = async (page: Page) => {
  const loaded = new Set<string>()
  let refusing = false
  await page.route(/\/assets\/[\w-]+\.js$/, (route) => {
    const path = new URL(route.request().url()).pathname
    if (refusing && !loaded.has(path)) return route.abort()
    loaded.add(path)
    return route.continue()
  })
  return {
    refuse: (on: boolean) => {
      refusing = on
    }
  }
}

const texts = {
  en: { logIn: "Log in", failed: "This page could not be shown", why: "This page could not be loaded. Check your connection, then try again.", retry: "Try again" },
  fr: {
    logIn: "Se connecter",
    failed: "Cette page n’a pas pu s’afficher",
    why: "Cette page n’a pas pu être chargée. Vérifiez votre connexion, puis réessayez.",
    retry: "Réessayer"
  }
} as const

describe("a page whose code cannot be loaded", () => {
  for (const [language, text] of Object.entries(texts)) {
    it(`says so under the header, in ${language === "en" ? "English" : "French"}, and shows once "Try again" can load it`, async () => {
      const { page } = await newPage(await newContext(browser, { locale: language === "en" ? "en-GB" : "fr-FR" }))
      const scripts = await refuseNewScripts(page)
      await page.goto(app.appUrl!)
      await visible(page.locator("main h1"))
      scripts.refuse(true)
      await page.getByRole("banner").getByRole("link", { name: text.logIn }).click()
      await visible(heading(page, text.failed))
      await visible(page.getByRole("alert").getByText(text.why))
      // the header is still there, and the page's title says what happened
      await visible(page.getByRole("banner").getByRole("link", { name: text.logIn }))
      expect(await page.title()).toBe(`${text.failed} · Stelace Rentals`)
      await expectAccessible(page, `a page that failed to load, in ${language}`)
      scripts.refuse(false)
      await page.getByRole("button", { name: text.retry }).click()
      await visible(heading(page, text.logIn))
      await page.context().close()
    })
  }

  it("still says something when none of the app's scripts load", async () => {
    const { page } = await newPage(await newContext(browser))
    await page.route(/\.js$/, (route) => route.abort())
    await page.goto(app.appUrl!)
    await visible(page.getByText("The app could not load. Check your connection, then reload the page."), 20_000)
    await visible(page.getByText("L’application n’a pas pu se charger. Vérifiez votre connexion, puis rechargez la page."))
    await page.context().close()
  })
})

describe("links", () => {
  it("load their page's code and data when the visitor shows intent, before the click", async () => {
    const { page } = await newPage(await newContext(browser))
    await page.goto(app.appUrl!)
    const link = page.getByRole("link", { name: "Sea kayak" })
    await visible(link)
    const data = page.waitForRequest((request) => new URL(request.url()).pathname === `/assets/${demo.assets.kayak}`)
    const code = page.waitForRequest((request) => /\/assets\/ListingPage-[\w-]+\.js$/.test(request.url()))
    await link.hover()
    await Promise.all([data, code])
    await link.click()
    await visible(heading(page, "Sea kayak"))
    await page.context().close()
  })
})

const api = (path: string, body: unknown, token: string) =>
  fetch(new URL(path, app.apiUrl), {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}`, "x-api-key": demo.publishableApiKey },
    body: JSON.stringify(body)
  }).then((response) => response.json() as Promise<{ id: string; accessToken: string }>)

/** A booking request David sends for Alice's kayak, `days` from now. */
const requestKayak = async (days: number) => {
  const login = await fetch(new URL("/auth/login", app.apiUrl), {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Basic ${btoa(`${demo.publishableApiKey}:`)}` },
    body: JSON.stringify({ username: demo.users.david.username, password: demo.users.david.password })
  }).then((response) => response.json() as Promise<{ accessToken: string }>)
  const day = (offset: number) => new Date(Date.UTC(2031, 0, 1) + (days + offset) * 86_400_000).toISOString()
  const booking = await api("/transactions", { assetId: demo.assets.kayak, startDate: day(0), endDate: day(2) }, login.accessToken)
  await api(`/transactions/${booking.id}/transitions`, { name: "confirmAndPay" }, login.accessToken)
  return booking.id
}

const logIn = async (page: Page, email: string, password: string) => {
  await page.goto(new URL("/login", app.appUrl).href)
  await page.getByLabel("Email").fill(email)
  await page.getByLabel("Password").fill(password)
  await page.getByRole("button", { name: "Log in" }).click()
  await visible(page.getByText(/^Logged in as /))
}

describe("what cannot be undone", () => {
  it("asks first: an owner declines a request only once they confirm, and a taker cancels the same way", async () => {
    const first = await requestKayak(0)
    const { page, problems } = await newPage(await newContext(browser))
    await logIn(page, "alice@example.com", "alice-password")
    await page.goto(new URL(`/bookings/${first}`, app.appUrl).href)
    await visible(heading(page, "Request for Sea kayak"))
    await page.getByRole("button", { name: "Decline" }).click()
    const dialog = page.getByRole("dialog", { name: "Decline the request for Sea kayak?" })
    await visible(dialog)
    await expectAccessible(page, "the question before declining")
    // Cancel leaves it as it was
    await dialog.getByRole("button", { name: "Cancel" }).click()
    await expect.poll(() => dialog.count()).toBe(0)
    await visible(page.getByText("Waiting for the owner", { exact: true }))
    await page.getByRole("button", { name: "Decline" }).click()
    await dialog.getByRole("button", { name: "Decline" }).click()
    await visible(page.getByRole("status").getByText("Booking declined."))
    await visible(page.getByText("Declined", { exact: true }))
    await page.context().close()

    const second = await requestKayak(10)
    const taker = await newPage(await newContext(browser))
    await logIn(taker.page, "david@example.com", "david-password")
    await taker.page.goto(new URL(`/bookings/${second}`, app.appUrl).href)
    await visible(heading(taker.page, "Your booking of Sea kayak"))
    await taker.page.getByRole("button", { name: "Cancel booking" }).click()
    const question = taker.page.getByRole("dialog", { name: "Cancel your booking of Sea kayak?" })
    await question.getByRole("button", { name: "Cancel booking" }).click()
    await visible(taker.page.getByRole("status").getByText("Booking cancelled."))
    expect(problems.filter((problem) => !problem.includes("status of 404"))).toEqual([])
  })
})

describe("a page's headings", () => {
  it("follow its outline on My listings, whose cards come right under its heading", async () => {
    const { page } = await newPage(await newContext(browser))
    await logIn(page, "alice@example.com", "alice-password")
    await page.goto(new URL("/my-listings", app.appUrl).href)
    await visible(heading(page, "My listings"))
    await visible(page.getByRole("article").first())
    // heading-order is a moderate rule, which the suite's axe check (serious and critical) leaves out
    await page.evaluate(axe.source)
    const violations = await page.evaluate(async () => {
      const result = await (window as unknown as { axe: typeof axe }).axe.run(document, { runOnly: ["heading-order"] })
      return result.violations.map((violation) => violation.nodes.map((node) => node.target.join(" ")))
    })
    expect(violations).toEqual([])
    expect(await page.getByRole("heading", { level: 2, name: "Sea kayak" }).count()).toBe(1)
    await page.context().close()
  })
})
