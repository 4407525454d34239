/**
 * Differential test, configuration: `createInstance`'s argument check, the setters (`setHost`,
 * `setPort`, `setProtocol`, `setApiKey`, `setApiVersion`, `setTimeout`, `setOrganizationId`),
 * `getApiField`, `getTokenStore` and `onError`.
 */
import { describe, expect, it } from "vitest"
import { PUBLISHABLE_KEY } from "../support/jwt.js"
import type { AnyInstance, Sdk } from "./harness.js"
import { expectSame, factories, runBoth, useRecorder } from "./harness.js"

const recorder = useRecorder()

const OTHER_KEY = "pubk_live_aaaaaaaaaaaaaaaaaaaaaaaa"

const thrown = (f: () => unknown): unknown => {
  try {
    f()
  } catch (error) {
    return error
  }
  throw new Error("expected a throw")
}

describe("createInstance", () => {
  it.each<[string, Array<unknown>]>([
    ["no argument", []],
    ["undefined", [undefined]],
    ["null", [null]],
    ["a string", ["pubk_test_x"]],
    ["a number", [42]]
  ])("without a configuration object (%s) throws the same error", (_name, args) => {
    const theirs = thrown(() => (factories.upstream as (...a: Array<unknown>) => unknown)(...args))
    const ours = thrown(() => (factories.ours as (...a: Array<unknown>) => unknown)(...args))
    expect(ours).toBeInstanceOf(Error)
    expect(theirs).toBeInstanceOf(Error)
    expect((ours as Error).message).toBe("A configuration object is expected to initialize Stelace")
    expect((ours as Error).message).toBe((theirs as Error).message)
  })

  it("takes apiKey and apiVersion from the configuration", async () => {
    expectSame(
      await runBoth(recorder.current, {
        config: { apiKey: OTHER_KEY, apiVersion: "2019-05-20" },
        run: (stelace) => stelace.assets.read("ast_1")
      })
    )
  })

  it("an empty configuration: no key, default fields", async () => {
    const runs = await runBoth(recorder.current, { config: {}, run: (stelace) => fieldsOf(stelace) })
    expectSame(runs)
  })

  it("null and undefined tokenStore / beforeRefreshToken are ignored", async () => {
    expectSame(
      await runBoth(recorder.current, {
        config: { apiKey: PUBLISHABLE_KEY, tokenStore: null, beforeRefreshToken: undefined },
        run: (stelace) => ({ ...fieldsOf(stelace), storeIsObject: typeof stelace.getTokenStore() === "object" })
      })
    )
  })
})

/** The fields of `getApiField` both SDKs know. */
const fieldsOf = (stelace: AnyInstance) => ({
  key: stelace.getApiField("key"),
  version: stelace.getApiField("version"),
  host: stelace.getApiField("host"),
  port: stelace.getApiField("port"),
  protocol: stelace.getApiField("protocol"),
  timeout: stelace.getApiField("timeout"),
  organizationId: stelace.getApiField("organizationId"),
  beforeRefreshToken: stelace.getApiField("beforeRefreshToken")
})

describe("setters", () => {
  it("setHost(host, port, protocol) points the instance at the server", async () => {
    const runs = await runBoth(recorder.current, {
      run: async (stelace) => {
        stelace.setHost("localhost", 1, "https")
        stelace.setHost("127.0.0.1", recorder.current.port, "HTTP")
        return { result: await stelace.assets.read("ast_1"), fields: fieldsOf(stelace) }
      }
    })
    expectSame(runs)
    expect(runs.ours.outcome).toMatchObject({ value: { fields: { host: "127.0.0.1", port: recorder.current.port, protocol: "http" } } })
  })

  it("setHost(host) keeps the port and protocol; setPort and setProtocol (lower-cased) set them", async () => {
    expectSame(
      await runBoth(recorder.current, {
        run: async (stelace) => {
          stelace.setHost("127.0.0.1")
          stelace.setPort(1)
          stelace.setProtocol("HTTPS")
          const before = fieldsOf(stelace)
          stelace.setProtocol("Http")
          stelace.setPort(recorder.current.port)
          stelace.setHost("127.0.0.1", 0, "")
          return { before, after: fieldsOf(stelace), result: await stelace.assets.read("ast_1") }
        }
      })
    )
  })

  it("defaults: api.stelace.com, https, 443, 30000 ms, no version, no organization", () => {
    const theirs = factories.upstream({ apiKey: PUBLISHABLE_KEY })
    const ours = factories.ours({ apiKey: PUBLISHABLE_KEY })
    expect(fieldsOf(ours)).toStrictEqual(fieldsOf(theirs))
    expect(fieldsOf(ours)).toStrictEqual({
      key: PUBLISHABLE_KEY,
      version: null,
      host: "api.stelace.com",
      port: 443,
      protocol: "https",
      timeout: 30000,
      organizationId: null,
      beforeRefreshToken: null
    })
  })

  it("setApiKey changes the key; a falsy key is ignored", async () => {
    expectSame(
      await runBoth(recorder.current, {
        run: async (stelace) => {
          stelace.setApiKey(OTHER_KEY)
          stelace.setApiKey("")
          stelace.setApiKey(null)
          stelace.setApiKey(undefined)
          return { key: stelace.getApiField("key"), result: await stelace.assets.read("ast_1") }
        }
      })
    )
  })

  it("setApiVersion changes the version header; a falsy version is ignored", async () => {
    expectSame(
      await runBoth(recorder.current, {
        run: async (stelace) => {
          await stelace.assets.read("ast_1")
          stelace.setApiVersion("2019-05-20")
          stelace.setApiVersion("")
          stelace.setApiVersion(null)
          await stelace.assets.read("ast_2")
          return stelace.getApiField("version")
        }
      })
    )
  })

  it("setOrganizationId adds x-stelace-organization-id; null removes it", async () => {
    const runs = await runBoth(recorder.current, {
      run: async (stelace) => {
        stelace.setOrganizationId("org_1")
        await stelace.assets.read("ast_1")
        const set = stelace.getApiField("organizationId")
        stelace.setOrganizationId(null)
        await stelace.assets.read("ast_2")
        return { set, removed: stelace.getApiField("organizationId") }
      }
    })
    expectSame(runs)
    expect(runs.ours.wire.map((w) => w.headers["x-stelace-organization-id"])).toStrictEqual(["org_1", undefined])
  })

  it.each<[string, unknown]>([
    ["a string", "100"],
    ["null", null],
    ["undefined", undefined],
    ["an object", {}]
  ])("setTimeout with %s resets the timeout to 30000", async (_name, value) => {
    expectSame(
      await runBoth(recorder.current, {
        run: (stelace) => {
          stelace.setTimeout(1234)
          const set = stelace.getApiField("timeout")
          stelace.setTimeout(value)
          return { set, reset: stelace.getApiField("timeout") }
        }
      })
    )
  })

  it("setTimeout(ms) makes a slow call reject with timeout of <ms>ms exceeded", async () => {
    const runs = await runBoth(recorder.current, {
      reply: () => ({ delay: 300, body: { id: "ast_1" } }),
      run: (stelace) => {
        stelace.setTimeout(50)
        return stelace.assets.create({ name: "Bike" })
      }
    })
    expect(runs.ours.wire).toStrictEqual(runs.upstream.wire)
    expect(runs.upstream.outcome).toStrictEqual({
      status: "rejected",
      error: { message: "timeout of 50ms exceeded", statusCode: undefined, data: undefined, lastResponse: undefined }
    })
    // better: the same message, naming the request
    expect(runs.ours.outcome).toStrictEqual({
      status: "rejected",
      error: { message: `timeout of 50ms exceeded on POST ${recorder.current.url}/assets`, statusCode: undefined, data: undefined, lastResponse: undefined }
    })
  })

  it("getTokenStore returns the default store: three functions", async () => {
    const runs = await runBoth(recorder.current, {
      run: (stelace) => {
        const store = stelace.getTokenStore()
        return { store: Object.keys(store).sort().map((key) => `${key}: ${typeof store[key]}`), same: stelace.getApiField("tokenStore") === store }
      }
    })
    expectSame(runs)
    expect(runs.ours.outcome).toMatchObject({ value: { store: ["getTokens: function", "removeTokens: function", "setTokens: function"], same: true } })
  })

  it("getApiField('beforeRefreshToken') returns the hook given", () => {
    const hook = () => undefined
    for (const sdk of ["upstream", "ours"] as const satisfies ReadonlyArray<Sdk>) {
      const stelace = factories[sdk]({ apiKey: PUBLISHABLE_KEY, beforeRefreshToken: hook })
      expect(stelace.getApiField("beforeRefreshToken")).toBe(hook)
      const other = () => undefined
      stelace.setBeforeRefreshToken(other)
      expect(stelace.getApiField("beforeRefreshToken")).toBe(other)
    }
  })
})

describe("onError", () => {
  it("throws Invalid error type: <type> for anything but userSessionExpired", () => {
    for (const type of ["other", "userSessionexpired", ""]) {
      const theirs = thrown(() => factories.upstream({}).onError(type, () => undefined))
      const ours = thrown(() => factories.ours({}).onError(type, () => undefined))
      expect((ours as Error).message).toBe(`Invalid error type: ${type}`)
      expect((ours as Error).message).toBe((theirs as Error).message)
    }
  })

  it("returns an unsubscribe function, callable more than once", () => {
    for (const sdk of ["upstream", "ours"] as const) {
      const unsubscribe = factories[sdk]({}).onError("userSessionExpired", () => undefined)
      expect(typeof unsubscribe).toBe("function")
      expect(unsubscribe()).toBeUndefined()
      expect(unsubscribe()).toBeUndefined()
    }
  })
})
