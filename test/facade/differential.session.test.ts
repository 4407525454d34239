/**
 * Differential test, the user session: login, the authorization header, refresh of an expired
 * access token (and its failures), `beforeRefreshToken` hooks, logout, secret keys, custom token
 * stores and `auth.info()`. Scenarios use tokens whose `exp` is an hour in the past or ahead, so
 * our 30 s refresh margin plays no part.
 */
import { describe, expect, it } from "vitest"
import { accessToken, PUBLISHABLE_KEY, SECRET_KEY } from "../support/jwt.js"
import type { RecordedRequest, Reply } from "../support/recorder.js"
import type { AnyInstance, Sdk } from "./harness.js"
import { expectSame, memoryStore, offsetList, runBoth, useRecorder } from "./harness.js"

const recorder = useRecorder()

const expired = accessToken({ userId: "usr_1", expiresIn: -3600 })
const fresh = accessToken({ userId: "usr_1", expiresIn: 3600 })
const loggedIn = { tokenType: "Bearer", accessToken: fresh, refreshToken: "rt_1", userId: "usr_1" }
const expiredSession = { tokenType: "Bearer", accessToken: expired, refreshToken: "rt_1", userId: "usr_1" }

/** `/auth/login` and `/auth/token` answer `auth`; everything else a list or an object. */
const serve = (auth: Reply = { body: { tokenType: "Bearer", accessToken: fresh } }) => (request: RecordedRequest): Reply => {
  if (request.path === "/auth/login") return { body: loggedIn }
  if (request.path === "/auth/token") return auth
  if (request.path === "/auth/logout") return { body: { success: true } }
  if (request.method === "GET" && request.path === "/assets") return { body: offsetList([{ id: "ast_1" }]) }
  return { body: { id: "ast_1" } }
}

const basic = `Basic ${Buffer.from(`${PUBLISHABLE_KEY}:`).toString("base64")}`
const stelaceV1 = (token: string, key: string = PUBLISHABLE_KEY) => `Stelace-V1 apiKey=${key}, token=${token}`

describe("login", () => {
  it("stores the returned tokens, and later calls send Stelace-V1 apiKey=..., token=...", async () => {
    const runs = await runBoth(recorder.current, {
      reply: serve(),
      run: async (stelace) => {
        await stelace.auth.login({ username: "jane", password: "secret" })
        return stelace.assets.list()
      }
    })
    expectSame(runs)
    expect(runs.ours.wire.map((w) => w.headers.authorization)).toStrictEqual([basic, stelaceV1(fresh)])
    expect(runs.ours.tokens).toStrictEqual(loggedIn)
  })

  it("resolves to the tokens, with lastResponse", async () => {
    expectSame(await runBoth(recorder.current, { reply: serve(), run: (stelace) => stelace.auth.login({ username: "jane", password: "secret" }) }))
  })

  it("a failed login stores nothing", async () => {
    const runs = await runBoth(recorder.current, {
      reply: () => ({ status: 403, body: { message: "Forbidden", statusCode: 403 } }),
      run: (stelace) => stelace.auth.login({ username: "jane", password: "wrong" })
    })
    expect(runs.ours.wire).toStrictEqual(runs.upstream.wire)
    expect(runs.ours.outcome).toStrictEqual(runs.upstream.outcome)
    expect(runs.ours.tokens).toBeNull()
    expect(runs.upstream.tokens).toBeNull()
  })

  it("getTokens stores its result too", async () => {
    const runs = await runBoth(recorder.current, {
      reply: () => ({ body: loggedIn }),
      run: async (stelace) => {
        await stelace.auth.getTokens({ grantType: "authorizationCode", code: "code_1" })
        return stelace.assets.read("ast_1")
      }
    })
    expectSame(runs)
    expect(runs.ours.tokens).toStrictEqual(loggedIn)
  })

  it.each([
    [422, "Invalid code"],
    [403, "Code expired"],
    [422, "Code already used"]
  ])("getTokens with a refused SSO code (%i %s) rejects as stelace.js did, and stores nothing", async (status, message) => {
    const runs = await runBoth(recorder.current, {
      reply: () => ({ status, body: { message, statusCode: status } }),
      run: (stelace) => stelace.auth.getTokens({ grantType: "authorizationCode", code: "code_1" })
    })
    expect(runs.ours.wire).toStrictEqual(runs.upstream.wire)
    expect(runs.ours.outcome).toStrictEqual(runs.upstream.outcome)
    expect(runs.ours.outcome).toMatchObject({ error: { statusCode: status, message } })
    expect(runs.ours.tokens).toBeNull()
  })

  it("without an API key, a session sends apiKey=null (the server answers 401 either way)", async () => {
    const runs = await runBoth(recorder.current, { config: {}, tokens: loggedIn, run: (stelace) => stelace.assets.read("ast_1") })
    expectSame(runs)
    expect(runs.ours.wire[0].headers.authorization).toBe(`Stelace-V1 apiKey=null, token=${fresh}`)
  })

  it("without an API key nor a session, no authorization header at all", async () => {
    const runs = await runBoth(recorder.current, { config: {}, run: (stelace) => stelace.assets.read("ast_1") })
    expectSame(runs)
    expect(runs.ours.wire[0].headers.authorization).toBeUndefined()
  })
})

describe("refresh of an expired access token", () => {
  it("POSTs /auth/token with the refresh token (Basic auth), stores { ...tokens, accessToken } and sends the call with it", async () => {
    const runs = await runBoth(recorder.current, { tokens: expiredSession, reply: serve(), run: (stelace) => stelace.assets.list() })
    expectSame(runs)
    expect(runs.ours.wire.map((w) => `${w.method} ${w.path} ${w.headers.authorization}`)).toStrictEqual([
      `POST /auth/token ${basic}`,
      `GET /assets ${stelaceV1(fresh)}`
    ])
    expect(runs.ours.requests[0].json).toStrictEqual({ refreshToken: "rt_1", grantType: "refreshToken" })
    expect(runs.ours.tokens).toStrictEqual({ ...expiredSession, accessToken: fresh })
  })

  it("the refresh request carries the instance's version and organization", async () => {
    expectSame(
      await runBoth(recorder.current, {
        tokens: expiredSession,
        reply: serve(),
        run: (stelace) => {
          stelace.setApiVersion("2019-05-20")
          stelace.setOrganizationId("org_1")
          return stelace.assets.create({ name: "Bike" }, { stelaceVersion: "2020-08-10" })
        }
      })
    )
  })

  it("a token an hour ahead is not refreshed", async () => {
    const runs = await runBoth(recorder.current, { tokens: loggedIn, reply: serve(), run: (stelace) => stelace.assets.list() })
    expectSame(runs)
    expect(runs.ours.wire.map((w) => w.path)).toStrictEqual(["/assets"])
  })

  it("an expired token without refresh token (nor hook) is sent as it is", async () => {
    const runs = await runBoth(recorder.current, { tokens: { accessToken: expired }, reply: serve(), run: (stelace) => stelace.assets.list() })
    expectSame(runs)
    expect(runs.ours.wire.map((w) => w.headers.authorization)).toStrictEqual([stelaceV1(expired)])
  })

  it("403: removes the tokens, calls the userSessionExpired listener, rejects the call with User session expired", async () => {
    const heard: Record<Sdk, Array<unknown>> = { upstream: [], ours: [] }
    const rejections: Record<Sdk, unknown> = { upstream: undefined, ours: undefined }
    const runs = await runBoth(recorder.current, {
      tokens: expiredSession,
      reply: serve({ status: 403, body: { message: "Refresh token expired", statusCode: 403, data: { reason: "expired" } } }),
      run: (stelace, sdk) => {
        stelace.onError("userSessionExpired", (error: unknown) => heard[sdk].push(error))
        return stelace.assets.list().catch((error: unknown) => {
          rejections[sdk] = error
          throw error
        })
      }
    })
    expectSame(runs)
    expect(runs.ours.wire.map((w) => w.path)).toStrictEqual(["/auth/token"])
    expect(runs.ours.outcome).toStrictEqual({
      status: "rejected",
      error: { message: "User session expired", statusCode: 403, data: { reason: "expired" }, lastResponse: undefined }
    })
    expect(runs.ours.tokens).toBeNull()
    for (const sdk of ["upstream", "ours"] as const) {
      expect(heard[sdk]).toHaveLength(1)
      expect(heard[sdk][0]).toBe(rejections[sdk])
    }
    // better than 0.14.0, which rejected with a plain object (the refusal's fields, message replaced)
    expect(rejections.ours).toBeInstanceOf(Error)
    expect(rejections.upstream).not.toBeInstanceOf(Error)
  })

  it("an unsubscribed listener is not called", async () => {
    const heard: Record<Sdk, Array<string>> = { upstream: [], ours: [] }
    const runs = await runBoth(recorder.current, {
      tokens: expiredSession,
      reply: serve({ status: 403, body: { message: "Forbidden", statusCode: 403 } }),
      run: (stelace, sdk) => {
        const unsubscribe = stelace.onError("userSessionExpired", () => heard[sdk].push("first"))
        stelace.onError("userSessionExpired", () => heard[sdk].push("second"))
        unsubscribe()
        return stelace.assets.list()
      }
    })
    expectSame(runs)
    expect(heard.ours).toStrictEqual(["second"])
    expect(heard.upstream).toStrictEqual(["second"])
  })

})

describe("beforeRefreshToken hooks", () => {
  const refreshed = { ...expiredSession, accessToken: fresh, fromHook: true }

  it.each<[string, (tokens: unknown, callback: (error: unknown, tokens?: unknown) => void) => unknown]>([
    ["answering through the callback", (_tokens, callback) => callback(null, refreshed)],
    ["answering through the callback later", (_tokens, callback) => void setTimeout(() => callback(null, refreshed), 5)],
    ["returning a promise", async () => refreshed],
    ["returning a promise and ignoring the callback", () => new Promise((resolve) => setTimeout(() => resolve(refreshed), 5))]
  ])("%s: stores the result as it is and sends the call with it, no /auth/token", async (_name, hook) => {
    const received: Record<Sdk, Array<unknown>> = { upstream: [], ours: [] }
    const runs = await runBoth(recorder.current, {
      config: (sdk) => ({
        apiKey: PUBLISHABLE_KEY,
        beforeRefreshToken: (tokens: unknown, callback: (error: unknown, tokens?: unknown) => void) => {
          received[sdk].push(tokens)
          return hook(tokens, callback)
        }
      }),
      tokens: expiredSession,
      reply: serve(),
      run: (stelace) => stelace.assets.list()
    })
    expectSame(runs)
    expect(runs.ours.wire.map((w) => `${w.path} ${w.headers.authorization}`)).toStrictEqual([`/assets ${stelaceV1(fresh)}`])
    expect(runs.ours.tokens).toStrictEqual(refreshed)
    expect(received.ours).toStrictEqual([expiredSession])
    expect(received.upstream).toStrictEqual([expiredSession])
  })

  it("is called for an expired token even without a refresh token", async () => {
    const runs = await runBoth(recorder.current, {
      config: { apiKey: PUBLISHABLE_KEY, beforeRefreshToken: async () => ({ accessToken: fresh }) },
      tokens: { accessToken: expired },
      reply: serve(),
      run: (stelace) => stelace.assets.list()
    })
    expectSame(runs)
    expect(runs.ours.tokens).toStrictEqual({ accessToken: fresh })
  })

  it("is not called while the token is valid", async () => {
    const calls: Record<Sdk, number> = { upstream: 0, ours: 0 }
    const runs = await runBoth(recorder.current, {
      config: (sdk) => ({
        apiKey: PUBLISHABLE_KEY,
        beforeRefreshToken: async () => {
          calls[sdk]++
          return loggedIn
        }
      }),
      tokens: loggedIn,
      reply: serve(),
      run: (stelace) => stelace.assets.list()
    })
    expectSame(runs)
    expect(calls).toStrictEqual({ upstream: 0, ours: 0 })
  })

  it("set with setBeforeRefreshToken", async () => {
    expectSame(
      await runBoth(recorder.current, {
        tokens: expiredSession,
        reply: serve(),
        run: (stelace) => {
          stelace.setBeforeRefreshToken((_tokens: unknown, callback: (error: unknown, tokens?: unknown) => void) => callback(null, loggedIn))
          return stelace.assets.list()
        }
      })
    )
  })

  it.each<[string, (tokens: unknown, callback: (error: unknown, tokens?: unknown) => void) => unknown]>([
    ["a string", (_tokens, callback) => callback(null, "token")],
    ["a number", async () => 42],
    ["undefined through the callback", (_tokens, callback) => callback(null)],
    ["a promise of undefined", async () => undefined],
    ["null, with the default store", async () => null]
  ])("a hook answering a non-object (%s) keeps the tokens and sends the call with the old one", async (_name, hook) => {
    const runs = await runBoth(recorder.current, {
      config: { apiKey: PUBLISHABLE_KEY, beforeRefreshToken: hook },
      tokens: expiredSession,
      reply: serve(),
      run: (stelace) => stelace.assets.list()
    })
    expectSame(runs)
    expect(runs.ours.wire.map((w) => w.headers.authorization)).toStrictEqual([stelaceV1(expired)])
    expect(runs.ours.tokens).toStrictEqual(expiredSession)
  })
})

describe("logout", () => {
  it("sends the refresh token from the store and removes the tokens", async () => {
    const runs = await runBoth(recorder.current, { tokens: loggedIn, reply: serve(), run: (stelace) => stelace.auth.logout() })
    expectSame(runs)
    expect(runs.ours.requests[0].json).toStrictEqual({ refreshToken: "rt_1" })
    expect(runs.ours.wire[0].headers.authorization).toBe(stelaceV1(fresh))
    expect(runs.ours.tokens).toBeNull()
  })

  it("without a session sends no body", async () => {
    const runs = await runBoth(recorder.current, { reply: serve(), run: (stelace) => stelace.auth.logout() })
    expectSame(runs)
    expect(runs.ours.wire[0].body).toBe("")
  })

  it("keeps the caller's fields next to the refresh token", async () => {
    expectSame(
      await runBoth(recorder.current, { tokens: loggedIn, reply: serve(), run: (stelace) => stelace.auth.logout({ logoutFromExternalProvider: false }) })
    )
  })

  it("a failed logout keeps the tokens", async () => {
    const runs = await runBoth(recorder.current, {
      tokens: loggedIn,
      reply: () => ({ status: 500, body: { message: "Internal Server Error", statusCode: 500 } }),
      run: (stelace) => stelace.auth.logout()
    })
    expect(runs.ours.wire).toStrictEqual(runs.upstream.wire)
    expect(runs.ours.outcome).toStrictEqual(runs.upstream.outcome)
    expect(runs.ours.tokens).toStrictEqual(loggedIn)
    expect(runs.upstream.tokens).toStrictEqual(loggedIn)
  })
})

describe("secret keys", () => {
  it("never attach the stored tokens, nor refresh them", async () => {
    const runs = await runBoth(recorder.current, {
      config: { apiKey: SECRET_KEY },
      tokens: expiredSession,
      reply: serve(),
      run: async (stelace) => {
        await stelace.assets.read("ast_1", { stelaceUserId: "usr_2" })
        return stelace.assets.list()
      }
    })
    expectSame(runs)
    const secretBasic = `Basic ${Buffer.from(`${SECRET_KEY}:`).toString("base64")}`
    expect(runs.ours.wire.map((w) => `${w.path} ${w.headers.authorization}`)).toStrictEqual([`/assets/ast_1 ${secretBasic}`, `/assets ${secretBasic}`])
    expect(runs.ours.tokens).toStrictEqual(expiredSession)
  })

  it("login still stores the tokens, and logout sends no refresh token", async () => {
    expectSame(
      await runBoth(recorder.current, {
        config: { apiKey: SECRET_KEY },
        reply: serve(),
        run: async (stelace) => {
          await stelace.auth.login({ username: "jane", password: "secret" })
          await stelace.assets.list()
          return stelace.auth.logout()
        }
      })
    )
  })

  it("a key set later with setApiKey counts too", async () => {
    expectSame(
      await runBoth(recorder.current, {
        tokens: loggedIn,
        reply: serve(),
        run: async (stelace) => {
          await stelace.assets.list()
          stelace.setApiKey(SECRET_KEY)
          return stelace.assets.list()
        }
      })
    )
  })
})

describe("custom token stores", () => {
  const scenarioWith = (install: (stelace: AnyInstance, store: ReturnType<typeof memoryStore>["store"]) => void, config: (store: unknown) => Record<string, unknown>) => {
    const stores = { upstream: memoryStore(expiredSession), ours: memoryStore(expiredSession) }
    return {
      stores,
      scenario: {
        config: (sdk: Sdk) => config(stores[sdk].store),
        reply: serve(),
        run: async (stelace: AnyInstance, sdk: Sdk) => {
          install(stelace, stores[sdk].store)
          expect(stelace.getTokenStore()).toBe(stores[sdk].store)
          expect(stelace.getApiField("tokenStore")).toBe(stores[sdk].store)
          await stelace.assets.list()
          const afterRefresh = stores[sdk].current()
          await stelace.auth.logout()
          const afterLogout = stores[sdk].current()
          await stelace.auth.login({ username: "jane", password: "secret" })
          return { afterRefresh, afterLogout, afterLogin: stores[sdk].current() }
        }
      }
    }
  }

  it("given as tokenStore in the config: refresh, logout and login go through it", async () => {
    const { scenario, stores } = scenarioWith(() => undefined, (store) => ({ apiKey: PUBLISHABLE_KEY, tokenStore: store }))
    const runs = await runBoth(recorder.current, scenario)
    expectSame(runs)
    expect(runs.ours.outcome).toMatchObject({
      value: { afterRefresh: { ...expiredSession, accessToken: fresh }, afterLogout: null, afterLogin: loggedIn }
    })
    expect(stores.ours.calls).toContain("setTokens")
    expect(stores.ours.calls).toContain("removeTokens")
  })

  it("given with setTokenStore", async () => {
    const { scenario } = scenarioWith((stelace, store) => stelace.setTokenStore(store), () => ({ apiKey: PUBLISHABLE_KEY }))
    expectSame(await runBoth(recorder.current, scenario))
  })

  it("setTokenStore(null) and setTokenStore(undefined) keep the current store", async () => {
    const runs = await runBoth(recorder.current, {
      run: (stelace) => {
        const store = stelace.getTokenStore()
        stelace.setTokenStore(null)
        stelace.setTokenStore(undefined)
        return { same: stelace.getTokenStore() === store }
      }
    })
    expectSame(runs)
    expect(runs.ours.outcome).toMatchObject({ value: { same: true } })
  })

  it("the default store refuses non-object tokens with the same message", async () => {
    const runs = await runBoth(recorder.current, {
      run: (stelace) => {
        stelace.getTokenStore().setTokens("token")
      }
    })
    expectSame(runs)
    expect(runs.ours.outcome).toMatchObject({ status: "rejected", error: { message: "Expected object as tokens value" } })
  })
})

describe("auth.info()", () => {
  it.each<[string, Record<string, unknown> | null]>([
    ["no session", null],
    ["a session", loggedIn],
    ["an expired session (still authenticated until a call refreshes it)", expiredSession],
    ["an undecodable token", { accessToken: "garbage", refreshToken: "rt_1" }],
    ["a refresh token only", { refreshToken: "rt_1" }]
  ])("%s: same answer, no request", async (_name, tokens) => {
    const runs = await runBoth(recorder.current, { ...(tokens ? { tokens } : {}), run: (stelace) => stelace.auth.info() })
    expectSame(runs)
    expect(runs.ours.wire).toStrictEqual([])
  })

  it("follows login and logout", async () => {
    expectSame(
      await runBoth(recorder.current, {
        reply: serve(),
        run: async (stelace) => {
          const before = stelace.auth.info()
          await stelace.auth.login({ username: "jane", password: "secret" })
          const during = stelace.auth.info()
          await stelace.auth.logout()
          return { before, during, after: stelace.auth.info() }
        }
      })
    )
  })
})
