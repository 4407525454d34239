/**
 * Stelace Signal: receive, as a `Stream`, the real-time signals the API relays (`POST /signal`),
 * over one WebSocket per client shared by all its subscribers.
 *
 * The channels of a client are the user's own channel while a user is logged in (and the
 * organization's the client acts as, when the user is a member), plus the channels subscribers
 * name. The connection authenticates again on login, logout, token refresh and organization
 * change, reconnects with exponential backoff and jitter after drops and server restarts, sends
 * the heartbeat, and closes when the last subscriber leaves.
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
 * const options = { apiKey: "pubk_test_LocalStelacePublicKey0001", host: "127.0.0.1", port: 4100, protocol: "http" }
 * const Live = Signal.layer(options).pipe(
 *   Layer.provideMerge(Stelace.layerFetch(options)),
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
import * as Cause from "effect/Cause"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Queue from "effect/Queue"
import * as Redacted from "effect/Redacted"
import * as Schema from "effect/Schema"
import type * as Scope from "effect/Scope"
import * as Stream from "effect/Stream"
import type { Options } from "./internal/client/settings.js"
import { resolveSettings } from "./internal/client/settings.js"
import { Session } from "./Session.js"
import type { Signal as SignalData, WebSocketConstructor, WebSocketLike } from "./signal/connection.js"
import { SignalError } from "./signal/errors.js"
import type { SignalErrorReason } from "./signal/errors.js"
import type { ConnectionState, Reconnect } from "./signal/hub.js"
import * as Hub from "./signal/hub.js"
import type { Endpoint } from "./signal/sdk.js"
import { fromSession, noSession } from "./signal/sdk.js"

export type { ConnectionState, Reconnect, SignalErrorReason, WebSocketConstructor, WebSocketLike }
export { SignalError }

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
export { install } from "./signal/facade.js"
export type { SubscribeOptions } from "./signal/facade.js"

/** Sends a signal to a channel, or to everyone (`POST /signal`): the same function as `stelace-effect/Signal` had. */
export { send } from "./resources/Signal.js"

/** A signal: its event name, the sender's message (untrusted: decode it), the platform's environment. */
export type Signal = SignalData

/** Options of {@link layer}: the client's options (`apiKey`, `host`, `port`, `protocol`), and Signal's own. */
export interface SignalOptions extends Options {
  /**
   * The WebSocket constructor; defaults to `globalThis.WebSocket` (browsers, Node 22+). On Node 20,
   * which has none, pass `ws`'s: `import WebSocket from "ws"`.
   */
  readonly WebSocket?: WebSocketConstructor | undefined
  /** Backoff between reconnections; defaults to 500 ms doubling up to 30 s, each jittered to 50-100%. */
  readonly reconnect?: Partial<Reconnect> | undefined
  /** How long the handshake may take before the attempt counts as a drop; defaults to 10 s. */
  readonly handshakeTimeout?: number | undefined
}

/** The signals of one client. */
export class SignalClient extends Context.Service<SignalClient, {
  /** The signals of the client's channels plus `channels`, until interrupted or refused for good. */
  readonly signals: (channels?: ReadonlyArray<string>) => Stream.Stream<Signal, SignalError>
  /** The connection's state now. */
  readonly state: () => ConnectionState
  /** Calls `listener` on every state change (with a detail, e.g. why it reconnects) until the returned function is called. */
  readonly onState: (listener: (state: ConnectionState, detail?: string) => void) => () => void
  /** Calls `listener` with the server's warnings (an organization channel refused) until the returned function is called. */
  readonly onWarning: (listener: (warning: unknown) => void) => () => void
  /**
   * Calls `listener` each time the connection is live again after it was lost (not on the first
   * connection, nor when it authenticates again after a login or logout), until the returned
   * function is called. Signals sent meanwhile never arrive: refetch what they could have changed.
   */
  readonly onReconnect: (listener: () => void) => () => void
}>()("stelace-effect/SignalClient") {}

const DEFAULT_RECONNECT: Reconnect = { initialDelay: 500, maxDelay: 30_000 }

/** The endpoint of a client's options (the same options as `Stelace.layer`'s). */
const endpointOf = (options: Options | undefined): Effect.Effect<Endpoint, SignalError> =>
  Effect.try({
    try: () => resolveSettings(options),
    catch: (error) => new SignalError({ reason: "InvalidArgument", message: `Stelace Signal: ${(error as Error).message}` })
  }).pipe(Effect.flatMap((settings) =>
    settings.apiKey === undefined
      ? Effect.fail(new SignalError({ reason: "InvalidArgument", message: "Stelace Signal: an API key (pubk_...) is needed" }))
      : Effect.succeed({ origin: settings.wire.origin, apiKey: Redacted.value(settings.apiKey) })
  ))

const checkOptions = (options: SignalOptions): SignalError | undefined => {
  const { handshakeTimeout, reconnect } = options
  const positive = (value: unknown) => value === undefined || (typeof value === "number" && Number.isFinite(value) && value > 0)
  if (!positive(handshakeTimeout)) return new SignalError({ reason: "InvalidArgument", message: `Stelace Signal: handshakeTimeout must be a number of milliseconds above 0, got ${String(handshakeTimeout)}` })
  if (reconnect !== undefined && (!positive(reconnect.initialDelay) || !positive(reconnect.maxDelay))) {
    return new SignalError({ reason: "InvalidArgument", message: "Stelace Signal: reconnect.initialDelay and reconnect.maxDelay must be numbers of milliseconds above 0" })
  }
  if (options.WebSocket !== undefined && typeof options.WebSocket !== "function") {
    return new SignalError({ reason: "InvalidArgument", message: "Stelace Signal: WebSocket must be a WebSocket constructor" })
  }
  return undefined
}

/**
 * Builds the signal client of a session (`undefined`: anonymous connections only).
 *
 * @internal
 */
export const makeWith = (
  options: SignalOptions,
  session: Session["Service"] | undefined
): Effect.Effect<SignalClient["Service"], SignalError, Scope.Scope> =>
  Effect.gen(function*() {
    const problem = checkOptions(options)
    if (problem) return yield* Effect.fail(problem)
    const { WebSocket, reconnect, handshakeTimeout, ...clientOptions } = options
    const endpoint = yield* endpointOf(clientOptions)
    const hub = yield* Hub.make({
      endpoint: () => endpoint,
      session: session ? fromSession(session) : noSession,
      WebSocket,
      reconnect: { ...DEFAULT_RECONNECT, ...reconnect },
      handshakeTimeout: handshakeTimeout ?? 10_000
    })
    return {
      signals: (channels = []) => streamOf(hub, channels),
      state: hub.state,
      onState: hub.onState,
      onWarning: hub.onWarning,
      onReconnect: hub.onReconnect
    }
  })

/** The signals of a hub as a stream: subscribed while it runs. */
const streamOf = (hub: Hub.Hub, channels: ReadonlyArray<string>): Stream.Stream<Signal, SignalError> =>
  Stream.callback<Signal, SignalError>((queue) =>
    Effect.acquireRelease(
      hub.add(channels, {
        signal: (signal) => Queue.offerUnsafe(queue, signal),
        failed: (error) => Queue.failCauseUnsafe(queue, Cause.fail(error))
      }),
      (remove) => remove
    )
  )

/** Builds the signal client, with the `Session` in context when there is one. */
export const make = (options: SignalOptions): Effect.Effect<SignalClient["Service"], SignalError, Scope.Scope> =>
  Effect.flatMap(Effect.serviceOption(Session), (session) => makeWith(options, session._tag === "Some" ? session.value : undefined))

/** The `SignalClient` layer; it follows the `Session` of the context, if any. */
export const layer = (options: SignalOptions): Layer.Layer<SignalClient, SignalError> => Layer.effect(SignalClient, make(options))

/**
 * The signals of the client's channels (the user's own while logged in) plus `channels`.
 *
 * Fails with `SignalError` when the server refuses the client for good (its `reason` says why);
 * drops and restarts only make it reconnect.
 */
export const stream = (options?: { readonly channels?: ReadonlyArray<string> | undefined }): Stream.Stream<Signal, SignalError, SignalClient> =>
  Stream.unwrap(Effect.map(Effect.service(SignalClient), (client) => client.signals(options?.channels ?? [])))

/**
 * One element each time the connection is live again after it was lost while this stream ran:
 * the signals sent meanwhile never arrived, so catch up on what they could have changed. It does
 * not open a connection by itself; run it beside {@link stream}.
 *
 * @example
 * ```ts
 * Stream.merge(
 *   Signal.stream().pipe(Stream.map((signal) => signal.event)),
 *   Signal.reconnections().pipe(Stream.as("catch up"))
 * )
 * ```
 */
export const reconnections = (): Stream.Stream<void, never, SignalClient> => Stream.unwrap(Effect.map(
  Effect.service(SignalClient),
  (client) =>
    Stream.callback<void>((queue) =>
      Effect.acquireRelease(
        Effect.sync(() => client.onReconnect(() => Queue.offerUnsafe(queue, undefined))),
        (stop) => Effect.sync(stop)
      )
    )
))

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
