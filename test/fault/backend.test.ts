/**
 * The in-memory backend under hostile input: query strings and bodies that try to reach
 * `Object.prototype`, bodies too large to read, JSON nested too deep to store, and one hostile
 * client among honest ones. Each case runs against the socket server (`startServer`) and the
 * in-process backend (`StelaceTest.makeBackend`, what `StelaceTest.layer` answers with).
 */
import * as Effect from "effect/Effect"
import * as HttpClient from "effect/http/HttpClient"
import * as HttpClientRequest from "effect/http/HttpClientRequest"
import * as Stream from "effect/Stream"
import { afterEach, describe, expect, it } from "vitest"
import { type RunningServer, startServer, StelaceTest } from "../../src/testing/index.js"
import { parseQuery } from "../../src/testing/backend/QueryString.js"
import { demo } from "../../src/testing/seeds/demo.js"
import {
  cleanPrototype,
  closeServers,
  expectNoPermissionGained,
  expectUnpolluted,
  hostileQueries,
  login,
  nested,
  nestedText,
  send,
  type Sender,
  streamUntilClosed,
  ways
} from "./backendHelpers.js"

const chloe = { ...demo.users.chloe, roles: ["user"] }

/** Servers a test started itself (those of `ways` close with `closeServers`). */
const servers: Array<RunningServer> = []
afterEach(async () => {
  await Promise.all([closeServers(), ...servers.splice(0).map((server) => server.close())])
  // a polluted prototype fails the test that polluted it, and is cleaned so the next ones stand alone
  expect(cleanPrototype()).toStrictEqual([])
})

describe("the query string parser", () => {
  it("drops parameters naming a prototype key at any depth, keeps the others, and nests 5 levels as qs", () => {
    const query = parseQuery(new URLSearchParams(
      "a[__proto__][x]=1&hasOwnProperty=1&b[toString]=1&c[prototype]=1&__proto__=1&d[e][f][g][h][i][j][k]=deep&ok=1"
    ))
    expect(JSON.stringify(query)).toBe(`{"d":{"e":{"f":{"g":{"h":{"i":{"[j][k]":"deep"}}}}}},"ok":"1"}`)
    expect(Object.getPrototypeOf(query)).toBe(Object.prototype)
  })
})

describe.each(ways)("prototype pollution (%s)", (_name, make) => {
  it.each(hostileQueries)("ignores the prototype keys of the query string %s", async (query) => {
    const api = await make()
    const home = await api.send({ method: "GET", path: `/?${query}`, key: null })
    expect(home.status).toBe(200)
    const list = await api.send({ method: "GET", path: `/assets?${query}` })
    expect(list.status).toBe(200)
    expectUnpolluted()
    await expectNoPermissionGained(api, chloe)
  })

  it("keeps the other keys of a query string that also holds prototype keys", async () => {
    const api = await make()
    const answer = await api.send({ method: "GET", path: "/assets?__proto__[nbResultsPerPage]=1&nbResultsPerPage=2&constructor[x]=1" })
    expect(answer.status).toBe(200)
    expect(answer.body.results).toHaveLength(2)
  })

  it("ignores the prototype keys of a form body", async () => {
    const api = await make()
    const answer = await api.send({
      method: "POST",
      path: "/auth/login",
      key: api.keys.publishableApiKey,
      form: `__proto__[polluted]=yes&constructor[prototype][polluted]=yes&__proto__[permissions][]=*&username=${
        encodeURIComponent(demo.users.chloe.username)
      }&password=${demo.users.chloe.password}`
    })
    expect(answer.status).toBe(200)
    expect(answer.body.userId).toBe(demo.users.chloe.id)
    expectUnpolluted()
    await expectNoPermissionGained(api, chloe)
  })

  const protoBodies: ReadonlyArray<readonly [string, string, string]> = [
    ["POST", "/users", `{"username":"mallory","password":"mallory-password","metadata":{"__proto__":{"polluted":"yes"}}}`],
    ["POST", "/users", `{"username":"mallory","password":"mallory-password","__proto__":{"roles":["dev"]}}`],
    ["POST", "/assets", `{"name":"Bike","metadata":{"_private":{"__proto__":{"polluted":"yes"}}}}`],
    ["PATCH", `/users/${demo.users.chloe.id}`, `{"metadata":{"__proto__":{"polluted":"yes","permissions":["*"]}}}`],
    ["PATCH", `/users/${demo.users.chloe.id}`, `{"platformData":{"a":{"__proto__":{"polluted":"yes"}}}}`],
    ["PATCH", "/config", `{"stelace":{"__proto__":{"polluted":"yes"}}}`],
    ["PATCH", "/config/private", `{"stelace":{"__proto__":{"polluted":"yes"}}}`],
    ["POST", "/search", `{"query":"x","customAttributes":{"__proto__":{"polluted":"yes"}}}`]
  ]

  it.each(protoBodies)("refuses a JSON body holding a __proto__ key: %s %s", async (method, path, text) => {
    const api = await make()
    const before = await api.send({ method: "GET", path: `/users/${demo.users.chloe.id}` })
    const answer = await api.send({ method, path, text })
    expect(answer.status).toBe(400)
    expect(answer.body).toStrictEqual({ message: expect.stringContaining("__proto__"), statusCode: 400 })
    expectUnpolluted()
    expect(await api.send({ method: "GET", path: `/users/${demo.users.chloe.id}` })).toMatchObject({ body: before.body })
    await expectNoPermissionGained(api, chloe)
  })

  it("stores constructor and prototype keys of metadata as plain data", async () => {
    const api = await make()
    const { accessToken, userId } = await login(api, demo.users.chloe)
    const asChloe = { key: api.keys.publishableApiKey, token: accessToken }
    const text = `{"metadata":{"constructor":{"prototype":{"polluted":"yes"}},"prototype":{"polluted":"yes"}}}`
    for (let i = 0; i < 2; i++) {
      const answer = await api.send({ method: "PATCH", path: `/users/${userId}`, ...asChloe, text })
      expect(answer.status).toBe(200)
      // compared as text: toStrictEqual reads `constructor` to compare types
      expect(JSON.stringify(answer.body.metadata)).toBe(`{"constructor":{"prototype":{"polluted":"yes"}},"prototype":{"polluted":"yes"}}`)
    }
    expectUnpolluted()
    await expectNoPermissionGained(api, chloe)
  })

  it("refuses a __proto__ key in a JSON query value", async () => {
    const api = await make()
    const answer = await api.send({ method: "GET", path: `/assets?createdDate=${encodeURIComponent(`{"__proto__":{"polluted":"yes"}}`)}` })
    expect(answer.status).toBe(400)
    expect(answer.body.message).toBe(`Query value may not use "__proto__" as a key`)
    expectUnpolluted()
  })
})

describe.each(ways)("hostile paths and headers (%s)", (_name, make) => {
  it("answers 404 to a path segment that is not valid percent-encoding", async () => {
    const api = await make()
    const answer = await api.send({ method: "GET", path: "/users/%E0%A4%A" })
    expect(answer).toStrictEqual({ status: 404, body: { code: "ResourceNotFound", message: "/users/%E0%A4%A does not exist" } })
  })

  it("finds nothing at prototype names used as ids", async () => {
    const api = await make()
    for (const path of ["/users/__proto__", "/assets/constructor", "/assets/hasOwnProperty", "/roles/prototype"]) {
      expect((await api.send({ method: "GET", path })).status, path).toBe(404)
      expect((await api.send({ method: "PATCH", path, json: { metadata: { a: 1 } } })).status, path).toBe(404)
    }
    expectUnpolluted()
  })
})

describe.each(ways)("deep JSON (%s)", (_name, make) => {
  it("refuses JSON nested far deeper than a stack can serialize (100,000 levels)", async () => {
    const api = await make()
    const answer = await api.send({ method: "POST", path: "/assets", text: `{"name":"Deep","metadata":{"deep":${nestedText(100_000)}}}` })
    expect(answer.status).toBe(400)
    expect((await api.send({ method: "GET", path: "/assets?nbResultsPerPage=100" })).body.results.map((asset: any) => asset.name))
      .not.toContain("Deep")
  })

  it("refuses a signup nesting 3,000 levels deep, stores nothing, and keeps answering GET /users", async () => {
    const api = await make()
    const before = await api.send({ method: "GET", path: "/users?nbResultsPerPage=100" })
    const answer = await api.send({
      method: "POST",
      path: "/users",
      key: api.keys.publishableApiKey,
      json: { username: "deep", password: "deep-password", metadata: { deep: nested(3000) } }
    })
    expect(answer.status).toBe(400)
    expect(answer.body).toStrictEqual({ message: expect.stringMatching(/nests deeper than \d+ levels/), statusCode: 400 })
    const after = await api.send({ method: "GET", path: "/users?nbResultsPerPage=100" })
    expect(after.status).toBe(200)
    expect(after.body).toStrictEqual(before.body)
  })

  it("refuses deep nesting in a PATCH and in a JSON query value alike", async () => {
    const api = await make()
    const patch = await api.send({ method: "PATCH", path: `/users/${demo.users.chloe.id}`, json: { metadata: { deep: nested(3000) } } })
    expect(patch.status).toBe(400)
    const user = await api.send({ method: "GET", path: `/users/${demo.users.chloe.id}` })
    expect(user.status).toBe(200)
    expect(user.body.metadata.deep).toBeUndefined()
    // 1,500 levels: deeper than the limit, yet short enough for a request line
    const query = await api.send({ method: "GET", path: `/assets?createdDate=${encodeURIComponent(JSON.stringify({ gte: nested(1500) }))}` })
    expect(query.status).toBe(400)
    expect(query.body.message).toBe("Query value nests deeper than 1000 levels")
  })

  it("accepts nesting an honest client may send (50 levels)", async () => {
    const api = await make()
    const answer = await api.send({ method: "PATCH", path: `/users/${demo.users.chloe.id}`, json: { metadata: { deep: nested(50) } } })
    expect(answer.status).toBe(200)
    expect(answer.body.metadata.deep).toStrictEqual(nested(50))
  })
})

describe.each(ways)("body size (%s)", (_name, make) => {
  it("answers 413 in restify's shape to a body above the limit and stores nothing", async () => {
    const api = await make({ maxBodySize: 1000 })
    const answer = await api.send({
      method: "PATCH",
      path: `/users/${demo.users.chloe.id}`,
      json: { metadata: { big: "x".repeat(2000) } }
    })
    expect(answer.status).toBe(413)
    expect(answer.body).toStrictEqual({ code: "PayloadTooLarge", message: "Request body size exceeds 1000" })
    const user = await api.send({ method: "GET", path: `/users/${demo.users.chloe.id}` })
    expect(user.body.metadata.big).toBeUndefined()
  })

  it("accepts a body just within the limit", async () => {
    const api = await make({ maxBodySize: 1000 })
    const json = { metadata: { big: "" } }
    json.metadata.big = "x".repeat(1000 - JSON.stringify(json).length)
    const answer = await api.send({ method: "PATCH", path: `/users/${demo.users.chloe.id}`, json })
    expect(answer.status).toBe(200)
    expect(answer.body.metadata.big).toBe(json.metadata.big)
  })

  it("refuses 50 MB of metadata by default", async () => {
    const api = await make()
    const answer = await api.send({ method: "PATCH", path: `/users/${demo.users.chloe.id}`, json: { metadata: { big: "x".repeat(50 * 1024 * 1024) } } })
    expect(answer.status).toBe(413)
  })
})

describe("startServer's body limit", () => {
  it("refuses an invalid maxBodySize by name", async () => {
    await expect(startServer({ maxBodySize: 0 })).rejects.toThrow(/maxBodySize/)
    await expect(startServer({ maxBodySize: 1.5 })).rejects.toThrow(/maxBodySize/)
    await expect(Effect.runPromise(StelaceTest.makeBackend({ maxBodySize: -1 }))).rejects.toThrow(/maxBodySize/)
  })

  it("answers 413 from the announced length, before reading the body", async () => {
    const server = await startServer({ maxBodySize: 1000 })
    servers.push(server)
    const result = await streamUntilClosed(server.url, { contentLength: 10_000_000, chunk: 0 })
    expect(result.status).toBe(413)
    expect(result.bytesSent).toBe(0)
  })

  it("stops reading an endless chunked body early, closes that connection, and keeps serving others", async () => {
    const server = await startServer({ maxBodySize: 64 * 1024 })
    servers.push(server)
    const api: Sender = { keys: server, send: (request) => send.socket(server.url, request, server) }
    // a client that keeps sending 16 KB chunks until the server closes its connection
    const hostile = streamUntilClosed(server.url, { chunk: 16 * 1024 })
    const honest = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        api.send({ method: "PATCH", path: `/users/${demo.users.chloe.id}`, json: { metadata: { [`k${i}`]: i } } }))
    )
    const result = await hostile
    expect(result.status).toBe(413)
    expect(result.body).toStrictEqual({ code: "PayloadTooLarge", message: `Request body size exceeds ${64 * 1024}` })
    // the client never stops by itself: it was cut off. What it wrote past the limit sat in the
    // socket buffers of both ends (a few MB on loopback), far from what it would have sent.
    expect(result.bytesSent).toBeLessThan(32 * 1024 * 1024)
    expect(honest.map((answer) => answer.status)).toStrictEqual(Array(20).fill(200))
    const user = await api.send({ method: "GET", path: `/users/${demo.users.chloe.id}` })
    expect(user.body.metadata).toMatchObject(Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`k${i}`, i])))
    expect((await api.send({ method: "GET", path: "/" , key: null })).status).toBe(200)
  })
})

describe("StelaceTest.layer's stream bodies", () => {
  const encoder = new TextEncoder()
  const postStream = (stream: Stream.Stream<Uint8Array>) =>
    Effect.gen(function*() {
      const backend = yield* StelaceTest.Backend
      const response = yield* HttpClient.execute(
        HttpClientRequest.post("http://localhost/assets").pipe(
          HttpClientRequest.setHeaders({ authorization: `Basic ${btoa(`${backend.secretApiKey}:`)}` }),
          HttpClientRequest.bodyStream(stream, { contentType: "application/json" })
        )
      )
      return { status: response.status, body: yield* response.json }
    }).pipe(Effect.provide(StelaceTest.layer({ maxBodySize: 1000 })))

  it("reads a stream body instead of dropping it", async () => {
    const answer = await Effect.runPromise(postStream(Stream.make(encoder.encode(`{"name":`), encoder.encode(`"Streamed"}`))))
    expect(answer).toMatchObject({ status: 200, body: { name: "Streamed" } })
  })

  it("stops reading an endless stream at the limit and answers 413", async () => {
    let pulled = 0
    function* endless() {
      for (;;) {
        pulled++
        yield encoder.encode("x".repeat(100))
      }
    }
    const answer = await Effect.runPromise(postStream(Stream.fromIterable(endless(), { chunkSize: 1 })))
    expect(answer).toStrictEqual({ status: 413, body: { code: "PayloadTooLarge", message: "Request body size exceeds 1000" } })
    // eleven chunks of 100 bytes pass 1000; the stream may be pulled a chunk or so ahead
    expect(pulled).toBeLessThan(20)
  })
})

describe.each(ways)("one hostile client among honest ones (%s)", (_name, make) => {
  it("leaves the honest clients' results exact", async () => {
    const api = await make({ maxBodySize: 100_000 })
    const hostile = [
      () => api.send({ method: "GET", path: "/?__proto__%5Bpermissions%5D%5B%5D=*", key: null }),
      () => api.send({ method: "POST", path: "/auth/login", key: api.keys.publishableApiKey, form: "__proto__[roles][]=dev&username=x&password=y" }),
      () => api.send({ method: "PATCH", path: `/users/${demo.users.david.id}`, text: `{"metadata":{"__proto__":{"permissions":["*"]}}}` }),
      () => api.send({ method: "PATCH", path: `/users/${demo.users.david.id}`, text: `{"metadata":{"deep":${nestedText(5000)}}}` }),
      () => api.send({ method: "PATCH", path: `/users/${demo.users.david.id}`, json: { metadata: { big: "x".repeat(200_000) } } }),
      () => api.send({ method: "POST", path: "/users", key: api.keys.publishableApiKey, text: "{not json" })
    ]
    const honestAssets = Array.from({ length: 10 }, (_, i) => ({ name: `Honest ${i}`, price: i * 3, metadata: { order: i, tags: ["a", String(i)] } }))
    const results = await Promise.all([
      ...Array.from({ length: 5 }, () => Promise.all(hostile.map((attack) => attack()))),
      Promise.all(honestAssets.map((json) => api.send({ method: "POST", path: "/assets", json })))
    ])
    const created = results[results.length - 1]!
    for (const attempt of results.slice(0, -1)) {
      expect(attempt.map((answer) => answer.status)).toStrictEqual([200, 403, 400, 400, 413, 400])
    }
    expect(created.map((answer) => answer.status)).toStrictEqual(Array(10).fill(200))
    for (const [i, answer] of created.entries()) {
      expect(answer.body).toMatchObject(honestAssets[i]!)
      const read = await api.send({ method: "GET", path: `/assets/${answer.body.id}` })
      expect(read.body).toStrictEqual(answer.body)
    }
    const david = await api.send({ method: "GET", path: `/users/${demo.users.david.id}` })
    expect(david.body.metadata).toStrictEqual({})
    expectUnpolluted()
    await expectNoPermissionGained(api, chloe)
  })
})
