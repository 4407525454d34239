/**
 * The bugs the route fuzz (routes.fuzz.test.ts) found, one focused case each, through the socket
 * server and the in-process backend.
 */
import { afterEach, describe, expect, it } from "vitest"
import { demo } from "../../src/testing/seeds/demo.js"
import { cleanPrototype, closeServers, expectUnpolluted, login, type Sender, ways } from "./backendHelpers.js"

afterEach(async () => {
  await closeServers()
  expect(cleanPrototype()).toStrictEqual([])
})

/** A backend (made by `make`) where Bruno and his 2CV hold `_private` metadata, set with the secret key. */
const withBrunosPrivateData = async (make: () => Promise<Sender>): Promise<Sender> => {
  const api = await make()
  const patched = await Promise.all([
    api.send({ method: "PATCH", path: `/users/${demo.users.bruno.id}`, json: { metadata: { _private: { iban: "FR76 bruno" } } } }),
    api.send({ method: "PATCH", path: `/assets/${demo.assets.deuxChevaux}`, json: { metadata: { _private: { lockCode: "4321" } } } })
  ])
  expect(patched.map((answer) => answer.status)).toStrictEqual([200, 200])
  return api
}

describe.each(ways)("bugs the route fuzz found (%s)", (_way, make) => {
  it("PATCH /config merges into a key named like an Object.prototype method (was 500: the inherited function could not be cloned)", async () => {
    const api = await make()
    const first = await api.send({ method: "PATCH", path: "/config", json: { custom: { hasOwnProperty: 1, toString: { a: 1 } } } })
    expect(first.status).toBe(200)
    const second = await api.send({ method: "PATCH", path: "/config", json: { custom: { other: true } } })
    expect(second.status).toBe(200)
    expect(second.body.custom).toStrictEqual({ hasOwnProperty: 1, toString: { a: 1 }, other: true })
    expectUnpolluted()
  })

  it("a user's metadata keeps keys named like Object.prototype methods across PATCHes (was 500 on the next PATCH)", async () => {
    const api = await make()
    const { accessToken, userId } = await login(api, demo.users.chloe)
    const asChloe = { key: api.keys.publishableApiKey, token: accessToken, method: "PATCH", path: `/users/${userId}` }
    expect((await api.send({ ...asChloe, json: { metadata: { valueOf: "v", constructor: { name: "c" } } } })).status).toBe(200)
    const next = await api.send({ ...asChloe, json: { metadata: { city: "Lyon" } } })
    expect(next.status).toBe(200)
    expect(JSON.stringify(next.body.metadata)).toBe(`{"valueOf":"v","constructor":{"name":"c"},"city":"Lyon"}`)
  })

  it.each(["constructor", "toString", "hasOwnProperty"])(
    "refuses a body key %s the route does not declare, as Joi does (was dropped silently)",
    async (key) => {
      const api = await make()
      const answer = await api.send({ method: "POST", path: "/categories", json: { name: "Boats", [key]: "x" } })
      expect(answer.status).toBe(400)
      expect(answer.body).toMatchObject({ message: `"${key}" is not allowed`, statusCode: 400 })
      expect(answer.body.data).toStrictEqual([
        { message: `"${key}" is not allowed`, path: [key], type: "object.unknown", context: { child: key, label: key, value: "x", key } }
      ])
    }
  )

  it("refuses a number a double cannot hold exactly, as Joi does (was 500: a duration of 1e21 minutes made an invalid end date)", async () => {
    const api = await make()
    const answer = await api.send({
      method: "POST",
      path: "/transactions/preview",
      json: { assetId: demo.assets.kayak, startDate: "2030-06-01T00:00:00.000Z", duration: { m: 1e21 } }
    })
    expect(answer.status).toBe(400)
    expect(answer.body).toMatchObject({ message: `"duration.m" must be a safe number`, statusCode: 400 })
    expect(answer.body.data).toMatchObject([{ path: ["duration", "m"], type: "number.unsafe" }])
  })

  it.each(["/transactions/preview", "/transactions"])(
    "POST %s with an end date past what a date holds answers the daily asset type's 422 (was 500: Invalid time value)",
    async (path) => {
      const api = await make()
      // 2^31 days: a safe integer, 5.9 million years
      const json = { assetId: demo.assets.kayak, startDate: "2030-06-01T00:00:00.000Z", duration: { d: 2 ** 31 } }
      const answer = await api.send({ method: "POST", path, json: path === "/transactions" ? { ...json, takerId: demo.users.david.id } : json })
      expect(answer.status).toBe(422)
      expect(answer.body).toMatchObject({
        message: "Invalid dates",
        statusCode: 422,
        data: { errors: [{ message: "Duration must be equal to or less than [object Object]", limit: { d: 30 } }] }
      })
    }
  )

  it.each([
    ["absent from the patch", {}, undefined],
    ["given by the patch", { constructor: { a: 1 } }, { a: 1 }]
  ])("PATCH /documents/:id replaces a data property named constructor %s (was 500: Object could not be cloned)", async (_case, data, replaced) => {
    const api = await make()
    const created = await api.send({ method: "POST", path: "/documents", json: { type: "note", data: { kept: true } } })
    const answer = await api.send({
      method: "PATCH",
      path: `/documents/${created.body.id}`,
      json: { data, replaceDataProperties: ["constructor"] }
    })
    expect(answer.status).toBe(200)
    expect(JSON.stringify(answer.body.data)).toBe(JSON.stringify({ kept: true, ...(replaced === undefined ? {} : { constructor: replaced }) }))
    expectUnpolluted()
  })

  it("PATCH /order-moves/:id setting real amounts of a move without any answers the real server's 500, on purpose and named", async () => {
    const api = await make()
    const order = await api.send({ method: "POST", path: "/orders", json: { transactionIds: [demo.transactions.eBikeDraft] } })
    const move = await api.send({
      method: "POST",
      path: "/order-moves",
      json: { orderId: order.body.id, payerId: demo.users.david.id, payerAmount: 10, currency: "EUR" }
    })
    expect(move.body.real).toBeNull()
    const answer = await api.send({ method: "PATCH", path: `/order-moves/${move.body.id}`, json: { real: { platformAmount: 5, currency: "EUR" } } })
    expect(answer).toStrictEqual({
      status: 500,
      body: { message: "Internal Server Error", statusCode: 500, _message: "Cannot set property 'platformAmount' of null" }
    })
    const unchanged = await api.send({ method: "GET", path: `/order-moves/${move.body.id}` })
    expect(unchanged.body).toStrictEqual(move.body)
  })

  it("GET /users?userOrganizationId=constructor finds no member (was every user of any organization)", async () => {
    const api = await make()
    const members = await api.send({ method: "GET", path: `/users?userOrganizationId=${demo.organizations.lyonRentals}` })
    expect(members.body.results.map((user: { readonly id: string }) => user.id)).toStrictEqual([demo.users.bruno.id])
    const answer = await api.send({ method: "GET", path: "/users?userOrganizationId=constructor" })
    expect(answer.status).toBe(200)
    expect(answer.body.results).toStrictEqual([])
  })

  describe("x-stelace-user-id naming another user (was a leak: the public role's user:read:all and asset:read:all let any caller act as anyone)", () => {
    const { bruno, chloe } = demo.users
    const withPrivateData = () => withBrunosPrivateData(make)

    it.each([
      ["the publishable key", async () => ({})],
      ["Chloé's token", async (api: Sender) => ({ token: (await login(api, chloe)).accessToken })]
    ])("shows %s none of the named user's private fields and namespaces", async (_caller, credentials) => {
      const api = await withPrivateData()
      const as = { key: api.keys.publishableApiKey, ...(await credentials(api)), headers: { "x-stelace-user-id": bruno.id } }
      const user = await api.send({ method: "GET", path: `/users/${bruno.id}`, ...as })
      expect(user.status).toBe(200)
      expect(user.body).not.toHaveProperty("email")
      expect(user.body).not.toHaveProperty("username")
      expect(user.body.metadata).toStrictEqual({})
      const listed = await api.send({ method: "GET", path: `/users?id=${bruno.id}`, ...as })
      expect(JSON.stringify(listed.body)).not.toMatch(/bruno@example\.com|FR76/)
      const asset = await api.send({ method: "GET", path: `/assets/${demo.assets.deuxChevaux}`, ...as })
      expect(asset.status).toBe(200)
      expect(asset.body.metadata).not.toHaveProperty("_private")
    })

    it("still shows the user their own private data, and the secret key everything it names", async () => {
      const api = await withPrivateData()
      const own = await api.send({ method: "GET", path: `/users/${bruno.id}`, key: api.keys.publishableApiKey, token: (await login(api, bruno)).accessToken })
      expect(own.body).toMatchObject({ email: bruno.username, metadata: { _private: { iban: "FR76 bruno" } } })
      const named = await api.send({ method: "GET", path: `/assets/${demo.assets.deuxChevaux}`, headers: { "x-stelace-user-id": bruno.id } })
      expect(named.body.metadata._private).toStrictEqual({ lockCode: "4321" })
    })
  })

  it("POST /events naming an API key shows its key obfuscated, as the real server does (was the secret key in clear, to the publishable key)", async () => {
    const api = await make()
    const keys = await api.send({ method: "GET", path: "/api-keys" })
    const secretKeyId: string = keys.body.results.find((key: { readonly key: string }) => key.key.startsWith("seck_")).id
    // the publishable key may not read API keys: the object is not shown to it at all
    const answer = await api.send({ method: "POST", path: "/events", key: api.keys.publishableApiKey, json: { type: "visited", objectId: secretKeyId } })
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({ objectId: secretKeyId, objectType: "apiKey", object: null })
    expect(JSON.stringify(answer.body)).not.toContain(api.keys.secretApiKey)
    const asSecret = await api.send({ method: "POST", path: "/events", json: { type: "visited", objectId: secretKeyId } })
    expect(asSecret.body.object).toMatchObject({ id: secretKeyId, key: expect.stringMatching(/^seck_test_/) })
    expect(JSON.stringify(asSecret.body)).not.toContain(api.keys.secretApiKey)
    // the key still shows once, to its creator
    const created = await api.send({ method: "POST", path: "/api-keys", json: { name: "Another", type: "seck" } })
    expect(created.body.key).toMatch(/^seck_test_[A-Za-z0-9]{32}$/)
  })
  describe("what the real server discloses and the backend does not (deliberate differences, docs/testing.md)", () => {
    const { bruno, chloe, david } = demo.users
    const withPrivateData = () => withBrunosPrivateData(make)
    /** Chloé books Bruno's 2CV from `startDate`, for 2 days: her token and the transaction. */
    const chloeBooksTheCar = async (api: Sender, startDate: string) => {
      const token = (await login(api, chloe)).accessToken
      const booked = await api.send({
        method: "POST",
        path: "/transactions",
        key: api.keys.publishableApiKey,
        token,
        json: { assetId: demo.assets.deuxChevaux, startDate, duration: { d: 2 } }
      })
      expect(booked.status).toBe(200)
      return { token, booked }
    }

    it("POST /events shows the named object as the caller's own GET of it does, or null", async () => {
      const api = await withPrivateData()
      const publicly = { key: api.keys.publishableApiKey }
      const user = await api.send({ method: "POST", path: "/events", ...publicly, json: { type: "visited", objectId: bruno.id } })
      expect(user.status).toBe(200)
      expect(user.body.object).toMatchObject({ id: bruno.id })
      expect(JSON.stringify(user.body)).not.toMatch(/bruno@example\.com|FR76/)
      const asset = await api.send({ method: "POST", path: "/events", ...publicly, json: { type: "visited", objectId: demo.assets.deuxChevaux } })
      expect(asset.body.object).toMatchObject({ id: demo.assets.deuxChevaux })
      expect(JSON.stringify(asset.body)).not.toContain("4321")
      // a transaction David is no party to: his GET is refused, so is the object
      const { booked } = await chloeBooksTheCar(api, "2031-06-01T00:00:00.000Z")
      const asDavid = { key: api.keys.publishableApiKey, token: (await login(api, david)).accessToken }
      expect((await api.send({ method: "GET", path: `/transactions/${booked.body.id}`, ...asDavid })).status).toBe(403)
      const named = await api.send({ method: "POST", path: "/events", ...asDavid, json: { type: "visited", objectId: booked.body.id } })
      expect(named.status).toBe(200)
      expect(named.body).toMatchObject({ objectId: booked.body.id, objectType: "transaction", object: null })
      // the secret key sees every namespace, and the stored event keeps the object whole
      const asSecret = await api.send({ method: "POST", path: "/events", json: { type: "visited", objectId: bruno.id } })
      expect(asSecret.body.object).toMatchObject({ email: bruno.username, metadata: { _private: { iban: "FR76 bruno" } } })
      const stored = await api.send({ method: "GET", path: `/events/${user.body.id}` })
      expect(stored.body.object).toMatchObject({ email: bruno.username, metadata: { _private: { iban: "FR76 bruno" } } })
    })

    it("nobody but the secret key rewrites someone's rating or saved search (the real server lets anyone but the author)", async () => {
      const api = await make()
      const ratings = await api.send({ method: "GET", path: `/ratings?authorId=${chloe.id}` })
      const chloesRating = ratings.body.results[0]
      const asUser = async (user: { readonly username: string; readonly password: string }) => ({ key: api.keys.publishableApiKey, token: (await login(api, user)).accessToken })
      for (const user of [bruno, david, chloe]) {
        const answer = await api.send({ method: "PATCH", path: `/ratings/${chloesRating.id}`, ...(await asUser(user)), json: { score: 1, comment: "rewritten" } })
        expect(answer.status, user.username).toBe(403)
      }
      const saved = await api.send({
        method: "POST",
        path: "/search",
        ...(await asUser(chloe)),
        json: { save: true, name: "Kayaks", query: "kayak" }
      })
      expect(saved.status).toBe(200)
      for (const user of [bruno, david, chloe]) {
        const answer = await api.send({ method: "PATCH", path: `/search/${saved.body.id}`, ...(await asUser(user)), json: { name: "Spam", active: false } })
        expect(answer.status, user.username).toBe(403)
      }
      expect((await api.send({ method: "GET", path: `/ratings/${chloesRating.id}` })).body).toMatchObject({ score: chloesRating.score, comment: chloesRating.comment })
      expect((await api.send({ method: "GET", path: `/search/${saved.body.id}` })).body).toMatchObject({ name: "Kayaks", active: true })
      expect((await api.send({ method: "PATCH", path: `/ratings/${chloesRating.id}`, json: { score: 95 } })).body.score).toBe(95)
    })

    it("a transaction's assetSnapshot shows the owner's _private data to the owner only", async () => {
      const api = await withPrivateData()
      const preview = await api.send({
        method: "POST",
        path: "/transactions/preview",
        key: api.keys.publishableApiKey,
        json: { assetId: demo.assets.deuxChevaux, startDate: "2031-07-01T00:00:00.000Z", duration: { d: 2 } }
      })
      expect(preview.status).toBe(200)
      expect(preview.body.assetSnapshot).toMatchObject({ id: demo.assets.deuxChevaux })
      expect(preview.body.assetSnapshot.metadata).not.toHaveProperty("_private")
      const { token: chloeToken, booked } = await chloeBooksTheCar(api, "2031-07-01T00:00:00.000Z")
      expect(booked.body.assetSnapshot.metadata).not.toHaveProperty("_private")
      const asChloe = await api.send({ method: "GET", path: `/transactions/${booked.body.id}`, key: api.keys.publishableApiKey, token: chloeToken })
      expect(asChloe.body.assetSnapshot.metadata).not.toHaveProperty("_private")
      const asBruno = await api.send({
        method: "GET",
        path: `/transactions/${booked.body.id}`,
        key: api.keys.publishableApiKey,
        token: (await login(api, bruno)).accessToken
      })
      expect(asBruno.body.assetSnapshot.metadata._private).toStrictEqual({ lockCode: "4321" })
    })
  })
})

describe("long lists are never spread into a call (a RangeError past about 125,000 items)", () => {
  it("GET /ratings/stats gives the least and the greatest of 150,000 scores", async () => {
    const [, make] = ways[1]
    const targetId = "usr_ManyRatings00000000"
    const ratings = Array.from({ length: 150_000 }, (_, index) => ({ id: `rtg_${String(index).padStart(19, "0")}`, score: (index * 7) % 101, targetId, authorId: "usr_Author0000000000000" }))
    const api = await make({ seed: { ratings } })
    const stats = await api.send({ method: "GET", path: `/ratings/stats?groupBy=targetId&targetId=${targetId}` })
    expect(stats.status).toBe(200)
    const row = (stats.body.results ?? stats.body)[0]
    expect([row.count, row.min, row.max]).toStrictEqual([150_000, 0, 100])
  }, 60_000)
})
