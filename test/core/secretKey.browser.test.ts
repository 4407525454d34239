// @vitest-environment happy-dom
/**
 * A secret key in a browser: any script on the page can read it, and it grants every permission
 * (`GET /api-keys?reveal=1`). Where there is a `window` with a `document`, `createInstance` and
 * every layer refuse it with `InvalidArgument` saying why and naming the opt-in,
 * `dangerouslyAllowSecretKeyInBrowser: true`, which lets it through.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import * as Cause from "effect/Cause"
import * as Config from "effect/Config"
import * as ConfigProvider from "effect/ConfigProvider"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import * as Layer from "effect/Layer"
import { Assets, Auth, createInstance, InvalidArgument, Stelace, TokenStore } from "../../src/index.js"
import { PUBLISHABLE_KEY, SECRET_KEY } from "../support/jwt.js"
import type { Recorder } from "../support/recorder.js"
import { startRecorder } from "../support/recorder.js"

let target: Recorder
beforeAll(async () => {
  target = await startRecorder()
})
afterAll(() => target.close())
beforeEach(() => target.reset())

const basic = (key: string) => `Basic ${btoa(`${key}:`)}`

/** The message says why, and names the option. */
const expectRefusal = (error: unknown) => {
  expect(error).toBeInstanceOf(InvalidArgument)
  expect((error as InvalidArgument).message).toMatch(/a secret key \(seck_\.\.\.\) in a browser is readable by any script on the page and grants every permission/)
  expect((error as InvalidArgument).message).toContain("dangerouslyAllowSecretKeyInBrowser: true")
  expect((error as InvalidArgument).message).not.toContain(SECRET_KEY)
}

const failureOf = async (layer: Layer.Layer<Stelace.StelaceClient, unknown>) => {
  const exit = await Effect.runPromiseExit(Effect.provide(Effect.service(Stelace.StelaceClient), layer))
  if (!Exit.isFailure(exit)) throw new Error("expected the layer to fail")
  const error = Cause.findErrorOption(exit.cause)
  if (error._tag === "None") throw new Error("expected a typed failure")
  return error.value
}

it("runs in a browser-like environment", () => {
  expect(typeof window.document).toBe("object")
})

describe("createInstance", () => {
  it("refuses a secret key, and sends nothing", () => {
    let thrown: unknown
    try {
      createInstance({ apiKey: SECRET_KEY })
    } catch (error) {
      thrown = error
    }
    expectRefusal(thrown)
    expect(target.requests).toStrictEqual([])
  })

  it("refuses a secret key set later with setApiKey, and keeps the key it had", async () => {
    const stelace = createInstance({ apiKey: PUBLISHABLE_KEY })
    stelace.setHost(target.host, target.port, "http")
    let thrown: unknown
    try {
      stelace.setApiKey(SECRET_KEY)
    } catch (error) {
      thrown = error
    }
    expectRefusal(thrown)
    await stelace.assets.read("ast_1")
    expect(target.requests.map((r) => r.headers.authorization)).toStrictEqual([basic(PUBLISHABLE_KEY)])
  })

  it("takes a secret key with dangerouslyAllowSecretKeyInBrowser: true, and sends it", async () => {
    const stelace = createInstance({ apiKey: SECRET_KEY, dangerouslyAllowSecretKeyInBrowser: true })
    stelace.setHost(target.host, target.port, "http")
    await stelace.assets.read("ast_1")
    expect(target.requests.map((r) => r.headers.authorization)).toStrictEqual([basic(SECRET_KEY)])
  })

  it("takes a publishable key as before", async () => {
    const stelace = createInstance({ apiKey: PUBLISHABLE_KEY })
    stelace.setHost(target.host, target.port, "http")
    await stelace.assets.read("ast_1")
    expect(target.requests).toHaveLength(1)
  })

  it("checks the option's type", () => {
    expect(() => createInstance({ apiKey: SECRET_KEY, dangerouslyAllowSecretKeyInBrowser: "yes" as unknown as boolean })).toThrow(
      /"dangerouslyAllowSecretKeyInBrowser" must be a boolean/
    )
  })
})

describe("the layers", () => {
  const on = { host: "127.0.0.1", protocol: "http" } as const
  const layers = {
    layer: (options: Stelace.Options) => Stelace.layer(options).pipe(Layer.provide(FetchHttpClient.layer), Layer.provide(TokenStore.memory)),
    layerFetch: (options: Stelace.Options) => Stelace.layerFetch(options).pipe(Layer.provide(TokenStore.memory)),
    layerNode: (options: Stelace.Options) => Stelace.layerNode(options).pipe(Layer.provide(TokenStore.memory))
  }

  it.each(Object.keys(layers) as Array<keyof typeof layers>)("Stelace.%s fails with InvalidArgument on a secret key", async (name) => {
    expectRefusal(await failureOf(layers[name]({ apiKey: SECRET_KEY, ...on })))
  })

  it("Stelace.layerConfig fails with InvalidArgument on a secret key from the environment, and takes the opt-in from it", async () => {
    const layer = (env: Record<string, string>) =>
      Stelace.layerConfig({
        apiKey: Config.Redacted("STELACE_API_KEY"),
        dangerouslyAllowSecretKeyInBrowser: Config.Boolean("STELACE_ALLOW_SECRET_KEY").pipe(Config.withDefault(false))
      }).pipe(
        Layer.provide(FetchHttpClient.layer),
        Layer.provide(TokenStore.memory),
        Layer.provide(ConfigProvider.layer(ConfigProvider.fromEnvRecord(env)))
      )
    expectRefusal(await failureOf(layer({ STELACE_API_KEY: SECRET_KEY })))
    const exit = await Effect.runPromiseExit(
      Effect.provide(Effect.service(Stelace.StelaceClient), layer({ STELACE_API_KEY: SECRET_KEY, STELACE_ALLOW_SECRET_KEY: "true" }))
    )
    expect(Exit.isSuccess(exit)).toBe(true)
  })

  it("Stelace.layerNode with dangerouslyAllowSecretKeyInBrowser: true sends the secret key", async () => {
    await Effect.runPromise(
      Assets.read("ast_1").pipe(
        Effect.provide(layers.layerNode({ apiKey: SECRET_KEY, ...on, port: target.port, dangerouslyAllowSecretKeyInBrowser: true }))
      )
    )
    expect(target.requests.map((r) => r.headers.authorization)).toStrictEqual([basic(SECRET_KEY)])
  })
})

describe("the SSO code exchange", () => {
  /** A trusted page's client: the secret key let through by the opt-in. */
  const trusted = () => {
    const stelace = createInstance({ apiKey: SECRET_KEY, dangerouslyAllowSecretKeyInBrowser: true })
    stelace.setHost(target.host, target.port, "http")
    return stelace
  }

  const expectCodeRefusal = (error: unknown) => {
    expect(error).toBeInstanceOf(InvalidArgument)
    expect(error).toMatchObject({ reason: { _tag: "SecretKey" } })
    expect((error as InvalidArgument).message).toMatch(/an SSO code is exchanged with a publishable key \(pubk_\.\.\.\), never with a secret key in a browser/)
  }

  it("never runs with a secret key, even with dangerouslyAllowSecretKeyInBrowser: Auth.loginWithCode sends nothing", async () => {
    const layer = Stelace.layerFetch({ apiKey: SECRET_KEY, host: target.host, port: target.port, protocol: "http", dangerouslyAllowSecretKeyInBrowser: true }).pipe(
      Layer.provide(TokenStore.memory)
    )
    expectCodeRefusal(await Effect.runPromise(Effect.flip(Auth.loginWithCode("c0de").pipe(Effect.provide(layer)))))
    expect(target.requests).toStrictEqual([])
  })

  it("nor through the facade's loginWithCode, nor its getTokens with the authorizationCode grant", async () => {
    const stelace = trusted()
    expectCodeRefusal(await stelace.auth.loginWithCode("c0de").then(() => undefined, (error: unknown) => error))
    expectCodeRefusal(await stelace.auth.getTokens({ grantType: "authorizationCode", code: "c0de" }).then(() => undefined, (error: unknown) => error))
    expect(target.requests).toStrictEqual([])
    // the trusted page's other calls go on
    await stelace.assets.read("ast_1")
    expect(target.requests.map((r) => r.path)).toStrictEqual(["/assets/ast_1"])
  })

  it("runs with a publishable key", async () => {
    target.respond(() => ({ body: { tokenType: "Bearer", accessToken: "a.b.c", refreshToken: "rt_1", userId: "usr_1" } }))
    const stelace = createInstance({ apiKey: PUBLISHABLE_KEY })
    stelace.setHost(target.host, target.port, "http")
    await stelace.auth.loginWithCode("c0de")
    expect(target.requests.map((r) => [r.path, r.json, r.headers.authorization])).toStrictEqual([
      ["/auth/token", { grantType: "authorizationCode", code: "c0de" }, basic(PUBLISHABLE_KEY)]
    ])
  })
})
