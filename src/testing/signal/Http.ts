/**
 * The `/signal` endpoint of the backend's HTTP server: WebSocket upgrades (through `ws`, an
 * optional peer dependency, loaded when the server starts) and the Engine.IO polling handshake.
 *
 * Only the WebSocket transport carries signals: a polling request after the handshake is answered
 * 400 "Transport unknown", so a socket.io-client must be given `transports: ["websocket"]`.
 */
import type { IncomingMessage, Server, ServerResponse } from "node:http"
import type { Duplex } from "node:stream"
import { encodeOpen } from "../../signal/protocol.js"
import { randomString } from "../backend/Store.js"
import type { SignalService } from "./Service.js"
import { PING_INTERVAL, PING_TIMEOUT } from "./Service.js"

// as socket.io: its path followed by a slash (`POST /signal` stays an API route)
const isSignalPath = (url: string | undefined) => url?.startsWith("/signal/") === true

const queryOf = (url: string) => new URL(url, "http://localhost").searchParams

const badRequest = (code: number, message: string) => JSON.stringify({ code, message })

/**
 * Answers an HTTP request to `/signal/` (the polling handshake, or the errors the real server
 * gives); `false` when the request is for another path.
 */
export const handleHttp = (request: IncomingMessage, response: ServerResponse): boolean => {
  if (!isSignalPath(request.url)) return false
  const query = queryOf(request.url!)
  const headers = { "access-control-allow-origin": "*" }
  if (query.get("transport") !== "polling" && query.get("transport") !== "websocket") {
    response.writeHead(400, { ...headers, "content-type": "application/json" })
    response.end(badRequest(0, "Transport unknown"))
    return true
  }
  if (query.get("transport") === "polling" && request.method === "GET" && !query.has("sid")) {
    const open = encodeOpen({ sid: randomString(20), pingInterval: PING_INTERVAL, pingTimeout: PING_TIMEOUT }, ["websocket"])
    response.writeHead(200, { ...headers, "content-type": "text/plain; charset=UTF-8" })
    response.end(`${open.length}:${open}2:40`)
    return true
  }
  response.writeHead(400, { ...headers, "content-type": "application/json" })
  response.end(badRequest(0, "Transport unknown"))
  return true
}

interface WsModule {
  readonly WebSocketServer: new(options: { noServer: true; maxPayload: number }) => {
    handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer, done: (socket: WsSocket) => void): void
    close(): void
  }
}

interface WsSocket {
  readonly bufferedAmount: number
  send(text: string): void
  close(): void
  terminate(): void
  on(event: "message", listener: (data: Buffer, isBinary: boolean) => void): void
  on(event: "close" | "error", listener: () => void): void
}

/**
 * Serves `/signal/?EIO=3&transport=websocket` upgrades on the server. Without `ws` installed, an
 * upgrade is answered 501 with the reason, and nothing else changes.
 *
 * A message longer than `maxMessageSize` bytes closes its connection (1009, "Max payload size
 * exceeded"): engine.io 3 allows 1e8 bytes, and a client sending that much, again and again, would
 * exhaust the process, when no message of Stelace Signal comes near a few kilobytes.
 */
export const attachUpgrades = async (server: Server, signal: SignalService, maxMessageSize: number): Promise<() => void> => {
  const ws = await import("ws" as string).then(
    (module): WsModule | undefined => {
      const WebSocketServer = module.WebSocketServer ?? module.default?.WebSocketServer ?? module.default?.Server
      return typeof WebSocketServer === "function" ? { WebSocketServer } : undefined
    },
    () => undefined
  )
  const sockets = new Set<WsSocket>()
  const wss = ws === undefined ? undefined : new ws.WebSocketServer({ noServer: true, maxPayload: maxMessageSize })
  server.on("upgrade", (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (!isSignalPath(request.url) || queryOf(request.url!).get("transport") !== "websocket") {
      socket.end("HTTP/1.1 400 Bad Request\r\nconnection: close\r\n\r\n")
      return
    }
    if (wss === undefined) {
      socket.end("HTTP/1.1 501 Not Implemented\r\ncontent-type: text/plain\r\nconnection: close\r\n\r\nThe /signal endpoint needs the `ws` package: npm install ws\n")
      return
    }
    wss.handleUpgrade(request, socket, head, (client) => {
      sockets.add(client)
      const connection = signal.accept({
        send: (text) => client.send(text),
        close: () => client.close(),
        backlog: () => client.bufferedAmount,
        abort: () => client.terminate(),
        remoteAddress: request.socket.remoteAddress
      })
      client.on("message", (data, isBinary) => connection.receive(isBinary ? "\u0000binary" : data.toString("utf8")))
      client.on("close", () => {
        sockets.delete(client)
        connection.closed()
      })
      client.on("error", () => connection.closed())
    })
  })
  return () => {
    for (const socket of sockets) socket.terminate()
    wss?.close()
  }
}
