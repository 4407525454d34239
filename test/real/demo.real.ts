/**
 * The demo marketplace against the real Stelace server, in Chromium: `npm start -- --api-url
 * --publishable-key` serves the app alone, pointed at that server, and two people who sign up
 * there take a listing from publication to a rating, with data this test creates (unique names:
 * the server is shared). The server runs without Elasticsearch, so the search page says search is
 * unavailable and lists the listings instead. A member who forgot their password asks for a link;
 * the server records its token in a `password__reset_requested` event, which this test reads with
 * the secret key as a platform's email workflow would, and the link's page sets a new password.
 */
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { expectAccessible, launch, newContext, newPage, unexpected } from "../../e2e/browser.js"
import { type Started, start } from "../../e2e/server.js"
import { realServer } from "./server.js"
import { runId } from "./support.js"

const server = realServer()
const run = runId()
let app: Started
let browser: Browser

/** Creates platform data with the secret key, as an operator would before opening the marketplace. */
const admin = async (path: string, body: unknown) => {
  const response = await fetch(new URL(path, server.url), {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Basic ${btoa(`${server.secretApiKey}:`)}` },
    body: JSON.stringify(body)
  })
  expect(response.status, `POST ${path}`).toBe(200)
  return response.json() as Promise<{ id: string; name: string }>
}

let categoryName: string

beforeAll(async () => {
  await admin("/asset-types", { name: `Daily rental ${run}`, timeBased: true, infiniteStock: false })
  categoryName = (await admin("/categories", { name: `Boats ${run}` })).name
  ;[app, browser] = await Promise.all([
    start(["--port", "0", "--api-url", server.url, "--publishable-key", server.publishableApiKey], { timeout: 110_000 }),
    launch()
  ])
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await app?.stop()
})

/** Waits for `locator`; when it never shows, the failure says what the page showed instead (its address and main text). */
const visible = (locator: ReturnType<Page["locator"]>, timeout = 20_000) =>
  locator.waitFor({ state: "visible", timeout }).catch(async (error: unknown) => {
    const page = locator.page()
    const shown = (await page.locator("main").textContent({ timeout: 1_000 }).catch(() => null)) ?? "(no main element)"
    throw new Error(`Not visible after ${timeout} ms on ${page.url()}; the page showed: ${shown.slice(0, 600)}`, { cause: error })
  })
const heading = (page: Page, name: string) => page.getByRole("heading", { level: 1, name, exact: true })
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

const signUp = async (page: Page, name: string, email: string) => {
  await page.goto(new URL("/signup", app.appUrl).href)
  await visible(heading(page, "Sign up"))
  await page.getByLabel("Name").fill(name)
  await page.getByLabel("Email").fill(email)
  await page.getByLabel("Password").fill(`${run}-password`)
  await page.getByRole("button", { name: "Sign up" }).click()
  await visible(page.getByText(`Logged in as ${name}`))
}

describe("the demo marketplace on a real Stelace server", () => {
  it("serves the app against that server: no local backend, its publishable key", () => {
    expect(app.apiUrl).toBe(server.url)
    expect(app.output()).toContain("no local backend started")
  })

  it("takes two people who sign up there from a listing to a booking, an acceptance, a message and a rating", async () => {
    const owner = await newPage(await newContext(browser))
    const taker = await newPage(await newContext(browser))
    const ownerName = `Olivia ${run}`
    const takerName = `Tom ${run}`
    const listing = `Kayak ${run}`

    await signUp(owner.page, ownerName, `olivia-${run}@example.com`)
    await owner.page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "List an item" }).click()
    await visible(heading(owner.page, "List an item"))
    await owner.page.getByLabel("Name").fill(listing)
    await owner.page.getByLabel("Category").selectOption({ label: categoryName })
    await owner.page.getByLabel("Price per day, in euros").fill("30")
    await owner.page.getByLabel("Description").fill("A sit-on-top kayak for two.")
    await owner.page.getByRole("button", { name: "Publish listing" }).click()
    await visible(heading(owner.page, listing))

    // the taker looks for it: the server cannot search, and the page says so and lists instead
    await signUp(taker.page, takerName, `tom-${run}@example.com`)
    await taker.page.goto(new URL(`/search?query=${encodeURIComponent(listing)}`, app.appUrl).href)
    await visible(taker.page.getByText("Search is not available on this server"), 30_000)
    await expectAccessible(taker.page, "the search page without a search engine")
    await taker.page.getByRole("link", { name: listing }).click()
    await visible(heading(taker.page, listing))
    await taker.page.getByLabel("Start date").fill(day(20))
    await taker.page.getByLabel("End date").fill(day(23))
    await visible(taker.page.getByText("€30 × 3 days")).catch(async (error: unknown) => {
      // what the page said instead (a refusal of the server, in words), for whoever reads the failure
      throw new Error(`No price preview; the booking panel read: ${await taker.page.locator("aside").textContent()}`, { cause: error })
    })
    await taker.page.getByRole("button", { name: "Request booking" }).click()
    await visible(heading(taker.page, `Your booking of ${listing}`))
    await taker.page.getByLabel("Message").fill("Hello, can I pick it up at 10?")
    await taker.page.getByRole("button", { name: "Send" }).click()
    await visible(taker.page.getByText("Hello, can I pick it up at 10?"))

    // the owner accepts from her requests and reads the message there
    await owner.page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "My requests" }).click()
    await visible(heading(owner.page, "My requests"))
    const request = owner.page.getByRole("listitem").filter({ has: owner.page.getByRole("heading", { name: listing }) })
    await request.getByRole("button", { name: "Accept" }).click()
    await visible(request.getByText("Accepted", { exact: true }))
    await request.getByRole("link", { name: listing }).click()
    await visible(owner.page.getByText("Hello, can I pick it up at 10?"))

    // the taker sees the acceptance and rates the owner
    await visible(taker.page.getByText("Accepted", { exact: true }), 20_000)
    await taker.page.getByLabel("5 stars").check()
    await taker.page.getByLabel("Comment").fill("Great kayak.")
    await taker.page.getByRole("button", { name: "Submit rating" }).click()
    await visible(taker.page.getByText(`You rated ${ownerName}`))

    // her profile, from the listing, shows the rating from the server's rating stats
    await taker.page.getByRole("link", { name: listing }).last().click()
    await visible(heading(taker.page, listing))
    await taker.page.getByRole("link", { name: ownerName }).click()
    await visible(heading(taker.page, ownerName))
    // under the load of the other files the page may have read the stats before the rating counted:
    // the reader reloads, as a visitor would
    const average = taker.page.getByRole("region", { name: "Ratings" }).getByText("5 out of 5 (1 rating)")
    await expect.poll(async () => {
      if (await average.isVisible()) return true
      await taker.page.reload()
      return average.waitFor({ state: "visible", timeout: 3000 }).then(() => true, () => false)
    }, { timeout: 20_000, interval: 0 }).toBe(true)
    await expectAccessible(taker.page, "a profile on the real server")
    expect(unexpected(owner.problems)).toEqual([])
    expect(unexpected(taker.problems, [500])).toEqual([])
  }, 180_000)

  it("resets a forgotten password with the link of the server's password__reset_requested event", async () => {
    const { page, problems } = await newPage(await newContext(browser))
    const email = `rita-${run}@example.com`
    await signUp(page, `Rita ${run}`, email)
    await page.getByRole("button", { name: "Log out" }).click()
    await page.goto(new URL("/login", app.appUrl).href)
    await page.getByRole("link", { name: "Forgot your password?" }).click()
    await visible(heading(page, "Reset your password"))
    await page.getByLabel("Email").fill(email)
    await page.getByRole("button", { name: "Send the link" }).click()
    await visible(page.getByText(`If an account uses ${email}, a link to choose a new password is on its way. It works for 10 minutes.`))
    // against another server, the app does not say the link is in a terminal
    expect(await page.getByText("This demo sends no email").count()).toBe(0)

    // what a platform's email workflow does: read the event's token, and link to the app's page
    let resetToken: string | undefined
    await expect.poll(async () => {
      const response = await fetch(new URL("/events?type=password__reset_requested&nbResultsPerPage=100", server.url), {
        headers: { authorization: `Basic ${btoa(`${server.secretApiKey}:`)}` }
      })
      const events = (await response.json()) as { results: Array<{ object?: { username?: string }; metadata: { resetToken: string } }> }
      resetToken = events.results.find((event) => event.object?.username === email)?.metadata.resetToken
      return resetToken
    }, { timeout: 10_000 }).toBeDefined()
    await page.goto(new URL(`/reset-password?token=${encodeURIComponent(resetToken!)}`, app.appUrl).href)
    await visible(heading(page, "Choose a new password"))
    await page.getByLabel("New password", { exact: true }).fill(`${run}-new-password`)
    await page.getByLabel("Confirm new password").fill(`${run}-new-password`)
    await page.getByRole("button", { name: "Set the new password" }).click()
    await visible(page.getByRole("status").getByText("Your password is changed. Log in with it."))
    await page.getByRole("status").getByRole("link", { name: "Log in" }).click()
    await page.getByLabel("Email").fill(email)
    await page.getByLabel("Password").fill(`${run}-new-password`)
    await page.getByRole("button", { name: "Log in" }).click()
    await visible(page.getByText(`Logged in as Rita ${run}`))
    expect(unexpected(problems)).toEqual([])
  }, 120_000)
})
