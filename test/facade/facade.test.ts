/** Facade behaviours beyond stelace.js that the differential suite does not cover. */
import * as Redacted from "effect/Redacted"
import { afterEach, describe, expect, it, vi } from "vitest"
import { AuthorizationCodeError, createInstance, InvalidArgument, RequestAborted, ServerError } from "../../src/index.js"
import { accessToken, PUBLISHABLE_KEY } from "../support/jwt.js"
import type { Recorder } from "../support/recorder.js"
import { startRecorder } from "../support/recorder.js"

let target: Recorder | undefined

const instance = async () => {
  target = await startRecorder()
  const stelace = createInstance({ apiKey: PUBLISHABLE_KEY, host: "127.0.0.1", port: target.port, protocol: "http" })
  return { stelace, target }
}

afterEach(async () => {
  vi.restoreAllMocks()
  await target?.close()
  target = undefined
})

describe("cancellation", () => {
  it("an already aborted signal rejects with Request aborted and sends nothing", async () => {
    const { stelace, target } = await instance()
    const controller = new AbortController()
    controller.abort()
    const error = await stelace.assets.read("ast_1", { signal: controller.signal }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(RequestAborted)
    expect((error as Error).message).toBe("Request aborted")
    await new Promise((resolve) => setTimeout(resolve, 30))
    expect(target.requests).toEqual([])
  })
})

describe("callbacks", () => {
  it("a callback that throws on a result is called once, and its error is thrown outside the promise", async () => {
    const { stelace } = await instance()
    const scheduled: Array<() => void> = []
    const realSetTimeout = globalThis.setTimeout
    vi.spyOn(globalThis, "setTimeout").mockImplementation(((fn: () => void, ms?: number) => {
      if (ms === 0) {
        scheduled.push(fn)
        return 0 as any
      }
      return realSetTimeout(fn, ms)
    }) as any)
    const calls: Array<unknown> = []
    const returned = await stelace.assets.read("ast_1", (error: unknown) => {
      calls.push(error)
      throw new Error("bug in the callback")
    })
    expect(returned).toBeUndefined()
    expect(calls).toEqual([null])
    expect(scheduled).toHaveLength(1)
    expect(() => scheduled[0]()).toThrow("bug in the callback")
  })
})

describe("undefined arguments", () => {
  it("an undefined data or options argument means none (stelace.js rejected it as an unknown argument)", async () => {
    const { stelace, target } = await instance()
    target.respond(() => ({ body: { id: "ast_1" } }))
    await stelace.assets.read("ast_1", undefined)
    await stelace.assets.read("ast_1", undefined, { stelaceVersion: "2019-05-20" })
    await stelace.assets.update("ast_1", { name: "Bike" }, undefined)
    expect(target.requests.map((r) => [r.method, r.url, r.body, r.headers["x-stelace-version"]])).toEqual([
      ["GET", "/assets/ast_1", "", undefined],
      ["GET", "/assets/ast_1", "", "2019-05-20"],
      ["PATCH", "/assets/ast_1", `{"name":"Bike"}`, undefined]
    ])
  })

  it("a null in place of data is still an unknown argument", async () => {
    const { stelace, target } = await instance()
    await expect(stelace.assets.read("ast_1", null as any)).rejects.toThrow(
      "Stelace: Unknown arguments (). Did you mean to pass an options object? (on API request to GET /assets/:id)"
    )
    expect(target.requests).toEqual([])
  })
})

describe("headers", () => {
  it("sends no trace-propagation headers (browsers' CORS preflight would refuse them)", async () => {
    const { stelace, target } = await instance()
    await stelace.assets.read("ast_1")
    expect(target.requests[0].headers.traceparent).toBeUndefined()
    expect(target.requests[0].headers.b3).toBeUndefined()
  })
})

describe("headers of your own (an addition to stelace.js's options)", () => {
  it("are sent from the options object after the data, or beside a stelace* option; in the data's place, headers stay data", async () => {
    const { stelace, target } = await instance()
    target.respond((request) => ({ body: request.path === "/assets" ? [] : {} }))
    await stelace.assets.list({ nbResultsPerPage: 2 }, { headers: { "X-Tenant": "acme" } })
    await stelace.assets.read("ast_1", undefined, { headers: { "x-tenant": "bcme" } })
    await stelace.assets.read("ast_1", { stelaceVersion: "2019-05-20", headers: { "x-tenant": "ccme" } })
    await stelace.forward.get("/custom", undefined, { headers: { "x-tenant": "dcme" } })
    for await (const _ of stelace.assets.paginate({}, { headers: { "x-tenant": "ecme" } })) break
    await stelace.emails.send({ html: "<p>Hi</p>", to: "a@example.com", headers: { "X-Campaign": "spring" } })
    expect(target.requests.map((r) => [r.method, r.url, r.headers["x-tenant"], r.headers["x-stelace-version"]])).toEqual([
      ["GET", "/assets?nbResultsPerPage=2", "acme", undefined],
      ["GET", "/assets/ast_1", "bcme", undefined],
      ["GET", "/assets/ast_1", "ccme", "2019-05-20"],
      ["GET", "/custom", "dcme", undefined],
      ["GET", "/assets", "ecme", undefined],
      ["POST", "/emails/send", undefined, undefined]
    ])
    expect(target.requests[5].json).toEqual({ html: "<p>Hi</p>", to: "a@example.com", headers: { "X-Campaign": "spring" } })
    expect(target.requests[5].headers["x-campaign"]).toBeUndefined()
  })

  it("reject the SDK's own headers and unsendable ones with InvalidArgument naming them, sending nothing", async () => {
    const { stelace, target } = await instance()
    const refused = await Promise.all([
      stelace.assets.list({}, { headers: { Authorization: "Basic x" } }),
      stelace.assets.list({}, { stelaceOrganizationId: "org_1", headers: { "x-stelace-organization-id": "org_2" } }),
      stelace.assets.list({}, { headers: { "x-trace\r\nx-injected": "1" } }),
      stelace.assets.list({}, { headers: { "x-trace": "1\r\nx-injected: 1" } })
    ].map((call) => call.then(() => undefined, (error: unknown) => error)))
    expect(refused.every((error) => error instanceof InvalidArgument)).toBe(true)
    expect(refused.map((error) => (error as Error).message)).toEqual([
      `Stelace: the "authorization" header is the SDK's, not one to set in "headers" (on API request to GET /assets)`,
      `Stelace: the "x-stelace-organization-id" header is the SDK's, not one to set in "headers" (on API request to GET /assets)`,
      `Stelace: "x-trace\\r\\nx-injected" is not a header name (on API request to GET /assets)`,
      `Stelace: the "x-trace" header cannot carry its value (a string without line breaks nor control characters is expected) (on API request to GET /assets)`
    ])
    expect(target.requests).toEqual([])
  })
})

describe("dispose", () => {
  it("releases the instance: later calls are refused", async () => {
    const { stelace } = await instance()
    await stelace.dispose()
    await expect(stelace.assets.read("ast_1")).rejects.toThrow("Stelace: this instance was disposed")
  })
})

describe("the session of an instance (for user interfaces)", () => {
  it("with a store that answers asynchronously, announces the stored session once the client is built", async () => {
    const token = accessToken({ userId: "usr_async", expiresIn: 3600 })
    const stored = { accessToken: token, refreshToken: "rt_1", userId: "usr_async" }
    const stelace = createInstance({
      apiKey: PUBLISHABLE_KEY,
      tokenStore: { getTokens: async () => stored, setTokens: async () => {}, removeTokens: async () => {} }
    })
    const events: Array<unknown> = []
    stelace.session.subscribe((event) => events.push(event))
    expect(stelace.session.getSnapshot().status).toBe("loading")
    await vi.waitFor(() => expect(events).toHaveLength(1))
    const [changed] = events as Array<{ _tag: string; tokens: Redacted.Redacted<unknown> }>
    expect(changed._tag).toBe("Changed")
    expect(Redacted.value(changed.tokens)).toEqual(stored)
    expect(String(changed.tokens)).not.toContain(token)
    expect(stelace.session.getSnapshot()).toMatchObject({ status: "authenticated", userId: "usr_async" })
    await stelace.dispose()
  })

  it("follows setOrganizationId made while an asynchronous store first answers: snapshot and requests agree once it has", async () => {
    const { target } = await instance()
    let answer: (tokens: null) => void = () => {}
    const answered = new Promise<null>((resolve) => (answer = resolve))
    const stelace = createInstance({
      apiKey: PUBLISHABLE_KEY,
      host: "127.0.0.1",
      port: target.port,
      protocol: "http",
      tokenStore: { getTokens: () => answered, setTokens: () => {}, removeTokens: () => {} }
    })
    const events: Array<unknown> = []
    stelace.session.subscribe((event) => events.push(event))
    expect(stelace.session.getSnapshot()).toMatchObject({ status: "loading", organizationId: null })
    stelace.setOrganizationId("org_1")
    expect(stelace.session.getSnapshot()).toMatchObject({ status: "loading", organizationId: "org_1" })
    answer(null)
    await vi.waitFor(() => expect(stelace.session.getSnapshot().status).toBe("anonymous"))
    expect(stelace.session.getSnapshot().organizationId).toBe("org_1")
    expect(events).toContainEqual(expect.objectContaining({ _tag: "Changed" }))
    await stelace.assets.read("ast_1")
    expect(target.requests.map((request) => request.headers["x-stelace-organization-id"])).toEqual(["org_1"])
    await stelace.dispose()
  })

  it("a disposed instance rejects calls with a typed error", async () => {
    const stelace = createInstance({ apiKey: PUBLISHABLE_KEY })
    await stelace.dispose()
    await expect(stelace.assets.list()).rejects.toBeInstanceOf(InvalidArgument)
  })
})

describe("single sign-on", () => {
  it("auth.ssoLoginUrl is the API's login route on the instance's host, following its setters", async () => {
    const { stelace, target } = await instance()
    expect(stelace.auth.ssoLoginUrl({ platformId: "e1_test", provider: "local-id" })).toMatch(
      new RegExp(`^http://127\\.0\\.0\\.1:${target.port}/auth/sso/e1_test/local-id\\?attempt=[\\da-f]{18}$`)
    )
    stelace.setHost("api.example.com", 443, "https")
    expect(stelace.auth.ssoLoginUrl({ platformId: "e1_live", provider: "my idp" })).toMatch(/^https:\/\/api\.example\.com\/auth\/sso\/e1_live\/my%20idp\?attempt=/)
    expect(target.requests).toEqual([])
  })

  it("auth.ssoLoginUrl throws InvalidArgument on a bad target", async () => {
    const { stelace } = await instance()
    expect(() => stelace.auth.ssoLoginUrl({ platformId: "1", provider: "google" })).toThrow(InvalidArgument)
    expect(() => stelace.auth.ssoLoginUrl({ platformId: "e1_test", provider: ".." })).toThrow(/"provider" must not be ".."/)
    expect(() => stelace.auth.ssoLoginUrl(undefined as never)).toThrow(/expected \{ platformId, provider \}/)
  })

  it("auth.loginWithCode stores the session, resolves to the tokens, and answers a callback too", async () => {
    const { stelace, target } = await instance()
    const tokens = { tokenType: "Bearer", accessToken: accessToken({ userId: "usr_sso", expiresIn: 3600 }), refreshToken: "rt_sso", userId: "usr_sso" }
    target.respond(() => ({ body: tokens }))
    expect({ ...(await stelace.auth.loginWithCode("c0de")) }).toEqual(tokens)
    expect(stelace.auth.info()).toEqual({ isAuthenticated: true, userId: "usr_sso" })
    const results: Array<unknown> = []
    await stelace.auth.loginWithCode("c0de2", (error, result) => results.push(error, result && { ...result }))
    expect(results).toEqual([null, tokens])
  })

  it("auth.loginWithCode and auth.logoutFromProvider take only a function as callback, as the other methods do", async () => {
    const { stelace, target } = await instance()
    const tokens = { tokenType: "Bearer", accessToken: accessToken({ userId: "usr_sso", expiresIn: 3600 }), refreshToken: "rt_sso", userId: "usr_sso" }
    target.respond((request) => (request.path === "/auth/token" ? { body: tokens } : { body: { success: true } }))
    const loginWithCode = stelace.auth.loginWithCode as (code: string, callback: unknown) => Promise<unknown>
    const logoutFromProvider = stelace.auth.logoutFromProvider as (callback: unknown) => Promise<unknown>
    expect({ ...((await loginWithCode("c0de", { not: "a function" })) as object) }).toEqual(tokens)
    expect(await logoutFromProvider("not a function")).toEqual({ _tag: "StelaceOnly" })
  })

  it("auth.loginWithCode rejects a reused code with AuthorizationCodeError, where getTokens keeps stelace.js's ServerError", async () => {
    const { stelace, target } = await instance()
    target.respond(() => ({ status: 422, body: { message: "Code already used", statusCode: 422 } }))
    const typed = await stelace.auth.loginWithCode("c0de").catch((e: unknown) => e)
    expect(typed).toBeInstanceOf(AuthorizationCodeError)
    expect(typed).toMatchObject({ reason: { _tag: "AlreadyUsed" }, statusCode: 422, message: "Code already used" })
    const legacy = await stelace.auth.getTokens({ grantType: "authorizationCode", code: "c0de" }).catch((e: unknown) => e)
    expect(legacy).toBeInstanceOf(ServerError)
    expect(stelace.auth.info()).toEqual({ isAuthenticated: false, userId: null })
  })

  it("auth.logoutFromProvider resolves to the provider's end-session page in Node, the session removed", async () => {
    const { stelace, target } = await instance()
    const tokens = { tokenType: "Bearer", accessToken: accessToken({ userId: "usr_sso", expiresIn: 3600 }), refreshToken: "rt_sso", userId: "usr_sso" }
    target.respond((request) => {
      if (request.path === "/auth/token") return { body: tokens }
      return (request.json as { logoutFromExternalProvider?: boolean }).logoutFromExternalProvider
        ? { status: 301, headers: { location: "https://idp.test/session/end?state=s" }, body: "" }
        : { body: { success: true } }
    })
    await stelace.auth.loginWithCode("c0de")
    expect(await stelace.auth.logoutFromProvider()).toEqual({ _tag: "Redirect", url: "https://idp.test/session/end?state=s" })
    expect(stelace.auth.info()).toEqual({ isAuthenticated: false, userId: null })
    expect(target.requests.map((r) => r.json)).toEqual([
      { grantType: "authorizationCode", code: "c0de" },
      { logoutFromExternalProvider: true, refreshToken: "rt_sso" },
      { refreshToken: "rt_sso" }
    ])
  })
})
