/**
 * The shared connection of one client: every subscriber reads the signals of one WebSocket, which
 * opens with the first subscriber and closes when the last one leaves. It reconnects after drops
 * (exponential backoff with jitter) and authenticates again when the session or the channels
 * change.
 */
import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Random from "effect/Random"
import type * as Scope from "effect/Scope"
import type { Signal, WebSocketConstructor } from "./connection.js"
import { connect } from "./connection.js"
import { SignalError } from "./errors.js"
import type { Endpoint, Identity, SessionSource } from "./sdk.js"
import { identityKey } from "./sdk.js"

/** The state of the connection: opening, authenticated, waiting to reconnect, or not wanted. */
export type ConnectionState = "idle" | "connecting" | "live" | "reconnecting"

/** How to reconnect after a drop: `min(maxDelay, initialDelay * 2^attempt)`, jittered to 50-100%. */
export interface Reconnect {
  readonly initialDelay: number
  readonly maxDelay: number
}

export interface HubOptions {
  /** Read at every connection (the Promise facade's host and key can change). */
  readonly endpoint: () => Endpoint
  readonly session: SessionSource
  readonly WebSocket: WebSocketConstructor | undefined
  readonly reconnect: Reconnect
  readonly handshakeTimeout: number
}

/** One subscriber: called with each signal, and once with the error that ends the connection for good. */
export interface Subscriber {
  readonly signal: (signal: Signal) => void
  readonly failed: (error: SignalError) => void
}

/**
 * What subscribers see. Plain callbacks rather than a `Stream`: the Promise facade loads this
 * without Stream and PubSub (`npm run bench:signal`); `Signal.ts` makes the stream.
 */
export interface Hub {
  /**
   * Adds a subscriber to the client's channels plus `channels` (opening the connection if it is
   * the first); the effect it returns removes it (closing the connection if it was the last).
   */
  readonly add: (channels: ReadonlyArray<string>, subscriber: Subscriber) => Effect.Effect<Effect.Effect<void>, SignalError>
  readonly state: () => ConnectionState
  /** Calls `listener` on every state change until the returned function is called. */
  readonly onState: (listener: (state: ConnectionState, detail?: string) => void) => () => void
  /** Calls `listener` with the server's warnings (e.g. an organization channel refused). */
  readonly onWarning: (listener: (warning: unknown) => void) => () => void
  /**
   * Calls `listener` each time the connection is live again after it was lost since `listener`
   * saw it live (signals sent meanwhile never arrive), until the returned function is called.
   */
  readonly onReconnect: (listener: () => void) => () => void
}

const checkChannels = (channels: ReadonlyArray<string>): Effect.Effect<void, SignalError> =>
  Array.isArray(channels) && channels.every((channel) => typeof channel === "string" && channel !== "")
    ? Effect.void
    : Effect.fail(new SignalError({ reason: "InvalidArgument", message: "Stelace Signal: channels must be non-empty strings" }))

export const make = (options: HubOptions): Effect.Effect<Hub, never, Scope.Scope> =>
  Effect.gen(function*() {
    const scope = yield* Effect.scope
    const subscribers = new Map<number, { readonly channels: ReadonlyArray<string>; readonly subscriber: Subscriber }>()
    let nextId = 0
    let sessionEvents = 0
    let fiber: Fiber.Fiber<void> | undefined
    let state: ConnectionState = "idle"
    const stateListeners = new Set<(state: ConnectionState, detail?: string) => void>()
    const warningListeners = new Set<(warning: unknown) => void>()
    /** What the open connection authenticated as, and how to ask it to authenticate again. */
    let current: {
      /** The session's key when the identity was read. */
      readonly key: string
      /** The identity fell short of the session (its refresh failed): a refresh may bring the user back. */
      readonly degraded: boolean
      readonly channels: ReadonlySet<string>
      readonly reauth: Deferred.Deferred<void>
    } | undefined

    const setState = (next: ConnectionState, detail?: string) => {
      if (next === state && detail === undefined) return
      state = next
      for (const listener of stateListeners) {
        try {
          listener(next, detail)
        } catch {
          // a listener's bug must not stop the connection
        }
      }
    }

    const wanted = (): ReadonlySet<string> => new Set([...subscribers.values()].flatMap((entry) => entry.channels))
    const publish = (signal: Signal) => {
      for (const { subscriber } of [...subscribers.values()]) subscriber.signal(signal)
    }

    /**
     * Asks the connection to authenticate again when the channels or the session changed since it
     * read its identity, or when a refresh may give it the user it could not authenticate as.
     */
    const check = (event?: string) => {
      if (current === undefined) return
      const channels = wanted()
      const missing = [...channels].some((channel) => !current?.channels.has(channel))
      const changed = options.session.currentKey() !== current.key
      if (missing || changed || (current.degraded && event === "Refreshed")) Deferred.doneUnsafe(current.reauth, Effect.void)
    }

    const WebSocket = options.WebSocket ?? (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket

    const run: Effect.Effect<void, SignalError> = Effect.gen(function*() {
      if (WebSocket === undefined) {
        return yield* Effect.fail(new SignalError({
          reason: "NoWebSocket",
          message: "Stelace Signal: no WebSocket here (Node 20 has none): install `ws` and pass its WebSocket as the `WebSocket` option"
        }))
      }
      let attempt = 0
      setState("connecting")
      while (true) {
        const seen = sessionEvents
        const identity: Identity = yield* options.session.identity
        // the session changed while its token was read (a refresh announces itself): read it again
        if (sessionEvents !== seen) continue
        const key = options.session.currentKey()
        const endpoint = options.endpoint()
        const channels = wanted()
        const reauth = Deferred.makeUnsafe<void>()
        current = { key, degraded: identityKey(identity) !== key, channels, reauth }
        const outcome = yield* Effect.raceFirst(
          connect({
            WebSocket,
            origin: endpoint.origin,
            authentication: {
              publishableKey: endpoint.apiKey,
              authToken: identity.authToken,
              channels: [...channels, ...(identity.userId && identity.organizationId ? [identity.organizationId] : [])]
            },
            handshakeTimeout: options.handshakeTimeout,
            onLive: () => setState("live"),
            onSignal: publish,
            onWarning: (warning) => {
              for (const listener of warningListeners) listener(warning)
            }
          }),
          Effect.as(Deferred.await(reauth), undefined)
        )
        current = undefined
        if (outcome === undefined) {
          attempt = 0
          setState("connecting", "authenticating again")
          continue
        }
        if (outcome.wasLive) attempt = 0
        const ceiling = Math.min(options.reconnect.maxDelay, options.reconnect.initialDelay * 2 ** Math.min(attempt, 30))
        const delay = Math.round(ceiling * (yield* Random.nextBetween(0.5, 1)))
        attempt++
        setState("reconnecting", `${outcome.reason}; next attempt in ${delay} ms`)
        yield* Effect.sleep(delay)
      }
    })

    let runs = 0
    const ensureRunning = Effect.suspend(() => {
      if (fiber !== undefined) return Effect.void
      const thisRun = ++runs
      return Effect.map(
        Effect.forkIn(
          run.pipe(
            Effect.catch((error) => Effect.sync(() => {
              const failed = [...subscribers.values()]
              subscribers.clear()
              for (const { subscriber } of failed) subscriber.failed(error)
            })),
            Effect.ensuring(Effect.sync(() => {
              if (runs !== thisRun) return
              fiber = undefined
              current = undefined
              setState("idle")
            }))
          ),
          scope
        ),
        (started) => {
          if (runs === thisRun && fiber === undefined) fiber = started
        }
      )
    })

    const stopIfUnused = Effect.suspend(() => {
      if (subscribers.size > 0 || fiber === undefined) return Effect.void
      const running = fiber
      fiber = undefined
      runs++
      current = undefined
      setState("idle")
      return Fiber.interrupt(running)
    })

    const unsubscribeSession = options.session.onChange((event) => {
      sessionEvents++
      check(event)
    })
    yield* Effect.addFinalizer(() => Effect.sync(unsubscribeSession))

    const add = (channels: ReadonlyArray<string>, subscriber: Subscriber) =>
      Effect.flatMap(checkChannels(channels), () =>
        Effect.suspend(() => {
          const id = nextId++
          subscribers.set(id, { channels: [...channels], subscriber })
          check()
          return Effect.as(
            ensureRunning,
            Effect.suspend(() => {
              subscribers.delete(id)
              return stopIfUnused
            })
          )
        }))

    return {
      add,
      state: () => state,
      onState: (listener) => {
        stateListeners.add(listener)
        return () => stateListeners.delete(listener)
      },
      onWarning: (listener) => {
        warningListeners.add(listener)
        return () => warningListeners.delete(listener)
      },
      onReconnect: (listener) => {
        // a drop ("reconnecting") after being live is a gap; authenticating again after a login,
        // logout or new channel ("connecting") is not counted: the client closed that socket itself
        let wasLive = state === "live"
        let lost = false
        const follow = (next: ConnectionState) => {
          if (next === "live") {
            const reconnected = lost
            wasLive = true
            lost = false
            if (reconnected) listener()
          } else if (next === "reconnecting" && wasLive) {
            lost = true
          }
        }
        stateListeners.add(follow)
        return () => stateListeners.delete(follow)
      }
    } satisfies Hub
  })

