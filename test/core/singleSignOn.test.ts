/**
 * Single sign-on in the Effect API, on the wire: the login URL a browser goes to, the code
 * exchange that starts a session like any other (refresh included), the typed refusals of a code,
 * the return's query string, and the logout through the provider, where Node reads the server's
 * redirect and a browser does not.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import { Assets, Auth, AuthorizationCodeError, InvalidArgument, ServerError, Stelace, TokenStore } from "../../src/index.js"
import { clientLayer, recorder } from "../support/client.js"
import { accessToken, PUBLISHABLE_KEY } from "../support/jwt.js"
import type { Recorder } from "../support/recorder.js"
import { storeWith } from "../support/tokenStore.js"


const basic = `Basic ${btoa(`${PUBLISHABLE_KEY}:`)}`

describe("Auth.ssoLoginUrl", () => {
  const urlOf = (target: unknown, options: Stelace.Options = {}) =>
    Auth.ssoLoginUrl(target as never).pipe(
      Effect.provide(Stelace.layerFetch({ apiKey: PUBLISHABLE_KEY, ...options }).pipe(Layer.provide(TokenStore.memory)))
    )

  /** The URL without its `attempt`, which `attempt` must be. */
  const withoutAttempt = (url: string) => {
    const [route, query] = url.split("?")
    assert.match(query ?? "", /^attempt=[\da-f]{18}$/)
    return route
  }

  it.effect("is the API's login route of the connection, on the client's host", () =>
    Effect.gen(function*() {
      assert.strictEqual(withoutAttempt(yield* urlOf({ platformId: "e1_live", provider: "google" })), "https://api.stelace.com/auth/sso/e1_live/google")
      assert.strictEqual(
        withoutAttempt(yield* urlOf({ platformId: "e12_test", provider: "local-id" }, { host: "127.0.0.1", port: 4100, protocol: "http" })),
        "http://127.0.0.1:4100/auth/sso/e12_test/local-id"
      )
    }))

  it.effect("is a new URL each time, so that a browser never answers it from its cache (the server's 301 has no Cache-Control)", () =>
    Effect.gen(function*() {
      const urls = new Set<string>()
      for (let i = 0; i < 20; i++) urls.add(yield* urlOf({ platformId: "e1_test", provider: "google" }))
      assert.strictEqual(urls.size, 20)
    }))

  it.effect("encodes the connection's name as one path segment", () =>
    Effect.gen(function*() {
      assert.strictEqual(
        withoutAttempt(yield* urlOf({ platformId: "e1_test", provider: "my idp/é?x#y" })),
        "https://api.stelace.com/auth/sso/e1_test/my%20idp%2F%C3%A9%3Fx%23y"
      )
    }))

  it.effect.each([
    ["no target", undefined, "expected { platformId, provider }, but got: undefined"],
    ["a string", "e1_test/google", "expected { platformId, provider }, but got: string"],
    ["the platform's number alone", { platformId: "1", provider: "google" }, "\"platformId\" must be a public platform id such as e1_test"],
    ["an API key", { platformId: PUBLISHABLE_KEY, provider: "google" }, "\"platformId\" must be a public platform id such as e1_test"],
    ["a platform id with a path", { platformId: "e1_test/../../x", provider: "google" }, "\"platformId\" must be a public platform id such as e1_test"],
    ["no platform id", { provider: "google" }, "\"platformId\" must be a string, but got: undefined"],
    ["an empty provider", { platformId: "e1_test", provider: "" }, "\"provider\" must not be empty"],
    ["a provider that leaves the route", { platformId: "e1_test", provider: ".." }, "\"provider\" must not be \"..\""],
    ["a provider that is a number", { platformId: "e1_test", provider: 7 }, "\"provider\" must be a string, but got: number"]
  ] as ReadonlyArray<readonly [string, unknown, string]>)("refuses %s with InvalidArgument", ([, target, message]) =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(urlOf(target))
      assert.instanceOf(error, InvalidArgument)
      assert.deepStrictEqual(error.reason, { _tag: "Argument" })
      assert.include(error.message, message)
    }))
})

describe("Auth.loginWithCode", () => {
  const tokens = (expiresIn = 3600) => ({ tokenType: "Bearer", accessToken: accessToken({ userId: "usr_sso", expiresIn }), refreshToken: "rt_sso", userId: "usr_sso" })

  it.live("trades the code for tokens and stores them: the next call is the user's", () =>
    Effect.gen(function*() {
      const target = yield* recorder
      const answer = tokens()
      target.respond((request) => request.path === "/auth/token" ? { body: answer } : { body: { id: "ast_1" } })
      const store = storeWith(null)
      const layer = clientLayer(target, {}, store.layer)
      const result = yield* Effect.gen(function*() {
        const result = yield* Auth.loginWithCode("c0de")
        yield* Assets.read("ast_1")
        return result
      }).pipe(Effect.provide(layer))
      assert.deepStrictEqual({ ...result }, answer)
      assert.deepStrictEqual(target.requests.map((r) => `${r.method} ${r.path}`), ["POST /auth/token", "GET /assets/ast_1"])
      assert.deepStrictEqual(target.requests[0].json, { grantType: "authorizationCode", code: "c0de" })
      assert.strictEqual(target.requests[0].headers.authorization, basic)
      assert.strictEqual(target.requests[1].headers.authorization, `Stelace-V1 apiKey=${PUBLISHABLE_KEY}, token=${answer.accessToken}`)
      assert.deepStrictEqual(store.current(), answer)
    }).pipe(Effect.scoped))

  it.live("then refreshes like any session: with the refresh token the code gave", () =>
    Effect.gen(function*() {
      const target = yield* recorder
      const fresh = accessToken({ userId: "usr_sso", expiresIn: 3600 })
      target.respond((request) => {
        if (request.path !== "/auth/token") return { body: { id: "ast_1" } }
        const body = request.json as { grantType: string }
        return { body: body.grantType === "authorizationCode" ? tokens(5) : { tokenType: "Bearer", accessToken: fresh } }
      })
      const store = storeWith(null)
      yield* Effect.andThen(Auth.loginWithCode("c0de"), Assets.read("ast_1")).pipe(Effect.provide(clientLayer(target, {}, store.layer)))
      assert.deepStrictEqual(target.requests.map((r) => r.json ?? r.path), [
        { grantType: "authorizationCode", code: "c0de" },
        { refreshToken: "rt_sso", grantType: "refreshToken" },
        "/assets/ast_1"
      ])
      assert.strictEqual(target.requests[2].headers.authorization, `Stelace-V1 apiKey=${PUBLISHABLE_KEY}, token=${fresh}`)
      assert.deepStrictEqual(store.current(), { ...tokens(5), accessToken: fresh })
    }).pipe(Effect.scoped))

  it.live.each([
    ["an unknown code", 422, "Invalid code", "Invalid"],
    ["an expired code", 403, "Code expired", "Expired"],
    ["a code used before", 422, "Code already used", "AlreadyUsed"],
    ["a code whose user is gone", 422, "User does not exist", "Invalid"]
  ] as const)("refuses %s with AuthorizationCodeError, and keeps the session it had", ([, status, message, reason]) =>
    Effect.gen(function*() {
      const target = yield* recorder
      target.respond(() => ({ status, body: { message, statusCode: status } }))
      const before = tokens()
      const store = storeWith(before)
      const error = yield* Effect.flip(Auth.loginWithCode("c0de").pipe(Effect.provide(clientLayer(target, {}, store.layer))))
      assert.instanceOf(error, AuthorizationCodeError)
      const refused = error as AuthorizationCodeError
      assert.deepStrictEqual(refused.reason, { _tag: reason })
      assert.strictEqual(refused.message, message)
      assert.strictEqual(refused.statusCode, status)
      assert.instanceOf(refused.cause, ServerError)
      assert.deepStrictEqual(store.current(), before)
    }).pipe(Effect.scoped))

  it.live("Effect.catchReason tells an expired code from a reused one", () =>
    Effect.gen(function*() {
      const target = yield* recorder
      target.queue({ status: 403, body: { message: "Code expired" } }, { status: 422, body: { message: "Code already used" } })
      const attempt = Auth.loginWithCode("c0de").pipe(
        Effect.as("logged in"),
        Effect.catchReasons("AuthorizationCodeError", {
          Expired: () => Effect.succeed("expired"),
          AlreadyUsed: () => Effect.succeed("used")
        }),
        Effect.provide(clientLayer(target))
      )
      assert.deepStrictEqual([yield* attempt, yield* attempt], ["expired", "used"])
    }).pipe(Effect.scoped))

  it.live("leaves other failures as they are: a server error stays a ServerError", () =>
    Effect.gen(function*() {
      const target = yield* recorder
      target.respond(() => ({ status: 500, body: { message: "boom" } }))
      const error = yield* Effect.flip(Auth.loginWithCode("c0de").pipe(Effect.provide(clientLayer(target))))
      assert.instanceOf(error, ServerError)
    }).pipe(Effect.scoped))

  it.live.each([["an empty code", ""], ["blanks", "  "], ["no code", undefined], ["a number", 42]])("refuses %s, and sends nothing", ([, code]) =>
    Effect.gen(function*() {
      const target = yield* recorder
      const error = yield* Effect.flip(Auth.loginWithCode(code as string).pipe(Effect.provide(clientLayer(target))))
      assert.instanceOf(error, InvalidArgument)
      assert.include(error.message, "\"code\" must be the non-empty code")
      assert.deepStrictEqual(target.requests, [])
    }).pipe(Effect.scoped))
})

describe("Auth.parseSsoReturn", () => {
  it.each([
    ["a login's code", "http://app.test/login?status=success&code=abc123", { _tag: "Code", code: "abc123" }],
    ["a search string", "?status=success&code=abc123", { _tag: "Code", code: "abc123" }],
    ["the end of a provider logout", "http://app.test/login?status=success", { _tag: "LoggedOut" }],
    [
      "a cancelled login (test environment)",
      `http://app.test/login?status=configError&details=${encodeURIComponent("access_denied (End-User aborted interaction)")}`,
      { _tag: "Cancelled", details: "access_denied (End-User aborted interaction)" }
    ],
    ["a provider's refusal", "http://app.test/login?status=configError&details=invalid_grant", { _tag: "Failed", status: "configError", details: "invalid_grant" }],
    ["a failure in live (no details)", "http://app.test/login?status=configError", { _tag: "Failed", status: "configError", details: undefined }],
    ["a server failure", "http://app.test/login?status=serverError", { _tag: "Failed", status: "serverError", details: undefined }]
  ])("reads %s", (_, address, expected) => {
    assert.deepStrictEqual(Auth.parseSsoReturn(address), expected)
  })

  it("is undefined for an address that is no return", () => {
    assert.strictEqual(Auth.parseSsoReturn("http://app.test/login?next=/inbox"), undefined)
    assert.strictEqual(Auth.parseSsoReturn(new URL("http://app.test/")), undefined)
  })
})

describe("Auth.logoutFromProvider", () => {
  const ssoTokens = { accessToken: accessToken({ userId: "usr_sso", expiresIn: 3600 }), refreshToken: "rt_sso", userId: "usr_sso" }
  const endSession = "https://idp.test/session/end?id_token_hint=idt&post_logout_redirect_uri=x&state=s"

  /** Answers the logout through the provider with a 301 to its end-session page, a plain logout with success. */
  const serveLogout = (target: Recorder) =>
    target.respond((request) =>
      (request.json as { logoutFromExternalProvider?: boolean }).logoutFromExternalProvider
        ? { status: 301, headers: { location: endSession }, body: "" }
        : { body: { success: true } }
    )

  /** A browser's fetch: the redirect is an opaque answer, status 0 and no headers. */
  const browserFetch = (async (url: string | URL, init: RequestInit) => {
    const response = await fetch(url, init)
    if (response.status < 300 || response.status > 399) return response
    return { type: "opaqueredirect", status: 0, url: String(url), headers: new Headers(), text: async () => "", arrayBuffer: async () => new ArrayBuffer(0) }
  }) as unknown as typeof globalThis.fetch

  it.live("in Node: hands back the provider's end-session page, and ends the session at Stelace at once", () =>
    Effect.gen(function*() {
      const target = yield* recorder
      serveLogout(target)
      const store = storeWith(ssoTokens)
      const result = yield* Auth.logoutFromProvider().pipe(Effect.provide(clientLayer(target, {}, store.layer)))
      assert.deepStrictEqual(result, { _tag: "Redirect", url: endSession })
      assert.deepStrictEqual(target.requests.map((r) => `${r.method} ${r.path} ${r.body}`), [
        `POST /auth/logout ${JSON.stringify({ logoutFromExternalProvider: true, refreshToken: "rt_sso" })}`,
        `POST /auth/logout ${JSON.stringify({ refreshToken: "rt_sso" })}`
      ])
      assert.strictEqual(store.current(), null)
    }).pipe(Effect.scoped))

  it.live("in a browser, whose fetch hides the redirect: ends the session at Stelace only, and says so", () =>
    Effect.gen(function*() {
      const target = yield* recorder
      serveLogout(target)
      const store = storeWith(ssoTokens)
      const layer = clientLayer(target, {}, store.layer).pipe(Layer.provide(Layer.succeed(FetchHttpClient.Fetch, browserFetch)))
      const result = yield* Auth.logoutFromProvider().pipe(Effect.provide(layer))
      assert.deepStrictEqual(result, { _tag: "StelaceOnly" })
      assert.deepStrictEqual(target.requests.map((r) => r.json), [{ logoutFromExternalProvider: true, refreshToken: "rt_sso" }, { refreshToken: "rt_sso" }])
      assert.strictEqual(store.current(), null)
    }).pipe(Effect.scoped))

  it.live.each([
    ["a password login's session (the real server's 500)", 500, "This refresh token cannot be used to logout from external authentication provider"],
    ["a refresh token the server no longer knows", 500, "Invalid refresh token"],
    ["a connection without an end-session page", 422, "The connection has no endSessionUrl"]
  ] as const)("ends %s at Stelace only", ([, status, message]) =>
    Effect.gen(function*() {
      const target = yield* recorder
      target.respond((request) =>
        (request.json as { logoutFromExternalProvider?: boolean }).logoutFromExternalProvider
          ? { status, body: { message, statusCode: status } }
          : { body: { success: true } }
      )
      const store = storeWith(ssoTokens)
      const result = yield* Auth.logoutFromProvider().pipe(Effect.provide(clientLayer(target, {}, store.layer)))
      assert.deepStrictEqual(result, { _tag: "StelaceOnly" })
      assert.deepStrictEqual(target.requests.map((r) => r.json), [{ logoutFromExternalProvider: true, refreshToken: "rt_sso" }, { refreshToken: "rt_sso" }])
      assert.strictEqual(store.current(), null)
    }).pipe(Effect.scoped))

  it.live("never hands back a redirect to anything but an http(s) page: the session ends at Stelace only", () =>
    Effect.gen(function*() {
      const target = yield* recorder
      target.respond((request) =>
        (request.json as { logoutFromExternalProvider?: boolean }).logoutFromExternalProvider
          ? { status: 301, headers: { location: "javascript:alert(1)" }, body: "" }
          : { body: { success: true } }
      )
      const store = storeWith(ssoTokens)
      const result = yield* Auth.logoutFromProvider().pipe(Effect.provide(clientLayer(target, {}, store.layer)))
      assert.deepStrictEqual(result, { _tag: "StelaceOnly" })
      assert.strictEqual(store.current(), null)
    }).pipe(Effect.scoped))

  it.live("sends nothing without a refresh token: nobody is logged in, and what is stored goes", () =>
    Effect.gen(function*() {
      const target = yield* recorder
      const store = storeWith({ accessToken: ssoTokens.accessToken })
      const result = yield* Auth.logoutFromProvider().pipe(Effect.provide(clientLayer(target, {}, store.layer)))
      assert.deepStrictEqual(result, { _tag: "StelaceOnly" })
      assert.deepStrictEqual(target.requests, [])
      assert.strictEqual(store.current(), null)
    }).pipe(Effect.scoped))

  it.live("fails as a logout does when the server cannot log anyone out, keeping the session", () =>
    Effect.gen(function*() {
      const target = yield* recorder
      target.respond(() => ({ status: 503, body: { message: "down" } }))
      const store = storeWith(ssoTokens)
      const error = yield* Effect.flip(Auth.logoutFromProvider().pipe(Effect.provide(clientLayer(target, {}, store.layer))))
      assert.instanceOf(error, ServerError)
      assert.strictEqual((error as ServerError).statusCode, 503)
      assert.strictEqual(target.requests.length, 2)
      assert.deepStrictEqual(store.current(), ssoTokens)
    }).pipe(Effect.scoped))

  it.live("fails when the API cannot be reached, keeping the session", () =>
    Effect.gen(function*() {
      const target = yield* recorder
      target.respond(() => ({ destroy: true }))
      const store = storeWith(ssoTokens)
      const error = yield* Effect.flip(Auth.logoutFromProvider().pipe(Effect.provide(clientLayer(target, { maxRetries: 0 }, store.layer))))
      assert.strictEqual(error._tag, "NetworkError")
      assert.strictEqual(target.requests.length, 1)
      assert.deepStrictEqual(store.current(), ssoTokens)
    }).pipe(Effect.scoped))
})
