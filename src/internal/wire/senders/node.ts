/**
 * The Node transport over `node:http` / `node:https`, with the global agents' keep-alive. The
 * modules come from `process.getBuiltinModule` (Node 20.16+), so nothing here is an import a
 * browser bundler would try to resolve; where they are missing, `nodeModules()` answers `undefined`
 * and callers use the fetch transport.
 *
 * One timer per request handles the timeout; interruption destroys the request. Redirects are not
 * followed (node:http never does), so credentials never leave the API host.
 *
 * Every body goes with its `content-length`: node:http frames a body by itself only for methods it
 * expects one on (POST, PUT, PATCH), and writes the bytes of a DELETE's or an OPTIONS' unframed,
 * which the server reads as the start of a second request.
 */
import * as Effect from "effect/Effect"
import type { NetworkError } from "../../../Errors.js"
import type { RawRequest, RawResponse, Sender } from "../rawSender.js"
import { networkError, reasonOf, settleOnce } from "../rawSender.js"

interface IncomingMessage {
  readonly statusCode?: number | undefined
  readonly rawHeaders: ReadonlyArray<string>
  setEncoding(encoding: "utf8"): void
  on(event: "data", listener: (chunk: string) => void): this
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

/** The Node modules, when running on Node (or a runtime offering `process.getBuiltinModule`). */
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

/** One header of Node's raw list (`[name, value, ...]`), read without building Node's headers object. */
const rawHeader = (raw: ReadonlyArray<string>, name: string): string | undefined => {
  let found: string | undefined
  for (let i = 0; i < raw.length; i += 2) {
    const key = raw[i]
    if (key.length === name.length && key.toLowerCase() === name) found = found === undefined ? raw[i + 1] : `${found}, ${raw[i + 1]}`
  }
  return found
}

const rawHeaderRecord = (raw: ReadonlyArray<string>): Record<string, string> => {
  const out: Record<string, string> = {}
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i].toLowerCase()
    out[name] = name in out ? `${out[name]}, ${raw[i + 1]}` : raw[i + 1]
  }
  return out
}

const encoder = new TextEncoder()

/** A sender over `node:http` / `node:https`. */
export const makeNodeSender = (modules: NodeModules): Sender => (request: RawRequest) =>
  Effect.callback<RawResponse, NetworkError>((resume) => {
    const cancel = () => {
      settle()
      outgoing.destroy()
    }
    const fail = (cause: unknown) => settle(Effect.fail(networkError(request, reasonOf(cause), cause)))
    const module = request.secure ? modules.https : modules.http
    const bytes = request.body === undefined ? undefined : encoder.encode(request.body)
    const headers = bytes === undefined ? request.headers : { ...request.headers, "content-length": String(bytes.length) }
    const outgoing = module.request(
      { method: request.method, hostname: request.hostname, port: request.port, path: request.path, headers },
      (incoming) => {
        let text = ""
        incoming.setEncoding("utf8")
        incoming.on("data", (chunk) => {
          text += chunk
        })
        // a connection closed before the whole body arrived is an error too (ECONNRESET)
        incoming.on("error", fail)
        incoming.on("end", () => {
          const raw = incoming.rawHeaders
          settle(Effect.succeed({ status: incoming.statusCode ?? 0, text, header: (name) => rawHeader(raw, name), headers: () => rawHeaderRecord(raw) }))
        })
      }
    )
    outgoing.on("error", fail)
    // armed once the request exists (node:http reports its failures on a later tick)
    const settle = settleOnce(request, resume, cancel)
    outgoing.end(bytes)
    return Effect.sync(cancel)
  })
