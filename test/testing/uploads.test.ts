/**
 * The local server's development uploads (`/_dev/uploads`, outside the Stelace API): images of
 * three types, checked by their bytes, bounded in size, served back under the URL they answer.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type RunningServer, startServer } from "../../src/testing/index.js"
import { MAX_UPLOAD_BYTES, MAX_UPLOADS } from "../../src/testing/Uploads.js"

let server: RunningServer

beforeAll(async () => {
  server = await startServer({ seed: "empty" })
})

afterAll(() => server?.close())

const png = new Uint8Array(Buffer.from("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000100e221bc330000000049454e44ae426082", "hex"))

const upload = (body: Uint8Array<ArrayBuffer> | string, type: string) =>
  fetch(`${server.url}/_dev/uploads`, { method: "POST", headers: { "content-type": type }, body })

describe("development uploads", () => {
  it("stores an image and serves it back at the URL it answers", async () => {
    const response = await upload(png, "image/png")
    expect(response.status).toBe(201)
    const { url } = await response.json() as { url: string }
    expect(url).toMatch(new RegExp(`^${server.url}/_dev/uploads/[\\w-]+\\.png$`))
    const served = await fetch(url)
    expect(served.status).toBe(200)
    expect(served.headers.get("content-type")).toBe("image/png")
    expect(served.headers.get("access-control-allow-origin")).toBe("*")
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(png)
  })

  it("refuses other types, bodies that are not the image they claim, and images over the limit", async () => {
    const svg = await upload("<svg xmlns='http://www.w3.org/2000/svg'/>", "image/svg+xml")
    expect(svg.status).toBe(415)
    expect((await svg.json()).message).toContain("image/jpeg, image/png or image/webp")
    const fake = await upload("<html>not a picture</html>", "image/png")
    expect(fake.status).toBe(422)
    expect((await fake.json()).message).toBe("The body is not an image of type image/png")
    const big = new Uint8Array(MAX_UPLOAD_BYTES + 1)
    big.set(png)
    const tooBig = await upload(big, "image/png")
    expect(tooBig.status).toBe(413)
  })

  it("stops reading a body sent without a length once it passes the limit", async () => {
    const { request } = await import("node:http")
    const status = await new Promise<number>((resolve, reject) => {
      const sent = request(`${server.url}/_dev/uploads`, { method: "POST", headers: { "content-type": "image/png" } }, (response) => {
        response.resume()
        resolve(response.statusCode ?? 0)
        sent.destroy()
      })
      sent.on("error", reject)
      // chunked, endless: written until the server answers
      const chunk = Buffer.alloc(64 * 1024)
      const write = () => {
        if (sent.destroyed) return
        sent.write(chunk, () => setImmediate(write))
      }
      write()
    })
    expect(status).toBe(413)
  })

  it(`keeps the last ${MAX_UPLOADS} uploads, the oldest going first`, async () => {
    const urls: Array<string> = []
    for (let i = 0; i <= MAX_UPLOADS; i++) urls.push(((await (await upload(png, "image/png")).json()) as { url: string }).url)
    expect((await fetch(urls[0]!)).status).toBe(404)
    expect((await fetch(urls[1]!)).status).toBe(200)
    expect((await fetch(urls.at(-1)!)).status).toBe(200)
  })

  it("answers 404 for an unknown upload, and leaves the Stelace API alone", async () => {
    expect((await fetch(`${server.url}/_dev/uploads/nothing-here.png`)).status).toBe(404)
    const assets = await fetch(`${server.url}/assets`, { headers: { authorization: `Basic ${btoa(`${server.secretApiKey}:`)}` } })
    expect(assets.status).toBe(200)
  })
})
