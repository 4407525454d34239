/**
 * Single sign-on in Chromium, with `npm start -- --sso`: the demo, the local backend and Local ID,
 * a real OpenID Connect provider on loopback. A visitor signs up through Local ID (the first login
 * creates the account, the header names them), logs out (in a browser, at Stelace only: the
 * refresh token is revoked, the provider's session stays, and the page says so), and logs in
 * again as the same member. A cancelled login, a reused code and a code this tab did not ask for
 * each say why they failed, in the visitor's language; no code is left in the address bar or the
 * history; and the login comes back to the page the visitor came from, never to another site.
 *
 * The tests of this file follow one another: the first login creates the member the later ones
 * log in as.
 */
import type { Browser, BrowserContext, Page } from "playwright-core"
import { describe, expect, it } from "vitest"
import { createInstance } from "../src/index.js"
import { expectAccessible, heading, newContext, newPage, unexpected, useDemo, visible } from "./browser.js"
import type { Started } from "./server.js"

let app: Started
let browser: Browser

useDemo((demo) => {
  ;({ app, browser } = demo)
}, ["--sso"])

const secret = { authorization: `Basic ${btoa("seck_test_LocalStelaceSecretKey0001:")}`, "content-type": "application/json" }
const publishable = { authorization: `Basic ${btoa("pubk_test_LocalStelacePublicKey0001:")}`, "content-type": "application/json" }

/** The demo account `npm start -- --sso` prints. */
const account = () => {
  const match = /demo account:\s+(\S+) \/ (\S+)/.exec(app.output())
  if (match === null) throw new Error(`no demo account in the banner:\n${app.output()}`)
  return { email: match[1]!, password: match[2]! }
}

/** Local ID's address, from the banner. */
const providerUrl = () => /Local ID \(SSO\):\s+(http:\/\/\S+)/.exec(app.output())![1]!

const onProvider = (page: Page) => page.waitForURL((url) => url.href.startsWith(providerUrl()), { timeout: 20_000 })
const onApp = (page: Page) => page.waitForURL((url) => url.href.startsWith(app.appUrl!), { timeout: 20_000 })

/** Fills Local ID's login form with the demo account. */
const logInAtProvider = async (page: Page) => {
  await onProvider(page)
  await page.getByLabel("Email").fill(account().email)
  await page.getByLabel("Password").fill(account().password)
  await page.getByRole("button", { name: "Log in" }).click()
}

/** Every address in the tab's history (Chromium's own list, not only the current entry). */
const historyOf = async (context: BrowserContext, page: Page): Promise<Array<string>> => {
  const cdp = await context.newCDPSession(page)
  const { entries } = await cdp.send("Page.getNavigationHistory")
  await cdp.detach()
  return entries.map((entry) => entry.url)
}

/** The codes of the API's returns the tab was sent to. */
const codesSeen = (page: Page) => {
  const codes: Array<string> = []
  page.on("request", (request) => {
    const url = new URL(request.url())
    if (request.isNavigationRequest() && url.href.startsWith(app.appUrl!) && url.searchParams.has("code")) codes.push(url.searchParams.get("code")!)
  })
  return codes
}

/** The stored session of the page (the facade's default store). */
const storedTokens = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem("stl-authtoken") ?? "null") as { refreshToken: string; userId: string } | null)

/** The users with the demo account's email. */
const usersOfAccount = async () => {
  const answer = await fetch(`${app.apiUrl}/users?nbResultsPerPage=100`, { headers: secret })
  const body = (await answer.json()) as { results: Array<{ id: string; email: string | null; displayName: string; platformData: Record<string, unknown> }> }
  return body.results.filter((user) => user.email === account().email)
}

const loggedInAs = (page: Page) => page.getByText(/^Logged in as /)

let memberId: string | undefined

describe("single sign-on", () => {
  it("signs up through Local ID: the first login creates the account, and the header names the member", async () => {
    const context = await newContext(browser)
    const { page, problems } = await newPage(context)
    const codes = codesSeen(page)
    expect(await usersOfAccount()).toEqual([])
    await page.goto(`${app.appUrl}/signup`)
    await visible(heading(page, "Sign up"))
    await page.getByRole("button", { name: "Log in with Local ID" }).click()
    await logInAtProvider(page)
    await onApp(page)
    await visible(page.getByText("Logged in as Emma Leroy"))
    expect(new URL(page.url()).pathname).toBe("/")
    const [user] = await usersOfAccount()
    expect(user).toMatchObject({ displayName: "Emma Leroy", platformData: { ssoProviders: ["local-id"] } })
    memberId = user!.id
    expect((await storedTokens(page))?.userId).toBe(memberId)
    // the code came back in the address once, and is in no entry of the history now
    expect(codes).toHaveLength(1)
    expect(page.url()).not.toContain(codes[0])
    const history = await historyOf(context, page)
    expect(history.filter((url) => url.includes(codes[0]!) || url.includes("status="))).toEqual([])
    expect(unexpected(problems)).toEqual([])
    await context.close()
  })

  it("logs out at Stelace (a browser cannot follow the API to the provider, and the page says so), then logs in again as the same member", async () => {
    const context = await newContext(browser)
    const { page, problems } = await newPage(context)
    await page.goto(`${app.appUrl}/login`)
    await page.getByRole("button", { name: "Log in with Local ID" }).click()
    await logInAtProvider(page)
    await visible(loggedInAs(page))
    const before = await storedTokens(page)
    expect(before?.userId).toBe(memberId)

    await page.getByRole("button", { name: "Log out" }).click()
    await visible(page.getByRole("status").getByText("You are logged out of Stelace Rentals. You may still be logged in with Local ID: on a shared computer, log out there too."))
    expect(new URL(page.url()).pathname).toBe("/")
    expect(await storedTokens(page)).toBeNull()
    // the session ended at Stelace: its refresh token is refused
    const refresh = await fetch(`${app.apiUrl}/auth/token`, {
      method: "POST",
      headers: { ...publishable, "user-agent": await page.evaluate(() => navigator.userAgent) },
      body: JSON.stringify({ grantType: "refreshToken", refreshToken: before!.refreshToken })
    })
    expect(refresh.status).toBe(403)
    // the notice is said once
    await page.getByRole("link", { name: "Search", exact: true }).click()
    await visible(heading(page, "Search listings"))
    expect(await page.getByText(/You are logged out of Stelace Rentals/).count()).toBe(0)

    // Local ID's session is still open: the next login through it asks for nothing
    await page.goto(`${app.appUrl}/login`)
    await page.getByRole("button", { name: "Log in with Local ID" }).click()
    await onApp(page)
    await visible(page.getByText("Logged in as Emma Leroy"))
    expect((await storedTokens(page))?.userId).toBe(memberId)
    expect(await usersOfAccount()).toHaveLength(1)
    expect(unexpected(problems)).toEqual([])
    await context.close()
  })

  it("the page cannot read where the API's logout through the provider leads: an opaque redirect", async () => {
    const context = await newContext(browser)
    const { page } = await newPage(context)
    await page.goto(`${app.appUrl}/login`)
    await page.getByRole("button", { name: "Log in with Local ID" }).click()
    await logInAtProvider(page)
    await visible(loggedInAs(page))
    const answer = await page.evaluate(async ({ api, refreshToken }) => {
      const response = await fetch(`${api}/auth/logout`, {
        method: "POST",
        redirect: "manual",
        headers: { authorization: `Basic ${btoa("pubk_test_LocalStelacePublicKey0001:")}`, "content-type": "application/json" },
        body: JSON.stringify({ refreshToken, logoutFromExternalProvider: true })
      })
      return { type: response.type, status: response.status, headers: [...response.headers] }
    }, { api: app.apiUrl, refreshToken: (await storedTokens(page))!.refreshToken })
    expect(answer).toEqual({ type: "opaqueredirect", status: 0, headers: [] })
    await context.close()
  })

  it("logs out through Local ID where the API's redirect can be read (a server of the app): the provider's session ends too", async () => {
    const context = await newContext(browser)
    const { page, problems } = await newPage(context)
    // a server of the app, which the API's return reaches: it trades the code and holds the session
    const server = createInstance({ apiKey: "pubk_test_LocalStelacePublicKey0001" })
    const api = new URL(app.apiUrl)
    server.setHost(api.hostname, api.port, "http")
    try {
      const tokens = await server.auth.loginWithCode(await freshCode(page))
      expect(tokens.userId).toBe(memberId)

      const logout = await server.auth.logoutFromProvider()
      expect(logout).toEqual({ _tag: "Redirect", url: expect.stringMatching(new RegExp(`^${providerUrl()}/session/end\\?`)) })
      // the session ended at Stelace at once, before the browser went anywhere
      expect(server.auth.info()).toMatchObject({ isAuthenticated: false })
      await expect(server.auth.getTokens({ grantType: "refreshToken", refreshToken: tokens.refreshToken })).rejects.toMatchObject({ statusCode: 403 })

      // the browser, sent there, confirms at Local ID and comes back through the API to the app's home
      await page.goto(logout._tag === "Redirect" ? logout.url : "about:blank")
      await page.getByRole("button", { name: "Log out" }).click()
      await onApp(page)
      expect(new URL(page.url()).pathname).toBe("/")
      expect(new URL(page.url()).searchParams.get("status")).toBe("success")
    } finally {
      await server.dispose()
    }

    // Local ID's session is over: the next login through it asks for the account again
    await page.goto(`${app.appUrl}/login`)
    await page.getByRole("button", { name: "Log in with Local ID" }).click()
    await onProvider(page)
    await visible(page.getByLabel("Password"))
    expect(unexpected(problems)).toEqual([])
    await context.close()
  })

  it("says so when the visitor cancels at the provider, in their language", async () => {
    for (const [locale, button, message] of [
      ["en-GB", "Log in with Local ID", "You cancelled the login with Local ID. You can try again, or log in with your email."],
      ["fr-FR", "Se connecter avec Local ID", "Vous avez annulé la connexion avec Local ID. Vous pouvez réessayer, ou vous connecter avec votre e-mail."]
    ] as const) {
      const context = await newContext(browser, { locale })
      const { page, problems } = await newPage(context)
      await page.goto(`${app.appUrl}/login`)
      await page.getByRole("button", { name: button }).click()
      await onProvider(page)
      await page.getByRole("button", { name: "Cancel" }).click()
      await onApp(page)
      await visible(page.getByRole("alert").getByText(message))
      expect(page.url()).toBe(`${app.appUrl}/login`)
      expect(await page.getByText(/^(Logged in as|Connecté en tant que) /).count()).toBe(0)
      expect(unexpected(problems)).toEqual([])
      await context.close()
    }
  })

  it("refuses a code used before, and one this tab did not ask for", async () => {
    const context = await newContext(browser)
    const { page, problems } = await newPage(context)
    const codes = codesSeen(page)
    await page.goto(`${app.appUrl}/login`)
    await page.getByRole("button", { name: "Log in with Local ID" }).click()
    await logInAtProvider(page)
    await visible(loggedInAs(page))
    const used = codes[0]!
    await page.getByRole("button", { name: "Log out" }).click()
    await visible(page.getByRole("status").getByText(/You are logged out of Stelace Rentals/))

    // the tab starts a login (the API is not reached), then comes back with the old code
    await page.goto(`${app.appUrl}/login`)
    await page.route(`${app.apiUrl}/auth/sso/**`, (route) => route.abort())
    await page.getByRole("button", { name: "Log in with Local ID" }).click()
    await page.unroute(`${app.apiUrl}/auth/sso/**`)
    await page.goto(`${app.appUrl}/login?status=success&code=${used}`)
    await visible(page.getByRole("alert").getByText("This login with Local ID was already used. Log in again."))
    expect(page.url()).toBe(`${app.appUrl}/login`)
    expect(await loggedInAs(page).count()).toBe(0)

    // a fresh code in a link: a tab that did not start a login does not trade it
    const other = await newContext(browser)
    const { page: visitor } = await newPage(other)
    const fresh = await freshCode(page)
    await visitor.goto(`${app.appUrl}/login?status=success&code=${fresh}`)
    await visible(visitor.getByRole("alert").getByText("This login was not started on this page, so it was not used. Log in again."))
    expect(visitor.url()).toBe(`${app.appUrl}/login`)
    expect(await loggedInAs(visitor).count()).toBe(0)
    expect(await storedTokens(visitor)).toBeNull()
    // and it was not spent: the member it belongs to can still use it
    const exchange = await fetch(`${app.apiUrl}/auth/token`, { method: "POST", headers: publishable, body: JSON.stringify({ grantType: "authorizationCode", code: fresh }) })
    expect(exchange.status).toBe(200)
    expect(unexpected(problems, [403, 422])).toEqual([])
    await other.close()
    await context.close()
  })

  it("comes back to the page the visitor came from, and never to another site", async () => {
    const context = await newContext(browser)
    const { page, problems } = await newPage(context)
    await page.goto(`${app.appUrl}/bookings?view=all`)
    await visible(heading(page, "My bookings"))
    await expectAccessible(page, "a member page asking to log in, with Local ID")
    await page.getByRole("button", { name: "Log in with Local ID" }).click()
    await logInAtProvider(page)
    await onApp(page)
    await visible(loggedInAs(page))
    await page.waitForURL(`${app.appUrl}/bookings?view=all`)
    expect(unexpected(problems)).toEqual([])
    await context.close()

    for (const query of [
      `next=${encodeURIComponent("//evil.example/")}`,
      "next=/\\evil.example/",
      `next=${encodeURIComponent("https://evil.example/")}`,
      "next=/%09/evil.example/",
      `next=${encodeURIComponent("javascript:alert(document.domain)")}`
    ]) {
      const tab = await newContext(browser)
      const { page: visitor } = await newPage(tab)
      await visitor.goto(`${app.appUrl}/login?${query}`)
      await visible(heading(visitor, "Log in"))
      await visitor.getByRole("button", { name: "Log in with Local ID" }).click()
      await logInAtProvider(visitor)
      await visible(loggedInAs(visitor))
      await onApp(visitor)
      expect(visitor.url(), query).toBe(`${app.appUrl}/`)
      await tab.close()
    }
  })

  it("offers Local ID on the login and sign-up pages, accessibly", async () => {
    const context = await newContext(browser)
    const { page } = await newPage(context)
    for (const path of ["/login", "/signup"]) {
      await page.goto(`${app.appUrl}${path}`)
      await visible(page.getByRole("button", { name: "Log in with Local ID" }))
      await expectAccessible(page, `${path} with Local ID`)
    }
    await context.close()
  })
})

/**
 * A new code for the demo account: a login in `page`'s tab (through Local ID's form when its
 * session there is not open) that stops where the API sends the browser back, before the app
 * could trade it.
 */
const freshCode = async (page: Page): Promise<string> => {
  const codes = codesSeen(page)
  const isReturn = (url: URL) => url.href.startsWith(app.appUrl!) && url.searchParams.has("code")
  await page.route(isReturn, (route) => route.abort())
  // a URL of its own, as the SDK's are: the tab may have kept an earlier login's redirect
  await page.goto(`${app.apiUrl}/auth/sso/e1_test/local-id?attempt=${crypto.randomUUID()}`).catch(() => undefined)
  if (codes.length === 0 && page.url().startsWith(providerUrl())) await logInAtProvider(page)
  await expect.poll(() => codes.length).toBeGreaterThan(0)
  await page.unroute(isReturn)
  return codes[0]!
}
