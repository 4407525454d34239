/**
 * Single sign-on on the real Stelace server, beside the in-memory backend, both connected to Local
 * ID (oidc-provider on loopback, started and stopped here) with an `openid` connection (PKCE) and an
 * `oauth2` one. The same scenarios run on both sides: sign-up by SSO (the first login creates the
 * user), logout and login again as the same user, a cancelled login, a reused code, logout through
 * the provider. Logins go over plain HTTP (Local ID's form, a cookie jar) and in Chromium.
 *
 * Where the sides differ, each is held to what it does (docs/testing.md lists the differences).
 *
 * Chromium also shows what a browser app can do with `POST /auth/logout` and
 * `logoutFromExternalProvider`: both sides answer 301 to the provider's end-session page, and
 * `fetch` gives a script no way to follow it (see the last test).
 */
import { createServer, type Server } from "node:http"
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { launchChromium } from "../../e2e/chromium.mjs"
import { httpBrowser, type LocalId, type LocalIdAccount, logInOverHttp, logOutOverHttp, startLocalId } from "../../scripts/localId.mjs"
import { type RunningServer, startServer } from "../../src/testing/index.js"
import { realServer } from "./server.js"
import { claimsOf, runId } from "./support.js"

interface Side {
  readonly name: string
  readonly localIdName: string
  readonly url: () => string
  readonly secretApiKey: () => string
  readonly publishableApiKey: () => string
  /** What this side does where the two differ. */
  readonly does: {
    /** `POST /auth/logout` through the provider with a session that has no ID token (oauth2). */
    readonly externalLogoutWithoutIdToken: { readonly status: number; readonly message: string }
    /** The callback with the provider's code and a state the server never gave (oauth2: no PKCE). */
    readonly forgedStateOAuth2: "success" | "configError"
  }
}

const real = realServer()
let memory: RunningServer
const sides: ReadonlyArray<Side> = [
  {
    name: "real server",
    localIdName: "stelace-server",
    url: () => real.url,
    secretApiKey: () => real.secretApiKey,
    publishableApiKey: () => real.publishableApiKey,
    does: {
      // a plain `createError(message)` there: a 500 whose reason is hidden in `_message`
      externalLogoutWithoutIdToken: { status: 500, message: "Internal Server Error" },
      // the real server's state lookup returns without failing when it finds nothing, and goes on
      forgedStateOAuth2: "success"
    }
  },
  {
    name: "in-memory backend",
    localIdName: "local-backend",
    url: () => memory.url,
    secretApiKey: () => memory.secretApiKey,
    publishableApiKey: () => memory.publishableApiKey,
    does: {
      externalLogoutWithoutIdToken: { status: 422, message: "This refresh token cannot be used to logout from external authentication provider" },
      forgedStateOAuth2: "configError"
    }
  }
]

const run = runId()
/** One account per run: the real server keeps the users of earlier runs, keyed by the provider's `sub`. */
const account: LocalIdAccount = { email: `sso.${run}@example.com`, password: `${run}-password`, name: `Sso ${run}`, givenName: "Sso", familyName: run }

let localId: LocalId
let app: Server
let appUrl: string
let chromium: Browser
const platformIds = new Map<string, string>()

/** The platform's id in SSO URLs, from the key's own description (`POST /auth/check`). */
const publicPlatformIdOf = async (url: string, secretApiKey: string) => {
  const answer = await fetch(`${url}/auth/check`, {
    method: "POST",
    headers: { authorization: `Basic ${btoa(`${secretApiKey}:`)}`, "content-type": "application/json" },
    body: JSON.stringify({ apiKey: secretApiKey })
  })
  const { apiKey } = await answer.json() as { apiKey: { platformId: string; env: string; zone?: string } }
  return `${apiKey.zone ?? "e"}${apiKey.platformId}_${apiKey.env}`
}

beforeAll(async () => {
  // the app the servers send browsers back to: an empty page for every path
  app = createServer((_request, response) => response.writeHead(200, { "content-type": "text/html" }).end("<!doctype html><title>App</title><p>App</p>"))
  await new Promise<void>((resolve) => app.listen(0, "127.0.0.1", resolve))
  appUrl = `http://127.0.0.1:${(app.address() as { port: number }).port}`
  ;[memory, localId, chromium] = await Promise.all([startServer({ seed: "empty" }), startLocalId({ accounts: [account] }), launchChromium()])
  for (const side of sides) {
    const publicPlatformId = await publicPlatformIdOf(side.url(), side.secretApiKey())
    platformIds.set(side.name, publicPlatformId)
    localId.register({ name: side.localIdName, apiUrl: side.url(), publicPlatformId })
    const connections = localId.connections(side.localIdName, { afterAuthenticationUrl: `${appUrl}/login`, afterLogoutUrl: `${appUrl}/` })
    const patched = await fetch(`${side.url()}/config/private`, {
      method: "PATCH",
      headers: { authorization: `Basic ${btoa(`${side.secretApiKey()}:`)}`, "content-type": "application/json" },
      body: JSON.stringify({ stelace: { ssoConnections: connections } })
    })
    expect(patched.status, `${side.name}: PATCH /config/private`).toBe(200)
  }
}, 60_000)

afterAll(async () => {
  await chromium?.close()
  await Promise.all([localId?.close(), memory?.close(), new Promise((resolve) => app?.close(resolve))])
})

const stopAt = (url: URL) => url.origin === appUrl
const landing = (url: string) => Object.fromEntries(new URL(url).searchParams)

describe.each(sides)("single sign-on on the $name, with Local ID", (side) => {
  const loginUrl = (provider: string) => `${side.url()}/auth/sso/${platformIds.get(side.name)}/${provider}`
  const post = async (path: string, body: unknown, key = side.publishableApiKey()) => {
    const answer = await fetch(`${side.url()}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { authorization: `Basic ${btoa(`${key}:`)}`, "content-type": "application/json", "user-agent": "stelace-effect-tests" },
      body: JSON.stringify(body)
    })
    const text = await answer.text()
    return { status: answer.status, headers: answer.headers, body: text === "" ? undefined : JSON.parse(text) }
  }
  const exchange = (code: string | undefined) => post("/auth/token", { grantType: "authorizationCode", code })
  const refresh = (refreshToken: string) => post("/auth/token", { grantType: "refreshToken", refreshToken })
  const user = async (id: string) =>
    (await fetch(`${side.url()}/users/${id}`, { headers: { authorization: `Basic ${btoa(`${side.secretApiKey()}:`)}` } })).json()
  const logIn = async (provider: string, browser = httpBrowser()) => {
    const visited = await logInOverHttp(browser, loginUrl(provider), { account, stopAt })
    expect(visited.stopped, `stopped at ${visited.url}: ${visited.text.slice(0, 200)}`).toBe(true)
    return landing(visited.url)
  }

  describe.each([
    ["openid", "local-id"],
    ["oauth2", "local-id-oauth2"]
  ])("%s", (_protocol, provider) => {
    let userId: string

    it("signs up at the first login: the user from the provider's claims, a session that refreshes", async () => {
      const back = await logIn(provider)
      expect(back).toEqual({ status: "success", code: expect.any(String) })
      const tokens = await exchange(back.code)
      expect(tokens.status).toBe(200)
      expect(tokens.body).toMatchObject({ tokenType: "Bearer", userId: expect.stringMatching(/^usr_/) })
      expect(claimsOf(tokens.body.accessToken).roles).toEqual(["user", "provider"])
      userId = tokens.body.userId
      expect(await user(userId)).toMatchObject({
        displayName: account.name,
        firstname: account.givenName,
        lastname: account.familyName,
        email: account.email,
        platformData: { ssoProviders: [provider] }
      })
      expect((await refresh(tokens.body.refreshToken)).status).toBe(200)
    })

    it("takes a code once: 422 Code already used", async () => {
      const { code } = await logIn(provider)
      expect((await exchange(code)).status).toBe(200)
      const reused = await exchange(code)
      expect([reused.status, reused.body.message]).toEqual([422, "Code already used"])
    })

    it("logs out, then logs in again as the same user", async () => {
      const first = await exchange((await logIn(provider)).code)
      expect((await post("/auth/logout", { refreshToken: first.body.refreshToken })).status).toBe(200)
      expect((await refresh(first.body.refreshToken)).status).toBe(403)
      const again = await exchange((await logIn(provider)).code)
      expect(again.body.userId).toBe(userId)
      expect(again.body.userId).toBe(first.body.userId)
    })

    it("brings a cancelled login back with configError and the provider's reason", async () => {
      const visited = await logInOverHttp(httpBrowser(), loginUrl(provider), { cancel: true, stopAt })
      expect(landing(visited.url)).toEqual({ status: "configError", details: "access_denied (End-User aborted interaction)" })
    })
  })

  it("logs out through the provider (openid): 301 to its end-session page, the session ends when the browser comes back", async () => {
    const browser = httpBrowser()
    const tokens = await exchange((await logIn("local-id", browser)).code)
    const logout = await post("/auth/logout", { refreshToken: tokens.body.refreshToken, logoutFromExternalProvider: true })
    expect(logout.status).toBe(301)
    const endSession = new URL(logout.headers.get("location")!)
    expect(`${endSession.origin}${endSession.pathname}`).toBe(`${localId.issuer}/session/end`)
    expect([...endSession.searchParams.keys()].sort()).toEqual(expect.arrayContaining(["id_token_hint", "post_logout_redirect_uri", "state"]))
    expect((await refresh(tokens.body.refreshToken)).status).toBe(200)
    const out = await logOutOverHttp(browser, endSession.href, { stopAt })
    expect(out.url).toBe(`${appUrl}/?status=success`)
    expect((await refresh(tokens.body.refreshToken)).status).toBe(403)
  })

  it("answers a logout through the provider of a session without an ID token (oauth2) as this side does", async () => {
    const tokens = await exchange((await logIn("local-id-oauth2")).code)
    const refused = await post("/auth/logout", { refreshToken: tokens.body.refreshToken, logoutFromExternalProvider: true })
    expect({ status: refused.status, message: refused.body.message }).toEqual(side.does.externalLogoutWithoutIdToken)
  })

  it("answers the provider's code brought back with a state it never gave as this side does (oauth2, no PKCE)", async () => {
    const callback = `${loginUrl("local-id-oauth2")}/callback`
    const answer = await logInOverHttp(httpBrowser(), loginUrl("local-id-oauth2"), { account, stopAt: (url) => url.href.startsWith(callback) })
    const forged = new URL(answer.url)
    forged.searchParams.set("state", "f".repeat(40))
    const back = await fetch(forged, { redirect: "manual" })
    expect(landing(back.headers.get("location")!).status).toBe(side.does.forgedStateOAuth2)
  })

  describe("in Chromium", () => {
    /** A new browser profile on the app's page. */
    const appPage = async (): Promise<Page> => {
      const page = await (await chromium.newContext()).newPage()
      await page.goto(`${appUrl}/`)
      return page
    }

    it("goes through Local ID's login form, and back to the app with a code (openid, PKCE)", async () => {
      const page = await appPage()
      await page.goto(loginUrl("local-id"))
      await page.getByLabel("Email").fill(account.email)
      await page.getByLabel("Password").fill(account.password)
      await page.getByRole("button", { name: "Log in" }).click()
      await page.waitForURL((url) => url.origin === appUrl)
      const back = landing(page.url())
      expect(back.status).toBe("success")
      expect((await exchange(back.code)).status).toBe(200)
      await page.context().close()
    })

    it("cannot follow the provider logout from a script: fetch hides the 301's Location, and following it fails on the provider's page (no CORS)", async () => {
      const tokens = await exchange((await logIn("local-id")).code)
      const page = await appPage()
      const attempt = (redirect: RequestRedirect) =>
        page.evaluate(async ({ url, key, refreshToken, redirect }) => {
          try {
            const answer = await fetch(`${url}/auth/logout`, {
              method: "POST",
              redirect,
              headers: { authorization: `Basic ${btoa(`${key}:`)}`, "content-type": "application/json" },
              body: JSON.stringify({ refreshToken, logoutFromExternalProvider: true })
            })
            return { type: answer.type, status: answer.status, location: answer.headers.get("location"), url: answer.url }
          } catch (error) {
            return { failed: String(error) }
          }
        }, { url: side.url(), key: side.publishableApiKey(), refreshToken: tokens.body.refreshToken, redirect })
      const failed: Array<string> = []
      const messages: Array<string> = []
      page.on("requestfailed", (request) => failed.push(`${request.method()} ${request.url().split("?")[0]} ${request.failure()?.errorText}`))
      page.on("console", (message) => messages.push(message.text()))
      // manual: an opaque redirect (status 0, no headers at all); the browser does not go to the provider
      expect(await attempt("manual")).toEqual({ type: "opaqueredirect", status: 0, location: null, url: `${side.url()}/auth/logout` })
      expect(failed).toEqual([`GET ${localId.issuer}/session/end net::ERR_ABORTED`])
      // follow: the browser asks the provider's page (as a CORS GET from the `null` origin, without the
      // provider's cookies), whose answer has no CORS headers: blocked, and fetch fails
      failed.length = 0
      expect(await attempt("follow")).toEqual({ failed: "TypeError: Failed to fetch" })
      expect(failed).toContain(`GET ${localId.issuer}/session/end net::ERR_FAILED`)
      expect(messages.join("\n")).toContain("has been blocked by CORS policy: No 'Access-Control-Allow-Origin' header is present on the requested resource")
      expect(await attempt("error")).toEqual({ failed: "TypeError: Failed to fetch" })
      // and nothing was logged out: the session at Stelace is still open
      expect((await refresh(tokens.body.refreshToken)).status).toBe(200)
      await page.context().close()
    })
  })
})
