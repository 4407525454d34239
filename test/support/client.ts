/** Effect-side helpers: a recorder as a scoped resource, and a client layer pointed at it. */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type { Options } from "../../src/internal/client/settings.js"
import { Stelace, TokenStore } from "../../src/index.js"
import { PUBLISHABLE_KEY } from "./jwt.js"
import type { Recorder } from "./recorder.js"
import { startRecorder } from "./recorder.js"

/** A recorder closed when the test's scope ends. */
export const recorder: Effect.Effect<Recorder, never, import("effect/Scope").Scope> = Effect.acquireRelease(
  Effect.promise(startRecorder),
  (r) => Effect.promise(() => r.close())
)

/** A client (fetch transport) pointed at the recorder, with a publishable key by default. */
export const clientLayer = (
  target: Recorder,
  options: Options = {},
  store: Layer.Layer<TokenStore.TokenStore> = TokenStore.memory
) =>
  Stelace.layerFetch({ apiKey: PUBLISHABLE_KEY, host: target.host, port: target.port, protocol: "http", ...options }).pipe(
    Layer.provideMerge(store)
  )
