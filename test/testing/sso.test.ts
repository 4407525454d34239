/**
 * Single sign-on on the local backend, against a real identity provider: Local ID (oidc-provider on
 * loopback), driven over plain HTTP as a browser would go through it. The same scenarios run against
 * the real server in `npm run test:real` (test/real/sso.real.ts).
 */
import * as Effect from "effect/Effect"
import type * as HttpClient from "effect/http/HttpClient"
import * as HttpClientRequest from "effect/http/HttpClientRequest"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import {
  demoAccount,
  httpBrowser,
  type LocalId,
  logInOverHttp,
  logOutOverHttp,
  startLocalId
} from "../../scripts/localId.mjs"
import { type RunningServer, startServer, StelaceTest } from "../../src/testing/index.js"
import { call, claimsOf, testClockAt } from "./helpers.js"

/** The app the backend sends browsers back to: never requested, the browser stops before it. */
const app = "http://app.test"
const afterAuthenticationUrl = `${app}/login?from=sso`
const afterLogoutUrl = `${app}/`
const stopAt = (url: URL) => url.origin === app

let localId: LocalId
let backends = 0
const servers: Array<RunningServer> = []

beforeAll(async () => {
  localId = await startLocalId()
})

afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()))
  await localId?.close()
})

/** A fresh backend, registered with Local ID, whose private config has both connections (`local-id`, `local-id-oauth2`). */
const backendWithLocalId = async (options: Parameters<typeof startServer>[0] = {}) => {
  const server = await startServer({ seed: "empty", ...options })
  servers.push(server)
  const name = `backend-${++backends}`
  localId.register({ name, apiUrl: server.url, publicPlatformId: server.publicPlatformId })
  const connections = localId.connections(name, { afterAuthenticationUrl, afterLogoutUrl })
  const patched = await call(server, "PATCH", "/config/private", { body: { stelace: { ssoConnections: connections } } })
  expect(patched.status).toBe(200)
  return server
}

const loginUrl = (server: RunningServer, provider = "local-id") => `${server.url}/auth/sso/${server.publicPlatformId}/${provider}`

/** Where the backend sent the browser back, read as the app reads it. */
const landing = (url: string) => Object.fromEntries(new URL(url).searchParams)

/** Logs in through Local ID over HTTP; the app's landing query. */
const logIn = async (server: RunningServer, provider = "local-id", options: Parameters<typeof logInOverHttp>[2] = {}) => {
  const visited = await logInOverHttp(httpBrowser(), loginUrl(server, provider), { stopAt, ...options })
  expect(visited.stopped, `stopped at ${visited.url}: ${visited.text.slice(0, 300)}`).toBe(true)
  expect(visited.url.startsWith(`${app}/login?from=sso&`)).toBe(true)
  return landing(visited.url)
}

const exchange = (server: RunningServer, code: string | undefined) =>
  call(server, "POST", "/auth/token", { key: server.publishableApiKey, body: { grantType: "authorizationCode", code } })

const userAs = async (server: RunningServer, accessToken: string, userId: string) =>
  (await call(server, "GET", `/users/${userId}`, { key: server.publishableApiKey, token: accessToken })).body

describe("single sign-on on the local backend, with Local ID", () => {
  let server: RunningServer
  beforeEach(async () => {
    server = await backendWithLocalId()
  })

  it("sends the browser to the provider with a state, PKCE (S256) and a nonce for openid, a state alone for oauth2", async () => {
    const openid = await fetch(loginUrl(server), { redirect: "manual" })
    expect(openid.status).toBe(301)
    const to = new URL(openid.headers.get("location")!)
    expect(`${to.origin}${to.pathname}`).toBe(`${localId.issuer}/auth`)
    expect(Object.fromEntries(to.searchParams)).toEqual({
      client_id: expect.stringMatching(/-openid$/),
      scope: "openid email profile",
      response_type: "code",
      redirect_uri: `${server.url}/auth/sso/e1_test/local-id/callback`,
      state: expect.stringMatching(/^[A-Za-z0-9]{40}$/),
      code_challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      code_challenge_method: "S256",
      nonce: expect.any(String)
    })
    const oauth2 = new URL((await fetch(loginUrl(server, "local-id-oauth2"), { redirect: "manual" })).headers.get("location")!)
    expect([...oauth2.searchParams.keys()]).toEqual(["client_id", "scope", "response_type", "redirect_uri", "state"])
  })

  it("signs a new user up at the first login (openid): the user from the ID token, user__created, a session that refreshes", async () => {
    const back = await logIn(server)
    expect(back).toEqual({ from: "sso", status: "success", code: expect.stringMatching(/^[A-Za-z0-9]{40}$/) })
    const tokens = await exchange(server, back.code)
    expect(tokens.status).toBe(200)
    expect(tokens.body).toEqual({ tokenType: "Bearer", accessToken: expect.any(String), refreshToken: expect.any(String), userId: expect.stringMatching(/^usr_/) })
    expect(claimsOf(tokens.body.accessToken)).toMatchObject({ userId: tokens.body.userId, roles: ["user", "provider"] })

    const user = await userAs(server, tokens.body.accessToken, tokens.body.userId)
    expect(user).toMatchObject({
      username: null,
      displayName: demoAccount.name,
      firstname: demoAccount.givenName,
      lastname: demoAccount.familyName,
      email: demoAccount.email,
      roles: ["user", "provider"],
      metadata: {},
      platformData: { ssoProviders: ["local-id"] }
    })
    const events = await call(server, "GET", `/events?type=user__created&objectId=${user.id}`)
    expect(events.body.results).toHaveLength(1)

    const refreshed = await call(server, "POST", "/auth/token", {
      key: server.publishableApiKey,
      body: { grantType: "refreshToken", refreshToken: tokens.body.refreshToken }
    })
    expect(refreshed.status).toBe(200)
  })

  it("logs the same user in again after a logout, filling in only what the user lacks (user__updated)", async () => {
    const first = await exchange(server, (await logIn(server)).code)
    const userId = first.body.userId
    await call(server, "PATCH", `/users/${userId}`, { key: server.publishableApiKey, token: first.body.accessToken, body: { displayName: "Emma", lastname: null } })
    expect((await call(server, "POST", "/auth/logout", { key: server.publishableApiKey, body: { refreshToken: first.body.refreshToken } })).status).toBe(200)

    localId.setAccount({ ...demoAccount, name: "Emma L.", familyName: "Leroy-Martin" })
    try {
      const second = await exchange(server, (await logIn(server)).code)
      expect(second.body.userId).toBe(userId)
      const user = await userAs(server, second.body.accessToken, userId)
      // kept: the name the user chose; filled in: the last name they had emptied
      expect(user).toMatchObject({ displayName: "Emma", lastname: "Leroy-Martin", platformData: { ssoProviders: ["local-id"] } })
      const updated = await call(server, "GET", `/events?type=user__updated&objectId=${userId}`)
      expect(updated.body.results.map((event: any) => event.changesRequested)).toContainEqual({ lastname: "Leroy-Martin" })
    } finally {
      localId.setAccount(demoAccount)
    }
  })

  it("maps user info onto the user's fields and data as userInfoMapping says, never onto roles", async () => {
    const patched = await call(server, "PATCH", "/config/private", {
      body: {
        stelace: {
          ssoConnections: {
            "local-id": {
              userInfoMapping: {
                username: "email",
                "metadata.profile.name": "name",
                "platformData.verified": "email_verified",
                roles: "email",
                organizations: "name"
              }
            }
          }
        }
      }
    })
    expect(patched.status).toBe(200)
    const tokens = await exchange(server, (await logIn(server)).code)
    const user = await userAs(server, tokens.body.accessToken, tokens.body.userId)
    expect(user).toMatchObject({
      username: demoAccount.email,
      metadata: { profile: { name: demoAccount.name } },
      platformData: { verified: true, ssoProviders: ["local-id"] },
      roles: ["user", "provider"],
      organizations: {}
    })
    // no password: the user logs in through the provider only, as on the real server
    const reset = await call(server, "POST", "/password/reset/request", { key: server.publishableApiKey, body: { username: demoAccount.email } })
    expect(reset.status).toBe(403)
    const password = await call(server, "POST", "/auth/login", { key: server.publishableApiKey, body: { username: demoAccount.email, password: demoAccount.password } })
    expect(password.status).toBe(403)
  })

  it("signs up with an oauth2 connection from its user info (an id, no sub), and links a second provider to nobody else", async () => {
    const tokens = await exchange(server, (await logIn(server, "local-id-oauth2")).code)
    expect(tokens.status).toBe(200)
    const user = await userAs(server, tokens.body.accessToken, tokens.body.userId)
    expect(user).toMatchObject({ displayName: demoAccount.name, email: demoAccount.email, platformData: { ssoProviders: ["local-id-oauth2"] } })
    // the same person through the openid connection is another identity: another user, as on the real server
    const other = await exchange(server, (await logIn(server, "local-id")).code)
    expect(other.body.userId).not.toBe(tokens.body.userId)
  })

  it("takes a code once: reused, unknown or empty codes are refused", async () => {
    const { code } = await logIn(server)
    expect((await exchange(server, code)).status).toBe(200)
    const reused = await exchange(server, code)
    expect([reused.status, reused.body.message]).toEqual([422, "Code already used"])
    const unknown = await exchange(server, "x".repeat(40))
    expect([unknown.status, unknown.body.message]).toEqual([422, "Invalid code"])
    expect((await exchange(server, undefined)).status).toBe(422)
  })

  it('refuses the code of a user deleted since: 422 "User does not exist", as the real server words it', async () => {
    const { code } = await logIn(server)
    const users = await call(server, "GET", "/users")
    await call(server, "DELETE", `/users/${users.body.results[0].id}`)
    const refused = await exchange(server, code)
    expect([refused.status, refused.body.message]).toEqual([422, "User does not exist"])
  })

  it("brings a cancelled login back with configError and the provider's reason, and creates nobody", async () => {
    const visited = await logInOverHttp(httpBrowser(), loginUrl(server), { stopAt, cancel: true })
    expect(landing(visited.url)).toEqual({ from: "sso", status: "configError", details: "access_denied (End-User aborted interaction)" })
    expect((await call(server, "GET", "/users")).body.results).toEqual([])
  })

  it("logs out through the provider (openid): 301 to its end-session page; the session ends when the browser comes back", async () => {
    const browser = httpBrowser()
    const back = await logInOverHttp(browser, loginUrl(server), { stopAt })
    const tokens = await exchange(server, landing(back.url).code)
    const logout = await fetch(`${server.url}/auth/logout`, {
      method: "POST",
      redirect: "manual",
      headers: { authorization: `Basic ${btoa(`${server.publishableApiKey}:`)}`, "content-type": "application/json" },
      body: JSON.stringify({ refreshToken: tokens.body.refreshToken, logoutFromExternalProvider: true })
    })
    expect(logout.status).toBe(301)
    const endSession = new URL(logout.headers.get("location")!)
    expect(`${endSession.origin}${endSession.pathname}`).toBe(`${localId.issuer}/session/end`)
    expect(endSession.searchParams.get("post_logout_redirect_uri")).toBe(`${server.url}/auth/sso/e1_test/local-id/logout/callback`)
    expect(claimsOf(endSession.searchParams.get("id_token_hint")!)).toMatchObject({ iss: localId.issuer, email: demoAccount.email })
    const refresh = () =>
      call(server, "POST", "/auth/token", { key: server.publishableApiKey, body: { grantType: "refreshToken", refreshToken: tokens.body.refreshToken } })
    // as on the real server, the session lasts until the provider sends the browser back
    expect((await refresh()).status).toBe(200)

    const out = await logOutOverHttp(browser, endSession.href, { stopAt })
    expect(out.url).toBe(`${afterLogoutUrl}?status=success`)
    expect((await refresh()).status).toBe(403)
    // and the provider's session is over: the next login asks for the password again
    const again = await browser.visit(loginUrl(server), { stopAt })
    expect(again.text).toContain("Log in to Local ID")
  })

  it("refuses a logout through the provider for a session without an ID token (oauth2, password) or unknown", async () => {
    const oauth2 = await exchange(server, (await logIn(server, "local-id-oauth2")).code)
    const external = (refreshToken: string) =>
      call(server, "POST", "/auth/logout", { key: server.publishableApiKey, body: { refreshToken, logoutFromExternalProvider: true } })
    const refused = await external(oauth2.body.refreshToken)
    expect([refused.status, refused.body.message]).toEqual([422, "This refresh token cannot be used to logout from external authentication provider"])
    const unknown = await external("nope")
    expect([unknown.status, unknown.body.message]).toEqual([422, "Invalid refresh token"])
  })
})

describe("the state of a login through a provider", () => {
  let server: RunningServer
  let time: Awaited<ReturnType<typeof testClockAt>>
  beforeEach(async () => {
    time = await testClockAt(Date.now())
    server = await backendWithLocalId({ clock: time.clock })
  })

  /** Starts a login and goes through Local ID, stopping before the backend's callback: its URL. */
  const providerAnswer = async (provider = "local-id") => {
    const callback = `${server.url}/auth/sso/e1_test/${provider}/callback`
    const visited = await logInOverHttp(httpBrowser(), loginUrl(server, provider), { stopAt: (url) => url.href.startsWith(callback) })
    expect(visited.stopped).toBe(true)
    return new URL(visited.url)
  }

  const follow = async (url: URL | string) => {
    const answer = await fetch(url, { redirect: "manual" })
    expect(answer.status).toBe(301)
    return landing(answer.headers.get("location")!)
  }

  it("works once: the same answer of the provider, replayed, is refused", async () => {
    const answer = await providerAnswer()
    expect((await follow(answer)).status).toBe("success")
    expect(await follow(answer)).toEqual({ from: "sso", status: "configError", details: "Invalid state: No authToken" })
  })

  it("must be there, be one the backend gave, and be for that connection", async () => {
    const answer = await providerAnswer()
    const without = new URL(answer)
    without.searchParams.delete("state")
    expect(await follow(without)).toMatchObject({ status: "configError", details: "Missing state" })
    const forged = new URL(answer)
    forged.searchParams.set("state", "A".repeat(40))
    expect(await follow(forged)).toMatchObject({ status: "configError", details: "Invalid state: No authToken" })
    // the oauth2 connection's state, brought to the openid connection's callback
    const oauth2 = await providerAnswer("local-id-oauth2")
    const crossed = new URL(answer)
    crossed.searchParams.set("state", oauth2.searchParams.get("state")!)
    expect(await follow(crossed)).toMatchObject({ status: "configError", details: "Invalid state: Providers don’t match." })
  })

  it("expires after an hour", async () => {
    const answer = await providerAnswer()
    await time.advance(61 * 60_000)
    expect(await follow(answer)).toMatchObject({ status: "configError", details: "Invalid state: authToken expired" })
  })

  it("binds the provider's code to its PKCE verifier: a code brought back with another login's state is refused by the provider", async () => {
    const mine = await providerAnswer()
    const other = await providerAnswer()
    const injected = new URL(other)
    injected.searchParams.set("code", mine.searchParams.get("code")!)
    const back = await follow(injected)
    expect(back.status).toBe("configError")
    expect(back.details).toMatch(/^invalid_grant/)
    expect((await call(server, "GET", "/users")).body.results).toEqual([])
  })

  it("lets a code expire an hour after the login", async () => {
    const back = landing((await fetch(await providerAnswer(), { redirect: "manual" })).headers.get("location")!)
    await time.advance(61 * 60_000)
    const expired = await exchange(server, back.code)
    expect([expired.status, expired.body.message]).toEqual([403, "Code expired"])
  })
})

describe("single sign-on's platform, connections and configuration", () => {
  let server: RunningServer
  beforeEach(async () => {
    server = await backendWithLocalId()
  })

  const ssoConnections = (connections: Record<string, unknown>) =>
    call(server, "PATCH", "/config/private", { body: { stelace: { ssoConnections: connections } } })

  it("names its platform as the real server does: e1_test", () => {
    expect(server.publicPlatformId).toBe("e1_test")
  })

  it.each([
    ["another platform", "/auth/sso/e2_test/local-id", "Unprocessable Entity"],
    ["another environment", "/auth/sso/e1_live/local-id", "Unprocessable Entity"],
    ["no platform id", "/auth/sso/nope/local-id", "Unprocessable Entity"],
    ["an unknown connection", "/auth/sso/e1_test/nope", "Missing connection configuration"],
    ["a prototype's name", "/auth/sso/e1_test/__proto__", "Missing connection configuration"],
    ["a callback of an unknown connection", "/auth/sso/e1_test/constructor/callback?state=x", "Missing connection configuration"],
    ["a logout callback of another platform", "/auth/sso/e9_test/local-id/logout/callback?state=x", "Unprocessable Entity"]
  ])("answers 422 for %s", async (_, path, message) => {
    const answer = await call(server, "GET", path, { key: null })
    expect([answer.status, answer.body.message]).toEqual([422, message])
  })

  it("refuses inactive, incomplete and unknown-protocol connections", async () => {
    expect((await ssoConnections({ "local-id": { active: false } })).status).toBe(200)
    expect((await call(server, "GET", "/auth/sso/e1_test/local-id", { key: null })).body.message).toBe("SSO connection inactive")
    expect((await ssoConnections({ half: { protocol: "oauth2", clientId: "x" }, odd: { protocol: "saml" } })).status).toBe(200)
    expect((await call(server, "GET", "/auth/sso/e1_test/half", { key: null })).body.message).toBe("Invalid config for provider \"half\"")
    expect((await call(server, "GET", "/auth/sso/e1_test/odd", { key: null })).body.message).toBe("Unknown protocol")
  })

  it("reaches no built-in provider (GitHub, Google, Facebook): a connection names its endpoints, and isCustom", async () => {
    expect((await ssoConnections({ github: { protocol: "oauth2", clientId: "x", clientSecret: "y", afterAuthenticationUrl: app, active: true } })).status).toBe(200)
    const refused = await call(server, "GET", "/auth/sso/e1_test/github", { key: null })
    expect([refused.status, refused.body.message]).toEqual([422, "The local backend does not reach github: give the connection its endpoints and isCustom: true"])
  })

  it("checks connections as the real server does: built-in providers keep their endpoints, others are marked custom", async () => {
    const builtIn = await ssoConnections({ github: { clientId: "x", clientSecret: "y", tokenUrl: "https://example.com/token" } })
    expect([builtIn.status, builtIn.body.message]).toEqual([400, "Bad Request: tokenUrl cannot be set with github built-in connection."])
    const noProtocol = await ssoConnections({ custom: { authorizationUrl: "https://example.com/auth" } })
    expect([noProtocol.status, noProtocol.body.message]).toEqual([400, "\"stelace.ssoConnections.custom.protocol\" is required"])
    const badUrl = await ssoConnections({ custom: { protocol: "openid", tokenUrl: "not a url" } })
    expect(badUrl.status).toBe(400)
    const tooLong = await ssoConnections({ ["x".repeat(65)]: { protocol: "openid" } })
    expect(tooLong.status).toBe(400)
    const custom = await ssoConnections({ custom: { protocol: "openid", clientId: "x" }, github: { clientId: "x", clientSecret: "y" } })
    expect(custom.body.stelace.ssoConnections.custom.isCustom).toBe(true)
    expect(custom.body.stelace.ssoConnections.github.isCustom).toBeUndefined()
  })

  it("serves a connection's configured keys at .../jwks ({} without them)", async () => {
    const keys = { keys: [{ kty: "RSA", kid: "k", n: "abc", e: "AQAB" }] }
    await ssoConnections({ "local-id": { jwks: keys } })
    expect((await call(server, "GET", "/auth/sso/e1_test/local-id/jwks", { key: null })).body).toEqual(keys)
    expect((await call(server, "GET", "/auth/sso/e1_test/local-id-oauth2/jwks", { key: null })).body).toEqual({})
  })

  it("refuses a code or a provider's answer meant for another backend", async () => {
    const other = await backendWithLocalId()
    const { code } = await logIn(other)
    expect((await exchange(server, code)).body.message).toBe("Invalid code")
    expect((await exchange(other, code)).status).toBe(200)
  })

  it("answers null (200) at the callback of a connection without afterAuthenticationUrl, as the real server does", async () => {
    await ssoConnections({ bare: { protocol: "oauth2" } })
    const answer = await call(server, "GET", "/auth/sso/e1_test/bare/callback", { key: null })
    expect([answer.status, answer.body]).toEqual([200, null])
  })
})

describe("single sign-on through StelaceTest's in-process backend", () => {
  const connection = {
    protocol: "oauth2",
    authorizationUrl: "https://id.example.com/auth",
    tokenUrl: "https://id.example.com/token",
    userInfoUrl: "https://id.example.com/user",
    clientId: "x",
    clientSecret: "y",
    afterAuthenticationUrl: "https://app.example.com/login",
    active: true
  }

  /** The `redirect_uri` a login through `client` sends to the provider. */
  const redirectUri = (backend: StelaceTest.Backend["Service"], client: HttpClient.HttpClient, base: string) =>
    Effect.runPromise(Effect.gen(function*() {
      const secret = { authorization: `Basic ${btoa(`${backend.secretApiKey}:`)}` }
      yield* client.execute(HttpClientRequest.patch(`${base}/config/private`).pipe(
        HttpClientRequest.setHeaders(secret),
        HttpClientRequest.bodyJsonUnsafe({ stelace: { ssoConnections: { idp: connection } } })
      ))
      const login = yield* client.execute(HttpClientRequest.get(`${base}/auth/sso/${backend.publicPlatformId}/idp`))
      expect(login.status).toBe(301)
      return new URL(login.headers.location!).searchParams.get("redirect_uri")
    }))

  it("gives providers the URL the SDK calls, or the apiUrl it is told", async () => {
    const plain = await Effect.runPromise(StelaceTest.makeBackend({ seed: "empty" }))
    expect(await redirectUri(plain, StelaceTest.httpClient(plain), "http://api.test")).toBe("http://api.test/auth/sso/e1_test/idp/callback")
    const told = await Effect.runPromise(StelaceTest.makeBackend({ seed: "empty", apiUrl: "https://stelace.example.com" }))
    expect(await redirectUri(told, StelaceTest.httpClient(told), "http://api.test")).toBe("https://stelace.example.com/auth/sso/e1_test/idp/callback")
  })
})
