/**
 * One connection to Stelace Signal, from the WebSocket's opening to its end: the Engine.IO v3
 * handshake, the `/signal` namespace, the authentication answer, the heartbeat, and the signals.
 *
 * The server never says it accepted a client: it refuses one (`willDisconnect`) within its
 * authentication delay, counted from the connection. So the connection is live once that delay
 * has passed since the authentication was answered, or at the first signal, whichever comes first.
 *
 * It ends with `Dropped` (the socket closed, went silent or sent garbage: reconnecting may help),
 * or fails with the server's refusal, a `SignalError`.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Queue from "effect/Queue"
import { InvalidArgument, SignalError } from "../Errors.js"
import type { Handshake } from "./protocol.js"
import { decodeFrame, encodePacket, NAMESPACE, PING, PONG, socketUrl } from "./protocol.js"

/** The part of the WebSocket API used here (browsers', Node 22's, `ws`'s). */
export interface WebSocketLike {
  send(data: string): void
  close(code?: number, reason?: string): void
  // biome-ignore lint/suspicious/noExplicitAny: each platform passes its own Event type, which these handlers never read
  onopen: ((event: any) => void) | null
  onmessage: ((event: { readonly data: unknown }) => void) | null
  onclose: ((event: { readonly code?: number; readonly reason?: string }) => void) | null
  // biome-ignore lint/suspicious/noExplicitAny: as onopen
  onerror: ((event: any) => void) | null
}

/** A WebSocket constructor: `globalThis.WebSocket`, or `ws`'s default export on Node 20. */
export type WebSocketConstructor = new(url: string) => WebSocketLike

/** A signal as the server sends it. */
export interface Signal {
  /** The event name (`signal` unless the sender named another). */
  readonly event: string
  /** The sender's message, as sent: never trusted, decode it (see `Signal.decodeMessage`). */
  readonly message: unknown
  /** The environment of the platform (`test` or `live`), as the server says. */
  readonly env: string | undefined
}

/** What the client answers to the server's `authentication` event. */
export interface Authentication {
  readonly publishableKey: string
  readonly authToken?: string | undefined
  readonly channels?: ReadonlyArray<string> | undefined
}

/** Why a connection ended and may be tried again. */
export interface Dropped {
  readonly _tag: "Dropped"
  readonly reason: string
  /** Whether the connection had authenticated (the backoff starts over after one that had). */
  readonly wasLive: boolean
}

export interface ConnectOptions {
  readonly WebSocket: WebSocketConstructor
  /** The API origin, `https://api.stelace.com`. */
  readonly origin: string
  readonly authentication: Authentication
  /** How long the handshake up to the authentication request may take. */
  readonly handshakeTimeout: number
  /** How long after the authentication answer a refusal may still come (the server's authentication delay). */
  readonly acceptanceDelay: number
  /** Runs once the server has accepted the client. */
  readonly onLive: Effect.Effect<void>
  readonly onSignal: (signal: Signal) => Effect.Effect<void>
  readonly onWarning: (warning: unknown) => Effect.Effect<void>
}

/** The error of the server's refusal (`willDisconnect`), by its reason. */
export const refusal = (data: unknown): SignalError => {
  const error = typeof data === "object" && data !== null ? (data as { error?: unknown }).error : data
  const text = typeof error === "string" ? error : JSON.stringify(error) ?? "no reason given"
  const message = `Stelace Signal: the server disconnected this client: ${text}`
  const reason = (tag: SignalError["reason"]["_tag"]) => new SignalError({ message, reason: { _tag: tag } as SignalError["reason"] })
  if (text === "Invalid API key" || text === "Missing publishable API key") return reason("InvalidApiKey")
  if (text.startsWith("Authentication timeout")) return reason("AuthenticationTimeout")
  if (text.includes("above API plan limit") || /^Can.t add more clients/.test(text)) return reason("TooManyClients")
  return reason("Refused")
}

type SocketEvent =
  | { readonly _tag: "Open" }
  | { readonly _tag: "Data"; readonly data: unknown }
  | { readonly _tag: "Closed"; readonly reason: string }

const dropped = (reason: string, wasLive: boolean): Dropped => ({ _tag: "Dropped", reason, wasLive })

/** Runs one connection until it drops (success) or is refused (failure). Interrupting it closes the socket. */
export const connect = (options: ConnectOptions): Effect.Effect<Dropped, SignalError | InvalidArgument> =>
  Effect.scoped(Effect.gen(function*() {
    const events = yield* Queue.unbounded<SocketEvent>()
    const socket = yield* Effect.acquireRelease(
      Effect.try({
        try: () => {
          const socket = new options.WebSocket(socketUrl(options.origin))
          socket.onopen = () => Queue.offerUnsafe(events, { _tag: "Open" })
          socket.onmessage = (event) => Queue.offerUnsafe(events, { _tag: "Data", data: event.data })
          socket.onclose = (event) =>
            Queue.offerUnsafe(events, {
              _tag: "Closed",
              reason: `the socket closed (${event.code ?? "no code"}${event.reason ? `: ${event.reason}` : ""})`
            })
          socket.onerror = () => Queue.offerUnsafe(events, { _tag: "Closed", reason: "the socket failed" })
          return socket
        },
        catch: (error) =>
          new InvalidArgument({
            message: `Stelace Signal: cannot open a WebSocket to ${options.origin}: ${String(error)}`,
            reason: { _tag: "Option" }
          })
      }),
      (socket) =>
        Effect.sync(() => {
          socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null
          try {
            socket.close()
          } catch {
            // already closed
          }
        })
    )
    const send = (text: string) =>
      Effect.sync(() => {
        try {
          socket.send(text)
        } catch {
          Queue.offerUnsafe(events, { _tag: "Closed", reason: "the socket refused a frame" })
        }
      })

    const startedAt = yield* Clock.currentTimeMillis
    let handshake: Handshake | undefined
    /** When the authentication was answered: the heartbeat runs from then on. */
    let answered = false
    let live = false
    let acceptedAt = Infinity
    let nextPingAt = Infinity
    let pongDeadline = Infinity
    const goLive = Effect.suspend(() => {
      if (live) return Effect.void
      live = true
      return options.onLive
    })

    while (true) {
      const now = yield* Clock.currentTimeMillis
      const deadline = !answered
        ? startedAt + options.handshakeTimeout
        : Math.min(nextPingAt, pongDeadline, live ? Infinity : acceptedAt)
      const event = yield* Queue.take(events).pipe(Effect.timeoutOption(Math.max(0, deadline - now)))
      if (event._tag === "None") {
        if (!answered || handshake === undefined) return dropped(`no authentication request within ${options.handshakeTimeout} ms`, false)
        const at = yield* Clock.currentTimeMillis
        if (!live && at >= acceptedAt) {
          yield* goLive
          continue
        }
        if (at >= pongDeadline) return dropped(`no heartbeat answer within ${handshake.pingTimeout} ms`, live)
        if (at < nextPingAt) continue
        yield* send(PING)
        pongDeadline = at + handshake.pingTimeout
        nextPingAt = at + handshake.pingInterval
        continue
      }
      const item = event.value
      if (item._tag === "Open") continue
      if (item._tag === "Closed") return dropped(item.reason, live)
      const frame = decodeFrame(item.data)
      if (frame._tag === "Malformed") return dropped(`malformed frame: ${frame.problem}`, live)
      switch (frame._tag) {
        case "Open":
          handshake = frame.handshake
          continue
        case "Close":
          return dropped("the server closed the connection", live)
        case "Ping":
          yield* send(PONG + frame.data)
          continue
        case "Pong":
          pongDeadline = Infinity
          continue
        case "Noop":
          continue
        case "Message":
          break
      }
      const packet = frame.packet
      if (packet.nsp === "/") {
        if (packet._tag === "Connect") yield* send(encodePacket({ _tag: "Connect", nsp: NAMESPACE }))
        continue
      }
      if (packet.nsp !== NAMESPACE) continue
      switch (packet._tag) {
        case "Connect":
          continue
        case "Disconnect":
          return dropped("the server left the /signal namespace", live)
        case "Error":
          return dropped(`the server refused the /signal namespace: ${JSON.stringify(packet.data)}`, live)
        case "Ack":
          continue
        case "Event":
          break
      }
      if (packet.name === "authentication") {
        if (packet.id === undefined || handshake === undefined) {
          return dropped("authentication request before the handshake or without an id", live)
        }
        const { authToken, channels, publishableKey } = options.authentication
        yield* send(encodePacket({
          _tag: "Ack",
          nsp: NAMESPACE,
          id: packet.id,
          args: [{ publishableKey, ...(authToken ? { authToken } : {}), ...(channels?.length ? { channels } : {}) }]
        }))
        if (!answered) {
          answered = true
          const at = yield* Clock.currentTimeMillis
          nextPingAt = at + handshake.pingInterval
          acceptedAt = at + options.acceptanceDelay
        }
      } else if (packet.name === "willDisconnect") {
        // the server disconnects right after
        return yield* Effect.fail(refusal(packet.args[0]))
      } else if (packet.name === "warning") {
        yield* options.onWarning(packet.args[0])
      } else {
        const data = packet.args[0]
        const body = typeof data === "object" && data !== null ? data as { message?: unknown; env?: unknown } : {}
        // the server only sends signals to a client it accepted
        if (answered) yield* goLive
        yield* options.onSignal({
          event: packet.name,
          message: "message" in body ? body.message : data,
          env: typeof body.env === "string" ? body.env : undefined
        })
      }
    }
  }))
