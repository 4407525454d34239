/**
 * What pages ask the API for, counted on the wire: a list of rows reads the people and ratings
 * of all its rows at once (one `GET /users` with their ids, one `GET /ratings/stats` grouped by
 * target), never one request per row, and "Show more listings" adds one search and those two.
 * And a member with many messages: the inbox lists every conversation, a conversation shows its
 * topic's own messages however old, and the header's unread count is the API's.
 * The signal socket is kept closed: once live, the app reads messages and bookings again on
 * purpose (its catch-up), which these counts leave out.
 */
import type { Browser, Page } from "playwright-core"
import { describe, expect, it } from "vitest"
import { demo } from "../src/testing/seeds/demo.js"
import { heading, logInAs, newContext, newPage, unexpected, useDemo, visible } from "./browser.js"
import type { Started } from "./server.js"

let app: Started
let browser: Browser

useDemo((started) => {
  ;({ app, browser } = started)
})

/** The API's requests a page sends, as `METHOD /path` (ids kept). */
const apiRequests = (page: Page) => {
  const seen: Array<string> = []
  const api = new URL(app.apiUrl).host
  page.on("request", (request) => {
    const url = new URL(request.url())
    if (url.host === api && request.method() !== "OPTIONS") seen.push(`${request.method()} ${url.pathname}`)
  })
  return seen
}

/** Requests for one item of a family (`GET /users/usr_…`): what a row would send for itself. */
const perItem = (requests: ReadonlyArray<string>, family: string) => requests.filter((request) => new RegExp(`^GET /${family}/\\w+$`).test(request))

/** A page in a context whose signal socket never connects. */
const pageWithoutSignal = async () => {
  const opened = await newPage(await newContext(browser))
  await opened.page.context().routeWebSocket(/\/signal\//, (socket) => void socket.close())
  return opened
}

/** Settles: no request to the API for a moment (the rows' requests would have gone by then). */
const quiet = (page: Page) => page.waitForLoadState("networkidle")

const logIn = async (page: Page, email: string, password: string, name: string) => {
  await logInAs(page, app.appUrl!, email, password, name)
  await quiet(page)
}

const api = (path: string, init: RequestInit & { token?: string } = {}) =>
  fetch(new URL(path, app.apiUrl), {
    ...init,
    headers: {
      "content-type": "application/json",
      // page-based lists, which say how many pages there are
      "x-stelace-version": "2019-05-20",
      ...(init.token === undefined ? { authorization: `Basic ${btoa(`${demo.publishableApiKey}:`)}` } : { authorization: `Bearer ${init.token}`, "x-api-key": demo.publishableApiKey })
    }
  })

const tokenOf = async (user: { username: string; password: string }): Promise<string> =>
  ((await (await api("/auth/login", { method: "POST", body: JSON.stringify({ username: user.username, password: user.password }) })).json()) as { accessToken: string }).accessToken

describe("a list of rows", () => {
  it("on the home page reads the cards' owners and their ratings in one request each", async () => {
    const { page, problems } = await pageWithoutSignal()
    const requests = apiRequests(page)
    await page.goto(app.appUrl!)
    await visible(page.getByRole("heading", { level: 2, name: "Recently listed" }))
    await visible(page.getByRole("article").first().getByText(/ · by /))
    await quiet(page)
    expect(await page.getByRole("article").count()).toBe(6)
    expect(perItem(requests, "users")).toEqual([])
    expect(requests.filter((request) => request === "GET /users")).toHaveLength(1)
    expect(requests.filter((request) => request === "GET /ratings/stats")).toHaveLength(1)
    expect([...requests].sort()).toEqual(["GET /asset-types", "GET /assets", "GET /categories", "GET /ratings/stats", "GET /users"])
    expect(unexpected(problems)).toEqual([])
  })

  it("on the search page does the same, and a page more costs one search, and those two only for owners not read yet", async () => {
    const { page, problems } = await pageWithoutSignal()
    const requests = apiRequests(page)
    await page.goto(new URL("/search", app.appUrl).href)
    await visible(page.getByRole("status").filter({ hasText: /^Showing / }))
    await quiet(page)
    expect(perItem(requests, "users")).toEqual([])
    expect(requests.filter((request) => request === "GET /users" || request === "GET /ratings/stats")).toHaveLength(2)
    requests.length = 0
    const cards = await page.getByRole("article").count()
    await page.getByRole("button", { name: "Show more listings" }).click()
    await expect.poll(() => page.getByRole("article").count()).toBeGreaterThan(cards)
    await quiet(page)
    expect(requests.filter((request) => request === "POST /search")).toHaveLength(1)
    expect(perItem(requests, "users")).toEqual([])
    expect(requests.filter((request) => request === "GET /users")).toHaveLength(requests.includes("GET /ratings/stats") ? 1 : 0)
    expect(requests.length).toBeLessThanOrEqual(3)
    expect(unexpected(problems)).toEqual([])
  })

  it("in the inbox reads the people and the topics of the conversations at once", async () => {
    const { page, problems } = await pageWithoutSignal()
    await logIn(page, "alice@example.com", "alice-password", "Alice")
    const requests = apiRequests(page)
    await page.goto(new URL("/inbox", app.appUrl).href)
    await visible(heading(page, "Inbox"))
    await visible(page.getByRole("article").first())
    await quiet(page)
    // the header reads the member's own profile, as on every page: no row reads anything of its own
    const own = `GET /users/${demo.users.alice.id}`
    expect([...perItem(requests, "users").filter((request) => request !== own), ...perItem(requests, "transactions"), ...perItem(requests, "assets")]).toEqual([])
    expect(unexpected(problems)).toEqual([])
  })
})

describe("a member with many messages", () => {
  it("finds every conversation in the inbox, an older one whole, and the exact count of unread messages", async () => {
    const { alice, chloe, david } = demo.users
    // Chloé asks Alice four questions, then David sends her 110 messages
    const asChloe = await tokenOf(chloe)
    for (const n of [1, 2, 3, 4]) {
      const sent = await api("/messages", { method: "POST", token: asChloe, body: JSON.stringify({ topicId: demo.assets.kayak, receiverId: alice.id, content: `Question ${n} about the kayak` }) })
      expect(sent.status).toBe(200)
    }
    const asDavid = await tokenOf(david)
    for (let n = 1; n <= 110; n++) {
      const sent = await api("/messages", { method: "POST", token: asDavid, body: JSON.stringify({ topicId: demo.assets.tesla, receiverId: alice.id, content: `Message ${n} about the Tesla` }) })
      expect(sent.status).toBe(200)
    }
    // what the API counts: every message Alice received and has not read
    const asAlice = await tokenOf(alice)
    let unread = 0
    for (let page = 1; ; page++) {
      const answer = (await (await api(`/messages?receiverId=${alice.id}&nbResultsPerPage=100&page=${page}`, { token: asAlice })).json()) as {
        results: Array<{ read: boolean }>
        nbPages: number
      }
      unread += answer.results.filter((message) => !message.read).length
      if (page >= answer.nbPages) break
    }
    expect(unread).toBeGreaterThanOrEqual(114)

    const { page, problems } = await pageWithoutSignal()
    await logIn(page, "alice@example.com", "alice-password", "Alice")
    const inbox = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /^Inbox/ })
    await expect.poll(() => inbox.textContent()).toBe(`Inbox (${unread} unread)`)
    await inbox.click()
    await visible(heading(page, "Inbox"))
    const withChloe = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: "Chloé · Sea kayak" }) })
    await visible(withChloe.getByText("4 unread messages"))
    await visible(page.getByRole("listitem").filter({ has: page.getByRole("link", { name: "David · Tesla Model 3" }) }))

    await withChloe.getByRole("link").click()
    await visible(heading(page, "Conversation with Chloé"))
    const conversation = page.getByRole("list").filter({ hasText: "Question 1 about the kayak" })
    for (const n of [1, 2, 3, 4]) await visible(conversation.getByText(`Question ${n} about the kayak`))
    // shown, so read: the header counts four fewer
    await expect.poll(() => inbox.textContent(), { timeout: 15_000 }).toBe(`Inbox (${unread - 4} unread)`)
    expect(unexpected(problems)).toEqual([])
  })
})
