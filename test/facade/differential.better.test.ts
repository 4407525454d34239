/**
 * Differential test, where we are deliberately better than stelace@0.14.0 (upstream-sdk.md, "Known
 * defects of 0.14.0 we must not copy", and the issue's list): each test asserts our behaviour and,
 * where it can be observed, shows the 0.14.0 behaviour it replaces on the same server.
 */
import * as net from "node:net"
import { describe, expect, it } from "vitest"
import { InvalidArgument, MalformedResponse, RequestAborted, ServerError } from "../../src/index.js"
import { accessToken, PUBLISHABLE_KEY } from "../support/jwt.js"
import type { RecordedRequest, Recorder, Reply } from "../support/recorder.js"
import { startRecorder } from "../support/recorder.js"
import type { AnyInstance, Run, Sdk } from "./harness.js"
import {
  captureWarnings,
  cursorList,
  expectSame,
  expectSameServerError,
  factories,
  instanceOn,
  offsetList,
  runBoth,
  runOn,
  useRecorder
} from "./harness.js"

const recorder = useRecorder()

const expired = accessToken({ userId: "usr_1", expiresIn: -3600 })
const fresh = accessToken({ userId: "usr_1", expiresIn: 3600 })
const expiredSession = { tokenType: "Bearer", accessToken: expired, refreshToken: "rt_1", userId: "usr_1" }
const loggedIn = { ...expiredSession, accessToken: fresh }
const stelaceV1 = (token: string) => `Stelace-V1 apiKey=${PUBLISHABLE_KEY}, token=${token}`

const paths = (run: Run) => run.wire.map((w) => `${w.method} ${w.path}`)

/** `/auth/token` answers `refresh` (after 50 ms, so concurrent calls overlap); the rest `{ id }`. */
const serve = (refresh: Reply = { body: { tokenType: "Bearer", accessToken: fresh } }) => (request: RecordedRequest): Reply =>
  request.path === "/auth/token" ? { delay: 50, ...refresh } : { body: { id: "ast_1" } }

describe("errors are Error instances", () => {
  it("a server error is a ServerError with the body's fields (better than 0.14.0, which rejected with a plain object)", async () => {
    const runs = await runBoth(recorder.current, {
      reply: () => ({ status: 404, body: { message: "Asset not found", statusCode: 404, data: { id: "ast_1" } } }),
      run: (stelace) => stelace.assets.read("ast_1")
    })
    expectSameServerError(runs)
    expect(runs.ours.settled.error).toBeInstanceOf(ServerError)
    expect((runs.ours.settled.error as Error).stack).toContain("Asset not found")
  })
})

describe("the session", () => {
  it("concurrent calls with an expired token share one refresh (0.14.0 refreshed once per call)", async () => {
    const runs = await runBoth(recorder.current, {
      tokens: expiredSession,
      reply: serve(),
      run: (stelace) => Promise.all([stelace.assets.read("ast_1"), stelace.assets.read("ast_2"), stelace.categories.read("ctg_1")])
    })
    expect(paths(runs.upstream).filter((p) => p === "POST /auth/token")).toHaveLength(3)
    expect(paths(runs.ours).filter((p) => p === "POST /auth/token")).toHaveLength(1)
    expect(paths(runs.ours).slice(1).sort()).toStrictEqual(["GET /assets/ast_1", "GET /assets/ast_2", "GET /categories/ctg_1"])
    for (const run of [runs.ours, runs.upstream]) {
      expect(run.wire.filter((w) => w.path !== "/auth/token").map((w) => w.headers.authorization)).toStrictEqual([
        stelaceV1(fresh),
        stelaceV1(fresh),
        stelaceV1(fresh)
      ])
      expect(run.outcome.status).toBe("resolved")
      expect(run.tokens).toStrictEqual(loggedIn)
    }
  })

  it("the expiry listener fires once however many calls were pending (0.14.0: once per call)", async () => {
    const heard: Record<Sdk, number> = { upstream: 0, ours: 0 }
    const messages: Record<Sdk, Array<unknown>> = { upstream: [], ours: [] }
    const runs = await runBoth(recorder.current, {
      tokens: expiredSession,
      reply: serve({ status: 403, body: { message: "Refresh token expired", statusCode: 403 } }),
      run: async (stelace, sdk) => {
        stelace.onError("userSessionExpired", () => heard[sdk]++)
        const settled = await Promise.allSettled([stelace.assets.read("ast_1"), stelace.assets.read("ast_2"), stelace.assets.list()])
        messages[sdk] = settled.map((s) => (s.status === "rejected" ? (s.reason as Error).message : s.status))
      }
    })
    expect(heard).toStrictEqual({ upstream: 3, ours: 1 })
    expect(messages.ours).toStrictEqual(["User session expired", "User session expired", "User session expired"])
    expect(messages.upstream).toStrictEqual(messages.ours)
    expect(paths(runs.upstream)).toStrictEqual(["POST /auth/token", "POST /auth/token", "POST /auth/token"])
    expect(paths(runs.ours)).toStrictEqual(["POST /auth/token"])
    expect(runs.ours.tokens).toBeNull()
  })

  it("an undecodable access token with a refresh token is refreshed (0.14.0 rejected every call with jwt-decode's Invalid token specified)", async () => {
    const runs = await runBoth(recorder.current, {
      tokens: { ...expiredSession, accessToken: "not-a-jwt" },
      reply: serve(),
      run: (stelace) => stelace.assets.read("ast_1")
    })
    expect(runs.upstream.wire).toStrictEqual([])
    expect(runs.upstream.outcome).toMatchObject({ status: "rejected", error: { message: expect.stringMatching(/^Invalid token specified/) } })
    expect(paths(runs.ours)).toStrictEqual(["POST /auth/token", "GET /assets/ast_1"])
    expect(runs.ours.wire[1].headers.authorization).toBe(stelaceV1(fresh))
    expect(runs.ours.outcome.status).toBe("resolved")
    expect(runs.ours.tokens).toStrictEqual(loggedIn)
  })

  it("a token expiring within 30 s is refreshed before the call (0.14.0 sent it, refreshing only after expiry)", async () => {
    const expiring = accessToken({ userId: "usr_1", expiresIn: 10 })
    const runs = await runBoth(recorder.current, {
      tokens: { ...expiredSession, accessToken: expiring },
      reply: serve(),
      run: (stelace) => stelace.assets.read("ast_1")
    })
    expect(runs.upstream.wire.map((w) => `${w.path} ${w.headers.authorization}`)).toStrictEqual([`/assets/ast_1 ${stelaceV1(expiring)}`])
    expect(runs.ours.wire.map((w) => w.path)).toStrictEqual(["/auth/token", "/assets/ast_1"])
    expect(runs.ours.wire[1].headers.authorization).toBe(stelaceV1(fresh))
  })

  it("each instance has its own session in Node (0.14.0 instances shared one memory store)", async () => {
    const runs = await runBoth(recorder.current, {
      reply: (request) => (request.path === "/auth/login" ? { body: loggedIn } : { body: { id: "ast_1" } }),
      run: async (first, sdk) => {
        const second = instanceOn(sdk, recorder.current)
        await first.auth.login({ username: "jane", password: "secret" })
        await second.assets.read("ast_1")
        return { first: first.auth.info(), second: second.auth.info() }
      }
    })
    expect(runs.upstream.wire[1].headers.authorization).toBe(stelaceV1(fresh))
    expect(runs.upstream.outcome).toMatchObject({ value: { second: { isAuthenticated: true, userId: "usr_1" } } })
    expect(runs.ours.wire[1].headers.authorization).toBe(`Basic ${Buffer.from(`${PUBLISHABLE_KEY}:`).toString("base64")}`)
    expect(runs.ours.outcome).toMatchObject({
      value: { first: { isAuthenticated: true, userId: "usr_1" }, second: { isAuthenticated: false, userId: null } }
    })
  })

  it.each<[string, Reply, RegExp]>([
    ["500", { status: 500, body: { message: "Internal Server Error", statusCode: 500 } }, /^Internal Server Error$/],
    ["401", { status: 401, body: { message: "Unauthorized", statusCode: 401 } }, /^Unauthorized$/],
    ["400", { status: 400, body: { message: "Missing refresh token", statusCode: 400 } }, /^Missing refresh token$/],
    ["a closed connection", { destroy: true }, /^Network Error: connection reset/]
  ])("a refresh failing otherwise (%s) rejects the call with that failure and keeps the tokens (0.14.0 swallowed it and sent the call with the expired token)", async (_name, refusal, message) => {
    const heard: Record<Sdk, number> = { upstream: 0, ours: 0 }
    const runs = await runBoth(recorder.current, {
      tokens: expiredSession,
      reply: serve(refusal),
      run: (stelace, sdk) => {
        stelace.onError("userSessionExpired", () => heard[sdk]++)
        return stelace.assets.read("ast_1")
      }
    })
    expect(paths(runs.upstream)).toStrictEqual(["POST /auth/token", "GET /assets/ast_1"])
    expect(runs.upstream.wire[1].headers.authorization).toBe(stelaceV1(expired))
    expect(runs.upstream.outcome.status).toBe("resolved")
    expect(paths(runs.ours)).toStrictEqual(["POST /auth/token"])
    expect(runs.ours.outcome).toMatchObject({ status: "rejected", error: { message } })
    for (const run of [runs.upstream, runs.ours]) expect(run.tokens).toStrictEqual(expiredSession)
    expect(heard).toStrictEqual({ upstream: 0, ours: 0 })
  })

  it.each<[string, (tokens: unknown, callback: (error: unknown, tokens?: unknown) => void) => unknown]>([
    ["an error through the callback", (_tokens, callback) => callback(new Error("no"))],
    ["a rejected promise", () => Promise.reject(new Error("no"))],
    ["a synchronous throw", () => {
      throw new Error("no")
    }]
  ])("a beforeRefreshToken hook failing (%s) rejects the call with a HookError and keeps the tokens (0.14.0 sent the call with the expired token)", async (_name, hook) => {
    const runs = await runBoth(recorder.current, {
      config: { apiKey: PUBLISHABLE_KEY, beforeRefreshToken: hook },
      tokens: expiredSession,
      reply: serve(),
      run: (stelace) => stelace.assets.read("ast_1")
    })
    expect(runs.upstream.wire.map((w) => w.headers.authorization)).toStrictEqual([stelaceV1(expired)])
    expect(runs.ours.wire).toStrictEqual([])
    expect(runs.ours.outcome).toMatchObject({ status: "rejected", error: { message: "Stelace: beforeRefreshToken failed: no" } })
    expect(runs.ours.settled.error).toMatchObject({ _tag: "HookError", hook: "beforeRefreshToken", reason: { _tag: "Failed" } })
    for (const run of [runs.upstream, runs.ours]) expect(run.tokens).toStrictEqual(expiredSession)
  })

  it("logout never refreshes first: it sends the stored refresh token as it is (0.14.0 refreshed an expired token, then logged out)", async () => {
    const runs = await runBoth(recorder.current, { tokens: expiredSession, reply: serve(), run: (stelace) => stelace.auth.logout() })
    expect(paths(runs.upstream)).toStrictEqual(["POST /auth/token", "POST /auth/logout"])
    expect(paths(runs.ours)).toStrictEqual(["POST /auth/logout"])
    expect(runs.ours.requests[0].json).toStrictEqual({ refreshToken: "rt_1" })
    expect(runs.ours.wire[0].headers.authorization).toBe(stelaceV1(expired))
    for (const run of [runs.upstream, runs.ours]) expect(run.tokens).toBeNull()
  })

  it("login succeeds when the stored refresh token is refused (0.14.0 refreshed first and rejected the login with User session expired)", async () => {
    const runs = await runBoth(recorder.current, {
      tokens: expiredSession,
      reply: (request) =>
        request.path === "/auth/token"
          ? { status: 403, body: { message: "Refresh token expired", statusCode: 403 } }
          : { body: { ...loggedIn, userId: "usr_2" } },
      run: (stelace) => stelace.auth.login({ username: "jane", password: "secret" })
    })
    expect(paths(runs.upstream)).toStrictEqual(["POST /auth/token"])
    expect(runs.upstream.outcome).toMatchObject({ status: "rejected", error: { message: "User session expired" } })
    expect(paths(runs.ours)).toStrictEqual(["POST /auth/login"])
    expect(runs.ours.outcome).toMatchObject({ status: "resolved", value: { userId: "usr_2" } })
    expect(runs.ours.tokens).toStrictEqual({ ...loggedIn, userId: "usr_2" })
  })

  it("an undecodable access token that nothing can refresh is not sent, as auth.info() says anonymous (0.14.0 sent it)", async () => {
    const runs = await runBoth(recorder.current, {
      tokens: { accessToken: "not-a-jwt" },
      reply: serve(),
      run: (stelace) => stelace.assets.read("ast_1").then(() => stelace.auth.info())
    })
    expect(runs.upstream.wire.map((w) => w.headers.authorization)).toStrictEqual([stelaceV1("not-a-jwt")])
    expect(runs.ours.wire.map((w) => w.headers.authorization)).toStrictEqual([`Basic ${Buffer.from(`${PUBLISHABLE_KEY}:`).toString("base64")}`])
    for (const run of [runs.upstream, runs.ours]) expect(run.outcome).toMatchObject({ value: { isAuthenticated: false, userId: null } })
  })

  it("a stored accessToken that is not a string is no session (0.14.0 sent token=42 while auth.info() said anonymous)", async () => {
    const runs = await runBoth(recorder.current, {
      tokens: { accessToken: 42 },
      reply: serve(),
      run: (stelace) => stelace.assets.read("ast_1").then(() => stelace.auth.info())
    })
    expect(runs.upstream.wire.map((w) => w.headers.authorization)).toStrictEqual([stelaceV1("42" as string)])
    expect(runs.ours.wire.map((w) => w.headers.authorization)).toStrictEqual([`Basic ${Buffer.from(`${PUBLISHABLE_KEY}:`).toString("base64")}`])
    for (const run of [runs.upstream, runs.ours]) expect(run.outcome).toMatchObject({ value: { isAuthenticated: false, userId: null } })
  })

  it.each<[string, (stelace: AnyInstance) => Promise<unknown>, string]>([
    ["a non-string id", (s) => s.assets.read(42), `Stelace: "id" must be a string, but got: number (on API request to GET /assets/:id)`],
    [
      "leftover arguments",
      (s) => s.assets.list({}, {}),
      "Stelace: Unknown arguments ([object Object]). Did you mean to pass an options object? (on API request to GET /assets)"
    ]
  ])("arguments are checked before any refresh request (%s; 0.14.0 refreshed first, then rejected)", async (_name, call, message) => {
    const runs = await runBoth(recorder.current, { tokens: expiredSession, reply: serve(), run: call })
    expect(runs.ours.outcome).toMatchObject({ status: "rejected", error: { message } })
    expect(runs.upstream.outcome).toStrictEqual(runs.ours.outcome)
    expect(paths(runs.upstream)).toStrictEqual(["POST /auth/token"])
    expect(runs.ours.wire).toStrictEqual([])
    expect(runs.ours.tokens).toStrictEqual(expiredSession)
  })
})

describe("path parameters", () => {
  it.each<[string, string, string, string]>([
    ["a/b", "/assets/a%2Fb", "/assets/a/b", ""],
    ["a?b=1", "/assets/a%3Fb%3D1", "/assets/a", "b=1"],
    ["a#b", "/assets/a%23b", "/assets/a", ""],
    ["../config", "/assets/..%2Fconfig", "/assets/../config", ""],
    ["a b", "/assets/a%20b", "/assets/a%20b", ""]
  ])("are URL-encoded: read(%j) hits %s (0.14.0: %s)", async (id, ours, theirs, theirQuery) => {
    const runs = await runBoth(recorder.current, { run: (stelace) => stelace.assets.read(id) })
    expect(runs.ours.wire.map((w) => [w.path, w.query])).toStrictEqual([[ours, ""]])
    expect(runs.upstream.wire.map((w) => [w.path, w.query])).toStrictEqual([[theirs, theirQuery]])
  })

  it("a non-ASCII id is encoded (0.14.0's request failed in Node: unescaped characters)", async () => {
    const runs = await runBoth(recorder.current, { run: (stelace) => stelace.users.removeFromOrganization("usr_é", "org 1") })
    expect(runs.ours.wire.map((w) => w.path)).toStrictEqual(["/users/usr_%C3%A9/organizations/org%201"])
    expect(runs.upstream.wire).toStrictEqual([])
    expect(runs.upstream.outcome.status).toBe("rejected")
  })

  it("an empty path parameter is refused, with no request (0.14.0 sent GET /assets/, a list)", async () => {
    const runs = await runBoth(recorder.current, { run: (stelace) => stelace.assets.read("") })
    expect(paths(runs.upstream)).toStrictEqual(["GET /assets/"])
    expect(runs.ours.wire).toStrictEqual([])
    expect(runs.ours.outcome).toMatchObject({
      status: "rejected",
      error: { message: `Stelace: "id" must not be empty (on API request to GET /assets/:id)` }
    })
    expect(runs.ours.settled.error).toBeInstanceOf(InvalidArgument)
  })
})

describe("forward stays on the API host", () => {
  const withOtherHost = async (f: (other: Recorder) => Promise<void>) => {
    const other = await startRecorder()
    try {
      await f(other)
    } finally {
      await other.close()
    }
  }

  it("an absolute URL is refused with no request (0.14.0 sent the API key and the user's token to the other host)", () =>
    withOtherHost(async (other) => {
      const url = `http://127.0.0.1:${other.port}/collect`
      const theirs = await runOn("upstream", recorder.current, { tokens: loggedIn, run: (stelace) => stelace.forward.get(url, { a: 1 }) })
      expect(theirs.outcome.status).toBe("resolved")
      expect(other.requests.map((r) => [r.path, r.query, r.headers.authorization])).toStrictEqual([["/collect", "a=1", stelaceV1(fresh)]])
      other.reset()

      const ours = await runOn("ours", recorder.current, { tokens: loggedIn, run: (stelace) => stelace.forward.get(url, { a: 1 }) })
      expect(ours.outcome).toMatchObject({
        status: "rejected",
        error: { message: expect.stringContaining(`"path" must be a path on the API host, such as /assets; URLs are refused`) }
      })
      expect(ours.settled.error).toBeInstanceOf(InvalidArgument)
      expect(other.requests).toStrictEqual([])
      expect(ours.wire).toStrictEqual([])
    }))

  it.each(["post", "put", "patch", "del", "options"])("forward.%s refuses an absolute URL too", (method) =>
    withOtherHost(async (other) => {
      const ours = await runOn("ours", recorder.current, {
        tokens: loggedIn,
        run: (stelace) => stelace.forward[method](`https://127.0.0.1:${other.port}/collect`, { a: 1 })
      })
      expect(ours.settled.error).toBeInstanceOf(InvalidArgument)
      expect(other.requests).toStrictEqual([])
      expect(ours.wire).toStrictEqual([])
    }))

  it("a protocol-relative URL (//host/x) is refused with no request (0.14.0 sent it off the API host too)", () =>
    withOtherHost(async (other) => {
      const url = `//127.0.0.1:${other.port}/collect`
      const runs = await runBoth(recorder.current, { tokens: loggedIn, run: (stelace) => stelace.forward.get(url) })
      // In Node, 0.14.0 took it for an absolute URL and sent it to localhost:80, not to the API host
      expect(runs.upstream.wire).toStrictEqual([])
      expect(runs.ours.settled.error).toBeInstanceOf(InvalidArgument)
      expect(runs.ours.wire).toStrictEqual([])
      expect(other.requests).toStrictEqual([])
    }))

  it("a path without a leading slash is relative to the API root, as in 0.14.0", async () => {
    recorder.current.respond(() => ({ body: { id: "ast_1" } }))
    expectSame(await runBoth(recorder.current, { run: (stelace) => stelace.forward.get("assets/ast_1", { a: 1 }) }))
  })
})

describe("retries", () => {
  const failingOnce = (status: number) => (_request: RecordedRequest, index: number): Reply =>
    index === 0 ? { status, body: { message: "Unavailable", statusCode: status } } : { body: { id: "ast_1" } }

  it.each([502, 503, 504, 408, 429])("a GET answered %i is retried and succeeds (0.14.0 rejected at once)", async (status) => {
    const runs = await runBoth(recorder.current, { reply: failingOnce(status), run: (stelace) => stelace.assets.read("ast_1") })
    expect(paths(runs.upstream)).toStrictEqual(["GET /assets/ast_1"])
    expect(runs.upstream.outcome).toMatchObject({ status: "rejected", error: { statusCode: status } })
    expect(paths(runs.ours)).toStrictEqual(["GET /assets/ast_1", "GET /assets/ast_1"])
    expect(runs.ours.wire[1]).toStrictEqual(runs.ours.wire[0])
    expect(runs.ours.outcome).toMatchObject({ status: "resolved", value: { id: "ast_1" }, lastResponse: { requestId: "req_1", statusCode: 200 } })
  })

  it.each<[string, (stelace: AnyInstance) => Promise<unknown>]>([
    ["PUT", (s) => s.users.joinOrganizationOrUpdateRights("usr_1", "org_1", { roles: ["user"] })],
    ["DELETE", (s) => s.assets.remove("ast_1")]
  ])("a %s answered 503 is retried too", async (_method, call) => {
    const runs = await runBoth(recorder.current, { reply: failingOnce(503), run: call })
    expect(runs.upstream.wire).toHaveLength(1)
    expect(runs.ours.wire).toHaveLength(2)
    expect(runs.ours.wire[1]).toStrictEqual(runs.upstream.wire[0])
    expect(runs.ours.outcome.status).toBe("resolved")
  })

  it.each<[string, (stelace: AnyInstance) => Promise<unknown>]>([
    ["POST", (s) => s.assets.create({ name: "Bike" })],
    ["PATCH", (s) => s.assets.update("ast_1", { name: "Bike" })]
  ])("a %s answered 503 is never retried, by either", async (_method, call) => {
    const runs = await runBoth(recorder.current, { reply: failingOnce(503), run: call })
    expectSameServerError(runs)
    expect(runs.ours.wire).toHaveLength(1)
  })

  // Beyond the issue's list (reported): network failures of idempotent calls are retried too, and a
  // dropped connection is a `Network Error` where 0.14.0 passed on Node's `socket hang up`.
  it("a GET whose connection drops is retried, then rejects with Network Error (0.14.0: one attempt, socket hang up)", async () => {
    const runs = await runBoth(recorder.current, { reply: () => ({ destroy: true }), run: (stelace) => stelace.assets.read("ast_1") })
    expect(runs.upstream.wire).toHaveLength(1)
    expect(runs.upstream.outcome).toMatchObject({ status: "rejected", error: { message: "socket hang up" } })
    expect(runs.ours.wire).toHaveLength(3)
    expect(runs.ours.outcome).toMatchObject({
      status: "rejected",
      error: { message: `Network Error: connection reset (ECONNRESET) on GET ${recorder.current.url}/assets/ast_1` }
    })
    expect(runs.ours.settled.error).toMatchObject({ _tag: "NetworkError", reason: { _tag: "Reset" }, method: "GET" })
  })

  it("a POST whose connection drops is not retried (Network Error; 0.14.0: socket hang up)", async () => {
    const runs = await runBoth(recorder.current, { reply: () => ({ destroy: true }), run: (stelace) => stelace.assets.create({ name: "Bike" }) })
    expect(runs.ours.wire).toStrictEqual(runs.upstream.wire)
    expect(runs.ours.outcome).toMatchObject({ status: "rejected", error: { message: expect.stringMatching(/^Network Error: connection reset .* on POST /) } })
    expect(runs.upstream.outcome).toMatchObject({ status: "rejected", error: { message: "socket hang up" } })
  })

  it("a GET timing out is retried, each attempt with the timeout, then rejects with timeout of <ms>ms exceeded (0.14.0: one attempt)", async () => {
    const runs = await runBoth(recorder.current, {
      reply: () => ({ delay: 200, body: { id: "ast_1" } }),
      run: (stelace) => {
        stelace.setTimeout(50)
        return stelace.assets.read("ast_1")
      }
    })
    expect(runs.upstream.wire).toHaveLength(1)
    expect(runs.upstream.outcome).toMatchObject({ status: "rejected", error: { message: "timeout of 50ms exceeded" } })
    expect(runs.ours.wire).toHaveLength(3)
    // the same message, naming the request (0.14.0's did not)
    expect(runs.ours.outcome).toMatchObject({
      status: "rejected",
      error: { message: `timeout of 50ms exceeded on GET ${recorder.current.url}/assets/ast_1` }
    })
    expect(runs.ours.settled.error).toMatchObject({ _tag: "NetworkError", reason: { _tag: "Timeout" } })
  })

  it("a GET failing every time gives up after two retries with the last error", async () => {
    const runs = await runBoth(recorder.current, {
      reply: () => ({ status: 503, body: { message: "Service Unavailable", statusCode: 503 } }),
      run: (stelace) => stelace.assets.list()
    })
    expect(runs.upstream.wire).toHaveLength(1)
    expect(runs.ours.wire).toHaveLength(3)
    expect(runs.ours.outcome).toStrictEqual(runs.upstream.outcome)
    expect(runs.ours.settled.error).toBeInstanceOf(ServerError)
  })
})

describe("cancellation", () => {
  const waitForRequest = async (target: Recorder) => {
    while (target.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 2))
  }
  const slow = (): Reply => ({ delay: 300, body: offsetList([{ id: "ast_1" }]) })

  it("signal in the options object aborts the call with Request aborted and the HTTP request (0.14.0 had no cancellation: it sent the signal as a query parameter)", async () => {
    const runs = await runBoth(recorder.current, {
      reply: slow,
      run: async (stelace) => {
        const controller = new AbortController()
        const call = stelace.assets.list({ signal: controller.signal })
        await waitForRequest(recorder.current)
        controller.abort()
        return call
      }
    })
    expect(runs.upstream.outcome.status).toBe("resolved")
    expect(runs.upstream.wire.map((w) => w.query)).toStrictEqual(["signal=%7B%7D"])
    expect(runs.upstream.aborted).toStrictEqual([])

    expect(runs.ours.outcome).toMatchObject({ status: "rejected", error: { message: "Request aborted" } })
    expect(runs.ours.settled.error).toBeInstanceOf(RequestAborted)
    expect(runs.ours.settled.error).toBeInstanceOf(Error)
    expect(runs.ours.wire.map((w) => w.query)).toStrictEqual([""])
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(recorder.current.aborted.map((r) => r.path)).toStrictEqual(["/assets"])
  })

  it("signal next to other options and data, with a callback (0.14.0 warned Invalid options found (signal))", async () => {
    const warnings: Record<Sdk, unknown> = { upstream: undefined, ours: undefined }
    const runs = await runBoth(recorder.current, {
      reply: slow,
      run: async (stelace, sdk) => {
        const controller = new AbortController()
        const captured = await captureWarnings(async () => {
          const received = new Promise((resolve) => {
            stelace.assets.create({ name: "Bike" }, { stelaceVersion: "2019-05-20", signal: controller.signal }, (error: unknown, result: unknown) =>
              resolve(error ? { error: (error as Error).message } : { result }))
          })
          await waitForRequest(recorder.current)
          controller.abort()
          return received
        })
        warnings[sdk] = captured.warnings
        return captured.result
      }
    })
    expect(warnings.upstream).toStrictEqual([["Invalid options found (signal); ignoring.", "Stelace"]])
    expect(warnings.ours).toStrictEqual([])
    expect(runs.upstream.outcome).toMatchObject({ value: { result: { results: [{ id: "ast_1" }] } } })
    expect(runs.ours.outcome).toMatchObject({ value: { error: "Request aborted" } })
    expect(runs.ours.wire).toStrictEqual(runs.upstream.wire)
  })
})

describe("answers 0.14.0 could not handle", () => {
  it("a 2xx non-JSON body rejects with a MalformedResponse keeping status and request id (0.14.0 crashed with a TypeError)", async () => {
    const runs = await runBoth(recorder.current, {
      reply: () => ({ status: 200, headers: { "content-type": "text/html" }, body: "<html>maintenance</html>" }),
      run: (stelace) => stelace.assets.read("ast_1")
    })
    expect(runs.ours.wire).toStrictEqual(runs.upstream.wire)
    expect(runs.upstream.settled.error).toBeInstanceOf(TypeError)
    expect(runs.upstream.outcome).toMatchObject({ error: { message: "Object.defineProperty called on non-object" } })
    const error = runs.ours.settled.error as MalformedResponse
    expect(error).toBeInstanceOf(MalformedResponse)
    expect(error.statusCode).toBe(200)
    expect(error.requestId).toBe("req_0")
    expect(error.lastResponse).toStrictEqual({ requestId: "req_0", statusCode: 200 })
    expect(error.body).toBe("<html>maintenance</html>")
  })

  it("a refused connection rejects with a NetworkError naming the reason and the request (0.14.0 in Node: axios's raw connect ECONNREFUSED)", async () => {
    const port = await closedPort()
    for (const call of [(s: AnyInstance) => s.assets.create({ name: "Bike" }), (s: AnyInstance) => s.assets.read("ast_1")]) {
      const errors: Record<Sdk, any> = { upstream: undefined, ours: undefined }
      for (const sdk of ["upstream", "ours"] as const) {
        const stelace = factories[sdk]({ apiKey: PUBLISHABLE_KEY })
        stelace.setHost("127.0.0.1", port, "http")
        errors[sdk] = await call(stelace).then(
          () => "resolved",
          (error: Error) => error
        )
      }
      expect(errors.upstream.message).toBe(`connect ECONNREFUSED 127.0.0.1:${port}`)
      expect(errors.ours.message).toMatch(new RegExp(`^Network Error: connection refused \\(ECONNREFUSED\\) on (POST|GET) http://127\\.0\\.0\\.1:${port}/assets`))
      expect(errors.ours).toMatchObject({ _tag: "NetworkError", reason: { _tag: "Refused" } })
      expect(errors.ours.cause).toMatchObject({ code: "ECONNREFUSED" })
    }
  })
})

/** A port nothing listens on. */
const closedPort = async (): Promise<number> => {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const port = (server.address() as net.AddressInfo).port
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

describe("every list is unwrapped the same way", () => {
  const items = [{ id: "a" }, { id: "b" }]

  it("a plain-array body is returned as it is, with paginationMeta (0.14.0 resolved [] for the paginated lists)", async () => {
    const runs = await runBoth(recorder.current, { reply: () => ({ body: items }), run: (stelace) => stelace.assets.list() })
    expect(runs.upstream.outcome).toMatchObject({ value: [], isArray: true })
    expect(runs.ours.outcome).toStrictEqual({
      status: "resolved",
      value: items,
      isArray: true,
      lastResponse: { requestId: "req_0", statusCode: 200 },
      paginationMeta: { nbResults: 2, nbPages: 1, page: 1, nbResultsPerPage: 2 }
    })
  })

  it("a cursor body gives the cursor paginationMeta (0.14.0: page-based keys, all undefined)", async () => {
    const body = cursorList(items, { hasNextPage: true, startCursor: "c_1", endCursor: "c_2" })
    const runs = await runBoth(recorder.current, { reply: () => ({ body }), run: (stelace) => stelace.assets.list({ nbResultsPerPage: 2 }) })
    expect(runs.ours.wire).toStrictEqual(runs.upstream.wire)
    expect(runs.upstream.outcome).toMatchObject({ value: items })
    expect(Object.entries((runs.upstream.outcome as { paginationMeta: object }).paginationMeta)).toStrictEqual([
      ["nbResults", undefined],
      ["nbPages", undefined],
      ["page", undefined],
      ["nbResultsPerPage", 20]
    ])
    expect(runs.ours.outcome).toMatchObject({
      value: items,
      paginationMeta: { hasPreviousPage: false, hasNextPage: true, startCursor: "c_1", endCursor: "c_2", nbResultsPerPage: 20 }
    })
  })

  it.each(["assetTypes", "categories", "roles", "webhooks", "workflows"])(
    "%s.list unwraps page-based and cursor bodies (0.14.0 returned the raw body)",
    async (resource) => {
      for (const body of [offsetList(items, { nbResults: 2 }), cursorList(items)]) {
        const runs = await runBoth(recorder.current, { reply: () => ({ body }), run: (stelace) => stelace[resource].list() })
        expect(runs.ours.wire).toStrictEqual(runs.upstream.wire)
        expect(runs.upstream.outcome).toMatchObject({ value: body, isArray: false, paginationMeta: undefined })
        expect(runs.ours.outcome).toMatchObject({ value: items, isArray: true, lastResponse: { requestId: "req_0", statusCode: 200 } })
        expect((runs.ours.outcome as { paginationMeta: object }).paginationMeta).toBeDefined()
      }
    }
  )
})

describe("configuration is checked", () => {
  it.each<[string, Record<string, unknown>, RegExp]>([
    ["an unknown key", { apiKey: PUBLISHABLE_KEY, apiKye: "typo" }, /unknown configuration key\(s\): apiKye/],
    ["a non-function beforeRefreshToken", { beforeRefreshToken: "refresh" }, /"beforeRefreshToken" must be a function, but got: string/]
  ])("%s throws an InvalidArgument (0.14.0 ignored it silently)", (_name, config, message) => {
    const theirs = factories.upstream(config)
    expect(typeof theirs.getTokenStore().getTokens).toBe("function")
    expect(theirs.getApiField("beforeRefreshToken")).toBeNull()
    expect(() => factories.ours(config)).toThrow(InvalidArgument)
    expect(() => factories.ours(config)).toThrow(message)
  })

  it.each<[string, unknown]>([
    ["without its functions", {}],
    ["missing removeTokens", { getTokens: () => null, setTokens: () => undefined }],
    ["a string", "localStorage"]
  ])("a token store %s throws an InvalidArgument (0.14.0 ignored it, and was left with no store at all: every call failed)", async (_name, tokenStore) => {
    const config = { apiKey: PUBLISHABLE_KEY, tokenStore }
    expect(() => factories.ours(config)).toThrow(InvalidArgument)
    expect(() => factories.ours(config)).toThrow(/token store needs getTokens, setTokens and removeTokens/)
    const theirs = await runOn("upstream", recorder.current, { config, run: (stelace) => stelace.assets.read("ast_1") })
    expect(theirs.instance.getTokenStore()).toBeNull()
    expect(theirs.settled.error).toBeInstanceOf(TypeError)
    expect(theirs.wire).toStrictEqual([])
  })

  it("setTokenStore and setBeforeRefreshToken refuse invalid values too (0.14.0 ignored them)", () => {
    const theirs = factories.upstream({})
    const ours = factories.ours({})
    const theirStore = theirs.getTokenStore()
    theirs.setTokenStore({ getTokens: () => null })
    theirs.setBeforeRefreshToken(42)
    expect(theirs.getTokenStore()).toBe(theirStore)
    expect(theirs.getApiField("beforeRefreshToken")).toBeNull()
    expect(() => ours.setTokenStore({ getTokens: () => null })).toThrow(InvalidArgument)
    expect(() => ours.setBeforeRefreshToken(42)).toThrow(InvalidArgument)
  })
})

describe("paginate(query): every item across pages (ours only)", () => {
  const collect = async (iterable: AsyncIterable<unknown>) => {
    const out: Array<unknown> = []
    for await (const item of iterable) out.push(item)
    return out
  }

  it("0.14.0 has no paginate", () => {
    const theirs = factories.upstream({})
    for (const resource of ["assets", "users", "search", "assetTypes"]) expect(theirs[resource].paginate).toBeUndefined()
  })

  it("walks page-based lists page after page, with the query and options on every request", async () => {
    const ours = await runOn("ours", recorder.current, {
      reply: (request) => {
        const page = Number(new URLSearchParams(request.query).get("page") ?? "1")
        return { body: offsetList([{ id: `ast_${page}a` }, { id: `ast_${page}b` }], { nbResults: 6, nbPages: 3, page, nbResultsPerPage: 2 }) }
      },
      run: (stelace) => collect(stelace.assets.paginate({ nbResultsPerPage: 2, ownerId: "usr_1" }, { stelaceVersion: "2019-05-20" }))
    })
    expect(ours.outcome).toMatchObject({ value: [{ id: "ast_1a" }, { id: "ast_1b" }, { id: "ast_2a" }, { id: "ast_2b" }, { id: "ast_3a" }, { id: "ast_3b" }] })
    expect(ours.wire.map((w) => w.query)).toStrictEqual([
      "nbResultsPerPage=2&ownerId=usr_1",
      "nbResultsPerPage=2&ownerId=usr_1&page=2",
      "nbResultsPerPage=2&ownerId=usr_1&page=3"
    ])
    expect(ours.wire.map((w) => w.headers["x-stelace-version"])).toStrictEqual(["2019-05-20", "2019-05-20", "2019-05-20"])
  })

  it("walks cursor-based lists with startingAfter", async () => {
    const ours = await runOn("ours", recorder.current, {
      reply: (request) => {
        const after = new URLSearchParams(request.query).get("startingAfter")
        const n = after === null ? 1 : Number(after.slice(1)) + 1
        return { body: cursorList([{ id: `usr_${n}` }], { hasPreviousPage: n > 1, hasNextPage: n < 3, startCursor: `c${n}`, endCursor: `c${n}` }) }
      },
      run: (stelace) => collect(stelace.users.paginate({ nbResultsPerPage: 1 }))
    })
    expect(ours.outcome).toMatchObject({ value: [{ id: "usr_1" }, { id: "usr_2" }, { id: "usr_3" }] })
    expect(ours.wire.map((w) => w.query)).toStrictEqual(["nbResultsPerPage=1", "nbResultsPerPage=1&startingAfter=c1", "nbResultsPerPage=1&startingAfter=c2"])
  })

  it("walks search results with the page in the body", async () => {
    const ours = await runOn("ours", recorder.current, {
      reply: (request) => {
        const page = (request.json as { page?: number }).page ?? 1
        return { body: { ...offsetList([{ id: `ast_${page}` }], { nbResults: 2, nbPages: 2, page, nbResultsPerPage: 1 }), exhaustiveNbResults: true } }
      },
      run: (stelace) => collect(stelace.search.paginate({ query: "bike", nbResultsPerPage: 1, save: true }))
    })
    expect(ours.outcome).toMatchObject({ value: [{ id: "ast_1" }, { id: "ast_2" }] })
    expect(ours.requests.map((r) => r.json)).toStrictEqual([
      { query: "bike", nbResultsPerPage: 1, save: false },
      { query: "bike", nbResultsPerPage: 1, save: false, page: 2 }
    ])
  })

  it("a plain-array list is one page", async () => {
    const ours = await runOn("ours", recorder.current, { reply: () => ({ body: [{ id: "typ_1" }, { id: "typ_2" }] }), run: (stelace) => collect(stelace.assetTypes.paginate()) })
    expect(ours.outcome).toMatchObject({ value: [{ id: "typ_1" }, { id: "typ_2" }] })
    expect(ours.wire).toHaveLength(1)
  })
})
