/**
 * Helpers of the suite against a real server: unique names (the server is shared between runs),
 * bounded polling for its asynchronous effects, a token store of one's own, and a recording proxy
 * that shows which requests an SDK really sent and what the server answered.
 */
import * as http from "node:http"
import * as https from "node:https"
import type { AddressInfo } from "node:net"
import type { RealServer } from "./server.js"

/** A suffix making names unique on a server that keeps the data of earlier runs. */
export const runId = (): string => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`

/**
 * Calls `read` until `accept` holds for its result, at most `timeoutMs`; the last result. The real
 * server records events and runs workflows after answering, so tests wait for them this way.
 */
export const poll = async <A>(
  read: () => Promise<A>,
  accept: (value: A) => boolean,
  { timeoutMs = 10_000, intervalMs = 100 }: { readonly timeoutMs?: number; readonly intervalMs?: number } = {}
): Promise<A> => {
  const deadline = Date.now() + timeoutMs
  let value = await read()
  while (!accept(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, intervalMs))
    value = await read()
  }
  return value
}

/** A token store of one's own (stelace.js's default store is shared by every instance in Node). */
export const memoryTokenStore = () => {
  let tokens: any = null
  return {
    getTokens: () => tokens,
    setTokens: (value: unknown) => {
      tokens = value
    },
    removeTokens: () => {
      tokens = null
    }
  }
}

/** The claims of a JWT (not verified). */
export const claimsOf = (token: string): Record<string, any> =>
  JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString("utf8"))

/** One request that went through the proxy, with the real server's status. */
export interface Recorded {
  readonly method: string
  readonly path: string
  readonly authorization: string | undefined
  readonly userAgent: string | undefined
  readonly body: string
  readonly status: number
  /** The server's answer, as text. */
  readonly answer: string
}

/** A proxy in front of the real server; `requests` lists what went through it. */
export interface RecordingProxy {
  readonly port: number
  readonly requests: Array<Recorded>
  readonly close: () => Promise<void>
}

/** Starts a recording proxy on a free loopback port, forwarding every request to the server. */
export const recordingProxy = async (server: RealServer): Promise<RecordingProxy> => {
  const requests: Array<Recorded> = []
  const transport = server.protocol === "https" ? https : http
  const proxy = http.createServer((incoming, outgoing) => {
    const chunks: Array<Buffer> = []
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk))
    incoming.on("end", () => {
      const body = Buffer.concat(chunks)
      const forwarded = transport.request({
        host: server.host,
        port: server.port,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, host: `${server.host}:${server.port}` }
      }, (answer) => {
        const answered: Array<Buffer> = []
        answer.on("data", (chunk: Buffer) => answered.push(chunk))
        answer.on("end", () => {
          requests.push({
            method: incoming.method ?? "",
            path: incoming.url ?? "",
            authorization: incoming.headers.authorization,
            userAgent: incoming.headers["user-agent"],
            body: body.toString("utf8"),
            status: answer.statusCode ?? 0,
            answer: Buffer.concat(answered).toString("utf8")
          })
        })
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(outgoing)
      })
      forwarded.on("error", () => {
        outgoing.writeHead(502)
        outgoing.end()
      })
      forwarded.end(body)
    })
  })
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve))
  return {
    port: (proxy.address() as AddressInfo).port,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        proxy.closeAllConnections()
        proxy.close(() => resolve())
      })
  }
}
