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
import type { DecodeError } from "./Errors.js"
import { InvalidArgument } from "./Errors.js"
import type { AnyEndpoint } from "./internal/endpoint.js"
import { fetchClient } from "./internal/fetchClient.js"
import { makeNodeClient, nodeModules } from "./internal/nodeClient.js"
import type { Invoke } from "./internal/invoke.js"
import { makeInvoke } from "./internal/invoke.js"
import type { Options, Settings } from "./internal/settings.js"
import { resolveSettings } from "./internal/settings.js"
import type { RequestOptions } from "./internal/transport.js"
import { makeTransport } from "./internal/transport.js"
import * as Session from "./Session.js"
import { TokenStore } from "./TokenStore.js"

export type { Options, RequestOptions }

/**
 * The client every endpoint function runs against. It holds no settings a program could read or
 * print: the API key stays inside, `Redacted`.
 */
export class StelaceClient extends Context.Service<StelaceClient, {
  /** Performs one call of an endpoint of the route table. */
  readonly invoke: Invoke
}>()("stelace-effect/StelaceClient") {}

/**
 * Per-call options applied to every call of an effect (and to every page of a `paginate` stream).
 * Options passed to a call itself take precedence.
 */
export const CurrentRequestOptions = Context.Reference<RequestOptions>("stelace-effect/CurrentRequestOptions", {
  defaultValue: () => ({})
})

/**
 * Runs `effect` with these per-call options.
 *
 * @example
 * ```ts
 * Assets.list().pipe(Stelace.withRequestOptions({ apiVersion: "2019-05-20" }))
 * ```
 */
export const withRequestOptions: {
  (options: RequestOptions): <A, E, R>(effect: Effect.Effect<A, E, R>) => Effect.Effect<A, E, R>
  <A, E, R>(effect: Effect.Effect<A, E, R>, options: RequestOptions): Effect.Effect<A, E, R>
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

/** Decodes the result of one call of an endpoint. */
export type ResultDecoder = (endpoint: AnyEndpoint, result: unknown) => Effect.Effect<unknown, DecodeError>

/**
 * How the clients built in its scope decode results: absent by default (results are the bodies as
 * the server sent them). Read once, when a client is built.
 */
export const CurrentResultDecoder = Context.Reference<ResultDecoder | undefined>("stelace-effect/CurrentResultDecoder", {
  defaultValue: () => undefined
})

/**
 * Builds the client from settings the caller keeps: `settings` is read by every request (the
 * Promise facade replaces them through its setters).
 *
 * @internal
 */
export const layerWithSettings = (
  settings: () => Settings
): Layer.Layer<StelaceClient | Session.Session, never, HttpClient.HttpClient | TokenStore> =>
  Layer.effectContext(Effect.gen(function*() {
    const transport = makeTransport(yield* HttpClient.HttpClient, settings)
    const session = yield* Session.make({ settings, transport, store: yield* TokenStore })
    const decode = yield* CurrentResultDecoder
    const invoke = makeInvoke({ transport, session, defaultOptions: CurrentRequestOptions, decode })
    return Context.make(StelaceClient, StelaceClient.of({ invoke })).pipe(Context.add(Session.Session, session))
  }))

/**
 * The client services (`StelaceClient` and `Session`) from options. Leaves the transport
 * (`HttpClient`) and the token store to the application, so tests can swap them.
 *
 * Fails with `InvalidArgument` when an option is wrong (an unknown key, a port out of range...).
 */
export const layer = (
  options?: Options
): Layer.Layer<StelaceClient | Session.Session, InvalidArgument, HttpClient.HttpClient | TokenStore> =>
  Layer.unwrap(Effect.map(
    Effect.try({ try: () => resolveSettings(options), catch: (error) => error as InvalidArgument }),
    (settings) => layerWithSettings(() => settings)
  ))

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
  Layer.unwrap(Effect.map(unwrapConfig(options), layer))

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
 * A client over a built-in transport: spans and trace headers off unless `tracePropagation` is
 * `true`.
 *
 * @internal
 */
export const layerWith = (client: HttpClient.HttpClient, options: Options | undefined) =>
  layer({ ...options, tracePropagation: options?.tracePropagation ?? false }).pipe(
    Layer.provide(Layer.succeed(HttpClient.HttpClient, client))
  )

/**
 * `layer` with the platform's `fetch` as transport: the choice for browsers (and any runtime with
 * `fetch`). Requires only a `TokenStore`. Redirects are not followed, so the API key and token
 * never leave the API host.
 */
export const layerFetch = (options?: Options): Layer.Layer<StelaceClient | Session.Session, InvalidArgument, TokenStore> =>
  layerWith(fetchClient, options)

/**
 * `layer` with `node:http` / `node:https` as transport: the choice for servers on Node. Fails with
 * `InvalidArgument` where Node's modules are not available. Requires only a `TokenStore`.
 */
export const layerNode = (options?: Options): Layer.Layer<StelaceClient | Session.Session, InvalidArgument, TokenStore> =>
  Layer.unwrap(Effect.suspend(() => {
    const modules = nodeModules()
    return modules
      ? Effect.succeed(layerWith(makeNodeClient(modules), options))
      : Effect.fail(new InvalidArgument({ message: "Stelace: layerNode needs Node's http module; use layerFetch here" }))
  }))

/**
 * The fastest transport where the code runs: `node:http` on Node, `fetch` elsewhere.
 *
 * @internal
 */
export const platformClient = (): HttpClient.HttpClient => {
  const modules = nodeModules()
  return modules ? makeNodeClient(modules) : fetchClient
}
