/**
 * The local server's development uploads (`/_dev/uploads`, outside the Stelace API): images of
 * three types, checked by their bytes, bounded in size, served back under the URL they answer;
 * taken only from a logged-in user, from the app's own pages, within each user's share and a
 * bound on uploads under way.
 */
import { request as httpRequest } from "node:http"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { type RunningServer, startServer, StelaceTest } from "../../src/testing/index.js"
import {
  MAX_UPLOAD_BYTES,
  MAX_UPLOADS,
  MAX_UPLOADS_IN_FLIGHT,
  MAX_UPLOADS_IN_FLIGHT_PER_USER,
  MAX_UPLOADS_PER_USER
} from "../../src/testing/Uploads.js"
import { login } from "./helpers.js"

const { alice, bruno } = StelaceTest.demo.users
const appOrigin = "http://127.0.0.1:4000"

let server: RunningServer
let aliceToken: string

beforeEach(async () => {
  server = await startServer({ seed: "demo" })
  server.allowUploadOrigin(appOrigin)
  aliceToken = (await login(server, alice.username, alice.password)).accessToken
})

afterEach(() => server?.close())

const png = new Uint8Array(Buffer.from("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000100e221bc330000000049454e44ae426082", "hex"))

/** POSTs an upload: with Alice's token unless told (`null` for none), from no page unless an origin is given. */
const upload = (body: Uint8Array<ArrayBuffer> | string, type: string, options: { readonly token?: string | null; readonly origin?: string } = {}) =>
  fetch(`${server.url}/_dev/uploads`, {
    method: "POST",
    headers: {
      "content-type": type,
      ...(options.token === null ? {} : { authorization: `Bearer ${options.token ?? aliceToken}` }),
      ...(options.origin === undefined ? {} : { origin: options.origin })
    },
    body
  })

const urlOf = async (response: Response) => ((await response.json()) as { url: string }).url

/** A new user of the platform, logged in: their access token. */
let created = 0
const newUserToken = async () => {
  const username = `uploader-${created++}@example.com`
  const answer = await fetch(`${server.url}/users`, {
    method: "POST",
    headers: { authorization: `Basic ${btoa(`${server.secretApiKey}:`)}`, "content-type": "application/json" },
    body: JSON.stringify({ username, password: "uploader-password", roles: ["user", "provider"] })
  })
  expect(answer.status).toBe(200)
  return (await login(server, username, "uploader-password")).accessToken
}

describe("development uploads", () => {
  it("stores an image and serves it back at the URL it answers, to any page", async () => {
    const response = await upload(png, "image/png")
    expect(response.status).toBe(201)
    const url = await urlOf(response)
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
    const status = await new Promise<number>((resolve, reject) => {
      const sent = httpRequest(`${server.url}/_dev/uploads`, { method: "POST", headers: { "content-type": "image/png", authorization: `Bearer ${aliceToken}` } }, (response) => {
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

  it("answers 404 for an unknown upload, and leaves the Stelace API alone", async () => {
    expect((await fetch(`${server.url}/_dev/uploads/nothing-here.png`)).status).toBe(404)
    const assets = await fetch(`${server.url}/assets`, { headers: { authorization: `Basic ${btoa(`${server.secretApiKey}:`)}` } })
    expect(assets.status).toBe(200)
  })
})

describe("who may upload", () => {
  it("takes uploads from a logged-in user only: no token, a forged one or a key alone gets 401", async () => {
    const message = "Uploads need a logged-in user's access token: authorization: Bearer <accessToken>"
    const anonymous = await upload(png, "image/png", { token: null })
    expect(anonymous.status).toBe(401)
    expect((await anonymous.json()).message).toBe(message)
    const [header, payload] = aliceToken.split(".")
    expect((await upload(png, "image/png", { token: `${header}.${payload}.${"A".repeat(43)}` })).status).toBe(401)
    const keyOnly = await fetch(`${server.url}/_dev/uploads`, {
      method: "POST",
      headers: { "content-type": "image/png", authorization: `Basic ${btoa(`${server.publishableApiKey}:`)}` },
      body: png
    })
    expect(keyOnly.status).toBe(401)
  })

  it("takes no upload with a token from before the user's password reset", async () => {
    await fetch(`${server.url}/password/reset/request`, {
      method: "POST",
      headers: { authorization: `Basic ${btoa(`${server.publishableApiKey}:`)}`, "content-type": "application/json" },
      body: JSON.stringify({ username: alice.username })
    })
    const events = server.backend.store.all("event").filter((event) => event.type === "password__reset_requested")
    const resetToken: string = events.at(-1)!.metadata.resetToken
    const confirmed = await fetch(`${server.url}/password/reset/confirm`, {
      method: "POST",
      headers: { authorization: `Basic ${btoa(`${server.publishableApiKey}:`)}`, "content-type": "application/json" },
      body: JSON.stringify({ resetToken, newPassword: "a-new-password" })
    })
    expect(confirmed.status).toBe(200)
    expect((await upload(png, "image/png")).status).toBe(401)
  })

  it("answers the app's origin with CORS, and refuses another site's page: no CORS answer, 403", async () => {
    const allowed = await upload(png, "image/png", { origin: appOrigin })
    expect(allowed.status).toBe(201)
    expect(allowed.headers.get("access-control-allow-origin")).toBe(appOrigin)

    const elsewhere = await upload(png, "image/png", { origin: "https://evil.example" })
    expect(elsewhere.status).toBe(403)
    expect(elsewhere.headers.get("access-control-allow-origin")).toBeNull()
    expect((await elsewhere.json()).message).toBe("Uploads are taken from the app's pages only, not from \"https://evil.example\"")

    const preflight = (origin: string) =>
      fetch(`${server.url}/_dev/uploads`, {
        method: "OPTIONS",
        headers: { origin, "access-control-request-method": "POST", "access-control-request-headers": "authorization, content-type" }
      })
    const fromApp = await preflight(appOrigin)
    expect(fromApp.status).toBe(204)
    expect(fromApp.headers.get("access-control-allow-origin")).toBe(appOrigin)
    expect(fromApp.headers.get("access-control-allow-headers")).toBe("authorization, content-type")
    const fromElsewhere = await preflight("https://evil.example")
    expect(fromElsewhere.status).toBe(403)
    expect(fromElsewhere.headers.get("access-control-allow-origin")).toBeNull()
  })

  it("refuses an origin that is not an http(s) origin", () => {
    expect(() => server.allowUploadOrigin("javascript:alert(1)")).toThrow(TypeError)
  })
})

describe("what the uploads hold", () => {
  it(`keeps each user's last ${MAX_UPLOADS_PER_USER} photos: another user's uploads evict none of them`, async () => {
    const alicesPhoto = await urlOf(await upload(png, "image/png"))
    const brunoToken = (await login(server, bruno.username, bruno.password)).accessToken
    const brunos: Array<string> = []
    for (let index = 0; index <= MAX_UPLOADS_PER_USER; index++) brunos.push(await urlOf(await upload(png, "image/png", { token: brunoToken })))
    expect((await fetch(alicesPhoto)).status).toBe(200)
    // Bruno's own oldest went first
    expect((await fetch(brunos[0]!)).status).toBe(404)
    expect((await fetch(brunos[1]!)).status).toBe(200)
    expect((await fetch(brunos.at(-1)!)).status).toBe(200)
  })

  it(`holds ${MAX_UPLOADS} photos in all, then answers 507 rather than evict anyone's`, async () => {
    const first = await urlOf(await upload(png, "image/png"))
    let token = ""
    for (let user = 0; user < MAX_UPLOADS / MAX_UPLOADS_PER_USER; user++) {
      token = await newUserToken()
      const wanted = user === 0 ? MAX_UPLOADS_PER_USER - 1 : MAX_UPLOADS_PER_USER
      for (let index = 0; index < wanted; index++) expect((await upload(png, "image/png", { token })).status).toBe(201)
    }
    const full = await upload(png, "image/png", { token: await newUserToken() })
    expect(full.status).toBe(507)
    expect((await full.json()).message).toBe(`The development uploads hold ${MAX_UPLOADS} photos, the most they take: restart the server to empty them`)
    expect((await fetch(first)).status).toBe(200)
    // a user at their share still replaces their own oldest
    expect((await upload(png, "image/png", { token })).status).toBe(201)
    expect((await fetch(first)).status).toBe(200)
  })
})

describe("uploads under way", () => {
  /** An upload whose body never ends: resolves once the server has the request. */
  const unfinished = (token: string) =>
    new Promise<{ readonly abort: () => void; readonly status: Promise<number> }>((resolve, reject) => {
      let answered: (status: number) => void = () => {}
      const status = new Promise<number>((settle) => (answered = settle))
      const sent = httpRequest(`${server.url}/_dev/uploads`, {
        method: "POST",
        headers: { "content-type": "image/png", authorization: `Bearer ${token}`, "content-length": String(MAX_UPLOAD_BYTES) }
      }, (response) => {
        response.resume()
        answered(response.statusCode ?? 0)
      })
      sent.on("error", () => answered(0))
      sent.write(Buffer.from(png), (error) => (error ? reject(error) : resolve({ abort: () => sent.destroy(), status })))
    })

  it(`takes ${MAX_UPLOADS_IN_FLIGHT_PER_USER} at once from one user and ${MAX_UPLOADS_IN_FLIGHT} in all; beyond, 503 with retry-after`, async () => {
    const tokens = [aliceToken]
    while (tokens.length < MAX_UPLOADS_IN_FLIGHT / MAX_UPLOADS_IN_FLIGHT_PER_USER + 1) tokens.push(await newUserToken())
    const pending = []
    for (let index = 0; index < MAX_UPLOADS_IN_FLIGHT_PER_USER; index++) pending.push(await unfinished(aliceToken))
    // the server has them all once a fifth is refused
    await expect.poll(async () => (await upload(png, "image/png")).status).toBe(503)
    const refused = await upload(png, "image/png")
    expect(refused.headers.get("retry-after")).toBe("1")
    expect((await refused.json()).message).toBe(`This user has ${MAX_UPLOADS_IN_FLIGHT_PER_USER} uploads under way, the most one user may: try again once one is done`)

    for (const token of tokens.slice(1, -1)) {
      for (let index = 0; index < MAX_UPLOADS_IN_FLIGHT_PER_USER; index++) pending.push(await unfinished(token))
    }
    const last = tokens.at(-1)!
    await expect.poll(async () => (await upload(png, "image/png", { token: last })).status).toBe(503)

    // one ends: its slot is free again
    pending[0]!.abort()
    await expect.poll(async () => (await upload(png, "image/png", { token: last })).status).toBe(201)
    for (const upload of pending) upload.abort()
  })
})
