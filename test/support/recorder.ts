/**
 * A local HTTP server that records every request and answers from a script: the wire-level
 * oracle of the SDK tests (and of the differential tests against stelace@0.14.0).
 */
import * as http from "node:http"
import type { AddressInfo } from "node:net"

/** A request as it arrived. */
export interface RecordedRequest {
  readonly method: string
  /** Path and query string exactly as sent. */
  readonly url: string
  readonly path: string
  /** Raw query string without `?` ("" when none). */
  readonly query: string
  readonly headers: Readonly<Record<string, string>>
  /** Raw body text ("" when none). */
  readonly body: string
  /** Body parsed as JSON, `undefined` when empty or not JSON. */
  readonly json: unknown
}

/** A scripted answer. */
export interface Reply {
  readonly status?: number
  readonly headers?: Readonly<Record<string, string>>
  /** Objects are sent as JSON; strings as they are. */
  readonly body?: unknown
  /** Milliseconds to wait before answering. */
  readonly delay?: number
  /** Close the connection without answering. */
  readonly destroy?: boolean
}

export type Responder = (request: RecordedRequest, index: number) => Reply | Promise<Reply>

export interface Recorder {
  readonly url: string
  readonly host: string
  readonly port: number
  readonly requests: Array<RecordedRequest>
  /** Requests whose connection the client closed before the answer was sent. */
  readonly aborted: Array<RecordedRequest>
  /** Answers with this function from now on (default: 200 `{}` with an `x-request-id`). */
  respond(responder: Responder): void
  /** Answers the next requests with these replies, in order, then falls back to the responder. */
  queue(...replies: Array<Reply>): void
  reset(): void
  close(): Promise<void>
}

let counter = 0
const requestId = () => `req_${(++counter).toString().padStart(6, "0")}`

/** Starts a recorder on a free port of 127.0.0.1. */
export const startRecorder = async (): Promise<Recorder> => {
  const requests: Array<RecordedRequest> = []
  const aborted: Array<RecordedRequest> = []
  let queued: Array<Reply> = []
  let responder: Responder = () => ({ body: {} })
  const sockets = new Set<import("node:net").Socket>()

  const server = http.createServer((req, res) => {
    const chunks: Array<Buffer> = []
    req.on("data", (chunk: Buffer) => chunks.push(chunk))
    req.on("end", async () => {
      const body = Buffer.concat(chunks).toString("utf8")
      const url = req.url ?? "/"
      const q = url.indexOf("?")
      let json: unknown
      try {
        json = body ? JSON.parse(body) : undefined
      } catch {
        json = undefined
      }
      const headers: Record<string, string> = {}
      for (const [key, value] of Object.entries(req.headers)) {
        if (value !== undefined) headers[key] = Array.isArray(value) ? value.join(", ") : value
      }
      const recorded: RecordedRequest = {
        method: req.method ?? "GET",
        url,
        path: q === -1 ? url : url.slice(0, q),
        query: q === -1 ? "" : url.slice(q + 1),
        headers,
        body,
        json
      }
      const index = requests.length
      requests.push(recorded)
      res.on("close", () => {
        if (!res.writableFinished) aborted.push(recorded)
      })
      const reply = queued.length > 0 ? queued.shift()! : await responder(recorded, index)
      if (reply.delay) await new Promise((resolve) => setTimeout(resolve, reply.delay))
      if (reply.destroy) {
        req.socket.destroy()
        return
      }
      const payload = reply.body === undefined ? "" : typeof reply.body === "string" ? reply.body : JSON.stringify(reply.body)
      const status = reply.status ?? 200
      const replyHeaders: Record<string, string> = {
        ...(typeof reply.body === "string" ? {} : { "content-type": "application/json" }),
        ...(status >= 200 && status < 300 ? { "x-request-id": requestId() } : {}),
        ...reply.headers
      }
      if (!res.destroyed) {
        res.writeHead(status, replyHeaders)
        res.end(payload)
      }
    })
  })
  server.on("connection", (socket) => {
    sockets.add(socket)
    socket.on("close", () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const port = (server.address() as AddressInfo).port
  return {
    url: `http://127.0.0.1:${port}`,
    host: "127.0.0.1",
    port,
    requests,
    aborted,
    respond: (next) => {
      responder = next
    },
    queue: (...replies) => {
      queued.push(...replies)
    },
    reset: () => {
      requests.length = 0
      aborted.length = 0
      queued = []
      responder = () => ({ body: {} })
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      })
  }
}
