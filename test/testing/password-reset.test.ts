/**
 * Password resets in the local backend, where it does better than the real server (the real
 * server's behaviour is checked in test/real): only the latest link works, a completed reset voids
 * the other links and every earlier session, and requests are rate-limited per user.
 */
import { describe, expect, it } from "vitest"
import { StelaceTest } from "../../src/testing/index.js"
import { login, testClockAt, useServer } from "./helpers.js"

const { alice, bruno } = StelaceTest.demo.users

describe("password reset", () => {
  let time: Awaited<ReturnType<typeof testClockAt>>
  const api = useServer(async () => {
    time = await testClockAt(Math.floor(Date.now() / 1000) * 1000)
    return { clock: time.clock }
  })

  /** Asks for a reset of `username`'s password; the answer, and the token the event carries. */
  const requestReset = async (username: string) => {
    const answer = await api.call("POST", "/password/reset/request", { key: api.server().publishableApiKey, body: { username } })
    const events = await api.call("GET", "/events?type=password__reset_requested")
    return { answer, resetToken: events.body.results[0]?.metadata.resetToken as string | undefined }
  }

  const confirm = (resetToken: string | undefined, newPassword: string) =>
    api.call("POST", "/password/reset/confirm", { key: api.server().publishableApiKey, body: { resetToken, newPassword } })

  it("takes only the latest link: a new request voids the earlier ones", async () => {
    const earlier = await requestReset(alice.username)
    const latest = await requestReset(alice.username)
    expect(latest.resetToken).not.toBe(earlier.resetToken)
    expect((await confirm(earlier.resetToken, "earlier-password")).status).toBe(403)
    expect((await confirm(latest.resetToken, "latest-password")).status).toBe(200)
    await expect(login(api.server(), alice.username, "latest-password")).resolves.toMatchObject({ userId: alice.id })
  })

  it("leaves no link of the user usable once a reset is done, and other users' links alone", async () => {
    const first = await requestReset(alice.username)
    const brunos = await requestReset(bruno.username)
    const second = await requestReset(alice.username)
    expect((await confirm(second.resetToken, "reset-once-1")).status).toBe(200)
    expect((await confirm(second.resetToken, "reset-twice-2")).status).toBe(403)
    expect((await confirm(first.resetToken, "reset-thrice-3")).status).toBe(403)
    await expect(login(api.server(), alice.username, "reset-once-1")).resolves.toMatchObject({ userId: alice.id })
    expect((await confirm(brunos.resetToken, "bruno-new-password")).status).toBe(200)
  })

  it("ends the sessions opened before the reset: their access tokens count as expired, their refresh tokens are refused", async () => {
    const server = api.server()
    const before = await login(server, alice.username, alice.password)
    const asUser = (accessToken: string) => api.call("GET", `/users/${alice.id}`, { key: server.publishableApiKey, token: accessToken })
    expect((await asUser(before.accessToken)).body.username).toBe(alice.username)
    const { resetToken } = await requestReset(alice.username)
    expect((await confirm(resetToken, "after-the-reset")).status).toBe(200)

    // the token is ignored as an expired one is: the request runs without a user
    const stale = await asUser(before.accessToken)
    expect(stale.status).toBe(200)
    expect(stale.body.username).toBeUndefined()
    const check = await api.call("POST", "/auth/check", { body: { authorization: `Bearer ${before.accessToken}` } })
    expect(check.body).toMatchObject({ valid: false, tokenExpired: true })
    const refresh = await api.call("POST", "/auth/token", {
      key: server.publishableApiKey,
      body: { grantType: "refreshToken", refreshToken: before.refreshToken }
    })
    expect(refresh.status).toBe(403)

    // in the same second, a new login counts
    const after = await login(server, alice.username, "after-the-reset")
    expect((await asUser(after.accessToken)).body.username).toBe(alice.username)
  })

  it("keeps a token from before the reset off the user's signal channel", async () => {
    const server = api.server()
    const before = await login(server, alice.username, alice.password)
    const { resetToken } = await requestReset(alice.username)
    expect((await confirm(resetToken, "after-the-reset")).status).toBe(200)
    const frames: Array<string> = []
    const connection = server.backend.signal.accept({ send: (frame) => frames.push(frame), close: () => {} })
    try {
      connection.receive("40/signal")
      const id = /^42\/signal,(\d+)/.exec(frames.find((frame) => frame.startsWith("42/signal,"))!)![1]
      connection.receive(`43/signal,${id}${JSON.stringify([{ publishableKey: server.publishableApiKey, authToken: before.accessToken }])}`)
      await connection.settled()
      expect((await api.call("POST", "/signal", { body: { destination: alice.id, message: "private" } })).status).toBe(404)
    } finally {
      connection.closed()
    }
  })

  it("takes 3 requests per user every 10 minutes, then answers 429 with retry-after and makes no link", async () => {
    for (let index = 0; index < 3; index++) expect((await requestReset(alice.username)).answer.status).toBe(200)
    const limited = await requestReset(alice.username)
    expect(limited.answer.status).toBe(429)
    expect(limited.answer.headers.get("retry-after")).toBe("600")
    expect(limited.answer.body).toEqual({
      message: "Too many password reset requests for this user: the local backend takes 3 every 10 minutes. Try again in 600 seconds.",
      statusCode: 429
    })
    const events = await api.call("GET", "/events?type=password__reset_requested")
    expect(events.body.results).toHaveLength(3)
    // another user is not held back
    expect((await requestReset(bruno.username)).answer.status).toBe(200)
    await time.advance(10 * 60_000)
    expect((await requestReset(alice.username)).answer.status).toBe(200)
  })
})
