/**
 * An Effect app that registers the API version it sends: list results are typed by it. Compiled
 * by test/types/consumer.test.ts, never run.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Stream from "effect/Stream"
import type { CursorPagination, OffsetPagination } from "stelace-effect"
import { Assets, AssetTypes, Auth, Forward, Search, Stelace, WebhookLogs } from "stelace-effect"
import * as Schemas from "stelace-effect/Schemas"

declare module "stelace-effect" {
  interface Register {
    apiVersion: "2019-05-20"
    decoding: true
  }
}

export const program = Effect.gen(function*() {
  const page = yield* Assets.list({ nbResultsPerPage: 10 }, { apiVersion: "2019-05-20" })
  const nbResults: number = page.paginationMeta.nbResults
  const offset: OffsetPagination = page.paginationMeta
  const types = yield* AssetTypes.list()
  const onlyPage: 1 = types.paginationMeta.page
  const found = yield* Search.results({ query: "bike" })
  const exhaustive: boolean = found.paginationMeta.exhaustiveNbResults
  // routes that exist only under 2020-08-10 stay cursor-based
  const logs: CursorPagination = (yield* WebhookLogs.list()).paginationMeta
  // @ts-expect-error a call may not ask for another version than the registered one
  yield* Assets.list({}, { apiVersion: "2020-08-10" })
  return [nbResults, offset, onlyPage, exhaustive, logs]
})

// paginate walks the pages of the registered version (the layer sends it), and a walk may not ask for another
export const every: Effect.Effect<ReadonlyArray<{ readonly id: string }>, unknown, unknown> = Stream.runCollect(Assets.paginate({ nbResultsPerPage: 10 }))
// @ts-expect-error a walk may not ask for another version than the registered one
export const otherPages = Assets.paginate({}, { apiVersion: "2020-08-10" })
// ...and its pages are decoded, so it can fail with DecodeError
export const everyDecoded = Stream.runCollect(Assets.paginate()).pipe(Effect.catchTag("DecodeError", () => Effect.succeed([])))

// the client's layer is built with the registered version...
export const live = Stelace.layerFetch({ apiKey: "pubk_test_x", apiVersion: "2019-05-20" })
// @ts-expect-error ...and may not be built without it
export const unversioned = Stelace.layerFetch({ apiKey: "pubk_test_x" })
// @ts-expect-error ...nor with another
export const other = Stelace.layerNode({ apiKey: "pubk_test_x", apiVersion: "2020-08-10" })

// decoding registered: layerDecoding is a layer, and the routes with a result schema fail with DecodeError
export const decoding = live.pipe(Layer.provide(Schemas.layerDecoding))
export const decodeFailure = Assets.read("ast_1", {}, { apiVersion: "2019-05-20" }).pipe(
  Effect.catchTag("DecodeError", (error) => Effect.succeed(error.path))
)
export const loginDecoded = Auth.login({ username: "u", password: "p" }).pipe(Effect.catchTag("DecodeError", () => Effect.void))
// @ts-expect-error forwarded calls are never decoded
export const forwardedDecoded = Forward.get("/custom").pipe(Effect.catchTag("DecodeError", () => Effect.void))
