/**
 * An `HttpClient` over `node:http` and `node:https`, with the global agents' keep-alive: what
 * `Stelace.layerNode` and the Promise facade on Node send with. `@effect/platform-node` has one,
 * but it needs Node 22.19; this one runs wherever Node has `process.getBuiltinModule` (20.16 and
 * later), so nothing here is an import a browser bundler would try to resolve.
 *
 * The path goes on the wire as the request's URL spells it (the SDK encodes it), not as a URL
 * parser normalizes it, so requests are byte for byte those of stelace.js. Every body goes with
 * its `content-length`: node:http frames a body by itself only for methods it expects one on, and
 * writes a DELETE's unframed, which the server reads as the start of a second request. Redirects
 * are never followed (node:http does not), so credentials never leave the API host.
 */
import * as Effect from "effect/Effect"
import * as Inspectable from "effect/Inspectable"
import * as Option from "effect/Option"
import { pipeArguments } from "effect/Pipeable"
import * as Stream from "effect/Stream"
import * as Cookies from "effect/http/Cookies"
import * as Headers from "effect/http/Headers"
import * as HttpClient from "effect/http/HttpClient"
import * as HttpClientError from "effect/http/HttpClientError"
import type * as HttpClientRequest from "effect/http/HttpClientRequest"
import * as HttpClientResponse from "effect/http/HttpClientResponse"
import * as HttpIncomingMessage from "effect/http/HttpIncomingMessage"
import type * as Schema from "effect/Schema"
import * as UrlParams from "effect/http/UrlParams"

interface IncomingMessage {
  readonly statusCode?: number | undefined
  readonly rawHeaders: ReadonlyArray<string>
  on(event: "data", listener: (chunk: Uint8Array) => void): this
  on(event: "end", listener: () => void): this
  on(event: "error", listener: (error: Error) => void): this
}

interface ClientRequest {
  on(event: "error", listener: (error: Error) => void): this
  end(body?: Uint8Array): void
  destroy(error?: Error): void
}

interface RequestModule {
  request(
    options: {
      readonly method: string
      readonly hostname: string
      readonly port: number
      readonly path: string
      readonly headers: Readonly<Record<string, string>>
    },
    callback: (response: IncomingMessage) => void
  ): ClientRequest
}

/** `node:http` and `node:https`. */
export interface NodeModules {
  readonly http: RequestModule
  readonly https: RequestModule
}

/** Node's modules, where the code runs on Node (or a runtime offering `process.getBuiltinModule`). */
export const nodeModules = (): NodeModules | undefined => {
  const process = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process
  if (typeof process?.getBuiltinModule !== "function") return undefined
  try {
    return {
      http: process.getBuiltinModule("node:http") as RequestModule,
      https: process.getBuiltinModule("node:https") as RequestModule
    }
  } catch {
    return undefined
  }
}

const encoder = new TextEncoder()

/** The bytes of a request body; Node's client sends in-memory bodies only. */
const bodyBytes = (request: HttpClientRequest.HttpClientRequest): Uint8Array | undefined | "unsupported" => {
  const body = request.body
  switch (body._tag) {
    case "Empty":
      return undefined
    case "Uint8Array":
      return body.body
    case "Raw":
      return typeof body.body === "string" ? encoder.encode(body.body) : body.body instanceof Uint8Array ? body.body : "unsupported"
    default:
      return "unsupported"
  }
}

/** The path and query string as the request's URL spells them (`url` only when it has URL parameters of its own). */
const pathOf = (request: HttpClientRequest.HttpClientRequest, url: URL): string => {
  if (request.urlParams.params.length > 0) return url.pathname + url.search
  const raw = request.url
  const start = raw.indexOf("/", raw.indexOf("//") + 2)
  if (start === -1) return "/"
  const hash = raw.indexOf("#", start)
  return hash === -1 ? raw.slice(start) : raw.slice(start, hash)
}

const transportError = (request: HttpClientRequest.HttpClientRequest, cause: unknown, description?: string) =>
  new HttpClientError.HttpClientError({
    reason: new HttpClientError.TransportError({ request, cause, ...(description === undefined ? {} : { description }) })
  })

/** An `HttpClient` over the given Node modules. */
export const make = (modules: NodeModules): HttpClient.HttpClient => HttpClient.make((request, url) => send(modules, request, url))

/** One exchange over the Node modules: the answer read whole. */
export const send = (
  modules: NodeModules,
  request: HttpClientRequest.HttpClientRequest,
  url: URL
): Effect.Effect<HttpClientResponse.HttpClientResponse, HttpClientError.HttpClientError> =>
    Effect.callback<HttpClientResponse.HttpClientResponse, HttpClientError.HttpClientError>((resume) => {
      const bytes = bodyBytes(request)
      if (bytes === "unsupported") {
        resume(Effect.fail(transportError(request, undefined, "node:http sends in-memory bodies only")))
        return
      }
      let done = false
      const settle = (effect: Effect.Effect<HttpClientResponse.HttpClientResponse, HttpClientError.HttpClientError>) => {
        if (done) return
        done = true
        resume(effect)
      }
      const fail = (cause: unknown) => settle(Effect.fail(transportError(request, cause)))
      const module = url.protocol === "https:" ? modules.https : modules.http
      const headers = bytes === undefined ? request.headers : { ...request.headers, "content-length": String(bytes.length) }
      const outgoing = module.request(
        {
          method: request.method,
          hostname: url.hostname.replace(/^\[(.*)\]$/, "$1"),
          port: url.port === "" ? (url.protocol === "https:" ? 443 : 80) : Number(url.port),
          path: pathOf(request, url),
          headers
        },
        (incoming) => {
          const chunks: Array<Uint8Array> = []
          incoming.on("data", (chunk) => chunks.push(chunk))
          // a connection closed before the whole body arrived is an error too (ECONNRESET)
          incoming.on("error", fail)
          incoming.on("end", () => {
            const body = chunks.length === 1 ? chunks[0] : concat(chunks)
            settle(Effect.succeed(new NodeResponse(request, incoming.statusCode ?? 0, incoming.rawHeaders, body)))
          })
        }
      )
      outgoing.on("error", fail)
      outgoing.end(bytes)
      return Effect.sync(() => {
        done = true
        outgoing.destroy()
      })
    })

const decodeError = (response: NodeResponse, cause: unknown) =>
  new HttpClientError.HttpClientError({
    reason: new HttpClientError.DecodeError({ request: response.request, response, cause })
  })

/** A response read whole: its body is in memory, so reading it costs no promise. */
class NodeResponse extends Inspectable.Class implements HttpClientResponse.HttpClientResponse {
  readonly [HttpIncomingMessage.TypeId] = HttpIncomingMessage.TypeId
  readonly [HttpClientResponse.TypeId] = HttpClientResponse.TypeId
  readonly request: HttpClientRequest.HttpClientRequest
  readonly status: number
  private readonly rawHeaders: ReadonlyArray<string>
  private readonly bytes: Uint8Array
  private cachedHeaders: Headers.Headers | undefined
  private decoded: string | undefined

  constructor(request: HttpClientRequest.HttpClientRequest, status: number, rawHeaders: ReadonlyArray<string>, bytes: Uint8Array) {
    super()
    this.request = request
    this.status = status
    this.rawHeaders = rawHeaders
    this.bytes = bytes
  }

  get url(): string {
    return this.request.url.split("#")[0]
  }

  get headers(): Headers.Headers {
    if (this.cachedHeaders !== undefined) return this.cachedHeaders
    const record: Record<string, string> = {}
    const raw = this.rawHeaders
    for (let i = 0; i < raw.length; i += 2) {
      const name = raw[i].toLowerCase()
      record[name] = name in record ? `${record[name]}, ${raw[i + 1]}` : raw[i + 1]
    }
    this.cachedHeaders = Headers.fromRecordUnsafe(record)
    return this.cachedHeaders
  }

  get cookies(): Cookies.Cookies {
    const setCookie: Array<string> = []
    for (let i = 0; i < this.rawHeaders.length; i += 2) {
      if (this.rawHeaders[i].toLowerCase() === "set-cookie") setCookie.push(this.rawHeaders[i + 1])
    }
    return Cookies.fromSetCookie(setCookie)
  }

  get remoteAddress(): Option.Option<string> {
    return Option.none()
  }

  get text(): Effect.Effect<string, HttpClientError.HttpClientError> {
    this.decoded ??= utf8.decode(this.bytes)
    return Effect.succeed(this.decoded)
  }

  get json(): Effect.Effect<Schema.Json, HttpClientError.HttpClientError> {
    return Effect.flatMap(this.text, (text) =>
      Effect.try({ try: (): Schema.Json => (text === "" ? null : JSON.parse(text)), catch: (cause) => decodeError(this, cause) }))
  }

  get urlParamsBody(): Effect.Effect<UrlParams.UrlParams, HttpClientError.HttpClientError> {
    return Effect.map(this.text, (text) => UrlParams.fromInput(new URLSearchParams(text)))
  }

  get arrayBuffer(): Effect.Effect<ArrayBuffer, HttpClientError.HttpClientError> {
    return Effect.sync(() => this.bytes.slice().buffer as ArrayBuffer)
  }

  get stream(): Stream.Stream<Uint8Array, HttpClientError.HttpClientError> {
    return Stream.succeed(this.bytes)
  }

  get formData(): Effect.Effect<FormData, HttpClientError.HttpClientError> {
    return Effect.tryPromise({
      try: () => new Response(this.bytes as Uint8Array<ArrayBuffer>, { headers: this.headers as Record<string, string> }).formData(),
      catch: (cause) => decodeError(this, cause)
    })
  }

  get upgrade(): Effect.Effect<never, HttpClientError.HttpClientError> {
    return Effect.fail(
      new HttpClientError.HttpClientError({
        reason: new HttpClientError.StatusCodeError({
          request: this.request,
          response: this,
          description: "this client does not hand over connections"
        })
      })
    )
  }

  toJSON(): unknown {
    return HttpIncomingMessage.inspect(this, { _id: "HttpClientResponse", request: this.request.toJSON(), status: this.status })
  }

  pipe() {
    // biome-ignore lint/complexity/noArguments: Pipeable's own idiom
    return pipeArguments(this, arguments)
  }
}

const utf8 = new TextDecoder()

const concat = (chunks: ReadonlyArray<Uint8Array>): Uint8Array => {
  const bytes = new Uint8Array(chunks.reduce((length, chunk) => length + chunk.byteLength, 0))
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return bytes
}
