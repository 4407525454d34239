/**
 * The shared connection of one client: every subscriber reads the signals of one WebSocket,
 * opened with the first subscriber and closed when the last one leaves (an `RcRef`). It
 * authenticates again when the session or the channels change, reconnects after drops on a
 * backoff `Schedule`, keeps its state in a `SubscriptionRef` and hands signals out through a
 * `PubSub`.
 */
import * as Deferred from "effect/Deferred"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as PubSub from "effect/PubSub"
import * as RcRef from "effect/RcRef"
import * as Ref from "effect/Ref"
import * as Schedule from "effect/Schedule"
import type * as Scope from "effect/Scope"
import * as Stream from "effect/Stream"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { InvalidArgument, SignalError } from "../Errors.js"
import type { Session, SessionSnapshot } from "../Session.js"
import type { Dropped, Signal, WebSocketConstructor } from "./connection.js"
import { connect } from "./connection.js"

/** The state of the connection: opening, accepted, waiting to reconnect, or not wanted. */
export type ConnectionState = "idle" | "connecting" | "live" | "reconnecting"

/** Where the connection stands, and why. */
export interface ConnectionStatus {
  readonly state: ConnectionState
  /** Why it (re)connects, and when it tries again. */
  readonly detail?: string | undefined
  /** A refusal it keeps trying through (the platform full: `TooManyClients`), until it is live again. */
  readonly refusal?: SignalError | undefined
}

/** How to reconnect after a drop: from `initialDelay`, doubling up to `maxDelay`, each jittered. */
export interface Reconnect {
  readonly initialDelay: number
  readonly maxDelay: number
}

/** Where and as whom to connect. Holds the API key: never printed. */
export interface Endpoint {
  readonly origin: string
  readonly apiKey: string
}

export interface ClientOptions {
  /** Read at every connection (the Promise facade's host and key can change). */
  readonly endpoint: Effect.Effect<Endpoint, InvalidArgument>
  readonly session: Option.Option<Session["Service"]>
  readonly WebSocket: WebSocketConstructor | undefined
  readonly reconnect: Reconnect
  readonly handshakeTimeout: number
  readonly acceptanceDelay: number
}

/** The signal client of one Stelace client. */
export interface SignalClientService {
  /** The signals of the client's channels plus `channels`, while the stream runs. */
  readonly signals: (channels?: ReadonlyArray<string>) => Stream.Stream<Signal, SignalError | InvalidArgument>
  /** Where the connection stands; the connection writes it, readers follow its changes. */
  readonly status: SubscriptionRef.SubscriptionRef<ConnectionStatus>
  /**
   * One element each time the connection is live again after it was lost while the stream ran
   * (not on the first connection, nor when it authenticates again after a login or logout).
   */
  readonly reconnections: Stream.Stream<void>
  /** The server's warnings (an organization channel refused). */
  readonly warnings: Stream.Stream<unknown>
}

/** What the user's channels depend on: two identities with the same key need no new authentication. */
const identityKey = (snapshot: SessionSnapshot | undefined) => `${snapshot?.userId ?? ""}|${snapshot?.organizationId ?? ""}`

interface Identity {
  readonly authToken: string | undefined
  readonly userId: string | undefined
  readonly organizationId: string | undefined
  /** The session's key when the identity was read. */
  readonly key: string
  /** The identity fell short of the session (its refresh failed): a refresh may bring the user back. */
  readonly degraded: boolean
}

const anonymous: Identity = { authToken: undefined, userId: undefined, organizationId: undefined, key: identityKey(undefined), degraded: false }

/** The identity to authenticate with now; refreshed first, since the server skips the user's channel on an expired token. */
const identityOf = (session: Option.Option<Session["Service"]>): Effect.Effect<Identity> => {
  if (Option.isNone(session)) return Effect.succeed(anonymous)
  return Effect.gen(function*() {
    const token = yield* session.value.accessToken.pipe(Effect.orElseSucceed(() => undefined))
    const snapshot = yield* session.value.snapshot
    const key = identityKey(snapshot)
    const organizationId = snapshot.organizationId ?? undefined
    return token === undefined
      ? { ...anonymous, organizationId, key, degraded: key !== identityKey({ ...snapshot, userId: null }) }
      : { authToken: token, userId: snapshot.userId ?? undefined, organizationId, key, degraded: false }
  })
}

const invalidChannels = new InvalidArgument({ message: "Stelace Signal: channels must be non-empty strings", reason: { _tag: "Option" } })

/** A refusal the connection keeps trying through: the platform is full for now. */
const passes = (error: SignalError | Dropped | InvalidArgument) =>
  error._tag === "Dropped" ||
  // a full platform frees up; the server times out its own authentication check when its
  // services are slow (right after a restart, say)
  (error._tag === "SignalError" && (error.reason._tag === "TooManyClients" || error.reason._tag === "AuthenticationTimeout"))

/** Makes the signal client; its connection and state end with the scope. */
export const make = (options: ClientOptions): Effect.Effect<SignalClientService, never, Scope.Scope> =>
  Effect.gen(function*() {
    const status = yield* SubscriptionRef.make<ConnectionStatus>({ state: "idle" })
    const signals = yield* PubSub.unbounded<Signal>()
    const warnings = yield* PubSub.unbounded<unknown>()
    /** The channels each subscriber named, by subscriber. */
    const wanted = yield* SubscriptionRef.make<ReadonlyMap<number, ReadonlyArray<string>>>(new Map())
    const ids = yield* Ref.make(0)
    const WebSocket = options.WebSocket ?? (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket
    const setStatus = (next: ConnectionStatus) => SubscriptionRef.set(status, next)

    const channelsOf = (map: ReadonlyMap<number, ReadonlyArray<string>>): ReadonlySet<string> => new Set([...map.values()].flat())

    /**
     * Completes when the connection authenticated as `identity` with `channels` must authenticate
     * again: a subscriber named a new channel, the user or organization changed, or a refresh may
     * give it the user it could not authenticate as.
     */
    const reauthentication = (identity: Identity, channels: ReadonlySet<string>) => {
      const newChannel = SubscriptionRef.changes(wanted).pipe(
        Stream.filter((map) => [...channelsOf(map)].some((channel) => !channels.has(channel)))
      )
      if (Option.isNone(options.session)) return Stream.runHead(newChannel)
      const session = options.session.value
      const sessionChanged = session.changes.pipe(Stream.filter((snapshot) => identityKey(snapshot) !== identity.key))
      const refreshed = session.events.pipe(Stream.filter((event) => identity.degraded && event._tag === "Refreshed"))
      return Stream.runHead(Stream.mergeAll<unknown, never, never>([newChannel, sessionChanged, refreshed], { concurrency: "unbounded" }))
    }

    /**
     * One connection, until it must authenticate again (`undefined`) or drops after it was live
     * (that drop); it fails with a drop before it was live, or with a refusal.
     */
    const connection = (webSocket: WebSocketConstructor) =>
      Effect.gen(function*() {
        const identity = yield* identityOf(options.session)
        const endpoint = yield* options.endpoint
        const channels = channelsOf(yield* SubscriptionRef.get(wanted))
        const outcome = yield* Effect.raceFirst(
          connect({
            WebSocket: webSocket,
            origin: endpoint.origin,
            authentication: {
              publishableKey: endpoint.apiKey,
              authToken: identity.authToken,
              channels: [...channels, ...(identity.userId && identity.organizationId ? [identity.organizationId] : [])]
            },
            handshakeTimeout: options.handshakeTimeout,
            acceptanceDelay: options.acceptanceDelay,
            onLive: setStatus({ state: "live" }),
            onSignal: (signal) => PubSub.publish(signals, signal),
            onWarning: (warning) => PubSub.publish(warnings, warning)
          }),
          Effect.as(reauthentication(identity, channels), undefined)
        )
        if (outcome === undefined) {
          yield* setStatus({ state: "connecting", detail: "authenticating again" })
          return
        }
        if (outcome.wasLive) return outcome
        return yield* Effect.fail(outcome)
      })

    /**
     * After a drop, or a passing refusal: wait, longer each time. A refusal for good ends it before
     * the status is written (`Schedule.while` runs the steps it wraps first).
     */
    const backoff = Schedule.exponential(options.reconnect.initialDelay).pipe(
      Schedule.jittered,
      Schedule.modifyDelay(({ duration }) => Effect.succeed(Duration.min(duration, Duration.millis(options.reconnect.maxDelay)))),
      Schedule.setInputType<SignalError | Dropped | InvalidArgument>(),
      Schedule.while(({ input }) => passes(input)),
      Schedule.tap(({ duration, input }) =>
        setStatus({
          state: "reconnecting",
          detail: `${input._tag === "Dropped" ? input.reason : input.message}; next attempt in ${Math.round(Duration.toMillis(duration))} ms`,
          refusal: input._tag === "SignalError" ? input : undefined
        }))
    )

    const run: Effect.Effect<never, SignalError | InvalidArgument> = Effect.suspend(() => {
      if (WebSocket === undefined) {
        return Effect.fail(new SignalError({
          message: "Stelace Signal: no WebSocket here (Node 20 has none): install `ws` and pass its WebSocket as the `WebSocket` option",
          reason: { _tag: "NoWebSocket" }
        }))
      }
      /**
       * Connects on the backoff until a connection must authenticate again (at once), or drops
       * after it was live: that drop is the first failure of a new backoff, so the clients of a
       * server that went away do not all come back in the same instant, nor loop on one that
       * accepts and drops them.
       */
      const attempts = (drop: Dropped | undefined): Effect.Effect<never, SignalError | Dropped | InvalidArgument> => {
        let pending = drop
        const attempt = Effect.suspend(() => {
          if (pending === undefined) return connection(WebSocket)
          const failure = pending
          pending = undefined
          return Effect.fail(failure)
        })
        return Effect.flatMap(Effect.retry(attempt, backoff), attempts)
      }
      return Effect.andThen(setStatus({ state: "connecting" }), attempts(undefined))
    }).pipe(
      Effect.catchIf((error): error is Dropped => error._tag === "Dropped", () => Effect.never),
      Effect.ensuring(setStatus({ state: "idle" }))
    ) as Effect.Effect<never, SignalError | InvalidArgument>

    /**
     * The connection, shared: opened with the first subscriber, closed when the last leaves. Its
     * `failed` holds the refusal that ended it, which ends every subscriber's stream.
     */
    const shared = yield* RcRef.make({
      acquire: Effect.gen(function*() {
        const failed = yield* Deferred.make<never, SignalError | InvalidArgument>()
        yield* Effect.forkScoped(Deferred.into(run, failed))
        return failed
      })
    })

    const subscribe = (channels: ReadonlyArray<string>) =>
      Stream.unwrap(Effect.gen(function*() {
        if (!Array.isArray(channels) || !channels.every((channel) => typeof channel === "string" && channel !== "")) {
          return yield* invalidChannels
        }
        const subscription = yield* PubSub.subscribe(signals)
        const id = yield* Ref.getAndUpdate(ids, (n) => n + 1)
        yield* Effect.acquireRelease(
          SubscriptionRef.update(wanted, (map) => new Map(map).set(id, [...channels])),
          () =>
            SubscriptionRef.update(wanted, (map) => {
              const next = new Map(map)
              next.delete(id)
              return next
            })
        )
        const failed = yield* RcRef.get(shared)
        return Stream.merge(Stream.fromSubscription(subscription), Stream.fromEffect(Deferred.await(failed)), { haltStrategy: "either" })
      }))

    /** Live again after a drop ("reconnecting" after "live"); authenticating again ("connecting") is no gap. */
    const reconnections = SubscriptionRef.changes(status).pipe(
      Stream.mapAccum(
        () => ({ wasLive: false, lost: false }),
        (seen, current: ConnectionStatus) => {
          if (current.state === "live") return [{ wasLive: true, lost: false }, seen.lost ? [undefined] : []] as const
          if (current.state === "reconnecting" && seen.wasLive) return [{ wasLive: true, lost: true }, []] as const
          // closed (no subscriber left, or refused): the next connection is a first one again
          if (current.state === "idle") return [{ wasLive: false, lost: false }, []] as const
          return [seen, []] as const
        }
      )
    )

    return {
      signals: (channels = []) => subscribe(channels),
      status,
      reconnections,
      warnings: Stream.fromPubSub(warnings)
    }
  })
