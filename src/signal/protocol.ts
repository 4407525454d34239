/**
 * The frames of Stelace Signal: socket.io 2 packets (namespace `/signal`) inside Engine.IO v3
 * packets, one per WebSocket text message. Pure functions, shared by the client and the
 * in-memory backend.
 *
 * An Engine.IO packet is a type digit and a payload: `0` open (the handshake, JSON), `1` close,
 * `2` ping, `3` pong, `4` message, `5` upgrade, `6` noop. A message carries a socket.io packet: a
 * type digit (`0` connect, `1` disconnect, `2` event, `3` ack, `4` error), the namespace followed
 * by a comma when it is not `/`, an optional acknowledgement id, then JSON.
 */

/** The namespace Stelace serves its signals on. */
export const NAMESPACE = "/signal"

/** The HTTP path of the socket.io endpoint (`/signal/?EIO=3&transport=websocket`). */
export const PATH = "/signal/"

/** What the server's open packet says. */
export interface Handshake {
  readonly sid: string
  readonly pingInterval: number
  readonly pingTimeout: number
}

/** A socket.io packet. */
export type SocketPacket =
  | { readonly _tag: "Connect"; readonly nsp: string }
  | { readonly _tag: "Disconnect"; readonly nsp: string }
  | { readonly _tag: "Event"; readonly nsp: string; readonly id: number | undefined; readonly name: string; readonly args: ReadonlyArray<unknown> }
  | { readonly _tag: "Ack"; readonly nsp: string; readonly id: number; readonly args: ReadonlyArray<unknown> }
  | { readonly _tag: "Error"; readonly nsp: string; readonly data: unknown }

/** An Engine.IO packet, decoded. */
export type Frame =
  | { readonly _tag: "Open"; readonly handshake: Handshake }
  | { readonly _tag: "Close" }
  | { readonly _tag: "Ping"; readonly data: string }
  | { readonly _tag: "Pong"; readonly data: string }
  | { readonly _tag: "Message"; readonly packet: SocketPacket }
  | { readonly _tag: "Noop" }

/** Why a frame could not be decoded. */
export interface Malformed {
  readonly _tag: "Malformed"
  readonly problem: string
}

const malformed = (problem: string): Malformed => ({ _tag: "Malformed", problem })

const parseJson = (text: string): { readonly value: unknown } | undefined => {
  try {
    return { value: JSON.parse(text) }
  } catch {
    return undefined
  }
}

const isCount = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value) && value > 0

/** Decodes one socket.io packet (the payload of an Engine.IO message). */
export const decodePacket = (text: string): SocketPacket | Malformed => {
  const type = text.charCodeAt(0) - 48
  if (!(type >= 0 && type <= 4)) return malformed(`unknown socket.io packet type ${JSON.stringify(text.slice(0, 1))}`)
  let rest = text.slice(1)
  let nsp = "/"
  if (rest.startsWith("/")) {
    const comma = rest.indexOf(",")
    nsp = comma === -1 ? rest : rest.slice(0, comma)
    rest = comma === -1 ? "" : rest.slice(comma + 1)
  }
  const digits = /^\d+/.exec(rest)
  const id = digits === null ? undefined : Number(digits[0])
  if (digits !== null) rest = rest.slice(digits[0].length)
  if (type === 0) return { _tag: "Connect", nsp }
  if (type === 1) return { _tag: "Disconnect", nsp }
  const json = rest === "" ? undefined : parseJson(rest)
  if (json === undefined) return malformed(`socket.io packet without a JSON body: ${JSON.stringify(text.slice(0, 80))}`)
  if (type === 4) return { _tag: "Error", nsp, data: json.value }
  if (!Array.isArray(json.value)) return malformed("socket.io event or ack whose body is not an array")
  if (type === 3) {
    return id === undefined ? malformed("socket.io ack without an id") : { _tag: "Ack", nsp, id, args: json.value }
  }
  const [name, ...args] = json.value as Array<unknown>
  if (typeof name !== "string") return malformed("socket.io event without a name")
  return { _tag: "Event", nsp, id, name, args }
}

/** Decodes one WebSocket message. Binary messages are refused: Stelace's signals are JSON. */
export const decodeFrame = (data: unknown): Frame | Malformed => {
  if (typeof data !== "string") return malformed("binary WebSocket message (Stelace signals are text)")
  switch (data.charAt(0)) {
    case "0": {
      const json = parseJson(data.slice(1))
      const value = json?.value as Partial<Handshake> | undefined
      if (
        typeof value !== "object" || value === null || typeof value.sid !== "string" || !isCount(value.pingInterval) ||
        !isCount(value.pingTimeout)
      ) {
        return malformed("Engine.IO open packet without sid, pingInterval and pingTimeout")
      }
      return { _tag: "Open", handshake: { sid: value.sid, pingInterval: value.pingInterval, pingTimeout: value.pingTimeout } }
    }
    case "1":
      return { _tag: "Close" }
    case "2":
      return { _tag: "Ping", data: data.slice(1) }
    case "3":
      return { _tag: "Pong", data: data.slice(1) }
    case "4": {
      const packet = decodePacket(data.slice(1))
      return packet._tag === "Malformed" ? packet : { _tag: "Message", packet }
    }
    case "6":
      return { _tag: "Noop" }
    default:
      return malformed(`unknown Engine.IO packet type ${JSON.stringify(data.slice(0, 1))}`)
  }
}

const nspPrefix = (nsp: string, more: boolean) => (nsp === "/" ? "" : more ? `${nsp},` : nsp)

/** Encodes a socket.io packet as an Engine.IO message. */
export const encodePacket = (packet: SocketPacket): string => {
  switch (packet._tag) {
    case "Connect":
      return `40${nspPrefix(packet.nsp, false)}`
    case "Disconnect":
      return `41${nspPrefix(packet.nsp, false)}`
    case "Event":
      return `42${nspPrefix(packet.nsp, true)}${packet.id ?? ""}${JSON.stringify([packet.name, ...packet.args])}`
    case "Ack":
      return `43${nspPrefix(packet.nsp, true)}${packet.id}${JSON.stringify(packet.args)}`
    case "Error":
      return `44${nspPrefix(packet.nsp, true)}${JSON.stringify(packet.data)}`
  }
}

/** Encodes the server's open packet, its fields in the order engine.io 3 writes them. */
export const encodeOpen = (handshake: Handshake, upgrades: ReadonlyArray<string> = []): string =>
  `0${JSON.stringify({ sid: handshake.sid, upgrades, pingInterval: handshake.pingInterval, pingTimeout: handshake.pingTimeout })}`

export const PING = "2"
export const PONG = "3"

/** The URL of the WebSocket endpoint of an API origin (`https://api.stelace.com`). */
export const socketUrl = (origin: string): string =>
  `${origin.replace(/^http/, "ws")}${PATH}?EIO=3&transport=websocket`
