/**
 * The Stelace client: its service, and the layers that build it from options.
 *
 * @example
 * ```ts
 * import * as Effect from "effect/Effect"
 * import * as Layer from "effect/Layer"
 * import * as Assets from "stelace-effect/Assets"
 * import * as Stelace from "stelace-effect/Stelace"
 * import * as TokenStore from "stelace-effect/TokenStore"
 *
 * const StelaceLive = Stelace.layerFetch({ apiKey: "pubk_test_..." }).pipe(Layer.provide(TokenStore.default))
 *
 * const program = Effect.gen(function*() {
 *   const page = yield* Assets.list({ nbResultsPerPage: 10 })
 *   return page.results
 * })
 *
 * Effect.runPromise(program.pipe(Effect.provide(StelaceLive)))
 * ```
 *
 * @since 0.1.0
 */
import type * as Config from "effect/Config"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as HttpClient from "effect/http/HttpClient"
import { InvalidArgument } from "./Errors.js"
import type { ResultDecoder } from "./internal/client/core.js"
import { CurrentRequestOptions, CurrentResultDecoder, makeClient, StelaceClient } from "./internal/client/core.js"
import { fetchSender } from "./internal/wire/senders/fetch.js"
import { httpClientSender } from "./internal/wire/senders/httpClient.js"
import { makeNodeSender, nodeModules } from "./internal/wire/senders/node.js"
import type { Sender } from "./internal/wire/rawSender.js"
import type { CallOptions } from "./internal/routes/model.js"
import type { Options, Settings } from "./internal/client/settings.js"
import { resolveSettings } from "./internal/client/settings.js"
import type { RequestOptions } from "./internal/wire/apiTransport.js"
import * as Session from "./Session.js"
import { TokenStore } from "./TokenStore.js"
import type { RegisteredApiVersion, RegisteredVersionOption } from "./Types.js"

/**
 * The options argument of the layers: optional, unless an API version is registered (see the
 * Effect guide), in which case the layer must be built with that version.
 */
export type LayerOptions<O = Options> = [RegisteredApiVersion] extends [undefined] ? [options?: O]
  : [options: O & RegisteredVersionOption]

export type { Options, RequestOptions, ResultDecoder }
export { CurrentRequestOptions, CurrentResultDecoder, StelaceClient }

/**
 * Runs `effect` with these per-call options.
 *
 * @example
 * ```ts
 * Assets.list().pipe(Stelace.withRequestOptions({ apiVersion: "2019-05-20" }))
 * ```
 */
export const withRequestOptions: {
  (options: CallOptions): <A, E, R>(effect: Effect.Effect<A, E, R>) => Effect.Effect<A, E, R>
  <A, E, R>(effect: Effect.Effect<A, E, R>, options: CallOptions): Effect.Effect<A, E, R>
} = function() {
  if (arguments.length === 1) {
    const options = arguments[0] as RequestOptions
    return (effect: Effect.Effect<any, any, any>) => withOptions(effect, options)
  }
  return withOptions(arguments[0], arguments[1])
} as any

const withOptions = <A, E, R>(effect: Effect.Effect<A, E, R>, options: RequestOptions) =>
  Effect.flatMap(Effect.service(CurrentRequestOptions), (current) =>
    Effect.provideService(effect, CurrentRequestOptions, { ...current, ...options }))

const clientLayer = (options: Parameters<typeof makeClient>[0]) =>
  Layer.effectContext(Effect.map(makeClient(options), ({ client, session }) =>
    Context.make(StelaceClient, client).pipe(Context.add(Session.Session, session))))

/**
 * Builds the client over the `HttpClient` in context, from settings the caller keeps (`settings`
 * is read by every request).
 *
 * @internal
 */
export const layerWithSettings = (
  settings: () => Settings
): Layer.Layer<StelaceClient | Session.Session, never, HttpClient.HttpClient | TokenStore> =>
  Layer.unwrap(Effect.gen(function*() {
    const sender = httpClientSender(yield* HttpClient.HttpClient, settings)
    return clientLayer({ settings, sender, store: yield* TokenStore })
  }))

/**
 * Builds the client over a built-in sender, which makes no spans: `tracePropagation: true` is
 * refused with a pointer to `layer`, whose `HttpClient` makes them.
 *
 * @internal
 */
export const layerWithSender = (
  options: Options | undefined,
  sender: Sender
): Layer.Layer<StelaceClient | Session.Session, InvalidArgument, TokenStore> =>
  Layer.unwrap(Effect.map(
    options?.tracePropagation === true
      ? Effect.fail(
        new InvalidArgument({
          message:
            "Stelace: layerFetch and layerNode make no HTTP spans; for tracePropagation, use Stelace.layer with an HttpClient (e.g. FetchHttpClient.layer)"
        })
      )
      : settingsOf({ ...options, tracePropagation: false }),
    (settings) =>
      Layer.unwrap(Effect.map(Effect.service(TokenStore), (store) => clientLayer({ settings: () => settings, sender, store })))
  ))

const settingsOf = (options: Options | undefined) =>
  Effect.try({ try: () => resolveSettings(options), catch: (error) => error as InvalidArgument })

/**
 * The client services (`StelaceClient` and `Session`) from options. Leaves the transport
 * (`HttpClient`) and the token store to the application, so tests can swap them.
 *
 * Fails with `InvalidArgument` when an option is wrong (an unknown key, a port out of range...),
 * and, in a browser, on a secret key (`seck_...`) unless `dangerouslyAllowSecretKeyInBrowser` is
 * `true`; as do `layerConfig`, `layerFetch` and `layerNode`.
 */
export const layer = (
  ...[options]: LayerOptions
): Layer.Layer<StelaceClient | Session.Session, InvalidArgument, HttpClient.HttpClient | TokenStore> =>
  Layer.unwrap(Effect.map(settingsOf(options), (settings) => layerWithSettings(() => settings)))

/**
 * `layer` with its options read through `Config`, e.g. the key from the environment as a
 * `Redacted` value that is never printed.
 *
 * @example
 * ```ts
 * import * as Config from "effect/Config"
 *
 * const StelaceLive = Stelace.layerConfig({
 *   apiKey: Config.Redacted("STELACE_API_KEY"),
 *   apiVersion: Config.String("STELACE_API_VERSION").pipe(Config.withDefault("2019-05-20"))
 * }).pipe(Layer.provide(FetchHttpClient.layer), Layer.provide(TokenStore.memory))
 * ```
 */
export const layerConfig = (
  options: Config.Wrap<Omit<Options, "beforeRefreshToken">>
): Layer.Layer<StelaceClient | Session.Session, InvalidArgument | Config.ConfigError, HttpClient.HttpClient | TokenStore> =>
  Layer.unwrap(Effect.map(unwrapConfig(options), (resolved) => layer(resolved as Options & RegisteredVersionOption)))

const isConfig = (u: unknown): u is Config.Config<unknown> =>
  typeof u === "object" && u !== null && typeof (u as { parse?: unknown }).parse === "function" && Effect.isEffect(u)

/** `Config.unwrap` without importing the Config module where `layerConfig` is not used. */
const unwrapConfig = (options: Config.Wrap<Omit<Options, "beforeRefreshToken">>): Effect.Effect<Options, Config.ConfigError> => {
  if (isConfig(options)) return options as Effect.Effect<Options, Config.ConfigError>
  return Effect.map(
    Effect.all(options as Record<string, Effect.Effect<unknown, Config.ConfigError>>),
    (values) => values as Options
  )
}

/**
 * `layer` with the platform's `fetch` as transport: the choice for browsers (and any runtime with
 * `fetch`). Requires only a `TokenStore`. Redirects are not followed, so the API key and token
 * never leave the API host. No HTTP spans nor trace headers (browsers' CORS preflight refuses them).
 */
export const layerFetch = (...[options]: LayerOptions): Layer.Layer<StelaceClient | Session.Session, InvalidArgument, TokenStore> =>
  layerWithSender(options, fetchSender)

/**
 * `layer` with `node:http` / `node:https` as transport: the choice for servers on Node. Fails with
 * `InvalidArgument` where Node's modules are not available. Requires only a `TokenStore`. No HTTP
 * spans nor trace headers.
 */
export const layerNode = (...[options]: LayerOptions): Layer.Layer<StelaceClient | Session.Session, InvalidArgument, TokenStore> =>
  Layer.unwrap(Effect.suspend(() => {
    const modules = nodeModules()
    return modules
      ? Effect.succeed(layerWithSender(options, makeNodeSender(modules)))
      : Effect.fail(new InvalidArgument({ message: "Stelace: layerNode needs Node's http module; use layerFetch here" }))
  }))
