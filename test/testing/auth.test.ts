import { describe, expect, it, vi } from "vitest"
import { StelaceTest } from "../../src/testing/index.js"
import { claimsOf, login, testClockAt, useServer } from "./helpers.js"

const { alice, bruno, chloe } = StelaceTest.demo.users

describe("API keys and the Authorization header", () => {
  const api = useServer()

  it("answers 401 with the server's message when no key is sent", async () => {
    const reply = await api.call("GET", "/assets", { key: null })
    expect(reply.status).toBe(401)
    expect(reply.body).toEqual({ message: "Please provide a secret or publishable API key", statusCode: 401 })
    expect(reply.headers.get("www-authenticate")).toContain("Basic realm=\"Stelace API\"")
    // unlike the real server, the backend gives errors a request id too
    expect(reply.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/)
  })

  it("answers 401 for a bare Bearer token (the platform is unknown)", async () => {
    const { accessToken } = await login(api.server(), alice.username, alice.password)
    const reply = await api.call("GET", "/assets", { key: null, token: accessToken })
    expect(reply.status).toBe(401)
    expect(reply.body.message).toBe("Please provide a secret or publishable API key")
  })

  it("answers 401 for a malformed key, an unknown scheme and an unknown key", async () => {
    const malformed = await api.call("GET", "/assets", { key: "seck_test_short" })
    expect(malformed.status).toBe(401)
    expect(malformed.body.message).toBe("Unauthorized")

    const scheme = await api.call("GET", "/assets", { key: null, headers: { authorization: "Token abc" } })
    expect(scheme.status).toBe(401)
    expect(scheme.body.message).toBe("Invalid Authorization Header format")

    const unknown = await api.call("GET", "/assets", { key: "seck_test_ThisKeyDoesNotExist000000" })
    expect(unknown.status).toBe(401)
    expect(unknown.body.message).toBe("Unauthorized")
  })

  it("accepts Basic, Stelace-V1 (quoted or not) and the legacy x-api-key header", async () => {
    const server = api.server()
    const { accessToken } = await login(server, alice.username, alice.password)
    const basic = await api.call("GET", `/users/${alice.id}`)
    const v1 = await api.call("GET", `/users/${alice.id}`, {
      key: null,
      headers: { authorization: `stelace-v1 apiKey="${server.publishableApiKey}", token="${accessToken}"` }
    })
    const legacy = await api.call("GET", "/assets", { key: null, headers: { "x-api-key": server.secretApiKey } })
    expect([basic.status, v1.status, legacy.status]).toEqual([200, 200, 200])
    expect(v1.body.username).toBe(alice.username)
  })

  it("lets a publishable key do only what the public role may", async () => {
    const publishable = api.server().publishableApiKey
    expect((await api.call("GET", "/assets", { key: publishable })).status).toBe(200)
    const create = await api.call("POST", "/assets", { key: publishable, body: { name: "Canoe" } })
    expect(create.status).toBe(403)
    // the real server hides this message ("Forbidden") and keeps it in `_message` outside production
    expect(create.body).toEqual({ message: "Forbidden", statusCode: 403, _message: "No appropriate permission" })
    expect((await api.call("GET", "/api-keys", { key: publishable })).status).toBe(403)
  })
})

describe("login, tokens and logout", () => {
  // the backend's time starts on a whole second (JWT times are whole seconds) and moves only
  // when a test lets it: no waiting, and expiry is checked to the millisecond
  let time: Awaited<ReturnType<typeof testClockAt>>
  const api = useServer(async () => {
    time = await testClockAt(Math.floor(Date.now() / 1000) * 1000)
    return { accessTokenTtl: 3, clock: time.clock }
  })

  it("logs in with the real response shape and an HS256 token with the real claims", async () => {
    const body = await login(api.server(), alice.username, alice.password)
    expect(Object.keys(body).sort()).toEqual(["accessToken", "refreshToken", "tokenType", "userId"])
    expect(body.tokenType).toBe("Bearer")
    expect(body.userId).toBe(alice.id)
    const header = JSON.parse(Buffer.from(body.accessToken.split(".")[0]!, "base64url").toString())
    expect(header).toEqual({ alg: "HS256", typ: "JWT" })
    const claims = claimsOf(body.accessToken)
    expect(claims).toMatchObject({ userId: alice.id, roles: ["user", "provider"] })
    expect(claims.exp).toBe((claims.iat as number) + 3)
    expect(claims.loggedAt).toBe(claims.iat)
  })

  it("answers 403 Forbidden for a wrong password or an unknown user", async () => {
    const server = api.server()
    const wrong = await api.call("POST", "/auth/login", {
      key: server.publishableApiKey,
      body: { username: alice.username, password: "nope" }
    })
    const unknown = await api.call("POST", "/auth/login", {
      key: server.publishableApiKey,
      body: { username: "nobody@example.com", password: "nope" }
    })
    expect(wrong.status).toBe(403)
    expect(wrong.body).toEqual({ message: "Forbidden", statusCode: 403 })
    expect(unknown.status).toBe(403)
  })

  it("treats an expired token as anonymous instead of answering 401", async () => {
    const server = api.server()
    const { accessToken } = await login(server, alice.username, alice.password)
    const fresh = await api.call("GET", `/users/${alice.id}`, { key: server.publishableApiKey, token: accessToken })
    expect(fresh.body.username).toBe(alice.username)
    await time.advance(2_999)
    const last = await api.call("GET", `/users/${alice.id}`, { key: server.publishableApiKey, token: accessToken })
    expect(last.body.username).toBe(alice.username)
    await time.advance(1)
    const expired = await api.call("GET", `/users/${alice.id}`, { key: server.publishableApiKey, token: accessToken })
    expect(expired.status).toBe(200)
    expect(expired.body.username).toBeUndefined()
    const ownOnly = await api.call("GET", "/transactions", { key: server.publishableApiKey, token: accessToken })
    expect(ownOnly.status).toBe(403)
  })

  it("treats a badly signed token as anonymous", async () => {
    const server = api.server()
    const { accessToken } = await login(server, alice.username, alice.password)
    const [header, payload] = accessToken.split(".")
    const forged = `${header}.${payload}.${"A".repeat(43)}`
    const reply = await api.call("GET", `/users/${alice.id}`, { key: server.publishableApiKey, token: forged })
    expect(reply.status).toBe(200)
    expect(reply.body.username).toBeUndefined()
  })

  it("refreshes without rotating, keeping loggedAt, from the same user agent only", async () => {
    const server = api.server()
    const session = await login(server, alice.username, alice.password)
    await time.advance(1_000)
    const refreshed = await api.call("POST", "/auth/token", {
      key: server.publishableApiKey,
      body: { grantType: "refreshToken", refreshToken: session.refreshToken }
    })
    expect(refreshed.status).toBe(200)
    expect(Object.keys(refreshed.body).sort()).toEqual(["accessToken", "tokenType"])
    const claims = claimsOf(refreshed.body.accessToken)
    expect(claims.loggedAt).toBe(claimsOf(session.accessToken).loggedAt)
    expect(claims.iat as number).toBeGreaterThan(claimsOf(session.accessToken).iat as number)

    const otherAgent = await api.call("POST", "/auth/token", {
      key: server.publishableApiKey,
      headers: { "user-agent": "Stelace/0.13.0" },
      body: { grantType: "refreshToken", refreshToken: session.refreshToken }
    })
    expect(otherAgent.status).toBe(403)
    expect(otherAgent.body.message).toBe("Cannot refresh this token")
  })

  it("answers 400 without a refresh token and 403 for an unknown one or after logout", async () => {
    const server = api.server()
    const key = server.publishableApiKey
    const missing = await api.call("POST", "/auth/token", { key, body: { grantType: "refreshToken" } })
    expect(missing.status).toBe(400)
    expect(missing.body.message).toBe("Missing refresh token")
    const unknown = await api.call("POST", "/auth/token", { key, body: { grantType: "refreshToken", refreshToken: "x" } })
    expect(unknown.status).toBe(403)

    const session = await login(server, alice.username, alice.password)
    const logout = await api.call("POST", "/auth/logout", { key, body: { refreshToken: session.refreshToken } })
    expect(logout.body).toEqual({ success: true })
    const after = await api.call("POST", "/auth/token", {
      key,
      body: { grantType: "refreshToken", refreshToken: session.refreshToken }
    })
    expect(after.status).toBe(403)
  })

  it("answers 403 when the refresh token's user was deleted", async () => {
    const server = api.server()
    const session = await login(server, chloe.username, chloe.password)
    await api.call("DELETE", `/users/${chloe.id}`)
    const reply = await api.call("POST", "/auth/token", {
      key: server.publishableApiKey,
      body: { grantType: "refreshToken", refreshToken: session.refreshToken }
    })
    expect(reply.status).toBe(403)
  })

  it("accepts browser refreshes from a newer version of the same browser only", async () => {
    const server = api.server()
    const chrome = (version: number) => `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/${version}.0.0.0 Safari/537.36`
    const loginReply = await api.call("POST", "/auth/login", {
      key: server.publishableApiKey,
      headers: { "user-agent": chrome(120) },
      body: { username: alice.username, password: alice.password }
    })
    const refresh = (agent: string) =>
      api.call("POST", "/auth/token", {
        key: server.publishableApiKey,
        headers: { "user-agent": agent },
        body: { grantType: "refreshToken", refreshToken: loginReply.body.refreshToken }
      })
    expect((await refresh(chrome(121))).status).toBe(200)
    expect((await refresh(chrome(119))).status).toBe(403)
    expect((await refresh("Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0")).status).toBe(403)
  })

  it("exchanges an authorization code once", async () => {
    const server = api.server()
    const code = await import("effect/Effect").then((Effect) =>
      Effect.runPromise(server.backend.issueAuthorizationCode(bruno.id))
    )
    const key = server.publishableApiKey
    const first = await api.call("POST", "/auth/token", { key, body: { grantType: "authorizationCode", code } })
    expect(first.status).toBe(200)
    expect(first.body.userId).toBe(bruno.id)
    expect(first.body.refreshToken).toEqual(expect.any(String))
    const again = await api.call("POST", "/auth/token", { key, body: { grantType: "authorizationCode", code } })
    expect(again.status).toBe(422)
    expect(again.body.message).toBe("Code already used")
    const invalid = await api.call("POST", "/auth/token", { key, body: { grantType: "authorizationCode", code: "x" } })
    expect(invalid.body.message).toBe("Invalid code")
  })

  it("impersonates an organization the user belongs to, and nobody else", async () => {
    const server = api.server()
    const session = await login(server, bruno.username, bruno.password)
    const organizationId = StelaceTest.demo.organizations.lyonRentals
    const reply = await api.call("POST", "/auth/token", {
      key: server.publishableApiKey,
      body: { grantType: "impersonateToken", refreshToken: session.refreshToken, userId: organizationId }
    })
    expect(reply.status).toBe(200)
    expect(claimsOf(reply.body.accessToken)).toMatchObject({ userId: organizationId, sourceUserId: bruno.id })
    const other = await api.call("POST", "/auth/token", {
      key: server.publishableApiKey,
      body: { grantType: "impersonateToken", refreshToken: session.refreshToken, userId: alice.id }
    })
    expect(other.status).toBe(403)
  })

  it("checks API keys and Authorization headers", async () => {
    const server = api.server()
    const session = await login(server, alice.username, alice.password)
    const keyCheck = await api.call("POST", "/auth/check", { body: { apiKey: server.secretApiKey } })
    expect(keyCheck.body).toEqual({
      valid: true,
      apiKey: expect.objectContaining({ type: "seck", env: "test", hasValidFormat: true }),
      user: null,
      tokenExpired: null
    })
    const headerCheck = await api.call("POST", "/auth/check", {
      body: { authorization: `Stelace-V1 apiKey=${server.publishableApiKey}, token=${session.accessToken}` }
    })
    expect(headerCheck.body).toMatchObject({ valid: true, user: { userId: alice.id }, tokenExpired: false })
    await time.advance(3_000)
    const expired = await api.call("POST", "/auth/check", {
      body: { authorization: `Stelace-V1 apiKey=${server.publishableApiKey}, token=${session.accessToken}` }
    })
    expect(expired.body).toMatchObject({ valid: false, tokenExpired: true })
  })
})

describe("users acting through headers", () => {
  const api = useServer()

  it("honours x-stelace-user-id with a secret key", async () => {
    const reply = await api.call("POST", "/assets", {
      headers: { "x-stelace-user-id": bruno.id },
      body: { name: "Hammock", price: 5 }
    })
    expect(reply.status).toBe(200)
    expect(reply.body.ownerId).toBe(bruno.id)
  })

  it("checks organization membership for x-stelace-organization-id", async () => {
    const server = api.server()
    const organizationId = StelaceTest.demo.organizations.lyonRentals
    const member = await login(server, bruno.username, bruno.password)
    const outsider = await login(server, alice.username, alice.password)
    const asMember = await api.call("POST", "/assets", {
      key: server.publishableApiKey,
      token: member.accessToken,
      headers: { "x-stelace-organization-id": organizationId },
      body: { name: "Shop trailer", price: 35 }
    })
    expect(asMember.status).toBe(200)
    expect(asMember.body.ownerId).toBe(organizationId)
    const asOutsider = await api.call("GET", "/assets", {
      key: server.publishableApiKey,
      token: outsider.accessToken,
      headers: { "x-stelace-organization-id": organizationId }
    })
    expect(asOutsider.status).toBe(403)
    expect(asOutsider.body.message).toBe("User does not belong to this organization")
  })
})

describe("passwords, check tokens and permissions", () => {
  const api = useServer()

  it("changes a password with the current one", async () => {
    const server = api.server()
    const session = await login(server, chloe.username, chloe.password)
    const wrong = await api.call("POST", "/password/change", {
      key: server.publishableApiKey,
      token: session.accessToken,
      body: { currentPassword: "nope", newPassword: "brand-new-password" }
    })
    expect(wrong.status).toBe(422)
    const changed = await api.call("POST", "/password/change", {
      key: server.publishableApiKey,
      token: session.accessToken,
      body: { currentPassword: chloe.password, newPassword: "brand-new-password" }
    })
    expect(changed.body).toEqual({ success: true })
    await expect(login(server, chloe.username, "brand-new-password")).resolves.toMatchObject({ userId: chloe.id })
  })

  it("resets a password with the token of the password__reset_requested event", async () => {
    const server = api.server()
    const requested = await api.call("POST", "/password/reset/request", {
      key: server.publishableApiKey,
      body: { username: alice.username }
    })
    expect(requested.body).toEqual({ success: true })
    const events = await api.call("GET", "/events?type=password__reset_requested")
    const resetToken = events.body.results[0].metadata.resetToken
    const confirm = await api.call("POST", "/password/reset/confirm", {
      key: server.publishableApiKey,
      body: { resetToken, newPassword: "reset-password-1" }
    })
    expect(confirm.body).toEqual({ success: true })
    await expect(login(server, alice.username, "reset-password-1")).resolves.toMatchObject({ userId: alice.id })
    const reused = await api.call("POST", "/password/reset/confirm", {
      key: server.publishableApiKey,
      body: { resetToken, newPassword: "reset-password-2" }
    })
    expect(reused.status).toBe(403)
  })

  it("tells onEvent listeners of each event as GET /events shows it, the reset token included, until they stop listening", async () => {
    const server = api.server()
    const seen: Array<Record<string, any>> = []
    const stop = server.backend.onEvent((event) => seen.push(event))
    // a listener that throws is told on the console, and changes nothing of what the backend answers
    const logged = vi.spyOn(console, "error").mockImplementation(() => {})
    const stopFaulty = server.backend.onEvent(() => {
      throw new Error("a listener's bug")
    })
    // each listener gets a copy: what one does to it reaches neither the others nor the store
    const stopTampering = server.backend.onEvent((event) => {
      ;(event.metadata as Record<string, unknown>).resetToken = "tampered"
    })
    const requested = await api.call("POST", "/password/reset/request", { key: server.publishableApiKey, body: { username: alice.username } })
    expect(requested.body).toEqual({ success: true })
    const stored = (await api.call("GET", "/events?type=password__reset_requested")).body.results[0]
    expect(stored.metadata.resetToken).toMatch(/^\w{16}$/)
    expect(seen).toEqual([stored])
    expect(logged).toHaveBeenCalledWith("stelace-effect/testing: an onEvent listener threw on password__reset_requested:", expect.any(Error))
    logged.mockRestore()
    stop()
    stopFaulty()
    stopTampering()
    await api.call("POST", "/password/reset/request", { key: server.publishableApiKey, body: { username: alice.username } })
    expect(seen).toHaveLength(1)
  })

  it("confirms check tokens once, with or without redirect", async () => {
    const server = api.server()
    await api.call("POST", "/token/check/request", {
      body: { type: "email", userId: alice.id, redirectUrl: "https://example.com/confirmed", data: { email: alice.username } }
    })
    const events = await api.call("GET", "/events?type=token__check_requested")
    const token = events.body.results[0].metadata.token
    const first = await fetch(`${server.url}/token/check/${token}`).then((r) => r.json())
    expect(first).toEqual({ status: "valid", type: "email", userId: alice.id, expirationDate: null, data: { email: alice.username } })
    const redirect = await fetch(`${server.url}/token/check/${token}?redirect=true`, { redirect: "manual" })
    expect(redirect.status).toBe(301)
    expect(redirect.headers.get("location")).toBe(`https://example.com/confirmed?token=${token}&status=alreadyChecked`)
    const unknown = await fetch(`${server.url}/token/check/unknown`).then((r) => r.json())
    expect(unknown.status).toBe("invalid")
  })

  it("tells which permissions the caller has", async () => {
    const server = api.server()
    const reply = await api.call("POST", "/permissions/check", {
      key: server.publishableApiKey,
      body: { permissions: ["asset:list:all", "asset:create:all"] }
    })
    expect(reply.body).toEqual({ "asset:list:all": true, "asset:create:all": false, missingPlanPermissions: [] })
  })
})
