/**
 * Stelace Signal: receive, as a `Stream`, the real-time signals the API relays (`POST /signal`,
 * which `Signals.send` sends), over one WebSocket per client shared by all its subscribers.
 *
 * The channels of a client are the user's own channel while a user is logged in (and the
 * organization's the client acts as, when the user is a member), plus the channels subscribers
 * name. The connection authenticates again on login, logout, token refresh and organization
 * change, reconnects with backoff after drops and server restarts (and while the platform has
 * all the clients it may have), sends the heartbeat, and closes when the last subscriber leaves.
 *
 * Signals carry no proof of origin: anyone with the publishable key can signal any channel. Treat
 * a signal as a hint to refetch, never as data to trust.
 *
 * @example
 * ```ts
 * import * as Effect from "effect/Effect"
 * import * as Layer from "effect/Layer"
 * import * as Stream from "effect/Stream"
 * import * as Signal from "stelace-effect/Signal"
 * import * as Stelace from "stelace-effect/Stelace"
 * import * as TokenStore from "stelace-effect/TokenStore"
 *
 * const Live = Signal.layer().pipe(
 *   Layer.provideMerge(Stelace.layerFetch({ apiKey: "pubk_test_LocalStelacePublicKey0001", host: "127.0.0.1", port: 4100, protocol: "http" })),
 *   Layer.provide(TokenStore.memory)
 * )
 *
 * const program = Signal.stream({ channels: ["announcements"] }).pipe(
 *   Stream.take(1),
 *   Stream.runForEach((signal) => Effect.log(signal.event, signal.message))
 * )
 * ```
 *
 * @since 0.1.0
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Redacted from "effect/Redacted"
import * as Schema from "effect/Schema"
import type * as Scope from "effect/Scope"
import * as Stream from "effect/Stream"
import * as SubscriptionRef from "effect/SubscriptionRef"
import type { SignalError, SignalErrorReason } from "./Errors.js"
import { InvalidArgument } from "./Errors.js"
import { StelaceClient } from "./internal/client/StelaceClient.js"
import { Session } from "./Session.js"
import type { Signal as SignalData, WebSocketConstructor, WebSocketLike } from "./signal/connection.js"
import type { ConnectionState, ConnectionStatus, Reconnect, SignalClientService } from "./signal/client.js"
import * as Client from "./signal/client.js"

export type { ConnectionState, ConnectionStatus, Reconnect, SignalErrorReason, WebSocketConstructor, WebSocketLike }
export { SignalError } from "./Errors.js"

/**
 * Enables `stelace.signal.subscribe` on a Promise facade instance (`createInstance(...)`): the
 * facade leaves the real-time client out of apps that never call this.
 *
 * @example
 * ```js
 * import { install } from "stelace-effect/Signal"
 * install(stelace)
 * const unsubscribe = stelace.signal.subscribe((signal) => refetch(signal))
 * ```
 */
export { install } from "./signal/subscribe.js"
export type { SubscribeOptions } from "./signal/subscribe.js"

/** A signal: its event name, the sender's message (untrusted: decode it), the platform's environment. */
export type Signal = SignalData

/** Options of {@link layer}. The connection goes to the `StelaceClient`'s host, with its API key. */
export interface SignalOptions {
  /**
   * The WebSocket constructor; defaults to `globalThis.WebSocket` (browsers, Node 22+). On Node 20,
   * which has none, pass `ws`'s: `import WebSocket from "ws"`.
   */
  readonly WebSocket?: WebSocketConstructor | undefined
  /** Backoff between reconnections; defaults to 500 ms doubling up to 30 s, each jittered (±20%). */
  readonly reconnect?: Partial<Reconnect> | undefined
  /** How long the handshake may take before the attempt counts as a drop; defaults to 10 s. */
  readonly handshakeTimeout?: number | undefined
  /**
   * How long after answering the server's authentication request a refusal may still come: the
   * connection is `live` once it has passed (or at the first signal). Defaults to 2.5 s: the
   * Stelace server decides within 2 s of the connection.
   */
  readonly acceptanceDelay?: number | undefined
}

/** The signals of one client. */
export class SignalClient extends Context.Service<SignalClient, SignalClientService>()("stelace-effect/SignalClient") {}

const DEFAULT_RECONNECT: Reconnect = { initialDelay: 500, maxDelay: 30_000 }

const optionError = (message: string) => new InvalidArgument({ message: `Stelace Signal: ${message}`, reason: { _tag: "Option" } })

const checkOptions = (options: SignalOptions): InvalidArgument | undefined => {
  if (options === null || typeof options !== "object") return optionError("options must be an object")
  const { acceptanceDelay, handshakeTimeout, reconnect } = options
  const positive = (value: unknown) => value === undefined || (typeof value === "number" && Number.isFinite(value) && value > 0)
  if (!positive(handshakeTimeout)) return optionError(`handshakeTimeout must be a number of milliseconds above 0, got ${String(handshakeTimeout)}`)
  if (!positive(acceptanceDelay)) return optionError(`acceptanceDelay must be a number of milliseconds above 0, got ${String(acceptanceDelay)}`)
  if (reconnect !== undefined && (!positive(reconnect.initialDelay) || !positive(reconnect.maxDelay))) {
    return optionError("reconnect.initialDelay and reconnect.maxDelay must be numbers of milliseconds above 0")
  }
  if (options.WebSocket !== undefined && typeof options.WebSocket !== "function") return optionError("WebSocket must be a WebSocket constructor")
  return undefined
}

/** Where the client in context connects: its origin, with its API key. */
const endpointOf = (client: StelaceClient["Service"]) =>
  Effect.flatMap(SubscriptionRef.get(client.settings), (settings) =>
    settings.apiKey === undefined
      ? Effect.fail(optionError("an API key (pubk_...) is needed"))
      : Effect.succeed({ origin: settings.wire.origin, apiKey: Redacted.value(settings.apiKey) }))

/**
 * Makes the signal client of the `StelaceClient` in context, following the `Session` in context
 * when there is one (anonymous connections otherwise). It ends with the scope.
 */
export const make = (options: SignalOptions = {}): Effect.Effect<SignalClient["Service"], InvalidArgument, StelaceClient | Scope.Scope> =>
  Effect.gen(function*() {
    const problem = checkOptions(options)
    if (problem) return yield* problem
    const client = yield* StelaceClient
    return yield* Client.make({
      endpoint: endpointOf(client),
      session: yield* Effect.serviceOption(Session),
      WebSocket: options.WebSocket,
      reconnect: { ...DEFAULT_RECONNECT, ...options.reconnect },
      handshakeTimeout: options.handshakeTimeout ?? 10_000,
      acceptanceDelay: options.acceptanceDelay ?? 2_500
    })
  })

/**
 * The `SignalClient` layer, over the `StelaceClient` in context (and its `Session`, if any).
 *
 * @example
 * ```ts
 * const Live = Signal.layer({ WebSocket }).pipe(Layer.provideMerge(StelaceLive))
 * ```
 */
export const layer = (options?: SignalOptions): Layer.Layer<SignalClient, InvalidArgument, StelaceClient> =>
  Layer.effect(SignalClient, make(options))

/**
 * The signals of the client's channels (the user's own while logged in) plus `channels`.
 *
 * Fails with `SignalError` when the server refuses the client for good (its `reason` says why);
 * drops, restarts and a full platform only make it reconnect.
 */
export const stream = (options?: { readonly channels?: ReadonlyArray<string> | undefined }): Stream.Stream<Signal, SignalError | InvalidArgument, SignalClient> =>
  Stream.unwrap(Effect.map(Effect.service(SignalClient), (client) => client.signals(options?.channels ?? [])))

/** Where the connection stands now, then each time it changes. */
export const status: Stream.Stream<ConnectionStatus, never, SignalClient> = /*#__PURE__*/ Stream.unwrap(
  /*#__PURE__*/ Effect.map(Effect.service(SignalClient), (client) => SubscriptionRef.changes(client.status))
)

/**
 * One element each time the connection is live again after it was lost while this stream ran:
 * the signals sent meanwhile never arrived, so catch up on what they could have changed. It does
 * not open a connection by itself; run it beside {@link stream}.
 *
 * @example
 * ```ts
 * Stream.merge(
 *   Signal.stream().pipe(Stream.map((signal) => signal.event)),
 *   Signal.reconnections.pipe(Stream.as("catch up"))
 * )
 * ```
 */
export const reconnections: Stream.Stream<void, never, SignalClient> = /*#__PURE__*/ Stream.unwrap(
  /*#__PURE__*/ Effect.map(Effect.service(SignalClient), (client) => client.reconnections)
)

/**
 * Decodes a signal's message with a schema: signals are untrusted, so check what they carry.
 *
 * @example
 * ```ts
 * const BookingChanged = Schema.Struct({ transactionId: Schema.String })
 * Signal.stream().pipe(Stream.mapEffect(Signal.decodeMessage(BookingChanged)))
 * ```
 */
export const decodeMessage = <S extends Schema.Top>(schema: S): (signal: Signal) => Effect.Effect<S["Type"], Schema.SchemaError, S["DecodingServices"]> => {
  const decode = Schema.decodeUnknownEffect(schema)
  return (signal) => decode(signal.message)
}
