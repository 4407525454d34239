/**
 * Stelace Signal with callbacks, over a client's runtime: `stelace.signal.subscribe` of the
 * Promise facade (once `install(stelace)` was called) and React's `useSignal`. The signal client
 * is made on the first subscription (a dynamic import), so an app that never subscribes does not
 * carry it, and lives until the client's runtime is disposed.
 */
import * as Effect from "effect/Effect"
import * as Scope from "effect/Scope"
import * as SubscriptionRef from "effect/SubscriptionRef"
import type { SignalError } from "../Errors.js"
import { InvalidArgument } from "../Errors.js"
import { runtimeOf } from "../facade/FacadeRuntime.js"
import type { ClientRuntime } from "../internal/client/ClientRuntime.js"
import type { ConnectionState, SignalClientService } from "./client.js"
import type { Signal, WebSocketConstructor } from "./connection.js"

/** Options of `signal.subscribe`. */
export interface SubscribeOptions {
  /** Channels to listen on besides the user's own (joined while a user is logged in). */
  readonly channels?: ReadonlyArray<string> | undefined
  /**
   * Called with a refusal: once if the server refuses the client for good (the subscription is
   * then over), or each time the platform is full (`TooManyClients`), which the subscription
   * keeps trying through.
   */
  readonly onError?: ((error: SignalError | InvalidArgument) => void) | undefined
  /** Called when the connection's state changes: `connecting`, `live`, `reconnecting`, `idle`. */
  readonly onState?: ((state: ConnectionState, detail?: string) => void) | undefined
  /**
   * Called each time the connection is live again after it was lost while this subscription saw
   * it live (not on the first connection, nor when it authenticates again after a login or
   * logout). Signals sent meanwhile never arrive: refetch what they could have changed.
   */
  readonly onReconnect?: (() => void) | undefined
  /** The WebSocket constructor; defaults to `globalThis.WebSocket`. On Node 20, pass `ws`'s. */
  readonly WebSocket?: WebSocketConstructor | undefined
}

const invalid = (message: string) => new InvalidArgument({ message: `Stelace Signal: ${message}`, reason: { _tag: "Option" } })

/** The signal client of `runtime` for `WebSocket`, made on first use, in the runtime's scope. */
const clientOf = (runtime: ClientRuntime, WebSocket: WebSocketConstructor | undefined): Promise<SignalClientService> => {
  runtime.signals ??= new Map()
  let client = runtime.signals.get(WebSocket) as Promise<SignalClientService> | undefined
  if (client === undefined) {
    client = import("../Signal.js").then((Signal) =>
      runtime.run(Effect.provideService(Signal.make({ WebSocket }), Scope.Scope, runtime.runtime.scope))
    )
    runtime.signals.set(WebSocket, client)
  }
  return client
}

/**
 * Calls `handler` with every signal of the client's channels (the user's own while logged in)
 * plus `options.channels`, until the returned function is called. Signals are hints: refetch what
 * they point at, never trust their message as data. Throws `InvalidArgument` on bad options.
 */
export const subscribe = (runtime: ClientRuntime, handler: (signal: Signal) => void, options: SubscribeOptions = {}): () => void => {
  if (typeof handler !== "function") throw invalid("subscribe needs a handler function")
  if (options === null || typeof options !== "object") throw invalid("subscribe's options must be an object")
  for (const name of ["onError", "onState", "onReconnect"] as const) {
    if (options[name] !== undefined && typeof options[name] !== "function") throw invalid(`${name} must be a function`)
  }
  const { channels = [], WebSocket } = options
  if (!Array.isArray(channels) || !channels.every((channel) => typeof channel === "string" && channel !== "")) {
    throw invalid("channels must be an array of non-empty strings")
  }
  if (WebSocket !== undefined && typeof WebSocket !== "function") throw invalid("WebSocket must be a WebSocket constructor")
  let stopped = false
  const stops: Array<() => void> = []
  clientOf(runtime, WebSocket).then((client) => {
    if (stopped) return
    const { onError, onReconnect, onState } = options
    let previous: SignalError | undefined
    let first = true
    // the state as it is first (unless idle: the subscription is about to connect), then its changes
    stops.push(runtime.forEach(SubscriptionRef.changes(client.status), (status) => {
      const skip = first && status.state === "idle"
      first = false
      if (skip) return
      onState?.(status.state, status.detail)
      if (status.refusal !== undefined && status.refusal !== previous) onError?.(status.refusal)
      previous = status.refusal
    }))
    if (onReconnect) stops.push(runtime.forEach(client.reconnections, () => onReconnect()))
    stops.push(runtime.forEach(client.signals(channels), handler, (error) => onError?.(error)))
  }, (error) => {
    if (!stopped) options.onError?.(error instanceof InvalidArgument ? error : invalid(String(error)))
  })
  return () => {
    if (stopped) return
    stopped = true
    for (const stop of stops) stop()
  }
}

/**
 * Makes `stelace.signal.subscribe` work on a facade instance (idempotent). The facade leaves the
 * real-time client out until this is called, so apps that do not use it do not carry it.
 */
export const install = (stelace: object): void => {
  let runtime: ReturnType<typeof runtimeOf>
  try {
    runtime = runtimeOf(stelace)
  } catch {
    throw invalid("install takes an instance made by createInstance")
  }
  runtime.subscribeSignals ??= (handler, options) => subscribe(runtime.client, handler, options)
}
