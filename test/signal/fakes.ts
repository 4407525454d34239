/**
 * A scripted Signal server behind a fake WebSocket constructor, a fake session, and the signal
 * client of a Stelace client over them: the client's tests play the server's side frame by frame,
 * under TestClock.
 */
import * as Effect from "effect/Effect"
import * as HttpClient from "effect/http/HttpClient"
import * as PubSub from "effect/PubSub"
import type * as Scope from "effect/Scope"
import * as Stream from "effect/Stream"
import * as SubscriptionRef from "effect/SubscriptionRef"
import type { InvalidArgument } from "../../src/Errors.js"
import type { Session as SessionService, SessionEvent, SessionSnapshot } from "../../src/Session.js"
import { Session } from "../../src/Session.js"
import * as Signal from "../../src/Signal.js"
import type { WebSocketLike } from "../../src/Signal.js"
import * as Stelace from "../../src/Stelace.js"

export class FakeSocket implements WebSocketLike {
  onopen: ((event: any) => void) | null = null
  onmessage: ((event: { readonly data: unknown }) => void) | null = null
  onclose: ((event: { readonly code?: number; readonly reason?: string }) => void) | null = null
  onerror: ((event: any) => void) | null = null
  readonly sent: Array<string> = []
  closed = false
  constructor(readonly url: string) {}
  send(data: string) {
    if (this.closed) throw new Error("closed")
    this.sent.push(data)
  }
  close() {
    this.closed = true
  }
  /** The server sends a frame. */
  push(data: unknown) {
    this.onmessage?.({ data })
  }
  /** The connection drops. */
  drop(code = 1006) {
    this.closed = true
    this.onclose?.({ code, reason: "" })
  }
}

/** Every socket the client opened, in order. */
export const fakeServer = () => {
  const sockets: Array<FakeSocket> = []
  class Constructor extends FakeSocket {
    constructor(url: string) {
      super(url)
      sockets.push(this)
    }
  }
  return { sockets, WebSocket: Constructor, last: () => sockets[sockets.length - 1]! }
}

export const OPEN = `0{"sid":"sid1","upgrades":[],"pingInterval":25000,"pingTimeout":5000}`

/** Plays the server's handshake up to the authentication request (ack id `ackId`). */
export const handshake = (socket: FakeSocket, ackId = 0) => {
  socket.onopen?.({})
  socket.push(OPEN)
  socket.push("40")
  socket.push("40/signal,")
  socket.push(`42/signal,${ackId}["authentication","sid1"]`)
}

/** The server refuses the client, as Stelace does: `willDisconnect` with the reason, then it disconnects. */
export const refuse = (socket: FakeSocket, reason: string) => {
  socket.push(`42/signal,${JSON.stringify(["willDisconnect", { error: reason }])}`)
  socket.push("41/signal,")
  socket.drop(1005)
}

/** The authentication answer the client sent, decoded. */
export const authenticationOf = (socket: FakeSocket): Record<string, unknown> | undefined => {
  const frame = socket.sent.find((text) => text.startsWith("43/signal,"))
  if (frame === undefined) return undefined
  return JSON.parse(frame.slice(frame.indexOf("[")))[0]
}

export const signalFrame = (event: string, message: unknown) => `42/signal,${JSON.stringify([event, { message, event, env: "test" }])}`

/** Lets forked fibers run. */
export const flush = Effect.gen(function*() {
  for (let i = 0; i < 10; i++) yield* Effect.yieldNow
})

export const KEY = "pubk_test_LocalStelacePublicKey0001"

/** An `HttpClient` that must not be called: Signal only reads the Stelace client's settings. */
const noHttp = HttpClient.make((request) => Effect.die(new Error(`unexpected HTTP request ${request.method} ${request.url}`)))

/** A Stelace client for `options` (over no transport). */
export const stelaceClient = (options: Stelace.Options = { apiKey: KEY, host: "api.example.com" }) =>
  Stelace.make(options).pipe(Effect.provideService(HttpClient.HttpClient, noHttp))

/**
 * The signal client of a Stelace client for `extra.client` (a key and `api.example.com` by default),
 * following `extra.session` when given.
 */
export const makeSignalClient = (
  options: Signal.SignalOptions,
  extra: { readonly client?: Stelace.Options; readonly session?: SessionService["Service"] } = {}
): Effect.Effect<Signal.SignalClient["Service"], InvalidArgument, Scope.Scope> =>
  Effect.gen(function*() {
    const client = yield* stelaceClient(extra.client)
    const make = Effect.provideService(Signal.make(options), Stelace.StelaceClient, client)
    return yield* extra.session === undefined ? make : Effect.provideService(make, Session, extra.session)
  })

/** The connection's state now. */
export const stateOf = (client: Signal.SignalClient["Service"]) => Effect.map(SubscriptionRef.get(client.status), (status) => status.state)

/** Every status the client goes through from now on (its current one first), as a program following its `SubscriptionRef` sees them. */
export const recordStatus = (client: Signal.SignalClient["Service"]) =>
  Effect.gen(function*() {
    const seen: Array<Signal.ConnectionStatus> = []
    yield* Effect.forkScoped(Stream.runForEach(SubscriptionRef.changes(client.status), (status) => Effect.sync(() => seen.push(status))))
    yield* flush
    return {
      seen,
      /** The states seen, each change once (a status set again with the same state, a new detail, counts once). */
      states: () => seen.map((status) => status.state).filter((state, index, all) => index === 0 || all[index - 1] !== state)
    }
  })

/** A session with tokens the test changes, announcing each change as the SDK's does. */
export const fakeSession = (initial: { token?: string; userId?: string; organizationId?: string } = {}) =>
  Effect.gen(function*() {
    let state = { ...initial }
    const snapshotOf = (): SessionSnapshot => ({
      status: state.token ? "authenticated" : "anonymous",
      userId: state.token ? state.userId ?? null : null,
      organizationId: state.organizationId ?? null,
      roles: [],
      expiresAt: null
    })
    const snapshot = yield* SubscriptionRef.make(snapshotOf())
    const events = yield* PubSub.unbounded<SessionEvent>()
    const session: SessionService["Service"] = {
      accessToken: Effect.sync(() => state.token),
      tokens: Effect.sync(() => (state.token ? { accessToken: state.token } : undefined)),
      refresh: Effect.sync(() => (state.token ? { accessToken: state.token } : undefined)),
      snapshot: SubscriptionRef.get(snapshot),
      changes: SubscriptionRef.changes(snapshot),
      events: Stream.fromPubSub(events)
    }
    return {
      session,
      /** The session changes to `next`, announced by `event`. */
      change: (next: typeof state, event: SessionEvent) =>
        Effect.gen(function*() {
          state = { ...next }
          yield* SubscriptionRef.set(snapshot, snapshotOf())
          yield* PubSub.publish(events, event)
          yield* flush
        })
    }
  })
