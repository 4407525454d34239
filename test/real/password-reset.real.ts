/**
 * Password reset on the real server, beside the in-memory backend: the same scenarios on both,
 * each side held to what it does. Where they differ, the backend does better on purpose
 * (docs/testing.md lists each difference):
 *
 * - a new request: the real server keeps the earlier links valid; the backend voids them;
 * - a completed reset: the real server keeps the user's other links usable; the backend voids them;
 * - sessions opened before the reset: the real server keeps them (access and refresh tokens); the
 *   backend ends them;
 * - requests: the real server takes any number; the backend takes 3 per user every 10 minutes.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type RunningServer, startServer } from "../../src/testing/index.js"
import { realServer } from "./server.js"
import { poll, runId } from "./support.js"

interface Side {
  readonly name: string
  readonly url: () => string
  readonly secretApiKey: () => string
  readonly publishableApiKey: () => string
  /** What this side does, per scenario. */
  readonly does: {
    readonly earlierLinkAfterNewRequest: number
    readonly otherLinkAfterReset: number
    readonly sessionAfterReset: "kept" | "ended"
    readonly requestsTaken: number
  }
}

let memory: RunningServer
const real = realServer()
const sides: ReadonlyArray<Side> = [
  {
    name: "real server",
    url: () => real.url,
    secretApiKey: () => real.secretApiKey,
    publishableApiKey: () => real.publishableApiKey,
    does: { earlierLinkAfterNewRequest: 200, otherLinkAfterReset: 200, sessionAfterReset: "kept", requestsTaken: 10 }
  },
  {
    name: "in-memory backend",
    url: () => memory.url,
    secretApiKey: () => memory.secretApiKey,
    publishableApiKey: () => memory.publishableApiKey,
    does: { earlierLinkAfterNewRequest: 403, otherLinkAfterReset: 403, sessionAfterReset: "ended", requestsTaken: 3 }
  }
]

beforeAll(async () => {
  memory = await startServer({ seed: "empty" })
})
afterAll(async () => {
  await memory?.close()
})

const run = runId()

describe.each(sides)("password reset on the $name", (side) => {
  const call = async (method: string, path: string, body?: unknown, authorization = `Basic ${btoa(`${side.secretApiKey()}:`)}`) => {
    const response = await fetch(`${side.url()}${path}`, {
      method,
      headers: { authorization, "content-type": "application/json", "user-agent": "stelace-effect-real-reset" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) })
    })
    const text = await response.text()
    return { status: response.status, body: text === "" ? undefined : JSON.parse(text) }
  }
  const publicly = (method: string, path: string, body: unknown) => call(method, path, body, `Basic ${btoa(`${side.publishableApiKey()}:`)}`)

  let users = 0
  /** A new user with a password. */
  const newUser = async () => {
    const username = `reset-${run}-${users++}-${side.name.split(" ")[0]}@example.com`
    const created = await call("POST", "/users", { username, password: "first-password", roles: ["user"] })
    expect(created.status).toBe(200)
    return { id: created.body.id as string, username }
  }

  /** Asks for a reset, and the token its event carries once the event is recorded. */
  const requestReset = async (user: { readonly id: string; readonly username: string }) => {
    const before = await resetTokensOf(user.id)
    const answer = await publicly("POST", "/password/reset/request", { username: user.username })
    if (answer.status !== 200) return { status: answer.status, resetToken: undefined }
    const after = await poll(() => resetTokensOf(user.id), (tokens) => tokens.length > before.length)
    return { status: answer.status, resetToken: after.find((token) => !before.includes(token)) }
  }
  const resetTokensOf = async (userId: string): Promise<Array<string>> => {
    const events = await call("GET", `/events?type=password__reset_requested&objectId=${userId}&nbResultsPerPage=100`)
    return (events.body.results as Array<{ metadata: { resetToken: string } }>).map((event) => event.metadata.resetToken)
  }
  const confirm = (resetToken: string | undefined, newPassword: string) =>
    publicly("POST", "/password/reset/confirm", { resetToken, newPassword })

  it("an earlier link, after a new request", async () => {
    const user = await newUser()
    const earlier = await requestReset(user)
    const latest = await requestReset(user)
    expect(latest.resetToken).toBeDefined()
    expect((await confirm(earlier.resetToken, "earlier-password")).status).toBe(side.does.earlierLinkAfterNewRequest)
  })

  it("the user's other link, after a completed reset", async () => {
    const user = await newUser()
    const first = await requestReset(user)
    const second = await requestReset(user)
    expect((await confirm(second.resetToken, "second-password")).status).toBe(200)
    expect((await confirm(first.resetToken, "first-link-password")).status).toBe(side.does.otherLinkAfterReset)
  })

  it("a session opened before the reset", async () => {
    const user = await newUser()
    const session = await publicly("POST", "/auth/login", { username: user.username, password: "first-password" })
    expect(session.status).toBe(200)
    const { resetToken } = await requestReset(user)
    expect((await confirm(resetToken, "new-password")).status).toBe(200)
    const asUser = await call("GET", `/users/${user.id}`, undefined, `Stelace-V1 apiKey=${side.publishableApiKey()}, token=${session.body.accessToken}`)
    const refreshed = await publicly("POST", "/auth/token", { grantType: "refreshToken", refreshToken: session.body.refreshToken })
    const outcome = asUser.body.username === user.username && refreshed.status === 200
      ? "kept"
      : asUser.body.username === undefined && refreshed.status === 403
      ? "ended"
      : `mixed: GET as the user showed ${String(asUser.body.username)}, refresh answered ${refreshed.status}`
    expect(outcome).toBe(side.does.sessionAfterReset)
  })

  it("ten requests in a row", async () => {
    const user = await newUser()
    const statuses: Array<number> = []
    for (let index = 0; index < 10; index++) statuses.push((await publicly("POST", "/password/reset/request", { username: user.username })).status)
    expect(statuses.filter((status) => status === 200)).toHaveLength(side.does.requestsTaken)
    expect(statuses.filter((status) => status !== 200 && status !== 429)).toEqual([])
  })
})
