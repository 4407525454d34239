/**
 * Every page of the demo in one walk, in whatever language and on whatever screen the page's
 * context has: it moves by addresses and by the links' targets, never by their words, so the same
 * walk checks the English and the French app. `check` runs on each page once it has loaded.
 */
import type { Page } from "playwright-core"
import { expect } from "vitest"

/** Waits for the page's heading and for its loading messages to go. */
const settled = async (page: Page) => {
  await page.locator("main h1").first().waitFor({ state: "visible", timeout: 15_000 })
  await expect.poll(() => page.locator("main .loading").count(), { timeout: 15_000 }).toBe(0)
}

const open = async (page: Page, appUrl: string, path: string) => {
  await page.goto(new URL(path, appUrl).href)
  await settled(page)
}

/** The address of the first link whose target starts with `prefix` (and is not `except`). */
const firstLink = async (page: Page, prefix: string, except?: string) => {
  const links = page.locator(`main a[href^="${prefix}"]${except ? `:not([href="${except}"])` : ""}`)
  await links.first().waitFor({ state: "visible", timeout: 15_000 })
  return (await links.first().getAttribute("href"))!
}

/** Visits every page, as a visitor, then as Alice (an owner, who also books and asks). */
export const visitEveryPage = async (page: Page, appUrl: string, check: (what: string) => Promise<void>) => {
  const visit = async (path: string, what: string) => {
    await open(page, appUrl, path)
    await check(what)
  }
  await visit("/", "the home page")
  await visit("/search?query=kayak", "the search page")
  const listing = await firstLink(page, "/listings/")
  await visit(listing, "a listing, for a visitor")
  await visit(await firstLink(page, "/users/"), "a profile")
  await visit("/login", "the login page")
  await visit("/signup", "the sign-up page")
  await visit("/forgot-password", "the forgotten password page")
  await visit("/reset-password?token=an-expired-link", "a reset link's page")
  await visit("/no-such-page", "the page of an unknown address")

  await open(page, appUrl, "/login")
  await page.locator("main input[name=email]").fill("alice@example.com")
  await page.locator("main input[name=password]").fill("alice-password")
  await page.locator("main form button[type=submit]").click()
  await page.waitForURL((url) => url.pathname === "/")
  await visit("/listings/new", "the new listing form")
  await visit("/my-listings", "my listings")
  const own = await firstLink(page, "/listings/", "/listings/new")
  await visit(own, "an owner's listing")
  await visit(`${own}/edit`, "the listing editor")
  await visit("/requests", "my requests")
  await visit(await firstLink(page, "/bookings/"), "a booking")
  await visit("/bookings", "my bookings")
  await visit("/account", "the account page")
  await visit("/search?query=tent", "the search page with results")
  await visit(await firstLink(page, "/listings/"), "a listing, with its calendar")
  const ask = page.locator("section[aria-labelledby=ask-title]")
  await ask.locator("textarea").fill("Is it easy to pitch?")
  await ask.locator("button[type=submit]").click()
  await page.waitForURL((url) => url.pathname.startsWith("/inbox/"))
  await settled(page)
  await check("a conversation")
  await visit("/inbox", "the inbox")
}
