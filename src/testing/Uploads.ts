/**
 * The local server's photo uploads, for development only: **not part of the Stelace API**. Stelace
 * stores no files (apps keep URLs in metadata), so the demo marketplace needs somewhere to put its
 * listings' photos when it runs on this backend. `POST /_dev/uploads` takes one image as the raw
 * body (`content-type` image/jpeg, image/png or image/webp, at most 2 MB, its bytes checked to be
 * that kind of image) and answers `201 { url }`; `GET` of that URL serves it to anyone. Production
 * apps upload to their own storage instead.
 *
 * Who may upload, since the server may run where other people's pages reach it:
 * - a logged-in user: `authorization` carries one of their access tokens, valid and unexpired
 *   (`Bearer <token>`, or `Stelace-V1 ... token=<token>`); 401 otherwise;
 * - from a browser, only a page of an allowed origin (`allowOrigin`, which `npm start` gives the
 *   app's): another site's page gets no CORS answer and a 403. A request without an `Origin`
 *   header is no browser's cross-site request (curl, tests) and needs only the token.
 *
 * What it holds: each user their last {@link MAX_UPLOADS_PER_USER} photos (their own oldest go
 * first: nobody evicts another's), {@link MAX_UPLOADS} in all (beyond, 507 until the server
 * restarts), and {@link MAX_UPLOADS_IN_FLIGHT} uploads being received at once,
 * {@link MAX_UPLOADS_IN_FLIGHT_PER_USER} a user (beyond, 503 with `retry-after`); an upload that
 * sends nothing for {@link UPLOAD_IDLE_TIMEOUT} ms is cut off.
 */
import type { IncomingMessage, ServerResponse } from "node:http"

export const UPLOADS_PATH = "/_dev/uploads"
export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024
/** Photos held in all. */
export const MAX_UPLOADS = 200
/** Photos held per user: a user's next upload lets their own oldest go. */
export const MAX_UPLOADS_PER_USER = 20
/** Uploads received at once, in all and per user. */
export const MAX_UPLOADS_IN_FLIGHT = 16
export const MAX_UPLOADS_IN_FLIGHT_PER_USER = 4
/** How long an upload may send nothing before it is cut off. */
export const UPLOAD_IDLE_TIMEOUT = 30_000

const signatures: Record<string, (bytes: Buffer) => boolean> = {
  "image/jpeg": (bytes) => bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff,
  "image/png": (bytes) => bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  "image/webp": (bytes) => bytes.subarray(0, 4).toString("latin1") === "RIFF" && bytes.subarray(8, 12).toString("latin1") === "WEBP"
}

interface Upload {
  readonly type: string
  readonly bytes: Buffer
  readonly userId: string
}

/** What the uploads need from the server around them. */
export interface UploadsOptions {
  /** The user an `authorization` header's access token names, when it is valid and unexpired. */
  readonly userOf: (authorization: string | undefined) => Promise<string | undefined>
}

/** The uploads of one server: its request handler, and the origins allowed to upload from a browser. */
export interface Uploads {
  /** Answers a request of `/_dev/uploads`; `false` when the request is for another path. */
  readonly handle: (request: IncomingMessage, response: ServerResponse) => boolean
  /** Lets pages of `origin` (`http://127.0.0.1:4000`) upload. */
  readonly allowOrigin: (origin: string) => void
}

const nosniff = { "x-content-type-options": "nosniff" }

const answer = (response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  response.writeHead(status, { ...nosniff, ...headers, "content-type": "application/json" })
  response.end(JSON.stringify(body))
}

const refuse = (response: ServerResponse, status: number, message: string, headers: Record<string, string> = {}) =>
  answer(response, status, { message, statusCode: status }, headers)

/** An origin as browsers send it, or `undefined` for what is not an http(s) origin. */
const originOf = (value: string): string | undefined => {
  try {
    const url = new URL(value)
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : undefined
  } catch {
    return undefined
  }
}

/** The upload store of one server, and its request handler. */
export const makeUploads = (options: UploadsOptions): Uploads => {
  const files = new Map<string, Upload>()
  const allowedOrigins = new Set<string>()
  const inFlight = new Map<string, number>()
  let inFlightTotal = 0

  /** CORS answer headers for a request from an allowed origin; none for any other. */
  const corsFor = (request: IncomingMessage): Record<string, string> => {
    const origin = request.headers.origin
    return origin !== undefined && allowedOrigins.has(origin) ? { "access-control-allow-origin": origin, vary: "Origin" } : { vary: "Origin" }
  }

  /** Why a browser request's origin may not upload, or `undefined` when it may (or is no browser's). */
  const originProblem = (request: IncomingMessage): string | undefined => {
    const origin = request.headers.origin
    if (origin === undefined || allowedOrigins.has(origin)) return undefined
    return `Uploads are taken from the app's pages only, not from ${JSON.stringify(origin.slice(0, 200))}`
  }

  const store = (userId: string, type: string, bytes: Buffer): string | undefined => {
    const own = [...files].filter(([, file]) => file.userId === userId)
    if (own.length >= MAX_UPLOADS_PER_USER) files.delete(own[0]![0])
    else if (files.size >= MAX_UPLOADS) return undefined
    const id = `${globalThis.crypto.randomUUID()}.${type.slice("image/".length)}`
    files.set(id, { type, bytes, userId })
    return id
  }

  const receive = (request: IncomingMessage, response: ServerResponse, userId: string) => {
    const cors = corsFor(request)
    const type = (request.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase()
    const check = signatures[type]
    if (check === undefined) {
      request.resume()
      return refuse(response, 415, `Uploads take image/jpeg, image/png or image/webp, not "${type.slice(0, 100) || "nothing"}"`, cors)
    }
    const declared = Number(request.headers["content-length"] ?? NaN)
    if (declared > MAX_UPLOAD_BYTES) {
      request.resume()
      return refuse(response, 413, `An upload is at most ${MAX_UPLOAD_BYTES} bytes`, cors)
    }
    if (inFlightTotal >= MAX_UPLOADS_IN_FLIGHT || (inFlight.get(userId) ?? 0) >= MAX_UPLOADS_IN_FLIGHT_PER_USER) {
      request.resume()
      const message = inFlightTotal >= MAX_UPLOADS_IN_FLIGHT
        ? `${MAX_UPLOADS_IN_FLIGHT} uploads are under way, the most the development server takes at once: try again shortly`
        : `This user has ${MAX_UPLOADS_IN_FLIGHT_PER_USER} uploads under way, the most one user may: try again once one is done`
      return refuse(response, 503, message, { ...cors, "retry-after": "1" })
    }
    inFlightTotal++
    inFlight.set(userId, (inFlight.get(userId) ?? 0) + 1)
    let done = false
    // a body that stops coming must not hold its slot
    const idle = setTimeout(() => request.destroy(), UPLOAD_IDLE_TIMEOUT)
    const finish = () => {
      if (done) return
      done = true
      clearTimeout(idle)
      inFlightTotal--
      const count = (inFlight.get(userId) ?? 1) - 1
      if (count === 0) inFlight.delete(userId)
      else inFlight.set(userId, count)
    }
    request.on("close", finish)
    const chunks: Array<Buffer> = []
    let size = 0
    let over = false
    request.on("data", (chunk: Buffer) => {
      idle.refresh()
      size += chunk.length
      if (size <= MAX_UPLOAD_BYTES) chunks.push(chunk)
      else if (!over) {
        // answer at once; the rest is read and dropped, and an endless body is cut off further on
        over = true
        chunks.length = 0
        refuse(response, 413, `An upload is at most ${MAX_UPLOAD_BYTES} bytes`, cors)
      } else if (size > 8 * MAX_UPLOAD_BYTES) request.destroy()
    })
    request.on("end", () => {
      finish()
      if (over) return
      const bytes = Buffer.concat(chunks)
      if (!check(bytes)) return refuse(response, 422, `The body is not an image of type ${type}`, cors)
      const id = store(userId, type, bytes)
      if (id === undefined) {
        return refuse(response, 507, `The development uploads hold ${MAX_UPLOADS} photos, the most they take: restart the server to empty them`, cors)
      }
      const host = request.headers.host ?? "127.0.0.1"
      answer(response, 201, { url: `http://${host}${UPLOADS_PATH}/${id}` }, cors)
    })
    request.on("error", () => {
      finish()
      response.destroy()
    })
  }

  const post = async (request: IncomingMessage, response: ServerResponse) => {
    const problem = originProblem(request)
    if (problem !== undefined) {
      request.resume()
      return refuse(response, 403, problem)
    }
    let userId: string | undefined
    try {
      userId = await options.userOf(request.headers.authorization)
    } catch {
      userId = undefined
    }
    if (userId === undefined) {
      request.resume()
      return refuse(response, 401, "Uploads need a logged-in user's access token: authorization: Bearer <accessToken>", corsFor(request))
    }
    receive(request, response, userId)
  }

  const serve = (id: string, request: IncomingMessage, response: ServerResponse) => {
    const file = files.get(id)
    // the photos are public: any page may show them
    const headers = { "access-control-allow-origin": "*" }
    if (file === undefined) return refuse(response, 404, "No such upload", headers)
    response.writeHead(200, {
      ...nosniff,
      ...headers,
      "content-type": file.type,
      "content-length": file.bytes.length,
      "cache-control": "public, max-age=31536000, immutable"
    })
    response.end(request.method === "HEAD" ? undefined : file.bytes)
  }

  const preflight = (request: IncomingMessage, response: ServerResponse) => {
    if (originProblem(request) !== undefined) {
      response.writeHead(403, { ...nosniff, vary: "Origin" })
      response.end()
      return
    }
    response.writeHead(204, {
      ...nosniff,
      ...corsFor(request),
      "access-control-allow-methods": "GET, POST",
      "access-control-allow-headers": "authorization, content-type",
      "access-control-max-age": "600"
    })
    response.end()
  }

  const handle = (request: IncomingMessage, response: ServerResponse): boolean => {
    const pathname = new URL(request.url ?? "/", "http://localhost").pathname
    if (pathname !== UPLOADS_PATH && !pathname.startsWith(`${UPLOADS_PATH}/`)) return false
    const id = pathname.slice(UPLOADS_PATH.length + 1)
    if (request.method === "POST" && id === "") void post(request, response)
    else if ((request.method === "GET" || request.method === "HEAD") && /^[\w-]+\.(jpeg|png|webp)$/.test(id)) serve(id, request, response)
    else if (request.method === "OPTIONS") preflight(request, response)
    else {
      request.resume()
      refuse(response, id === "" ? 405 : 404, id === "" ? "Uploads take POST" : "No such upload")
    }
    return true
  }

  return {
    handle,
    allowOrigin: (origin) => {
      const normalized = originOf(origin)
      if (normalized === undefined) throw new TypeError(`An upload origin is an http(s) origin such as http://127.0.0.1:4000, not ${JSON.stringify(origin)}`)
      allowedOrigins.add(normalized)
    }
  }
}
