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
 *
 * Limits of the local backend, which the real server does not have (each refused as the real
 * server refuses a bad answer: `willDisconnect` with the reason, 2 s after the connection):
 * - a client names at most {@link MAX_CHANNELS} channels of at most {@link MAX_CHANNEL_LENGTH}
 *   characters each (the real server holds whatever it is given);
 * - one caller, a publishable key used from one address, holds at most `maxClientsPerCaller` of the
 *   platform's {@link MAX_CLIENTS} clients (default {@link MAX_CLIENTS_PER_CALLER}), so that one
 *   process cannot take every slot;
 * - a connection that has not joined the `/signal` namespace within {@link AUTHENTICATION_DELAY}
 *   (after it opened, or after it left the namespace) is closed: socket.io 2 keeps it open for as
 *   long as it pings, each holding a file descriptor.
 *
 * The real server never acknowledges a successful authentication: a client knows it is accepted
 * when no `willDisconnect` came within the delay. The backend answers the same way.
 */
import * as Effect from "effect/Effect"
import { encodeOpen, encodePacket, decodeFrame, NAMESPACE, PONG } from "../../signal/protocol.js"
import { findApiKey, isRevoked, organizationMembership, parseApiKey } from "../backend/Access.js"
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
  /**
   * Where the client connects from. Clients of one key and one address share a cap; a transport
   * that cannot tell leaves it out, and its clients are capped by the platform's limit alone.
   */
  readonly remoteAddress?: string | undefined
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
/** The default share of {@link MAX_CLIENTS} one caller (a key and an address) may hold. */
export const MAX_CLIENTS_PER_CALLER = 100
/** The channels a client may name in its authentication answer. */
export const MAX_CHANNELS = 100
/** The longest channel name, in characters. */
export const MAX_CHANNEL_LENGTH = 256
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
  /** Clients one key may hold from one address; `MAX_CLIENTS_PER_CALLER` unless given. */
  readonly maxClientsPerCaller?: number | undefined
}): SignalService => {
  const { store } = options
  const maxBacklog = options.maxBacklog ?? MAX_BACKLOG
  const maxClientsPerCaller = options.maxClientsPerCaller ?? MAX_CLIENTS_PER_CALLER
  const timers = options.timers ?? realTimers
  const rooms = store.signalRooms
  /** Authenticated clients by caller (key and address). */
  const callers = new Map<string, number>()
  let ackIds = 0
  let connected = 0

  const accept = (peer: Peer): Connection => {
    const sid = randomString(20)
    let open = true
    let inNamespace = false
    let authenticated = false
    let tooMany = false
    let disconnectReason: string | undefined
    /** The caller this client counts against, once it joined its channels. */
    let countedAs: string | undefined
    /** Each namespace connection's number: a timer of an earlier one does nothing. */
    let session = 0
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
    const leaveRooms = () => {
      rooms.leave(listener)
      if (countedAs === undefined) return
      const count = (callers.get(countedAs) ?? 1) - 1
      if (count === 0) callers.delete(countedAs)
      else callers.set(countedAs, count)
      countedAs = undefined
    }
    const end = (how: "close" | "abort" = "close") => {
      if (!open) return
      open = false
      connected--
      leaveRooms()
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

    /** Closes the connection unless it is in the namespace by then. */
    let namespaceDeadline: (() => void) | undefined
    const awaitNamespace = () => {
      const cancel = timers.set(AUTHENTICATION_DELAY, () => {
        cancels.delete(cancel)
        if (namespaceDeadline === cancel) namespaceDeadline = undefined
        if (!inNamespace) end()
      })
      cancels.add(cancel)
      namespaceDeadline = cancel
    }
    const stopAwaitingNamespace = () => {
      if (namespaceDeadline === undefined) return
      namespaceDeadline()
      cancels.delete(namespaceDeadline)
      namespaceDeadline = undefined
    }

    /** Checks an authentication answer and joins its channels; the reason to refuse it, if any. */
    const authenticate = async (data: unknown, answeredIn: number): Promise<string | undefined> => {
      const answer = typeof data === "object" && data !== null ? data as Record<string, unknown> : {}
      const rawChannels: ReadonlyArray<unknown> = answer.channels === undefined ? [""] : [answer.channels].flat()
      const rawKey = answer.publishableKey
      const authToken = answer.authToken
      if (rawChannels.length > MAX_CHANNELS) return `Too many channels: the local backend takes at most ${MAX_CHANNELS} a client, not ${rawChannels.length}.`
      if (rawChannels.some((channel) => typeof channel !== "string")) return "channels must be a String or an Array of Strings."
      const channels = rawChannels as ReadonlyArray<string>
      if (channels.some((channel) => channel.length > MAX_CHANNEL_LENGTH)) return `Channel names are at most ${MAX_CHANNEL_LENGTH} characters long in the local backend.`
      if (typeof rawKey !== "string") return "Missing publishable API key"
      if (parseApiKey(rawKey) === undefined || findApiKey(store, rawKey) === undefined) return "Invalid API key"
      const toJoin = [PLATFORM_CHANNEL, sid]
      const userIds = channels.filter((channel) => internalId("usr", channel))
      const organizationIds = channels.filter((channel) => internalId("org", channel))
      if (userIds.length > 1) return "Can only subscribe to own user channel"
      let userId: string | undefined
      if (authToken || userIds.length > 0 || organizationIds.length > 0) {
        if (!authToken) return "Missing authentication token"
        if (typeof authToken !== "string") return "String authentication token expected"
        const claims = await Effect.runPromise(Jwt.verify(authToken, options.signingKey))
        if (claims === undefined) return "Invalid authentication token"
        // a token issued before a password reset counts as expired
        const expired = (typeof claims.exp === "number" && claims.exp * 1000 <= Date.now()) || isRevoked(store, claims)
        const subject = claims.sub ?? claims.userId
        if (!expired && typeof subject === "string" && internalId("usr", subject)) {
          userId = subject
          toJoin.push(userId)
        }
      }
      if (userId !== undefined) {
        for (const organizationId of organizationIds) {
          if (organizationMembership(store, userId, organizationId)._tag === "Member") toJoin.push(organizationId)
          else if (answeredIn === session) {
            send(encodePacket({ _tag: "Event", nsp: NAMESPACE, id: undefined, name: "warning", args: [`${userId} was not granted access to ${organizationId}.`] }))
          }
        }
      }
      // the client left the namespace (or went) while its token was checked: nothing to join
      if (!open || !inNamespace || answeredIn !== session) return undefined
      authenticated = true
      const clients = rooms.size(PLATFORM_CHANNEL)
      if (clients >= MAX_CLIENTS) {
        tooMany = true
        return `Having ${clients + 1} connected Signal clients is above API plan limit.`
      }
      const caller = peer.remoteAddress === undefined ? undefined : `${rawKey} ${peer.remoteAddress}`
      const held = caller === undefined ? 0 : callers.get(caller) ?? 0
      if (held >= maxClientsPerCaller) {
        tooMany = true
        return `Having ${held + 1} connected Signal clients from one address with this API key is above API plan limit (the local backend takes ${maxClientsPerCaller} a caller).`
      }
      for (const channel of channels) {
        if (channel !== "" && !userIds.includes(channel) && !organizationIds.includes(channel)) toJoin.push(channel)
      }
      rooms.join(listener, toJoin)
      if (caller !== undefined) {
        callers.set(caller, held + 1)
        countedAs = caller
      }
      return undefined
    }

    const connectNamespace = () => {
      if (inNamespace) return
      inNamespace = true
      stopAwaitingNamespace()
      // as socket.io 2, each namespace connection is a new socket: it authenticates anew
      const current = ++session
      authenticated = false
      tooMany = false
      disconnectReason = undefined
      send(`40${NAMESPACE},`)
      const id = ackIds++
      const pending = { id }
      send(encodePacket({ _tag: "Event", nsp: NAMESPACE, id, name: "authentication", args: [sid] }))
      const cancel = timers.set(AUTHENTICATION_DELAY, () => {
        cancels.delete(cancel)
        if (current !== session || !inNamespace) return
        if (authenticated && !tooMany) return
        send(encodePacket({ _tag: "Event", nsp: NAMESPACE, id: undefined, name: "willDisconnect", args: [{ error: disconnectReason ?? `Authentication timeout after ${AUTHENTICATION_DELAY}ms` }] }))
        send("41")
        send(`41${NAMESPACE},`)
        end()
      })
      cancels.add(cancel)
      authenticationDeadline = cancel
      awaiting = pending
    }
    let authenticationDeadline: (() => void) | undefined
    const leaveNamespace = () => {
      leaveRooms()
      inNamespace = false
      awaiting = undefined
      session++
      if (authenticationDeadline !== undefined) {
        authenticationDeadline()
        cancels.delete(authenticationDeadline)
        authenticationDeadline = undefined
      }
      awaitNamespace()
    }
    let awaiting: { readonly id: number } | undefined
    let checking: Promise<void> = Promise.resolve()

    send(encodeOpen({ sid, pingInterval: PING_INTERVAL, pingTimeout: PING_TIMEOUT }))
    send("40")
    expectPing()
    awaitNamespace()

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
          if (inNamespace) leaveNamespace()
          return
        }
        if (packet._tag === "Ack" && packet.nsp === NAMESPACE && awaiting !== undefined && packet.id === awaiting.id) {
          awaiting = undefined
          const answeredIn = session
          checking = authenticate(packet.args[0], answeredIn).then(
            (reason) => {
              if (reason !== undefined && answeredIn === session) disconnectReason = reason
            },
            () => {
              if (answeredIn === session) disconnectReason = "Invalid authentication token"
            }
          )
        }
      },
      closed: () => end(),
      settled: () => checking
    }
  }

  return { accept, clients: () => connected }
}
