/**
 * The `/signal` socket.io namespace of the in-memory backend, as the real server runs it
 * (`src/services/signal.js` of stelace-server), over any text transport (`Peer`):
 *
 * - The Engine.IO v3 open packet (ping every 25 s, 5 s to answer), then `40`; the client connects
 *   to `/signal` and gets the `authentication` event with an acknowledgement id.
 * - The answer `{ publishableKey, authToken?, channels? }` is checked as the real server does;
 *   2 s after the connection, a client that is not authenticated (or one too many) gets
 *   `willDisconnect` with the reason and is disconnected.
 * - An authenticated client joins the platform's channel, its own socket id's, the user's channel
 *   when its token is valid and unexpired (an expired one is silently skipped), the organizations'
 *   the user is a member of (a `warning` otherwise), and the other named channels.
 * - A client that sends no ping within 30 s is closed.
 * - A client that stops reading is dropped once what waits to be sent to it passes its `backlog`
 *   limit: it would otherwise make the process hold every pong and signal it is sent, without end.
 */
import * as Effect from "effect/Effect"
import { encodeOpen, encodePacket, decodeFrame, NAMESPACE, PONG } from "../../signal/protocol.js"
import { findApiKey, organizationMembership, parseApiKey } from "../backend/Access.js"
import * as Jwt from "../backend/Jwt.js"
import { randomString, type Store } from "../backend/Store.js"
import { type Listener, PLATFORM_CHANNEL } from "./Rooms.js"

/** The text transport of one client (a WebSocket). */
export interface Peer {
  readonly send: (text: string) => void
  /** Closes politely: what is queued is sent first. */
  readonly close: () => void
  /** Bytes sent but not yet taken by the client; a transport without a queue may leave it out. */
  readonly backlog?: (() => number) | undefined
  /** Drops the connection at once, queue included. */
  readonly abort?: (() => void) | undefined
}

/** What the transport tells the connection. */
export interface Connection {
  readonly receive: (text: string) => void
  readonly closed: () => void
  /** Resolves once the authentication answer received so far is checked (it checks tokens asynchronously). */
  readonly settled: () => Promise<void>
}

/** Timers, swappable in tests. */
export interface Timers {
  readonly set: (ms: number, run: () => void) => () => void
}

export const realTimers: Timers = {
  set: (ms, run) => {
    const handle = setTimeout(run, ms)
    return () => clearTimeout(handle)
  }
}

export const PING_INTERVAL = 25_000
export const PING_TIMEOUT = 5_000
export const AUTHENTICATION_DELAY = 2_000
export const MAX_CLIENTS = 1_000
/** The default limit of a client's backlog: a reading client holds a few kilobytes at most. */
export const MAX_BACKLOG = 10 * 1024 * 1024

/** Ids of this platform's users and organizations, as the backend makes them. */
const internalId = (prefix: "usr" | "org", id: string) => new RegExp(`^${prefix}_[A-Za-z0-9]{20}$`).test(id)

export interface SignalService {
  /** Accepts a connected client. */
  readonly accept: (peer: Peer) => Connection
  /** How many clients are connected. */
  readonly clients: () => number
}

export const make = (options: {
  readonly store: Store
  readonly signingKey: Jwt.SigningKey
  readonly timers?: Timers | undefined
  /** Bytes waiting for one client above which it is dropped; `MAX_BACKLOG` unless given. */
  readonly maxBacklog?: number | undefined
}): SignalService => {
  const { store } = options
  const maxBacklog = options.maxBacklog ?? MAX_BACKLOG
  const timers = options.timers ?? realTimers
  const rooms = store.signalRooms
  let ackIds = 0
  let connected = 0

  const accept = (peer: Peer): Connection => {
    const sid = randomString(20)
    let open = true
    let inNamespace = false
    let authenticated = false
    let tooMany = false
    let disconnectReason: string | undefined
    // the timers still pending: one that fires lets go of its cancel, so reconnecting the namespace again and again holds nothing
    const cancels = new Set<() => void>()
    const listener: Listener = {
      deliver: (event, data) => send(encodePacket({ _tag: "Event", nsp: NAMESPACE, id: undefined, name: event, args: [data] }))
    }
    const send = (text: string) => {
      if (!open) return
      peer.send(text)
      if ((peer.backlog?.() ?? 0) > maxBacklog) end("abort")
    }
    const end = (how: "close" | "abort" = "close") => {
      if (!open) return
      open = false
      connected--
      rooms.leave(listener)
      for (const cancel of cancels) cancel()
      cancels.clear()
      if (how === "abort" && peer.abort !== undefined) peer.abort()
      else peer.close()
    }
    let heartbeat: () => void = () => {}
    const expectPing = () => {
      heartbeat()
      heartbeat = timers.set(PING_INTERVAL + PING_TIMEOUT, () => end())
    }
    cancels.add(() => heartbeat())
    connected++

    const authenticate = async (data: unknown) => {
      const answer = typeof data === "object" && data !== null ? data as Record<string, unknown> : {}
      const rawChannels = answer.channels === undefined ? [""] : [answer.channels].flat()
      const rawKey = answer.publishableKey
      const authToken = answer.authToken
      if (rawChannels.some((channel) => typeof channel !== "string")) {
        disconnectReason = "channels must be a String or an Array of Strings."
        return
      }
      const channels = rawChannels as Array<string>
      if (typeof rawKey !== "string") {
        disconnectReason = "Missing publishable API key"
        return
      }
      if (parseApiKey(rawKey) === undefined || findApiKey(store, rawKey) === undefined) {
        disconnectReason = "Invalid API key"
        return
      }
      const toJoin = [PLATFORM_CHANNEL, sid]
      const userIds = channels.filter((channel) => internalId("usr", channel))
      const organizationIds = channels.filter((channel) => internalId("org", channel))
      if (userIds.length > 1) {
        disconnectReason = "Can only subscribe to own user channel"
        return
      }
      let userId: string | undefined
      if (authToken || userIds.length > 0 || organizationIds.length > 0) {
        if (!authToken) {
          disconnectReason = "Missing authentication token"
          return
        }
        if (typeof authToken !== "string") {
          disconnectReason = "String authentication token expected"
          return
        }
        const claims = await Effect.runPromise(Jwt.verify(authToken, options.signingKey))
        if (claims === undefined) {
          disconnectReason = "Invalid authentication token"
          return
        }
        const expired = typeof claims.exp === "number" && claims.exp * 1000 <= Date.now()
        const subject = claims.sub ?? claims.userId
        if (!expired && typeof subject === "string" && internalId("usr", subject)) {
          userId = subject
          toJoin.push(userId)
        }
      }
      if (userId !== undefined) {
        for (const organizationId of organizationIds) {
          if (organizationMembership(store, userId, organizationId)._tag === "Member") toJoin.push(organizationId)
          else send(encodePacket({ _tag: "Event", nsp: NAMESPACE, id: undefined, name: "warning", args: [`${userId} was not granted access to ${organizationId}.`] }))
        }
      }
      authenticated = true
      const clients = rooms.size(PLATFORM_CHANNEL)
      if (clients >= MAX_CLIENTS) {
        tooMany = true
        disconnectReason = `Having ${clients + 1} connected Signal clients is above API plan limit.`
        return
      }
      toJoin.push(...channels.filter((channel) => !userIds.includes(channel) && !organizationIds.includes(channel)))
      if (open) rooms.join(listener, toJoin.filter((channel) => channel !== ""))
    }

    const connectNamespace = () => {
      if (inNamespace) return
      inNamespace = true
      send(`40${NAMESPACE},`)
      const id = ackIds++
      const pending = { id }
      send(encodePacket({ _tag: "Event", nsp: NAMESPACE, id, name: "authentication", args: [sid] }))
      const cancel = timers.set(AUTHENTICATION_DELAY, () => {
        cancels.delete(cancel)
        if (authenticated && !tooMany) return
        send(encodePacket({ _tag: "Event", nsp: NAMESPACE, id: undefined, name: "willDisconnect", args: [{ error: disconnectReason ?? `Authentication timeout after ${AUTHENTICATION_DELAY}ms` }] }))
        send("41")
        send(`41${NAMESPACE},`)
        end()
      })
      cancels.add(cancel)
      awaiting = pending
    }
    let awaiting: { readonly id: number } | undefined
    let checking: Promise<void> = Promise.resolve()

    send(encodeOpen({ sid, pingInterval: PING_INTERVAL, pingTimeout: PING_TIMEOUT }))
    send("40")
    expectPing()

    return {
      receive: (text) => {
        if (!open) return
        // as Engine.IO 3: any packet from the client shows it is alive
        expectPing()
        const frame = decodeFrame(text)
        if (frame._tag === "Malformed") {
          // Engine.IO closes the transport on a packet it cannot parse
          end()
          return
        }
        if (frame._tag === "Ping") return send(PONG + frame.data)
        if (frame._tag === "Close") return end()
        if (frame._tag !== "Message") return
        const packet = frame.packet
        if (packet._tag === "Connect" && packet.nsp === NAMESPACE) return connectNamespace()
        if (packet._tag === "Disconnect" && packet.nsp === NAMESPACE) {
          rooms.leave(listener)
          inNamespace = false
          return
        }
        if (packet._tag === "Ack" && packet.nsp === NAMESPACE && awaiting !== undefined && packet.id === awaiting.id) {
          awaiting = undefined
          checking = authenticate(packet.args[0]).catch(() => {
            disconnectReason = "Invalid authentication token"
          })
        }
      },
      closed: () => end(),
      settled: () => checking
    }
  }

  return { accept, clients: () => connected }
}
