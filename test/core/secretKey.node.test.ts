/**
 * Outside browsers (no `window` with a `document`: Node, here) secret keys work as before, with
 * no option: servers are where they belong. The browser side is secretKey.browser.test.ts.
 */
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { Assets, createInstance, Stelace, TokenStore } from "../../src/index.js"
import { SECRET_KEY } from "../support/jwt.js"
import type { Recorder } from "../support/recorder.js"
import { startRecorder } from "../support/recorder.js"

let target: Recorder
beforeAll(async () => {
  target = await startRecorder()
})
afterAll(() => target.close())
beforeEach(() => target.reset())

it("runs outside a browser", () => {
  expect(typeof (globalThis as { window?: unknown }).window).toBe("undefined")
})

it("createInstance and layerNode send a secret key without any option", async () => {
  const stelace = createInstance({ apiKey: SECRET_KEY })
  stelace.setHost(target.host, target.port, "http")
  await stelace.assets.read("ast_1")
  await Effect.runPromise(
    Assets.read("ast_1").pipe(
      Effect.provide(
        Stelace.layerNode({ apiKey: SECRET_KEY, host: target.host, port: target.port, protocol: "http" }).pipe(Layer.provide(TokenStore.memory))
      )
    )
  )
  expect(target.requests.map((r) => r.headers.authorization)).toStrictEqual([`Basic ${btoa(`${SECRET_KEY}:`)}`, `Basic ${btoa(`${SECRET_KEY}:`)}`])
})

it("a server exchanges an SSO code with its secret key", async () => {
  target.respond(() => ({ body: { tokenType: "Bearer", accessToken: "a.b.c", refreshToken: "rt_1", userId: "usr_1" } }))
  const stelace = createInstance({ apiKey: SECRET_KEY })
  stelace.setHost(target.host, target.port, "http")
  await stelace.auth.loginWithCode("c0de")
  expect(target.requests.map((r) => [r.path, r.json])).toStrictEqual([["/auth/token", { grantType: "authorizationCode", code: "c0de" }]])
})
