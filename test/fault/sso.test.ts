/**
 * Single sign-on on the local backend against a hostile identity provider: a scripted HTTP server
 * on loopback that answers the backend's token and user info requests with garbage, forged ID
 * tokens, claims too big to store or aimed at `Object.prototype`, or nothing at all. Each login
 * comes back to the app as a `configError`, creates nobody, and leaves the backend serving; a flood
 * of login starts keeps a bounded number of states.
 */
import { createHmac, generateKeyPairSync, type KeyObject, sign } from "node:crypto"
import { createServer, type IncomingMessage, type ServerResponse } from "node:http"
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { type RunningServer, startServer } from "../../src/testing/index.js"
import { call, testClockAt } from "../testing/helpers.js"
import { cleanPrototype, expectUnpolluted } from "./backendHelpers.js"

const app = "http://app.test"

type Answer = (request: IncomingMessage, body: URLSearchParams, response: ServerResponse) => void

/** A provider whose token and user info endpoints answer what the test says; it counts the requests it got. */
const fakeProvider = async () => {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 })
  const answers: { token?: Answer; userInfo?: Answer } = {}
  const received: Array<string> = []
  /** Requests whose connection the backend closed before an answer was sent. */
  const abandoned: Array<string> = []
  const server = createServer((request, response) => {
    response.on("close", () => {
      if (!response.writableFinished) abandoned.push(new URL(request.url ?? "/", "http://x").pathname)
    })
    const chunks: Array<Buffer> = []
    request.on("data", (chunk: Buffer) => chunks.push(chunk))
    request.on("end", () => {
      const path = new URL(request.url ?? "/", "http://x").pathname
      received.push(path)
      const body = new URLSearchParams(Buffer.concat(chunks).toString("utf8"))
      if (path === "/jwks") {
        response.writeHead(200, { "content-type": "application/json" })
        response.end(JSON.stringify({ keys: [{ ...publicKey.export({ format: "jwk" }), kid: "k1", alg: "RS256", use: "sig" }] }))
      } else if (path === "/token" && answers.token) answers.token(request, body, response)
      else if (path === "/user" && answers.userInfo) answers.userInfo(request, body, response)
      else response.writeHead(404).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const issuer = `http://127.0.0.1:${(server.address() as { port: number }).port}`
  return {
    issuer,
    answers,
    received,
    abandoned,
    privateKey,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
  }
}

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url")

/** An RS256 JWT signed with `key`. */
const jwt = (claims: Record<string, unknown>, key: KeyObject, kid = "k1") => {
  const input = `${base64url({ alg: "RS256", typ: "JWT", kid })}.${base64url(claims)}`
  return `${input}.${sign("sha256", Buffer.from(input), key).toString("base64url")}`
}

const json = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { "content-type": "application/json" })
  response.end(typeof body === "string" ? body : JSON.stringify(body))
}

let provider: Awaited<ReturnType<typeof fakeProvider>>
beforeAll(async () => {
  provider = await fakeProvider()
})
afterAll(() => provider?.close())

let server: RunningServer
let time: Awaited<ReturnType<typeof testClockAt>>
beforeEach(async () => {
  time = await testClockAt(Date.now())
  server = await startServer({ seed: "empty", clock: time.clock })
  delete provider.answers.token
  delete provider.answers.userInfo
  provider.received.length = 0
  provider.abandoned.length = 0
  const common = {
    issuer: provider.issuer,
    authorizationUrl: `${provider.issuer}/auth`,
    tokenUrl: `${provider.issuer}/token`,
    clientId: "client",
    clientSecret: "secret",
    afterAuthenticationUrl: `${app}/login`,
    active: true
  }
  const patched = await call(server, "PATCH", "/config/private", {
    body: {
      stelace: {
        ssoConnections: {
          hostile: { ...common, protocol: "openid", jwksUrl: `${provider.issuer}/jwks`, scope: "openid", userInfoMapping: { "metadata.__proto__.polluted": "name", metadata: "extra" } },
          "hostile-oauth2": { ...common, protocol: "oauth2", userInfoUrl: `${provider.issuer}/user` },
          "hostile-keyless": { ...common, protocol: "openid", scope: "openid" },
          "hostile-hs256": { ...common, protocol: "openid", scope: "openid", idTokenSignedResponseAlg: "HS256" }
        }
      }
    }
  })
  expect(patched.status).toBe(200)
})
afterEach(async () => {
  await server.close()
  expect(cleanPrototype()).toStrictEqual([])
})

/** Starts a login; the state and nonce the backend sent the provider. */
const start = async (connection = "hostile") => {
  const answer = await fetch(`${server.url}/auth/sso/e1_test/${connection}`, { redirect: "manual" })
  expect(answer.status).toBe(301)
  const to = new URL(answer.headers.get("location")!)
  return { state: to.searchParams.get("state")!, nonce: to.searchParams.get("nonce") ?? undefined }
}

/** Brings the browser back from the provider with a code; where the backend then sends it. */
const callback = async (state: string, connection = "hostile") => {
  const answer = await fetch(`${server.url}/auth/sso/e1_test/${connection}/callback?code=provider-code&state=${state}`, { redirect: "manual" })
  expect(answer.status).toBe(301)
  return Object.fromEntries(new URL(answer.headers.get("location")!).searchParams)
}

/** An HS256 JWT signed with `secret`. */
const hs256 = (claims: Record<string, unknown>, secret: string) => {
  const input = `${base64url({ alg: "HS256", typ: "JWT" })}.${base64url(claims)}`
  return `${input}.${createHmac("sha256", secret).update(input).digest("base64url")}`
}

/** A valid ID token for this login, with `claims` changed. */
const idToken = (nonce: string | undefined, claims: Record<string, unknown> = {}, key: KeyObject = provider.privateKey) => {
  const now = Math.floor(Date.now() / 1000)
  return jwt({ iss: provider.issuer, aud: "client", sub: "hostile-user", iat: now, exp: now + 600, nonce, name: "Mallory", ...claims }, key)
}

const tokens = (idTokenValue?: string) => ({ access_token: "at", token_type: "Bearer", expires_in: 600, ...(idTokenValue === undefined ? {} : { id_token: idTokenValue }) })

/** Nobody was created, and the backend still answers. */
const expectNobodyAndServing = async () => {
  expect((await call(server, "GET", "/users")).body.results).toEqual([])
  expect((await call(server, "GET", "/")).status).toBe(200)
}

describe("a hostile identity provider", () => {
  it("is taken at its word when it answers well (the harness works)", async () => {
    const { state, nonce } = await start()
    provider.answers.token = (_request, _body, response) => json(response, 200, tokens(idToken(nonce)))
    const back = await callback(state)
    expect(back.status).toBe("success")
    const users = (await call(server, "GET", "/users")).body.results
    expect(users.map((user: any) => user.displayName)).toEqual(["Mallory"])
    expectUnpolluted()
  })

  it.each([
    ["an HTML page", (response: ServerResponse) => response.writeHead(200, { "content-type": "text/html" }).end("<html>hello</html>")],
    ["JSON that is not an object", (response: ServerResponse) => json(response, 200, "[1,2,3]")],
    ["a 500", (response: ServerResponse) => json(response, 500, { error: "server_error" })],
    ["no access token", (response: ServerResponse) => json(response, 200, { token_type: "Bearer" })],
    ["a cut connection", (response: ServerResponse) => response.destroy()]
  ])("answering the token request with %s gives configError, and nobody", async (_, answer) => {
    const { state } = await start()
    provider.answers.token = (_request, _body, response) => answer(response)
    const back = await callback(state)
    expect(back.status).toBe("configError")
    expect(back.details).toEqual(expect.any(String))
    await expectNobodyAndServing()
  })

  it("never answering gives up after 2.5 seconds: configError, and the backend serves meanwhile", async () => {
    const { state } = await start()
    provider.answers.token = () => {}
    const pending = callback(state)
    while (!provider.received.includes("/token")) await new Promise((resolve) => setTimeout(resolve, 10))
    expect((await call(server, "GET", "/")).status).toBe(200)
    await time.advance(2600)
    expect(await pending).toEqual({ status: "configError", details: "The identity provider did not answer the token request within 2.5 seconds" })
    await expectNobodyAndServing()
  })

  it("a user info request never answered is given up after 2.5 seconds, and its connection closed", async () => {
    const { state } = await start("hostile-oauth2")
    provider.answers.token = (_request, _body, response) => json(response, 200, tokens())
    provider.answers.userInfo = () => {}
    const pending = callback(state, "hostile-oauth2")
    while (!provider.received.includes("/user")) await new Promise((resolve) => setTimeout(resolve, 10))
    await time.advance(2600)
    expect(await pending).toEqual({ status: "configError", details: "The identity provider did not answer the user info request within 2.5 seconds" })
    while (!provider.abandoned.includes("/user")) await new Promise((resolve) => setTimeout(resolve, 10))
    await expectNobodyAndServing()
  })

  it.each([
    ["another nonce", (nonce: string | undefined) => idToken(`${nonce}x`)],
    ["no nonce", () => idToken(undefined)],
    ["another issuer", (nonce: string | undefined) => idToken(nonce, { iss: "http://evil.test" })],
    ["another audience", (nonce: string | undefined) => idToken(nonce, { aud: "someone-else" })],
    ["an expiry in the past", (nonce: string | undefined) => idToken(nonce, { exp: Math.floor(Date.now() / 1000) - 3600 })],
    ["a signature by another key", (nonce: string | undefined) => idToken(nonce, {}, generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey)],
    ["no signature at all", (nonce: string | undefined) => `${base64url({ alg: "none" })}.${base64url({ iss: provider.issuer, aud: "client", sub: "x", nonce })}.`],
    ["a token that is not a JWT", () => "not-a-jwt"]
  ])("an ID token with %s is refused: configError, and nobody", async (_, forged) => {
    const { state, nonce } = await start()
    provider.answers.token = (_request, _body, response) => json(response, 200, tokens(forged(nonce)))
    const back = await callback(state)
    expect(back.status).toBe("configError")
    await expectNobodyAndServing()
  })

  it("an ID token of a connection without keys (no jwks, no jwksUrl) is refused, as openid-client 3 refuses it", async () => {
    const { state, nonce } = await start("hostile-keyless")
    provider.answers.token = (_request, _body, response) => json(response, 200, tokens(idToken(nonce)))
    expect(await callback(state, "hostile-keyless")).toEqual({ status: "configError", details: "jwks_uri must be configured on the issuer" })
    await expectNobodyAndServing()
  })

  it("an HS256 ID token is checked against the client secret: signed with another secret, refused", async () => {
    const now = Math.floor(Date.now() / 1000)
    const claims = (nonce: string | undefined) => ({ iss: provider.issuer, aud: "client", sub: "hs-user", iat: now, exp: now + 600, nonce, name: "Hs" })
    const forged = await start("hostile-hs256")
    provider.answers.token = (_request, _body, response) => json(response, 200, tokens(hs256(claims(forged.nonce), "not-the-secret")))
    expect(await callback(forged.state, "hostile-hs256")).toEqual({ status: "configError", details: "JWT signature verification failed" })
    await expectNobodyAndServing()
    const honest = await start("hostile-hs256")
    provider.answers.token = (_request, _body, response) => json(response, 200, tokens(hs256(claims(honest.nonce), "secret")))
    expect((await callback(honest.state, "hostile-hs256")).status).toBe("success")
  })

  it("claims too long to store, or of the wrong kind, fail the login instead of the database", async () => {
    for (const claims of [{ name: "M".repeat(10_000) }, { email: { address: "x" } }, { extra: "not an object" }]) {
      const { state, nonce } = await start()
      provider.answers.token = (_request, _body, response) => json(response, 200, tokens(idToken(nonce, claims)))
      const back = await callback(state)
      expect(back.status, JSON.stringify(claims).slice(0, 60)).toBe("configError")
      expect(back.details).toMatch(/^The user info of the identity provider does not fit/)
    }
    await expectNobodyAndServing()
  })

  it("claims named after Object.prototype's keys, and a mapping through __proto__, pollute nothing", async () => {
    const { state, nonce } = await start()
    const claims = JSON.parse('{"__proto__": {"polluted": "yes", "roles": ["dev"]}, "constructor": {"prototype": {"polluted": "yes"}}}')
    provider.answers.token = (_request, _body, response) => json(response, 200, tokens(idToken(nonce, claims)))
    const back = await callback(state)
    expect(back.status).toBe("success")
    expectUnpolluted()
    const [user] = (await call(server, "GET", "/users")).body.results
    expect(user.roles).toEqual(["user", "provider"])
    expect(user.metadata).toEqual({})
  })

  it("a user without id (no sub, no id) fails the login", async () => {
    const { state, nonce } = await start()
    provider.answers.token = (_request, _body, response) => json(response, 200, tokens(idToken(nonce, { sub: undefined })))
    expect((await callback(state)).status).toBe("configError")
    await expectNobodyAndServing()
  })

  it.each([
    ["an HTML page", (response: ServerResponse) => response.writeHead(200, { "content-type": "text/html" }).end("<p>hi</p>")],
    ["an array", (response: ServerResponse) => json(response, 200, [{ id: 1 }])],
    ["a 401", (response: ServerResponse) => json(response, 401, { message: "Bad credentials" })]
  ])("an oauth2 user info answered with %s: configError \"Unable to retrieve user info\"", async (_, answer) => {
    const { state } = await start("hostile-oauth2")
    provider.answers.token = (_request, _body, response) => json(response, 200, tokens())
    provider.answers.userInfo = (_request, _body, response) => answer(response)
    expect(await callback(state, "hostile-oauth2")).toEqual({ status: "configError", details: "Unable to retrieve user info" })
    await expectNobodyAndServing()
  })

  it("sends the token request as the real server does: the code, the callback as redirect_uri, the client's secret in Basic auth", async () => {
    const { state, nonce } = await start()
    let seen: { body: Record<string, string>; authorization: string | undefined } | undefined
    provider.answers.token = (request, body, response) => {
      seen = { body: Object.fromEntries(body), authorization: request.headers.authorization }
      json(response, 200, tokens(idToken(nonce)))
    }
    await callback(state)
    expect(seen).toEqual({
      body: { grant_type: "authorization_code", code: "provider-code", redirect_uri: `${server.url}/auth/sso/e1_test/hostile/callback` },
      authorization: `Basic ${btoa("client:secret")}`
    })
  })
})

describe("a flood of logins started and never finished", () => {
  it("keeps the latest 1000 states: the oldest are forgotten, the latest still work", async () => {
    const first = await start()
    for (let i = 0; i < 1000; i++) await fetch(`${server.url}/auth/sso/e1_test/hostile`, { redirect: "manual" }).then((answer) => answer.body?.cancel())
    const last = await start()
    expect(server.backend.store.ssoStates.size).toBe(1000)
    expect(await callback(first.state)).toEqual({ status: "configError", details: "Invalid state: No authToken" })
    provider.answers.token = (_request, _body, response) => json(response, 200, tokens(idToken(last.nonce)))
    expect((await callback(last.state)).status).toBe("success")
  })
})
