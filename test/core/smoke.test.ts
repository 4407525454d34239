import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { Assets, Stelace, TokenStore } from "../../src/index.js"
import { startRecorder } from "../support/recorder.js"
import { PUBLISHABLE_KEY } from "../support/jwt.js"

describe("smoke", () => {
  it.live("lists assets", () =>
    Effect.gen(function*() {
      const recorder = yield* Effect.promise(startRecorder)
      recorder.respond(() => ({ body: { results: [{ id: "ast_1" }], nbResults: 1, nbPages: 1, page: 1, nbResultsPerPage: 20 } }))
      const page = yield* Assets.list({ nbResultsPerPage: 20, id: ["a", "b"] }).pipe(
        Effect.provide(Stelace.layerFetch({ apiKey: PUBLISHABLE_KEY, host: "127.0.0.1", port: recorder.port, protocol: "http" }).pipe(Layer.provide(TokenStore.memory)))
      )
      console.log(page, page.lastResponse, recorder.requests[0])
      assert.strictEqual(page.results.length, 1)
      yield* Effect.promise(() => recorder.close())
    }))
})
