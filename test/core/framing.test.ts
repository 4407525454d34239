/**
 * Every body an HTTP client of the SDK writes is framed (HTTP/1.1: `content-length` or chunked), whatever the
 * method: a server parsing the bytes itself finds each request whole, and the next request on the
 * same keep-alive connection starts where the body ends. node:http frames nothing on DELETE and
 * OPTIONS unless told the length, so an unframed body was read as a second, malformed request.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as HttpBody from "effect/http/HttpBody"
import * as HttpClient from "effect/http/HttpClient"
import * as HttpClientRequest from "effect/http/HttpClientRequest"
import * as net from "node:net"
import * as FetchHttpClient from "../../src/internal/wire/fetchHttpClient.js"
import * as NodeHttpClient from "../../src/internal/wire/nodeHttpClient.js"

/** A request as the raw server parsed it. */
interface Parsed {
  readonly connection: number
  readonly method: string
  readonly path: string
  readonly framing: "content-length" | "chunked" | "none"
  readonly body: string
}

/**
 * Parses HTTP/1.1 requests from a connection's bytes (RFC 9112 §6.3: chunked, else
 * content-length, else no body) and answers each with 200 `{}` on the same connection. Bytes that
 * do not start a request are recorded as garbage, answered 400, and the connection closed.
 */
const startRawServer = async () => {
  const parsed: Array<Parsed> = []
  const garbage: Array<string> = []
  let connections = 0
  const server = net.createServer((socket) => {
    const connection = ++connections
    let buffer = Buffer.alloc(0)
    const reject = () => {
      garbage.push(buffer.toString("latin1"))
      buffer = Buffer.alloc(0)
      socket.end("HTTP/1.1 400 Bad Request\r\nconnection: close\r\ncontent-length: 0\r\n\r\n")
    }
    /** One request off the front of the buffer, `undefined` until it has all arrived. */
    const next = (): Parsed | "bad" | undefined => {
      const end = buffer.indexOf("\r\n\r\n")
      // a request line still arriving, or bytes no request starts with
      if (end === -1) return /^[A-Z]*$|^[A-Z]+ /.test(buffer.toString("latin1")) ? undefined : "bad"
      const [line, ...fields] = buffer.subarray(0, end).toString("latin1").split("\r\n")
      const start = /^([A-Z]+) (\S+) HTTP\/1\.1$/.exec(line)
      if (!start) return "bad"
      const headers = new Map(fields.map((field) => {
        const colon = field.indexOf(":")
        return [field.slice(0, colon).trim().toLowerCase(), field.slice(colon + 1).trim()] as const
      }))
      let rest = buffer.subarray(end + 4)
      if (headers.get("transfer-encoding")?.toLowerCase() === "chunked") {
        const chunks: Array<Buffer> = []
        while (true) {
          const lineEnd = rest.indexOf("\r\n")
          if (lineEnd === -1) return undefined
          const size = parseInt(rest.subarray(0, lineEnd).toString("latin1"), 16)
          if (Number.isNaN(size)) return "bad"
          if (rest.length < lineEnd + 2 + size + 2) return undefined
          chunks.push(rest.subarray(lineEnd + 2, lineEnd + 2 + size))
          rest = rest.subarray(lineEnd + 2 + size + 2)
          if (size === 0) break
        }
        buffer = rest
        return { connection, method: start[1], path: start[2], framing: "chunked", body: Buffer.concat(chunks).toString("utf8") }
      }
      const length = headers.has("content-length") ? Number(headers.get("content-length")) : 0
      if (rest.length < length) return undefined
      buffer = rest.subarray(length)
      return {
        connection,
        method: start[1],
        path: start[2],
        framing: headers.has("content-length") ? "content-length" : "none",
        body: rest.subarray(0, length).toString("utf8")
      }
    }
    socket.on("data", (data) => {
      buffer = Buffer.concat([buffer, data])
      while (buffer.length > 0) {
        const request = next()
        if (request === undefined) return
        if (request === "bad") return reject()
        parsed.push(request)
        socket.write(
          request.method === "HEAD"
            ? "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 2\r\n\r\n"
            : "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 2\r\n\r\n{}"
        )
      }
    })
    socket.on("error", () => {})
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const port = (server.address() as net.AddressInfo).port
  return {
    port,
    parsed,
    garbage,
    reset: () => {
      parsed.length = 0
      garbage.length = 0
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        ;(server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.()
      })
  }
}

let raw: Awaited<ReturnType<typeof startRawServer>>
beforeAll(async () => {
  raw = await startRawServer()
})
afterAll(() => raw.close())
beforeEach(() => raw.reset())

const request = (method: "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS", body: string | undefined) =>
  HttpClientRequest.make(method)(`http://127.0.0.1:${raw.port}/custom/path`, {
    headers: { accept: "application/json" },
    body: body === undefined ? HttpBody.empty : HttpBody.text(body, "application/json;charset=utf-8")
  })

type Send = (request: HttpClientRequest.HttpClientRequest) => Effect.Effect<unknown, unknown>

/** The SDK's `HttpClient`s: node:http (layerNode, the facade on Node) and fetch (layerFetch, browsers). */
const senders: ReadonlyArray<readonly [string, Send]> = [
  ["node:http", (r) => NodeHttpClient.make(NodeHttpClient.nodeModules()!).execute(r)],
  ["fetch", (r) => Effect.flatMap(Effect.service(HttpClient.HttpClient), (client) => client.execute(r)).pipe(Effect.provide(FetchHttpClient.layer))]
]

const methods = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const
// non-ASCII, so a length counted in characters instead of bytes cuts the body short
const body = JSON.stringify({ q: "x", name: "Vélo ✓" })

/** fetch refuses a body on GET and HEAD before anything is sent (the SDK never builds one). */
const fetchRefuses = (name: string, method: string) => name !== "node:http" && (method === "GET" || method === "HEAD")

describe.each(senders)("%s client", (name, send) => {
  describe.each(methods)("%s", (method) => {
    it("without a body: one request, nothing after it", async () => {
      const exit = await Effect.runPromiseExit(send(request(method, undefined)))
      expect(Exit.isSuccess(exit)).toBe(true)
      expect(raw.garbage).toStrictEqual([])
      expect(raw.parsed.map((r) => [r.method, r.path, r.body])).toStrictEqual([[method, "/custom/path", ""]])
    })

    it("with a body: framed, whole, and the next request on the connection parses", async () => {
      const exit = await Effect.runPromiseExit(send(request(method, body)))
      if (fetchRefuses(name, method)) {
        expect(Exit.isFailure(exit)).toBe(true)
        expect(raw.parsed).toStrictEqual([])
        expect(raw.garbage).toStrictEqual([])
        return
      }
      const second = await Effect.runPromiseExit(send(request("GET", undefined)))
      expect([Exit.isSuccess(exit), Exit.isSuccess(second)]).toStrictEqual([true, true])
      expect(raw.garbage).toStrictEqual([])
      expect(raw.parsed.map((r) => [r.method, r.body])).toStrictEqual([[method, body], ["GET", ""]])
      expect(raw.parsed[0].framing).not.toBe("none")
      // node:http's agent sends the second request on the first one's connection, right after its
      // body (fetch's pool opens another here: the pipelined test below covers the parser)
      if (name === "node:http") expect(raw.parsed[1].connection).toBe(raw.parsed[0].connection)
    })
  })
})

describe("the raw server itself", () => {
  it("parses two requests pipelined on one keep-alive connection, one by length and one chunked", async () => {
    const socket = net.connect(raw.port, "127.0.0.1")
    const answers: Array<string> = []
    socket.setEncoding("latin1")
    socket.on("data", (chunk: string) => answers.push(chunk))
    await new Promise<void>((resolve) => socket.on("connect", resolve))
    socket.write(
      "DELETE /a HTTP/1.1\r\nhost: x\r\ncontent-length: 9\r\n\r\n{\"q\":\"x\"}" +
        "OPTIONS /b HTTP/1.1\r\nhost: x\r\ntransfer-encoding: chunked\r\n\r\n4\r\n{\"q\"\r\n5\r\n:\"y\"}\r\n0\r\n\r\n"
    )
    await expect.poll(() => raw.parsed.length).toBe(2)
    socket.destroy()
    expect(raw.parsed.map((r) => [r.method, r.path, r.framing, r.body])).toStrictEqual([
      ["DELETE", "/a", "content-length", `{"q":"x"}`],
      ["OPTIONS", "/b", "chunked", `{"q":"y"}`]
    ])
    expect(raw.parsed[0].connection).toBe(raw.parsed[1].connection)
    expect(raw.garbage).toStrictEqual([])
  })

  it("reads an unframed body as garbage, as the API server does", async () => {
    const socket = net.connect(raw.port, "127.0.0.1")
    await new Promise<void>((resolve) => socket.on("connect", resolve))
    socket.write("DELETE /a HTTP/1.1\r\nhost: x\r\n\r\n{\"q\":\"x\"}")
    await expect.poll(() => raw.garbage.length).toBe(1)
    socket.destroy()
    expect(raw.garbage).toStrictEqual([`{"q":"x"}`])
  })
})
