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
 * const StelaceLive = Stelace.layerFetch({ apiKey: "pubk_test_..." }).pipe(Layer.provide(TokenStore.localStorageOrMemory))
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
import * as Config from "effect/Config"
import * as Effect from "effect/Effect"
import { dual } from "effect/Function"
import * as Layer from "effect/Layer"
import type * as Redacted from "effect/Redacted"
import * as SubscriptionRef from "effect/SubscriptionRef"
import * as HttpClient from "effect/http/HttpClient"
import { InvalidArgument } from "./Errors.js"
import type { ResultDecoder } from "./internal/client/client.js"
import { CurrentRequestOptions, CurrentResultDecoder, make as makeClient } from "./internal/client/client.js"
import type { Options, Settings } from "./internal/client/settings.js"
import { resolveSettings } from "./internal/client/settings.js"
import type { RefreshError } from "./internal/client/StelaceClient.js"
import { StelaceClient } from "./internal/client/StelaceClient.js"
import type { RequestOptions } from "./internal/pipeline/arguments.js"
import type { CallOptions } from "./internal/routes/model.js"
import * as FetchHttpClient from "./internal/wire/fetchHttpClient.js"
import { checkHeaders } from "./internal/wire/headers.js"
import * as NodeHttpClient from "./internal/wire/nodeHttpClient.js"
import * as Session from "./Session.js"
import type { TokenStore } from "./TokenStore.js"
import type { RegisteredApiVersion, RegisteredVersionOption } from "./Types.js"

/**
 * The options argument of the layers: optional, unless an API version is registered (see the
 * Effect guide), in which case the layer must be built with that version.
 */
export type LayerOptions<O = Options> = [RegisteredApiVersion] extends [undefined] ? [options?: O]
  : [options: O & RegisteredVersionOption]

export type { Options, RefreshError, RequestOptions, ResultDecoder, Settings }
export { CurrentRequestOptions, CurrentResultDecoder, StelaceClient }

/** Headers of your own, for `withRequestOptions`. */
export interface WithHeaders {
  /**
   * Headers of your own on every call of the effect (a trace or tenant id for a proxy, say), sent
   * with lower-case names; they add up with those of an outer `withRequestOptions`, the inner
   * winning by name. The SDK's own headers (`authorization`, `accept`, `content-type`,
   * `user-agent`, `x-api-key`, the `x-stelace-*` ones the other options set) and the framing ones
   * (`content-length`, `host`...) cannot be set here, nor can a name that is not an HTTP token or a
   * value with a line break: the effect fails with `InvalidArgument` naming the header, before
   * anything is sent. In a browser the API's CORS policy allows its own headers only.
   */
  readonly headers: Readonly<Record<string, string>>
}

/**
 * Runs `effect` with these per-call options (the options a call is given win), on every call it
 * makes: one call or a whole program. With `headers`, it can also fail with `InvalidArgument`.
 *
 * @example
 * ```ts
 * Assets.list().pipe(Stelace.withRequestOptions({ apiVersion: "2019-05-20", headers: { "x-request-source": "nightly-export" } }))
 * ```
 */
export const withRequestOptions: {
  (options: CallOptions & WithHeaders): <A, E, R>(effect: Effect.Effect<A, E, R>) => Effect.Effect<A, E | InvalidArgument, R>
  (options: CallOptions): <A, E, R>(effect: Effect.Effect<A, E, R>) => Effect.Effect<A, E, R>
  <A, E, R>(effect: Effect.Effect<A, E, R>, options: CallOptions & WithHeaders): Effect.Effect<A, E | InvalidArgument, R>
  <A, E, R>(effect: Effect.Effect<A, E, R>, options: CallOptions): Effect.Effect<A, E, R>
} = /*#__PURE__*/ dual(2, <A, E, R>(effect: Effect.Effect<A, E, R>, options: RequestOptions) => {
  const headers = options.headers === undefined ? undefined : checkHeaders(options.headers)
  if (typeof headers === "string") {
    return Effect.fail(new InvalidArgument({ message: `Stelace: ${headers} (in Stelace.withRequestOptions)`, reason: { _tag: "Header" } }))
  }
  return Effect.flatMap(Effect.service(CurrentRequestOptions), (current) =>
    Effect.provideService(
      effect,
      CurrentRequestOptions,
      headers === undefined ? { ...current, ...options } : { ...current, ...options, headers: { ...current.headers, ...headers } }
    ))
})

/**
 * A client's settings from options, as `StelaceClient.settings` holds them: for a fake client in
 * tests (`Layer.succeed(StelaceClient, ...)`). Fails with `InvalidArgument` on a bad option.
 */
export const settings = (options?: Options): Effect.Effect<SubscriptionRef.SubscriptionRef<Settings>, InvalidArgument> =>
  Effect.flatMap(Effect.try({ try: () => resolveSettings(options), catch: (error) => error as InvalidArgument }), SubscriptionRef.make)

/**
 * Makes the client over the `HttpClient` in context, as Effect's own clients are made: app-wide,
 * free of user state (each user's session is a `Session` of its own, see `Session.layer`).
 *
 * Fails with `InvalidArgument` when an option is wrong (an unknown key, a port out of range...).
 */
export const make = (...[options]: LayerOptions): Effect.Effect<StelaceClient["Service"], InvalidArgument, HttpClient.HttpClient> =>
  makeClient(options)

/**
 * The client alone, over the `HttpClient` in context: provide it once for the whole application
 * (a server), and a `Session.layer` per request or per user.
 *
 * @example
 * ```ts
 * const ClientLive = Stelace.layerClient({ apiKey: "pubk_test_..." }).pipe(Layer.provide(FetchHttpClient.layer))
 * // per request, with that request's token store
 * program.pipe(Effect.provide(Session.layer.pipe(Layer.provide(TokenStore.memory))))
 * ```
 */
export const layerClient = (...options: LayerOptions): Layer.Layer<StelaceClient, InvalidArgument, HttpClient.HttpClient> =>
  Layer.effect(StelaceClient, make(...options))

/**
 * The client and one user's session (`StelaceClient` and `Session`) from options: for apps with
 * one user (a browser, a script, a test). Leaves the transport (`HttpClient`) and the token store
 * to the application, so that tests can swap them. A server with many users provides
 * `layerClient` once and a `Session.layer` per request instead.
 *
 * Every call is a span named after its route (`Stelace.Assets.read`), around the `HttpClient`'s
 * own. Fails with `InvalidArgument` when an option is wrong (an unknown key, a port out of
 * range...), and, in a browser, on a secret key (`seck_...`) unless
 * `dangerouslyAllowSecretKeyInBrowser` is `true`; as do `layerConfig`, `layerFetch` and `layerNode`.
 */
export const layer = (
  ...options: LayerOptions
): Layer.Layer<StelaceClient | Session.Session, InvalidArgument, HttpClient.HttpClient | TokenStore> =>
  Session.layer.pipe(Layer.provideMerge(layerClient(...options)))

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
  options: Config.Wrap<ConfigOptions>
): Layer.Layer<StelaceClient | Session.Session, InvalidArgument | Config.ConfigError, HttpClient.HttpClient | TokenStore> =>
  Layer.unwrap(Effect.map(Config.unwrap(options), (resolved) => layer(resolved as Options & RegisteredVersionOption)))

/** The options `layerConfig` reads: the key only as a `Redacted` value, never a plain string. */
export interface ConfigOptions extends Omit<Options, "beforeRefreshToken" | "apiKey"> {
  readonly apiKey?: Redacted.Redacted<string> | undefined
}

/**
 * `layer` over effect's `fetch` client: the choice for browsers (and any runtime with `fetch`).
 * Requires only a `TokenStore`. Redirects are not followed, so the API key and token never leave
 * the API host. An app's own `fetch` goes through `FetchHttpClient.Fetch`.
 */
export const layerFetch = (...options: LayerOptions): Layer.Layer<StelaceClient | Session.Session, InvalidArgument, TokenStore> =>
  layer(...options).pipe(Layer.provide(FetchHttpClient.layer))

/**
 * The SDK's `HttpClient` on `node:http` / `node:https`, with Node's keep-alive agents: what
 * `layerNode` runs over, for `layerClient` on a Node server. Fails with `InvalidArgument` where
 * Node's modules are not available (Node before 20.16, a browser).
 */
export const layerNodeHttpClient: Layer.Layer<HttpClient.HttpClient, InvalidArgument> = /*#__PURE__*/ Layer.effect(
  HttpClient.HttpClient,
  /*#__PURE__*/ Effect.suspend(() => {
    const modules = NodeHttpClient.nodeModules()
    return modules
      ? Effect.succeed(NodeHttpClient.make(modules))
      : Effect.fail(new InvalidArgument({ message: "Stelace: node:http is not available here; use layerFetch", reason: { _tag: "Option" } }))
  })
)

/**
 * `layer` over `layerNodeHttpClient`: the choice for servers on Node. Requires only a
 * `TokenStore`. Fails with `InvalidArgument` where Node's modules are not available (Node before
 * 20.16, a browser): use `layerFetch` there.
 */
export const layerNode = (...options: LayerOptions): Layer.Layer<StelaceClient | Session.Session, InvalidArgument, TokenStore> =>
  layer(...options).pipe(Layer.provide(layerNodeHttpClient))
