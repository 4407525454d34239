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
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import { dual } from "effect/Function"
import * as Layer from "effect/Layer"
import type * as Redacted from "effect/Redacted"
import * as HttpClient from "effect/http/HttpClient"
import { InvalidArgument } from "./Errors.js"
import type { ResultDecoder } from "./internal/client/core.js"
import { CurrentRequestOptions, CurrentResultDecoder, makeClient, StelaceClient } from "./internal/client/core.js"
import { fetchSender } from "./internal/wire/senders/fetch.js"
import { httpClientSender } from "./internal/wire/senders/httpClient.js"
import { traceRefresh, tracedInvoke } from "./internal/pipeline/spans.js"
import { makeNodeSender, nodeModules } from "./internal/wire/senders/node.js"
import type { Sender } from "./internal/wire/rawSender.js"
import type { CallOptions } from "./internal/routes/model.js"
import type { Options, SettingsRef } from "./internal/client/settings.js"
import { makeSettingsRef, resolveSettings } from "./internal/client/settings.js"
import type { RequestOptions } from "./internal/wire/apiTransport.js"
import { checkHeaders } from "./internal/wire/customHeaders.js"
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
  if (typeof headers === "string") return Effect.fail(new InvalidArgument({ message: `Stelace: ${headers} (in Stelace.withRequestOptions)` }))
  return Effect.flatMap(Effect.service(CurrentRequestOptions), (current) =>
    Effect.provideService(
      effect,
      CurrentRequestOptions,
      headers === undefined ? { ...current, ...options } : { ...current, ...options, headers: { ...current.headers, ...headers } }
    ))
})

/** The settings of a new client, held in one place; its options checked (`InvalidArgument`). */
const settingsOf = (options: Options | undefined) =>
  Effect.try({ try: () => makeSettingsRef(resolveSettings(options)), catch: (error) => error as InvalidArgument })

/** A client over `sender`, decoding as the context it is built in says (`Schemas.layerDecoding`). */
const clientOver = (settings: SettingsRef, sender: Sender) =>
  Effect.map(Effect.service(CurrentResultDecoder), (decode) => makeClient({ settings, sender, decode }))

/** The client and one session over the `TokenStore` in context: what apps with one user provide. */
const withSession = <E, R>(client: Effect.Effect<StelaceClient["Service"], E, R>) =>
  Layer.effectContext(Effect.flatMap(client, (made) =>
    Effect.flatMap(Effect.service(TokenStore), (store) =>
      Effect.map(Session.makeFor(made, store), (session) =>
        Context.make(StelaceClient, made).pipe(Context.add(Session.Session, session))))))

/**
 * Makes the client over the `HttpClient` in context, as Effect's own clients are made: app-wide,
 * free of user state (each user's session is a `Session` of its own, see `Session.layer`).
 *
 * Fails with `InvalidArgument` when an option is wrong (an unknown key, a port out of range...).
 */
export const make = (
  ...[options]: LayerOptions
): Effect.Effect<StelaceClient["Service"], InvalidArgument, HttpClient.HttpClient> =>
  Effect.flatMap(settingsOf(options), (settings) =>
    Effect.flatMap(Effect.service(HttpClient.HttpClient), (http) =>
      Effect.map(Effect.service(CurrentResultDecoder), (decode) =>
        // over an HttpClient, calls and refreshes are spans (the built-in senders carry no tracing)
        makeClient({ settings, sender: httpClientSender(http, settings), decode, traceRefresh, traced: tracedInvoke }))))

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
export const layerClient = (
  ...options: LayerOptions
): Layer.Layer<StelaceClient, InvalidArgument, HttpClient.HttpClient> => Layer.effect(StelaceClient, make(...options))

/**
 * Builds the client and a session over a built-in sender, which makes no spans:
 * `tracePropagation: true` is refused with a pointer to `layer`, whose `HttpClient` makes them.
 *
 * @internal
 */
export const layerWithSender = (
  options: Options | undefined,
  sender: Sender
): Layer.Layer<StelaceClient | Session.Session, InvalidArgument, TokenStore> =>
  withSession(
    options?.tracePropagation === true
      ? Effect.fail(
        new InvalidArgument({
          message:
            "Stelace: layerFetch and layerNode make no HTTP spans; for tracePropagation, use Stelace.layer with an HttpClient (e.g. FetchHttpClient.layer)"
        })
      )
      : Effect.flatMap(settingsOf({ ...options, tracePropagation: false }), (settings) => clientOver(settings, sender))
  )

/**
 * The client and one user's session (`StelaceClient` and `Session`) from options: for apps with
 * one user (a browser, a script, a test). Leaves the transport (`HttpClient`) and the token store
 * to the application, so tests can swap them. A server with many users provides `layerClient`
 * once and a `Session.layer` per request instead.
 *
 * Fails with `InvalidArgument` when an option is wrong (an unknown key, a port out of range...),
 * and, in a browser, on a secret key (`seck_...`) unless `dangerouslyAllowSecretKeyInBrowser` is
 * `true`; as do `layerConfig`, `layerFetch` and `layerNode`.
 */
export const layer = (
  ...options: LayerOptions
): Layer.Layer<StelaceClient | Session.Session, InvalidArgument, HttpClient.HttpClient | TokenStore> =>
  withSession(make(...options))

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
