/**
 * The local server's photo uploads, for development only: **not part of the Stelace API**. Stelace
 * stores no files (apps keep URLs in metadata), so the demo marketplace needs somewhere to put its
 * listings' photos when it runs on this backend. `POST /_dev/uploads` takes one image as the raw
 * body (`content-type` image/jpeg, image/png or image/webp, at most 2 MB, its bytes checked to be
 * that kind of image) and answers `201 { url }`; `GET` of that URL serves it. Files live in memory
 * with the server, 200 of them at most (the oldest go first). Production apps upload to their own
 * storage instead.
 */
import type { IncomingMessage, ServerResponse } from "node:http"

export const UPLOADS_PATH = "/_dev/uploads"
export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024
export const MAX_UPLOADS = 200

const signatures: Record<string, (bytes: Buffer) => boolean> = {
  "image/jpeg": (bytes) => bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff,
  "image/png": (bytes) => bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  "image/webp": (bytes) => bytes.subarray(0, 4).toString("latin1") === "RIFF" && bytes.subarray(8, 12).toString("latin1") === "WEBP"
}

interface Upload {
  readonly type: string
  readonly bytes: Buffer
}

const headers = {
  "access-control-allow-origin": "*",
  "x-content-type-options": "nosniff"
}

const answer = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { ...headers, "content-type": "application/json" })
  response.end(JSON.stringify(body))
}

const refuse = (response: ServerResponse, status: number, message: string) => answer(response, status, { message, statusCode: status })

/** The upload store of one server, and its request handler: `true` when the request was an upload's. */
export const makeUploads = () => {
  const files = new Map<string, Upload>()

  const receive = (request: IncomingMessage, response: ServerResponse) => {
    const type = (request.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase()
    const check = signatures[type]
    if (check === undefined) {
      request.resume()
      return refuse(response, 415, `Uploads take image/jpeg, image/png or image/webp, not "${type || "nothing"}"`)
    }
    const declared = Number(request.headers["content-length"] ?? NaN)
    if (declared > MAX_UPLOAD_BYTES) {
      request.resume()
      return refuse(response, 413, `An upload is at most ${MAX_UPLOAD_BYTES} bytes`)
    }
    const chunks: Array<Buffer> = []
    let size = 0
    let over = false
    request.on("data", (chunk: Buffer) => {
      size += chunk.length
      if (size <= MAX_UPLOAD_BYTES) chunks.push(chunk)
      else if (!over) {
        // answer at once; the rest is read and dropped, and an endless body is cut off further on
        over = true
        chunks.length = 0
        refuse(response, 413, `An upload is at most ${MAX_UPLOAD_BYTES} bytes`)
      } else if (size > 8 * MAX_UPLOAD_BYTES) request.destroy()
    })
    request.on("end", () => {
      if (over) return
      const bytes = Buffer.concat(chunks)
      if (!check(bytes)) return refuse(response, 422, `The body is not an image of type ${type}`)
      if (files.size >= MAX_UPLOADS) files.delete(files.keys().next().value!)
      const id = `${globalThis.crypto.randomUUID()}.${type.slice("image/".length)}`
      files.set(id, { type, bytes })
      const host = request.headers.host ?? "127.0.0.1"
      answer(response, 201, { url: `http://${host}${UPLOADS_PATH}/${id}` })
    })
    request.on("error", () => response.destroy())
  }

  const serve = (id: string, request: IncomingMessage, response: ServerResponse) => {
    const file = files.get(id)
    if (file === undefined) return refuse(response, 404, "No such upload")
    response.writeHead(200, { ...headers, "content-type": file.type, "content-length": file.bytes.length, "cache-control": "public, max-age=31536000, immutable" })
    response.end(request.method === "HEAD" ? undefined : file.bytes)
  }

  return (request: IncomingMessage, response: ServerResponse): boolean => {
    const pathname = new URL(request.url ?? "/", "http://localhost").pathname
    if (pathname !== UPLOADS_PATH && !pathname.startsWith(`${UPLOADS_PATH}/`)) return false
    const id = pathname.slice(UPLOADS_PATH.length + 1)
    if (request.method === "POST" && id === "") receive(request, response)
    else if ((request.method === "GET" || request.method === "HEAD") && /^[\w-]+\.(jpeg|png|webp)$/.test(id)) serve(id, request, response)
    else if (request.method === "OPTIONS") {
      response.writeHead(204, { ...headers, "access-control-allow-methods": "GET, POST", "access-control-allow-headers": "content-type", "access-control-max-age": "600" })
      response.end()
    } else {
      request.resume()
      refuse(response, id === "" ? 405 : 404, id === "" ? "Uploads take POST" : "No such upload")
    }
    return true
  }
}
