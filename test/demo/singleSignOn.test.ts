// @vitest-environment happy-dom
/**
 * The demo's single sign-on without a browser's navigation: the page configuration's `sso`, the
 * return taken off the address bar and the history before anything reads it, a code traded only
 * in the tab that started the login and only once, the way back to a path of this app only, and
 * the logout through an `openid` provider.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { AuthorizationCodeError, createInstance } from "stelace-effect"
import { readConfig, type SsoConfig } from "../../demo/src/config.js"
import { SingleSignOn, type SsoLanding, takeSsoReturn } from "../../demo/src/features/account/singleSignOn.js"

const contract = { platformId: "e1_test", providers: [{ id: "local-id", name: "Local ID", protocol: "openid" }] } as const

describe("the page configuration's sso", () => {
  const read = (sso: unknown) => readConfig(JSON.stringify({ apiKey: "pubk_x", sso }))

  it("takes the contract's shape, and nothing when it is absent", () => {
    expect(read(contract)).toMatchObject({ ok: true, config: { sso: contract } })
    const none = readConfig(JSON.stringify({ apiKey: "pubk_x" }))
    expect(none.ok && none.config.sso).toBeUndefined()
  })

  it.each([
    ["not an object", "e1_test"],
    ["no platform id", { providers: contract.providers }],
    ["no providers", { platformId: "e1_test", providers: [] }],
    ["providers that are not a list", { platformId: "e1_test", providers: { id: "local-id" } }],
    ["a provider without a name", { platformId: "e1_test", providers: [{ id: "local-id", protocol: "openid" }] }],
    ["an unknown protocol", { platformId: "e1_test", providers: [{ id: "local-id", name: "Local ID", protocol: "saml" }] }],
    ["one connection twice", { platformId: "e1_test", providers: [contract.providers[0], contract.providers[0]] }]
  ])("refuses %s", (_, sso) => {
    expect(read(sso)).toEqual({ ok: false, problem: "ssoInvalid" })
  })
})

const STARTED = "stelace-demo.sso.started"
const LEAVING = "stelace-demo.sso.leaving"

/** Puts the page at `address`, as the API's redirect would, with a history state of the router's. */
const landOn = (address: string) => {
  window.history.replaceState({ key: "router-key", __TSR_index: 3 }, "", address)
}

beforeEach(() => {
  sessionStorage.clear()
  localStorage.clear()
})

afterEach(() => landOn("/"))

describe("taking the return off the page", () => {
  it("reads the code, then removes it from the address bar and this history entry, before anything else", () => {
    sessionStorage.setItem(STARTED, JSON.stringify({ provider: "local-id", next: "/inbox?tab=2#last" }))
    landOn("/login?status=success&code=c0de")
    const entries = window.history.length
    const landing = takeSsoReturn(window)
    expect(landing).toEqual({ outcome: { _tag: "Code", code: "c0de" }, provider: "local-id", next: "/inbox?tab=2#last", started: true, at: "/login" })
    expect(window.location.href).toBe(`${window.location.origin}/login`)
    expect(window.location.href).not.toContain("c0de")
    // replaced, not pushed: no entry of the history holds the code, and the router's state stays
    expect(window.history.length).toBe(entries)
    expect(window.history.state).toEqual({ key: "router-key", __TSR_index: 3 })
    // the way back is used once
    expect(sessionStorage.getItem(STARTED)).toBeNull()
  })

  it("takes an error's status and details off too, keeping any other query", () => {
    sessionStorage.setItem(STARTED, JSON.stringify({ provider: "local-id", next: "/" }))
    landOn(`/login?lang=fr&status=configError&details=${encodeURIComponent("access_denied (End-User aborted interaction)")}`)
    expect(takeSsoReturn(window)?.outcome).toEqual({ _tag: "Cancelled", details: "access_denied (End-User aborted interaction)" })
    expect(window.location.search).toBe("?lang=fr")
  })

  it("takes a code off wherever it shows, even one this tab did not ask for, which is then not traded", () => {
    landOn("/search?query=kayak&status=success&code=someone-elses")
    expect(takeSsoReturn(window)).toEqual({ outcome: { _tag: "Code", code: "someone-elses" }, provider: undefined, next: "/", started: false, at: "/search" })
    expect(window.location.search).toBe("?query=kayak")
  })

  it("leaves alone a page that is no return, and a failure or a logout this tab did not start", () => {
    landOn("/login?next=/inbox")
    expect(takeSsoReturn(window)).toBeUndefined()
    landOn("/bookings?status=configError&details=x")
    expect(takeSsoReturn(window)).toBeUndefined()
    landOn("/?status=success")
    expect(takeSsoReturn(window)).toBeUndefined()
    expect(window.location.search).toBe("?status=success")
  })

  it("takes the end of a logout through the provider on the page the API sent the browser to", () => {
    sessionStorage.setItem(LEAVING, JSON.stringify({ provider: "local-id" }))
    landOn("/?status=success")
    expect(takeSsoReturn(window)).toMatchObject({ outcome: { _tag: "LoggedOut" }, provider: "local-id", at: "/" })
    expect(window.location.href).toBe(`${window.location.origin}/`)
    expect(sessionStorage.getItem(LEAVING)).toBeNull()
  })

  it.each([
    ["a protocol-relative URL", "//evil.example/"],
    ["a backslash after the slash", "/\\evil.example/"],
    ["a tab inside", "/\t/evil.example/"],
    ["another site's URL", "https://evil.example/"],
    ["a javascript: URL", "javascript:alert(document.domain)"],
    ["a user and host", "http://localhost@evil.example/"]
  ])("goes home, never to another site, for %s", (_, next) => {
    sessionStorage.setItem(STARTED, JSON.stringify({ provider: "local-id", next }))
    landOn("/login?status=success&code=c0de")
    expect(takeSsoReturn(window)?.next).toBe("/")
  })

  it.each(["/%2F%2Fevil.example", "/%5C%5Cevil.example", "/listings/ast_1?next=https://evil.example"])("keeps %s a path of this app", (next) => {
    sessionStorage.setItem(STARTED, JSON.stringify({ provider: "local-id", next }))
    landOn("/login?status=success&code=c0de")
    const path = takeSsoReturn(window)?.next ?? ""
    expect(path.startsWith("/") && !path.startsWith("//") && !path.startsWith("/\\")).toBe(true)
    expect(new URL(path, window.location.origin).origin).toBe(window.location.origin)
  })
})

/** A window whose navigations are recorded, not followed. */
const fakeWindow = () => {
  const assign = vi.fn<(url: string) => void>()
  return { window: { location: { assign }, sessionStorage, localStorage } as unknown as Window, assign }
}

const landing = (outcome: SsoLanding["outcome"], started = true): SsoLanding => ({ outcome, provider: "local-id", next: "/bookings", started, at: "/login" })
const config: SsoConfig = { platformId: "e1_test", providers: [...contract.providers, { id: "github", name: "GitHub", protocol: "oauth2" }] }

describe("the app's single sign-on", () => {
  it("leaves for the API's login URL of the connection, remembering where the visitor was going", () => {
    const { window: fake, assign } = fakeWindow()
    const client = createInstance({ apiKey: "pubk_test_x", host: "127.0.0.1", port: 4100, protocol: "http" })
    new SingleSignOn(config, undefined, fake).start(client, config.providers[0], "https://evil.example/")
    expect(assign.mock.calls).toEqual([[expect.stringMatching(/^http:\/\/127\.0\.0\.1:4100\/auth\/sso\/e1_test\/local-id\?attempt=/)]])
    expect(JSON.parse(sessionStorage.getItem(STARTED) ?? "null")).toEqual({ provider: "local-id", next: "/" })
  })

  it("trades a code once, however often the page asks (React runs effects twice), then goes where the visitor was going", async () => {
    const sso = new SingleSignOn(config, landing({ _tag: "Code", code: "c0de" }), fakeWindow().window)
    expect(sso.getSnapshot()).toEqual({ _tag: "LoggingIn", provider: "local-id" })
    const loginWithCode = vi.fn(async (_code: string) => {})
    const [first, second] = await Promise.all([sso.finish(loginWithCode, () => "usr_1"), sso.finish(loginWithCode, () => "usr_1")])
    expect([first, second]).toEqual(["/bookings", "/bookings"])
    expect(loginWithCode.mock.calls).toEqual([["c0de"]])
    expect(sso.getSnapshot()).toEqual({ _tag: "Idle" })
    expect(sso.logoutProvider("usr_1")?.id).toBe("local-id")
  })

  it("never trades a code this tab did not ask for: a link cannot log the visitor in as someone else", async () => {
    const sso = new SingleSignOn(config, landing({ _tag: "Code", code: "someone-elses" }, false), fakeWindow().window)
    const loginWithCode = vi.fn(async (_code: string) => {})
    expect(await sso.finish(loginWithCode, () => "usr_1")).toBeUndefined()
    expect(loginWithCode).not.toHaveBeenCalled()
    expect(sso.getSnapshot()).toMatchObject({ _tag: "Failed", problem: "notStarted" })
  })

  it.each([
    ["Expired", "codeExpired"],
    ["AlreadyUsed", "codeUsed"],
    ["Invalid", "codeInvalid"]
  ] as const)("says why a code was refused (%s), and stays on the page", async (reason, problem) => {
    const sso = new SingleSignOn(config, landing({ _tag: "Code", code: "c0de" }), fakeWindow().window)
    const refused = new AuthorizationCodeError({ message: "refused", reason: { _tag: reason }, statusCode: 422 })
    expect(await sso.finish(() => Promise.reject(refused), () => null)).toBeUndefined()
    expect(sso.getSnapshot()).toMatchObject({ _tag: "Failed", problem, provider: "local-id" })
    expect(sso.logoutProvider("usr_1")).toBeUndefined()
  })

  it.each([
    [{ _tag: "Cancelled", details: "access_denied" }, { _tag: "Failed", problem: "cancelled" }],
    [{ _tag: "Failed", status: "configError", details: undefined }, { _tag: "Failed", problem: "provider" }],
    [{ _tag: "Failed", status: "serverError", details: undefined }, { _tag: "Failed", problem: "server" }],
    [{ _tag: "LoggedOut" }, { _tag: "LoggedOut", everywhere: true, at: "/login" }]
  ] as const)("says what a return without a code means: %j", (outcome, status) => {
    const loginWithCode = vi.fn(async () => {})
    const sso = new SingleSignOn(config, landing(outcome), fakeWindow().window)
    void sso.finish(loginWithCode, () => null)
    expect(sso.getSnapshot()).toMatchObject(status)
    expect(loginWithCode).not.toHaveBeenCalled()
  })

  describe("logout", () => {
    const loggedIn = async (provider: string) => {
      const { window: fake, assign } = fakeWindow()
      const sso = new SingleSignOn(config, { outcome: { _tag: "Code", code: "c0de" }, provider, next: "/", started: true, at: "/login" }, fake)
      await sso.finish(async () => {}, () => "usr_1")
      return { sso, assign }
    }

    it("goes through an openid provider: to its end-session page where the SDK could read the API's redirect", async () => {
      const { sso, assign } = await loggedIn("local-id")
      const provider = sso.logoutProvider("usr_1")!
      expect(await sso.logOutThrough(provider, async () => ({ _tag: "Redirect", url: "http://127.0.0.1:4300/session/end?state=s" }), "/")).toBe(true)
      expect(assign.mock.calls).toEqual([["http://127.0.0.1:4300/session/end?state=s"]])
      // the page the provider's logout ends on is told whose logout it was
      expect(JSON.parse(sessionStorage.getItem(LEAVING) ?? "null")).toEqual({ provider: "local-id" })
      expect(sso.logoutProvider("usr_1")).toBeUndefined()
    })

    it("says so when a browser hid the redirect: logged out here, maybe not at the provider", async () => {
      const { sso, assign } = await loggedIn("local-id")
      expect(await sso.logOutThrough(sso.logoutProvider("usr_1")!, async () => ({ _tag: "StelaceOnly" }), "/")).toBe(false)
      expect(assign).not.toHaveBeenCalled()
      expect(sso.getSnapshot()).toEqual({ _tag: "LoggedOut", provider: "local-id", everywhere: false, at: "/" })
    })

    it("is a plain logout for an oauth2 provider's session, another user's, or a password login's", async () => {
      const { sso } = await loggedIn("github")
      expect(sso.logoutProvider("usr_1")).toBeUndefined()
      const openid = (await loggedIn("local-id")).sso
      expect(openid.logoutProvider("usr_2")).toBeUndefined()
      openid.forgetSession()
      expect(openid.logoutProvider("usr_1")).toBeUndefined()
    })
  })
})
