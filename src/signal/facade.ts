/**
 * `stelace.signal.subscribe(handler, options)` for the Promise facade. The signal code is loaded
 * on the first subscription (a dynamic import), so an app that never subscribes does not carry it.
 */
import * as Effect from "effect/Effect"
import * as Redacted from "effect/Redacted"
import * as Scope from "effect/Scope"
import type { SettingsRef } from "../internal/client/settings.js"
import type { Session } from "../Session.js"
import type { Signal, WebSocketConstructor } from "./connection.js"
import { SignalError } from "./errors.js"
import type { ConnectionState, Hub } from "./hub.js"
import type { ClientRuntime } from "../internal/client/runtime.js"
import { runtimeOf } from "../internal/client/runtime.js"

/** Options of `signal.subscribe`. */
export interface SubscribeOptions {
  /** Channels to listen on besides the user's own (joined while a user is logged in). */
  readonly channels?: ReadonlyArray<string> | undefined
  /** Called once if the server refuses the client for good (the subscription is then over). */
  readonly onError?: ((error: SignalError) => void) | undefined
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

/** What the facade instance gives the subscription. */
export interface FacadeHost {
  /** The instance's settings, read when a connection is made (so `setHost` and `setApiKey` apply). */
  readonly settings: SettingsRef
  /** The instance's session, once its client is built. */
  readonly session: () => Promise<Session["Service"] | undefined>
  /** The instance's scope: closed by `dispose`. */
  readonly scope: Scope.Scope
  /** One hub per WebSocket constructor, shared by the instance's subscriptions. */
  readonly hubs: Map<WebSocketConstructor | undefined, Promise<Hub>>
}

const invalid = (message: string) => new SignalError({ reason: "InvalidArgument", message: `Stelace Signal: ${message}` })

/** What the subscriptions of a client share, made on first use and kept on its core. */
export const hostOf = (runtime: ClientRuntime): FacadeHost => {
  if (runtime.signalHost !== undefined) return runtime.signalHost
  runtime.ensure()
  const host: FacadeHost = {
    settings: runtime.settings,
    session: () => (runtime.ensure() ?? Promise.resolve()).then(() => runtime.session),
    // made by `ensure`, or closed by `dispose` (an instance disposed before it was used)
    scope: runtime.scope as Scope.Scope,
    hubs: new Map()
  }
  runtime.signalHost = host
  return host
}

const hubOf = (host: FacadeHost, WebSocket: WebSocketConstructor | undefined): Promise<Hub> => {
  let hub = host.hubs.get(WebSocket)
  if (hub === undefined) {
    hub = Promise.all([import("./hub.js"), import("./sdk.js"), host.session()]).then(([Hub, Sdk, session]) =>
      Effect.runPromise(Hub.make({
        endpoint: () => {
          const settings = host.settings.current
          return { origin: settings.wire.origin, apiKey: settings.apiKey === undefined ? "" : Redacted.value(settings.apiKey) }
        },
        session: session ? Sdk.fromSession(session) : Sdk.noSession,
        WebSocket,
        reconnect: { initialDelay: 500, maxDelay: 30_000 },
        handshakeTimeout: 10_000
      }).pipe(Scope.provide(host.scope)))
    )
    host.hubs.set(WebSocket, hub)
  }
  return hub
}

/**
 * The app's callback, whose bugs are its own: what it throws is reported (thrown again outside the
 * connection, as an uncaught error) without ending the subscription.
 */
const reporting = <Args extends ReadonlyArray<unknown>>(callback: (...args: Args) => void) => (...args: Args): void => {
  try {
    callback(...args)
  } catch (error) {
    setTimeout(() => {
      throw error
    }, 0)
  }
}

const chain = (...stops: ReadonlyArray<(() => void) | undefined>) => () => {
  for (const stop of stops) stop?.()
}

/**
 * Calls `handler` with every signal of the instance's channels (the user's own while logged in)
 * plus `options.channels`, until the returned function is called. Signals are hints: refetch what
 * they point at, never trust their message as data.
 */
export const subscribe = (host: FacadeHost, handler: (signal: Signal) => void, options: SubscribeOptions = {}): () => void => {
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
  if (host.settings.current.apiKey === undefined) throw invalid("an API key (pubk_...) is needed")
  const onState = options.onState && reporting(options.onState)
  const onError = options.onError && reporting(options.onError)
  let stopped = false
  let stop: () => void = () => {}
  hubOf(host, WebSocket).then((hub) => {
    if (stopped) return
    const unsubscribeState = chain(
      onState && hub.onState(onState),
      options.onReconnect && hub.onReconnect(reporting(options.onReconnect))
    )
    const remove = Effect.runSync(Effect.result(hub.add(channels, {
      signal: reporting(handler),
      failed: (error) => {
        unsubscribeState()
        onError?.(error)
      }
    })))
    if (remove._tag === "Failure") {
      unsubscribeState()
      onError?.(remove.failure)
      return
    }
    // joining a connection already live (or reconnecting): no change is coming to say so
    const state = hub.state()
    if (state === "live" || state === "reconnecting") onState?.(state)
    stop = () => {
      unsubscribeState()
      Effect.runFork(remove.success)
    }
  }, (error) => {
    if (!stopped) onError?.(error instanceof SignalError ? error : invalid(String(error)))
  })
  return () => {
    if (stopped) return
    stopped = true
    stop()
  }
}

/**
 * Makes `stelace.signal.subscribe` work on a facade instance (idempotent). The facade leaves the
 * real-time client out until this is called, so apps that do not use it do not carry it.
 */
export const install = (stelace: object): void => {
  let runtime: ClientRuntime
  try {
    runtime = runtimeOf(stelace)
  } catch {
    throw invalid("install takes an instance made by createInstance")
  }
  if (runtime.subscribeSignals !== undefined) return
  const host = hostOf(runtime)
  runtime.subscribeSignals = (handler, options) => subscribe(host, handler, options)
}
