/**
 * A local HTTP server that records every request and answers from a script: the wire-level
 * oracle of the SDK tests (and of the differential tests against stelace@0.14.0).
 */
import * as http from "node:http"
import type { AddressInfo } from "node:net"
import { afterAll, beforeAll, beforeEach } from "vitest"

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
  /**
   * Send the status and headers, then the body in these pieces, `every` milliseconds apart (a slow
   * body). With `body` absent the pieces are the whole body; `content-length` is that of `body`
   * when given, so a reply that stops early is visibly incomplete.
   */
  readonly chunks?: ReadonlyArray<string>
  /** Milliseconds between two `chunks` (default 0). */
  readonly every?: number
  /** After the `chunks`, close the connection instead of ending the answer (a drop mid-body). */
  readonly dropAfterChunks?: boolean
}

/** The server's view of its connections. */
export interface Connections {
  /** Connections open now. */
  readonly open: number
  /** Open connections carrying a request whose answer is not finished. */
  readonly busy: number
  /** Connections accepted since the recorder started (or was reset). */
  readonly accepted: number
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
  /** Open, busy and accepted connections, as the server sees them. */
  connections(): Connections
  /**
   * Closes the connections that carry no request: idle keep-alive connections, and connections
   * that never carried one (fetch's pool may open one after an abort).
   */
  closeIdle(): void
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
  const inFlight = new Map<import("node:net").Socket, number>()
  let accepted = 0

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
      const socket = req.socket
      inFlight.set(socket, (inFlight.get(socket) ?? 0) + 1)
      res.on("close", () => {
        inFlight.set(socket, (inFlight.get(socket) ?? 1) - 1)
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
      if (reply.chunks !== undefined) {
        if (res.destroyed) return
        const whole = reply.body === undefined ? reply.chunks.join("") : payload
        res.writeHead(status, { ...replyHeaders, "content-length": String(Buffer.byteLength(whole)) })
        for (const chunk of reply.chunks) {
          if (res.destroyed) return
          res.write(chunk)
          if (reply.every) await new Promise((resolve) => setTimeout(resolve, reply.every))
        }
        if (res.destroyed) return
        if (reply.dropAfterChunks) req.socket.destroy()
        else res.end()
        return
      }
      if (!res.destroyed) {
        res.writeHead(status, replyHeaders)
        res.end(payload)
      }
    })
  })
  server.on("connection", (socket) => {
    accepted++
    sockets.add(socket)
    socket.on("close", () => {
      sockets.delete(socket)
      inFlight.delete(socket)
    })
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
      accepted = sockets.size
    },
    connections: () => ({
      open: sockets.size,
      busy: [...sockets].filter((socket) => (inFlight.get(socket) ?? 0) > 0).length,
      accepted
    }),
    closeIdle: () => {
      for (const socket of sockets) {
        if ((inFlight.get(socket) ?? 0) === 0) socket.destroy()
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      })
  }
}

/**
 * Two recorders for the tests of a file (or describe block): the API host, and another host that
 * must never be reached. Started once, reset before each test, closed after; `set` receives them.
 */
export const useApiAndOtherHost = (set: (hosts: { readonly api: Recorder; readonly other: Recorder }) => void): void => {
  let hosts: { readonly api: Recorder; readonly other: Recorder } | undefined
  beforeAll(async () => {
    hosts = { api: await startRecorder(), other: await startRecorder() }
    set(hosts)
  })
  afterAll(async () => {
    await hosts?.api.close()
    await hosts?.other.close()
  })
  beforeEach(() => {
    hosts?.api.reset()
    hosts?.other.reset()
  })
}
