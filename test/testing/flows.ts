/**
 * Full marketplace flows written against the stelace.js 0.14.0 API (`createInstance`, resources,
 * `auth`, `forward`...), run against the local in-memory server.
 *
 * `describeFlows` takes a client factory, so the same flows run through the upstream SDK
 * (`upstream-sdk.test.ts`) and through any drop-in replacement for it: give it a factory building
 * an instance for a key, a server and an API version.
 */
import { describe, expect, it } from "vitest"
import { type RunningServer, type ServerOptions, StelaceTest, startServer } from "../../src/testing/index.js"
import { call, testClockAt } from "./helpers.js"

/** An SDK instance with the stelace.js 0.14.0 surface (loosely typed: the flows drive several SDKs). */
export type SdkInstance = any

/** How to build an SDK instance talking to a server. */
export interface ClientFactory {
  readonly name: string
  readonly create: (options: {
    readonly server: RunningServer
    readonly apiKey: string
    readonly apiVersion?: string
  }) => SdkInstance
}

/** A token store of one's own (stelace.js's default store is shared by every instance in Node). */
export const memoryTokenStore = () => {
  let tokens: unknown = null
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

const { demo } = StelaceTest
const { alice, bruno, chloe } = demo.users

/** Runs a flow on a fresh server. */
const onServer = (options: ServerOptions, flow: (server: RunningServer) => Promise<void>) => async () => {
  const server = await startServer(options)
  try {
    await flow(server)
  } finally {
    await server.close()
  }
}

/** Declares the flows for one SDK. */
export const describeFlows = (factory: ClientFactory) =>
  describe(`marketplace flows through ${factory.name}`, () => {
    const client = (server: RunningServer, key: "secret" | "publishable", apiVersion?: string) =>
      factory.create({
        server,
        apiKey: key === "secret" ? server.secretApiKey : server.publishableApiKey,
        ...(apiVersion === undefined ? {} : { apiVersion })
      })
    const userClient = async (server: RunningServer, user: { username: string; password: string }, apiVersion?: string) => {
      const instance = client(server, "publishable", apiVersion)
      await instance.auth.login({ username: user.username, password: user.password })
      return instance
    }

    it("signs up, logs in and reads the user's own private fields", onServer({}, async (server) => {
      const stelace = client(server, "publishable")
      const user = await stelace.users.create({ username: "eve@example.com", password: "eve-password", displayName: "Eve" })
      expect(user.id).toMatch(/^usr_/)
      expect(user.lastResponse).toMatchObject({ statusCode: 200, requestId: expect.any(String) })
      expect(stelace.auth.info()).toEqual({ isAuthenticated: false, userId: null })

      const session = await stelace.auth.login({ username: "eve@example.com", password: "eve-password" })
      expect(session).toMatchObject({ tokenType: "Bearer", userId: user.id })
      expect(stelace.auth.info()).toEqual({ isAuthenticated: true, userId: user.id })
      const self = await stelace.users.read(user.id)
      expect(self.username).toBe("eve@example.com")

      await stelace.auth.logout()
      expect(stelace.auth.info()).toEqual({ isAuthenticated: false, userId: null })
      const anonymous = await stelace.users.read(user.id)
      expect(anonymous.username).toBeUndefined()
    }))

    it("refreshes an expired access token before the next call", async () => {
      // the SDKs judge a token by the system's clock: the backend's clock starts an hour back, so
      // the token it issues is already expired for them, then comes to the present for the backend
      const time = await testClockAt(Date.now() - 3_600_000)
      await onServer({ accessTokenTtl: 1, clock: time.clock }, async (server) => {
        const stelace = await userClient(server, alice)
        const before = stelace.getTokenStore().getTokens().accessToken
        await time.setTime(Date.now())
        // the backend no longer takes the old token: only a refresh gets the user's fields
        const stale = await call(server, "GET", `/users/${alice.id}`, { key: server.publishableApiKey, token: before })
        expect(stale.body.username).toBeUndefined()
        const self = await stelace.users.read(alice.id)
        expect(self.username).toBe(alice.username)
        const after = stelace.getTokenStore().getTokens().accessToken
        expect(after).not.toBe(before)
      })
    })

    it("ends the session when the refresh is refused", async () => {
      // as above: the token is expired for the SDKs as soon as it is issued
      const time = await testClockAt(Date.now() - 3_600_000)
      await onServer({ accessTokenTtl: 1, clock: time.clock }, async (server) => {
        const stelace = await userClient(server, chloe)
        const expired: Array<unknown> = []
        stelace.onError("userSessionExpired", (error: unknown) => expired.push(error))
        await client(server, "secret").users.remove(chloe.id)
        await time.setTime(Date.now())
        await expect(stelace.assets.list()).rejects.toMatchObject({ message: "User session expired" })
        expect(expired).toHaveLength(1)
        expect(stelace.auth.info()).toEqual({ isAuthenticated: false, userId: null })
      })
    })

    it("lists pages under 2019-05-20 and cursors under 2020-08-10", onServer({}, async (server) => {
      const old = client(server, "secret", "2019-05-20")
      const page = await old.assets.list({ nbResultsPerPage: 4, page: 2 })
      expect(page).toHaveLength(4)
      expect(page.paginationMeta).toMatchObject({ nbResults: 9, nbPages: 3, page: 2, nbResultsPerPage: 4 })
      const categories = await old.categories.list()
      expect(Array.isArray(categories)).toBe(true)
      expect(categories).toHaveLength(6)

      const latest = client(server, "secret")
      const first = await latest.assets.list({ nbResultsPerPage: 4 })
      expect(first).toHaveLength(4)
      const raw = await latest.forward.get("/assets", { nbResultsPerPage: 4 })
      expect(raw).toMatchObject({ hasNextPage: true, hasPreviousPage: false, endCursor: expect.any(String) })
      const second = await latest.assets.list({ nbResultsPerPage: 4, startingAfter: raw.endCursor })
      const ids = new Set([...first, ...second].map((asset: { id: string }) => asset.id))
      expect(ids.size).toBe(8)
      await expect(latest.assets.list({ page: 2 })).rejects.toMatchObject({ statusCode: 400, message: "\"page\" is not allowed" })
    }))

    it("searches, and saves a search for a user", onServer({}, async (server) => {
      const visitor = client(server, "publishable")
      const results = await visitor.search.list({ query: "electric", sort: { _price: "asc" } })
      expect(results.map((asset: { name: string }) => asset.name)).toEqual(["City e-bike", "Renault Zoe", "Tesla Model 3"])
      expect(results.paginationMeta).toMatchObject({ nbResults: 3, page: 1 })

      const stelace = await userClient(server, chloe)
      const saved = await stelace.savedSearch.create({ name: "Bikes", categoryId: demo.categories.bikes })
      expect(saved).toMatchObject({ id: expect.stringMatching(/^sch_/), userId: chloe.id, search: { categoryId: [demo.categories.bikes] } })
      const mine = await stelace.savedSearch.list()
      expect(mine.map((doc: { id: string }) => doc.id)).toEqual([saved.id])
    }))

    it("books an asset through the transaction process", onServer({}, async (server) => {
      const taker = await userClient(server, chloe)
      const owner = await userClient(server, alice)
      const booking = { assetId: demo.assets.zoe, startDate: "2031-03-01T00:00:00.000Z", duration: { d: 2 } }
      const preview = await taker.transactions.preview(booking)
      expect(preview).toMatchObject({ value: 90, takerAmount: 99, ownerAmount: 85.5 })

      const transaction = await taker.transactions.create(booking)
      expect(transaction).toMatchObject({ status: "draft", takerId: chloe.id, ownerId: alice.id })
      await expect(taker.transactions.createTransition(transaction.id, { name: "accept" })).rejects.toMatchObject({ statusCode: 403 })
      const accepted = await owner.transactions.createTransition(transaction.id, { name: "accept" })
      expect(accepted.status).toBe("accepted")
      const paid = await taker.transactions.createTransition(transaction.id, { name: "pay" })
      expect(paid.status).toBe("validated")
      await expect(taker.transactions.createTransition(transaction.id, { name: "confirm" })).rejects.toMatchObject({
        statusCode: 422
      })
      const completed = await client(server, "secret").transactions.createTransition(transaction.id, { name: "complete" })
      expect(completed.statusHistory.map((entry: { status: string }) => entry.status)).toEqual(["completed", "validated", "accepted", "draft"])
      const mine = await taker.transactions.list({ takerId: chloe.id })
      expect(mine.map((trn: { id: string }) => trn.id)).toContain(transaction.id)
    }))

    it("exchanges messages about a transaction", onServer({}, async (server) => {
      const taker = await userClient(server, chloe)
      const owner = await userClient(server, alice)
      const sent = await taker.messages.create({ topicId: demo.transactions.teslaBooking, receiverId: alice.id, content: "Is there a child seat?" })
      expect(sent).toMatchObject({ senderId: chloe.id, read: false })
      const inbox = await owner.messages.list({ receiverId: alice.id })
      expect(inbox.map((message: { id: string }) => message.id)).toContain(sent.id)
      const read = await owner.messages.update(sent.id, { read: true })
      expect(read.read).toBe(true)
      // a reply joins the conversation it names (each message without one starts a new one)
      const reply = await owner.messages.create({ topicId: demo.transactions.teslaBooking, receiverId: chloe.id, content: "Yes", conversationId: sent.conversationId })
      expect(reply.conversationId).toBe(sent.conversationId)
    }))

    it("rates a user and reads the rating stats", onServer({}, async (server) => {
      const taker = await userClient(server, chloe, "2019-05-20")
      const rating = await taker.ratings.create({ score: 60, targetId: bruno.id, transactionId: demo.transactions.tentRental })
      expect(rating).toMatchObject({ authorId: chloe.id, targetId: bruno.id, score: 60 })
      const stats = await client(server, "publishable", "2019-05-20").ratings.getStats({ groupBy: "targetId", targetId: bruno.id })
      expect(stats).toHaveLength(1)
      expect(stats[0]).toMatchObject({ targetId: bruno.id, count: 2, avg: 75, min: 60, max: 90 })
    }))

    it("reports API errors with their status, message and data", onServer({}, async (server) => {
      const stelace = client(server, "secret")
      const notFound = await stelace.assets.read("ast_unknown").catch((error: unknown) => error)
      expect(notFound).toMatchObject({ statusCode: 404, message: "Not Found" })
      // the backend gives every answer a request id (the real server only successful ones)
      expect(notFound.lastResponse).toMatchObject({ statusCode: 404, requestId: expect.any(String) })

      const invalid = await stelace.assets.create({ price: "free" }).catch((error: unknown) => error)
      expect(invalid).toMatchObject({ statusCode: 400 })
      expect(invalid.data.map((detail: { path: Array<string> }) => detail.path[0])).toEqual(["name", "price"])

      const publishable = client(server, "publishable")
      await expect(publishable.assets.create({ name: "Canoe" })).rejects.toMatchObject({
        statusCode: 403,
        message: "Forbidden"
      })
      await expect(stelace.assets.list({ stelaceVersion: "2000-01-01" })).rejects.toMatchObject({
        statusCode: 400,
        data: { versionsAvailable: ["2020-08-10", "2019-05-20"] }
      })
    }))

    it("acts for a user or an organization through the request options", onServer({}, async (server) => {
      const stelace = client(server, "secret")
      const asset = await stelace.assets.create({ name: "Hammock" }, { stelaceUserId: bruno.id })
      expect(asset.ownerId).toBe(bruno.id)

      const member = await userClient(server, bruno)
      member.setOrganizationId(demo.organizations.lyonRentals)
      const shopAsset = await member.assets.create({ name: "Trailer", price: 40 })
      expect(shopAsset.ownerId).toBe(demo.organizations.lyonRentals)
    }))
  })
