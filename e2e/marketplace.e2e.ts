/**
 * The demo marketplace in Chromium, as `npm start` serves it: two people book, accept, talk and
 * rate, on desktops and on phones (390 × 844, by touch); sessions refresh unnoticed, end with a
 * login that keeps what was typed, and end in every tab at once. Every page is checked with
 * axe-core, and no page logs an error.
 */
import type { Browser, Locator, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type Device, expectAccessible, heading, newContext, newPage, phoneProblems, screenshot, unexpected, useDemo, visible } from "./browser.js"
import { type Started, start } from "./server.js"

/**
 * Access tokens live 36 s and the SDK refreshes 30 s before expiry: from 6 s after a login on.
 * That comes after the signal connection is live (2.5 s after it authenticates) and the page has
 * read its messages again, so a test that revokes the session meanwhile sees that read succeed.
 */
const ACCESS_TOKEN_TTL = 36

let app: Started
let browser: Browser

const shortTokens = ["--access-token-ttl", String(ACCESS_TOKEN_TTL)]
const startApp = () => start(["--port", "0", "--api-port", "0", ...shortTokens])

useDemo((demo) => {
  ;({ app, browser } = demo)
}, shortTokens)

const users = {
  alice: { email: "alice@example.com", password: "alice-password", name: "Alice" },
  bruno: { email: "bruno@example.com", password: "bruno-password", name: "Bruno" },
  chloe: { email: "chloe@example.com", password: "chloe-password", name: "Chloé" },
  david: { email: "david@example.com", password: "david-password", name: "David" }
} as const

interface User {
  readonly email: string
  readonly password: string
  readonly name: string
}

/** `YYYY-MM-DD`, `days` from today (UTC), as a date input takes it. */
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

/** Whether the page is a phone's: its header's links are behind the Menu button (once the header is there). */
const onPhone = async (page: Page) => {
  await page.getByRole("banner").waitFor({ state: "visible", timeout: 15_000 })
  return page.getByRole("button", { name: "Menu" }).isVisible()
}

/** A tap on a phone, a click elsewhere. */
const press = async (locator: Locator) => ((await onPhone(locator.page())) ? locator.tap() : locator.click())

/** A link of the header (through the Menu button on a phone). */
const headerLink = async (page: Page, name: string | RegExp) => {
  const menu = page.getByRole("button", { name: "Menu" })
  if ((await onPhone(page)) && (await menu.getAttribute("aria-expanded")) !== "true") await menu.tap()
  return page.getByRole("banner").getByRole("link", { name, exact: typeof name === "string" })
}

/** Waits until the header says the user is logged in (the menu opened to read it on a phone, then closed). */
const loggedInAs = async (page: Page, user: User) => {
  if (!(await onPhone(page))) return visible(page.getByText(`Logged in as ${user.name}`))
  const menu = page.getByRole("button", { name: "Menu" })
  await menu.tap()
  await visible(page.getByText(`Logged in as ${user.name}`))
  await menu.tap()
}

/** Opens the app and logs in through the header's link and the login page. */
const logIn = async (page: Page, user: User, path = "/", site = app) => {
  await page.goto(new URL(path, site.appUrl).href)
  await press(await headerLink(page, "Log in"))
  await visible(heading(page, "Log in"))
  await fillLogin(page, user)
  // the login page leads on once logged in (and a new page closes a phone's menu)
  await page.waitForURL((url) => url.pathname !== "/login")
  await loggedInAs(page, user)
}

/**
 * Chooses a booking's dates on the calendar by touch: the first day, then the last day the taker
 * has the listing (the day before `end`, when it goes back), moving to their month first.
 */
const tapDates = async (page: Page, start: string, end: string) => {
  const last = new Date(Date.parse(`${end}T00:00:00.000Z`) - 86_400_000).toISOString().slice(0, 10)
  for (const date of [start, last]) {
    const cell = page.locator(`[data-day="${date}"] button`)
    for (let month = 0; month < 3 && !(await cell.isVisible()); month++) await page.getByRole("button", { name: "Go to the Next Month" }).tap()
    await cell.tap()
  }
  await expect.poll(() => page.getByLabel("Start date").inputValue()).toBe(start)
  expect(await page.getByLabel("End date").inputValue()).toBe(end)
}

const fillLogin = async (scope: Page | Locator, user: User) => {
  await scope.getByLabel("Email").fill(user.email)
  await scope.getByLabel("Password").fill(user.password)
  await scope.getByRole("button", { name: "Log in" }).click()
}

/** The stored session of the page's origin (the SDK's localStorage key). */
const storedTokens = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem("stl-authtoken") ?? "null") as { accessToken: string; refreshToken: string } | null)

/** Seconds before the stored access token expires. */
const secondsLeft = (page: Page) =>
  page.evaluate(() => {
    const token = JSON.parse(localStorage.getItem("stl-authtoken") ?? "{}").accessToken as string
    const claims = JSON.parse(atob(token.split(".")[1]!.replace(/-/g, "+").replace(/_/g, "/")))
    return claims.exp - Date.now() / 1000
  })

/** Waits until the signal connection is live: the page then reads what it missed, with the session it has. */
const untilLive = (page: Page) => visible(page.getByRole("status").filter({ hasText: "Live" }))

/** Waits until the next call has to refresh the access token first. */
const untilRefreshIsDue = (page: Page) =>
  expect.poll(() => secondsLeft(page), { timeout: 15_000, interval: 250 }).toBeLessThan(29)

const api = (path: string, body: unknown, site = app) =>
  fetch(new URL(path, site.apiUrl), {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Basic ${btoa("pubk_test_LocalStelacePublicKey0001:")}` },
    body: JSON.stringify(body)
  }).then(async (response) => ({ status: response.status, body: await response.json() }))

/**
 * Chloé books Alice's kayak, from the home page to her rating, in two browsers: on desktops, and on
 * phones where everything is tapped (the dates too, on the calendar). Each screen has its own
 * backend, so each starts from the seed.
 */
describe.each(["desktop", "phone"] as const satisfies ReadonlyArray<Device>)("the booking flow on a %s", (device) => {
  let site: Started

  beforeAll(async () => {
    site = await startApp()
  })

  afterAll(async () => {
    await site?.stop()
  })

  it("takes a booking from search to rating, with two people in two browsers", async () => {
    const taker = await newPage(await newContext(browser, { device }))
    const owner = await newPage(await newContext(browser, { device }))
    const [start, end] = [day(20), day(23)]
    const shoot = async (page: Page, name: string) => {
      if (device === "desktop") await screenshot(page, name)
    }
    const phoneChecked = async (page: Page, what: string) => {
      if (device === "phone") expect(await phoneProblems(page), what).toEqual([])
      await expectAccessible(page, what)
    }

    // Chloé finds the kayak for her dates
    const page = taker.page
    await page.goto(site.appUrl!)
    await visible(page.getByRole("link", { name: "Sea kayak" }))
    await phoneChecked(page, "the home page")
    await shoot(page, "home")
    await logIn(page, users.chloe, "/", site)
    // the home page's search box leads to the search page, the words in its address
    await page.getByLabel("Search", { exact: true }).fill("kayak")
    await press(page.getByRole("button", { name: "Search", exact: true }))
    await visible(heading(page, "Search listings"))
    expect(new URL(page.url()).search).toBe("?query=kayak")
    await page.getByLabel("Start date").fill(start)
    await page.getByLabel("End date").fill(end)
    await press(page.getByRole("button", { name: "Search", exact: true }))
    await visible(page.getByText("Showing 1 of 1 listing"))
    await phoneChecked(page, "the search page")
    await press(page.getByRole("link", { name: "Sea kayak" }))
    await visible(heading(page, "Sea kayak"))
    await visible(page.getByText("No upcoming bookings"))
    expect(await page.title()).toBe("Sea kayak · Stelace Rentals")

    // she asks Alice a question first, which opens a conversation without a booking
    await page.getByRole("region", { name: "Ask a question" }).getByLabel("Message").fill("Is the kayak stable enough for beginners?")
    await press(page.getByRole("region", { name: "Ask a question" }).getByRole("button", { name: "Send" }))
    await visible(heading(page, "Conversation with Alice"))
    await visible(page.getByText("Is the kayak stable enough for beginners?"))
    await page.goBack()
    await visible(heading(page, "Sea kayak"))

    // the price comes from the API's preview of the booking
    const preview = await api("/transactions/preview", {
      assetId: new URL(page.url()).pathname.split("/").at(-1),
      startDate: `${start}T00:00:00.000Z`,
      endDate: `${end}T00:00:00.000Z`
    }, site)
    expect(preview.status).toBe(200)
    if (device === "phone") await tapDates(page, start, end)
    else {
      await page.getByLabel("Start date").fill(start)
      await page.getByLabel("End date").fill(end)
    }
    await visible(page.getByText("€30 × 3 days"))
    const total = page.locator(".price-breakdown dd.total")
    await visible(total)
    expect(await total.textContent()).toBe(`€${preview.body.takerAmount}`)
    await phoneChecked(page, "a listing")
    await (device === "phone" ? screenshot(page, "phone-listing") : screenshot(page, "listing"))

    // she asks, and writes to the owner
    await press(page.getByRole("button", { name: "Request booking" }))
    await visible(heading(page, "Your booking of Sea kayak"))
    await visible(page.getByText("Waiting for the owner"))
    await page.getByLabel("Message").fill("Hello Alice, can I pick the kayak up at 10?")
    await press(page.getByRole("button", { name: "Send" }))
    await visible(page.getByText("Hello Alice, can I pick the kayak up at 10?"))
    await expect.poll(() => page.getByLabel("Message").inputValue()).toBe("")

    // Alice finds the question and the booking's message in her inbox, unread
    await logIn(owner.page, users.alice, "/", site)
    // read in the header even while a phone's menu hides it
    const inboxLink = owner.page.getByRole("navigation", { name: "Main", includeHidden: true }).getByRole("link", { name: /^Inbox/, includeHidden: true })
    await expect.poll(() => inboxLink.textContent()).toMatch(/^Inbox \(\d+ unread\)$/)
    const unreadBefore = Number(/\((\d+) unread\)/.exec((await inboxLink.textContent())!)![1])
    await press(await headerLink(owner.page, /^Inbox/))
    await visible(heading(owner.page, "Inbox"))
    const question = owner.page.getByRole("listitem").filter({ hasText: "A question about a listing" }).filter({ hasText: "Sea kayak" })
    await visible(question.getByText("Is the kayak stable enough for beginners?"))
    await visible(owner.page.getByRole("listitem").filter({ hasText: "About a booking" }).getByText("Hello Alice, can I pick the kayak up at 10?"))
    await phoneChecked(owner.page, "the inbox")
    await shoot(owner.page, "inbox")
    // opening it marks it read (messages.update on the wire), and the header's count follows
    const markedRead = owner.page.waitForRequest((request) =>
      request.method() === "PATCH" && /\/messages\/msg_\w+$/.test(request.url()) && request.postData() === JSON.stringify({ read: true }))
    await press(question.getByRole("link"))
    await markedRead
    await visible(heading(owner.page, "Conversation with Chloé"))
    await expect.poll(() => inboxLink.textContent(), { timeout: 15_000 }).toBe(unreadBefore === 1 ? "Inbox" : `Inbox (${unreadBefore - 1} unread)`)
    await phoneChecked(owner.page, "a conversation")
    await owner.page.getByLabel("Message").fill("Yes, it's very stable. Happy to show you.")
    await press(owner.page.getByRole("button", { name: "Send" }))
    await visible(owner.page.getByText("Yes, it's very stable. Happy to show you."))

    // Alice accepts the request from her list
    await press(await headerLink(owner.page, "My requests"))
    await visible(heading(owner.page, "My requests"))
    const request = owner.page.getByRole("listitem").filter({ has: owner.page.getByRole("heading", { name: "Sea kayak" }) })
    await visible(request.getByText("Waiting for the owner"))
    await phoneChecked(owner.page, "the owner's requests")
    await press(request.getByRole("button", { name: "Accept" }))
    await visible(request.getByText("Accepted", { exact: true }))
    await shoot(owner.page, "requests")

    // and answers Chloé's message
    await press(request.getByRole("link", { name: "Sea kayak" }))
    await visible(heading(owner.page, "Request for Sea kayak"))
    await visible(owner.page.getByText("Hello Alice, can I pick the kayak up at 10?"))
    await owner.page.getByLabel("Message").fill("Sure, see you at 10 at the harbour.")
    await press(owner.page.getByRole("button", { name: "Send" }))
    await visible(owner.page.getByText("Sure, see you at 10 at the harbour."))

    // Chloé sees both without reloading, then rates Alice
    await visible(page.getByText("Accepted", { exact: true }))
    await visible(page.getByText("Sure, see you at 10 at the harbour."))
    await press(page.getByLabel("5 stars"))
    expect(await page.getByLabel("5 stars").isChecked()).toBe(true)
    await page.getByLabel("Comment").fill("Great kayak, and Alice was on time.")
    await press(page.getByRole("button", { name: "Submit rating" }))
    await visible(page.getByText("You rated Alice"))
    await phoneChecked(page, "a booking")
    await shoot(page, "booking")

    // the listing now shows the dates as booked, and the review
    await press(page.getByRole("link", { name: "Sea kayak" }).last())
    await visible(heading(page, "Sea kayak"))
    await visible(page.getByRole("region", { name: "Already booked" }).getByRole("listitem"))
    await visible(page.getByText("Great kayak, and Alice was on time."))

    // the home page's card of the kayak: its first photo, and its owner's rating, Alice's
    await press(await headerLink(page, "Home"))
    const card = page.getByRole("article").filter({ has: page.getByRole("link", { name: "Sea kayak" }) })
    await visible(card.getByText("5 out of 5 (1 rating)"))
    expect(await card.locator("img").first().getAttribute("src")).toMatch(/^data:image\/svg\+xml/)

    // the taker's own list
    await press(await headerLink(page, "My bookings"))
    await visible(heading(page, "My bookings"))
    // the new page's heading has the focus, for screen readers and keyboards
    expect(await page.evaluate(() => document.activeElement?.outerHTML)).toMatch(/^<h1[^>]*>My bookings<\/h1>$/)
    await visible(page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Sea kayak" }) }).getByText("Accepted"))
    await phoneChecked(page, "the taker's bookings")

    expect(unexpected(taker.problems)).toEqual([])
    expect(unexpected(owner.problems)).toEqual([])
  })
})

describe("the demo marketplace", () => {
  it("refreshes a short-lived access token without the user noticing", async () => {
    const { page, problems } = await newPage(await newContext(browser))
    await logIn(page, users.david)
    const before = await storedTokens(page)
    await untilRefreshIsDue(page)

    const refreshed = page.waitForResponse((response) => response.url().endsWith("/auth/token") && response.request().method() === "POST")
    await page.getByRole("link", { name: "My bookings" }).click()
    expect((await refreshed).status()).toBe(200)
    await visible(heading(page, "My bookings"))
    await visible(page.getByRole("heading", { name: "City e-bike" }))
    expect(await page.getByRole("dialog").count()).toBe(0)
    await visible(page.getByText("Logged in as David"))
    const after = await storedTokens(page)
    expect(after?.refreshToken).toBe(before?.refreshToken)
    expect(after?.accessToken).not.toBe(before?.accessToken)
    expect(unexpected(problems)).toEqual([])
  })

  it("asks to log in again when the session is over, and keeps what was typed", async () => {
    const { page, problems } = await newPage(await newContext(browser))
    await logIn(page, users.bruno)
    await page.getByRole("link", { name: "List an item" }).click()
    await visible(heading(page, "List an item"))
    await page.getByLabel("Name").fill("Folding camping table")
    await page.getByLabel("Category").selectOption({ label: "Outdoor › Camping" })
    await page.getByLabel("Price per day, in euros").fill("6")
    await page.getByLabel("Description").fill("Aluminium table for four, folds into a bag.")
    await expectAccessible(page, "the new listing form")

    // the session ends elsewhere: the refresh token is revoked
    await untilLive(page)
    const tokens = await storedTokens(page)
    expect((await api("/auth/logout", { refreshToken: tokens!.refreshToken })).status).toBe(200)
    await untilRefreshIsDue(page)

    await page.getByRole("button", { name: "Publish listing" }).click()
    const dialog = page.getByRole("dialog", { name: "Please log in again" })
    await visible(dialog)
    await visible(dialog.getByText("Your session has ended."))
    await expectAccessible(page, "the session-expired dialog")
    await fillLogin(dialog, users.bruno)
    await dialog.waitFor({ state: "hidden" })

    expect(await page.getByLabel("Name").inputValue()).toBe("Folding camping table")
    expect(await page.getByLabel("Description").inputValue()).toBe("Aluminium table for four, folds into a bag.")
    await page.getByRole("button", { name: "Publish listing" }).click()
    await visible(heading(page, "Folding camping table"))
    // the refusal of the revoked refresh token is the one failed request
    expect(unexpected(problems, [403])).toEqual([])
  })

  it("keeps a message draft through an expired session on a page that no longer polls", async () => {
    const { page, problems } = await newPage(await newContext(browser))
    await logIn(page, users.bruno)
    await page.getByRole("link", { name: "My requests" }).click()
    // the home page lists the tent too: its link on My requests is the one to follow
    await visible(heading(page, "My requests"))
    await page.getByRole("link", { name: "Four-person tent" }).click()
    await visible(heading(page, "Request for Four-person tent"))
    await page.getByLabel("Message").fill("Thanks again for taking care of the tent!")

    await untilLive(page)
    const tokens = await storedTokens(page)
    expect((await api("/auth/logout", { refreshToken: tokens!.refreshToken })).status).toBe(200)
    // the page makes no request while idle (signals tell it what changed): sending finds the session over
    await untilRefreshIsDue(page)
    await page.getByRole("button", { name: "Send" }).click()
    const dialog = page.getByRole("dialog", { name: "Please log in again" })
    await visible(dialog, 20_000)
    expect(await page.getByLabel("Message").inputValue()).toBe("Thanks again for taking care of the tent!")
    // the page keeps its data meanwhile (its queries keep the user's keys and wait): no error
    expect(await page.locator("main h1").textContent()).toBe("Request for Four-person tent")
    expect(await page.locator("main .error").count()).toBe(0)
    await fillLogin(dialog, users.bruno)
    await dialog.waitFor({ state: "hidden" })

    expect(await page.getByLabel("Message").inputValue()).toBe("Thanks again for taking care of the tent!")
    await page.getByRole("button", { name: "Send" }).click()
    await visible(page.getByRole("listitem").filter({ hasText: "Thanks again for taking care of the tent!" }))
    expect(unexpected(problems, [403])).toEqual([])
  })

  it("logs out every tab when one tab logs out", async () => {
    const context = await newContext(browser)
    const first = await newPage(context)
    const second = await newPage(context)
    await logIn(first.page, users.david)
    await second.page.goto(new URL("/bookings", app.appUrl).href)
    await visible(heading(second.page, "My bookings"))
    await visible(second.page.getByText("Logged in as David"))

    await first.page.getByRole("button", { name: "Log out" }).click()
    await visible(first.page.getByRole("link", { name: "Log in", exact: true }))
    await visible(second.page.getByRole("link", { name: "Log in", exact: true }))
    await visible(second.page.getByText("Log in to see this page."))
    expect(await second.page.getByText("Logged in as").count()).toBe(0)
    expect(unexpected(first.problems)).toEqual([])
    expect(unexpected(second.problems)).toEqual([])
  })

  it("signs up a new member, and explains a failed login in words", async () => {
    const { page, problems } = await newPage(await newContext(browser))
    await page.goto(new URL("/login", app.appUrl).href)
    await visible(heading(page, "Log in"))
    await expectAccessible(page, "the login page")
    await screenshot(page, "login")
    await fillLogin(page, { ...users.alice, password: "not-her-password" })
    await visible(page.getByText("This email and password don't match an account."))
    // the form action keeps the email of the failed attempt
    expect(await page.getByLabel("Email").inputValue()).toBe(users.alice.email)

    await page.getByRole("link", { name: "Sign up", exact: true }).first().click()
    await visible(heading(page, "Sign up"))
    await expectAccessible(page, "the sign-up page")
    await page.getByLabel("Name").fill("Emma")
    await page.getByLabel("Email").fill("emma@example.com")
    await page.getByLabel("Password").fill("emma-password")
    await page.getByRole("button", { name: "Sign up" }).click()
    await visible(page.getByText("Logged in as Emma"))
    expect(unexpected(problems, [403])).toEqual([])
  })
})
