/**
 * Raw `/signal` WebSocket clients for the fault suites: a client that sends whatever frames a test
 * writes (hostile or honest), and the check that an honest client is still served: it
 * authenticates, joins its channels and receives a `POST /signal`.
 */
import WebSocket from "ws"
import { expect } from "vitest"
import type { RunningServer } from "../../src/testing/index.js"
import { type Answer, login, type Sender, send, type SeedUser } from "./backendHelpers.js"

/** A `/signal` client speaking raw frames. */
export interface RawSignal {
  readonly socket: WebSocket
  /** Every text frame the server sent, in order. */
  readonly frames: ReadonlyArray<string>
  /** The Engine.IO session id of the server's open packet. */
  readonly sid: string
  /** Resolves with the close code once the connection is closed, by either side. */
  readonly closed: Promise<number>
  readonly isClosed: () => boolean
  /** Resolves with the first frame, received (from index `from` on) or to come, that matches. */
  readonly next: (matches: (frame: string) => boolean, from?: number) => Promise<string>
  /** Connects to the `/signal` namespace and answers the authentication request with `answer`, as JSON text. */
  readonly answer: (answerJson: string) => Promise<void>
}

/** The WebSocket URL of a server's `/signal`, with a query. */
export const signalUrl = (server: RunningServer, query = "EIO=3&transport=websocket") =>
  `${server.url.replace(/^http/, "ws")}/signal/?${query}`

/** Opens a raw client; resolves once the server's open packet came. */
export const openSignal = (server: RunningServer, query?: string): Promise<RawSignal> =>
  new Promise((resolve, reject) => {
    const socket = new WebSocket(signalUrl(server, query))
    const frames: Array<string> = []
    const waiting: Array<{ readonly matches: (frame: string) => boolean; readonly resolve: (frame: string) => void }> = []
    let isClosed = false
    const closed = new Promise<number>((resolveClosed) =>
      socket.on("close", (code) => {
        isClosed = true
        resolveClosed(code)
      })
    )
    socket.on("error", reject)
    const next = (matches: (frame: string) => boolean, from = 0) =>
      new Promise<string>((found) => {
        const frame = frames.slice(from).find(matches)
        if (frame !== undefined) found(frame)
        else waiting.push({ matches, resolve: found })
      })
    const answer = async (answerJson: string) => {
      const from = frames.length
      socket.send("40/signal")
      const request = await next((frame) => frame.startsWith("42/signal,") && frame.includes("[\"authentication\""), from)
      const id = /^42\/signal,(\d+)/.exec(request)![1]
      socket.send(`43/signal,${id}[${answerJson}]`)
    }
    socket.on("message", (data: Buffer) => {
      const frame = data.toString("utf8")
      frames.push(frame)
      for (const wait of waiting.filter((candidate) => candidate.matches(frame))) {
        waiting.splice(waiting.indexOf(wait), 1)
        wait.resolve(frame)
      }
      if (frame.startsWith("0{")) resolve({ socket, frames, sid: JSON.parse(frame.slice(1)).sid, closed, isClosed: () => isClosed, next, answer })
    })
  })

/** The events (`[name, data]`) among a client's frames. */
export const signalEvents = (frames: ReadonlyArray<string>): Array<[string, unknown]> =>
  frames.filter((frame) => frame.startsWith("42/signal,[")).map((frame) => JSON.parse(frame.slice("42/signal,".length)))

/** A {@link Sender} through a running server's socket. */
export const senderOf = (server: RunningServer): Sender => ({ keys: server, send: (request) => send.socket(server.url, request, server) })

/** `POST /signal` with the secret key. */
export const postSignal = (server: RunningServer, body: unknown): Promise<Answer> =>
  send.socket(server.url, { method: "POST", path: "/signal", json: body }, server)

/**
 * `POST /signal` to a channel a client is joining: the server joins it once it has checked the
 * answer's token, so a 404 is retried for up to a second.
 */
export const postOnceJoined = async (server: RunningServer, body: { readonly destination: string } & Record<string, unknown>): Promise<Answer> => {
  for (let attempt = 0; ; attempt++) {
    const answer = await postSignal(server, body)
    if (answer.status !== 404 || attempt >= 100) return answer
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

let honestRuns = 0

/**
 * An honest client is served: a user logs in, connects, authenticates with the user's token and a
 * channel of its own, receives a `POST /signal` to each, and leaves.
 */
export const expectHonestClientServed = async (server: RunningServer, user: SeedUser & { readonly id: string }) => {
  const { accessToken } = await login(senderOf(server), user)
  const channel = `honest-${honestRuns++}`
  const client = await openSignal(server)
  await client.answer(JSON.stringify({ publishableKey: server.publishableApiKey, authToken: accessToken, channels: [channel] }))
  for (const destination of [channel, user.id]) {
    const answer = await postOnceJoined(server, { destination, event: "honest", message: destination })
    expect(answer.status, `POST /signal to ${destination}`).toBe(200)
    await client.next((frame) => frame.includes(`"message":${JSON.stringify(destination)}`))
  }
  client.socket.close()
  await client.closed
}
