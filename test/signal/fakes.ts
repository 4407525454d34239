/**
 * A scripted Signal server behind a fake WebSocket constructor, and a fake session: the client's
 * tests play the server's side frame by frame, under TestClock.
 */
import * as Effect from "effect/Effect"
import type { Session, SessionEvent, SessionSnapshot } from "../../src/Session.js"
import type { WebSocketLike } from "../../src/Signal.js"

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

/** A session with mutable tokens that announces changes, like the SDK's. */
export const fakeSession = (initial: { token?: string; userId?: string; organizationId?: string } = {}) => {
  let state = { ...initial }
  const listeners = new Set<(event: SessionEvent) => void>()
  const snapshot = (): SessionSnapshot => ({
    status: state.token ? "authenticated" : "anonymous",
    userId: state.token ? state.userId ?? null : null,
    organizationId: state.organizationId ?? null,
    roles: [],
    expiresAt: null
  })
  const session = {
    accessToken: Effect.sync(() => state.token),
    snapshot,
    subscribe: (listener: (event: SessionEvent) => void) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    }
  } as unknown as Session["Service"]
  return {
    session,
    listeners,
    change: (next: typeof state, event: SessionEvent) => {
      state = { ...next }
      for (const listener of listeners) listener(event)
    }
  }
}
