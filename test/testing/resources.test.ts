import { describe, expect, it } from "vitest"
import { StelaceTest } from "../../src/testing/index.js"
import { login, useServer } from "./helpers.js"

const { demo } = StelaceTest
const { alice, bruno } = demo.users

describe("generic resource behaviour", () => {
  const api = useServer()

  it("creates objects with the real id prefix, dates, metadata and livemode", async () => {
    const prefixes: Array<[string, unknown, string]> = [
      ["/assets", { name: "Canoe", price: 25 }, "ast_"],
      ["/categories", { name: "Boats" }, "ctgy_"],
      ["/asset-types", { name: "Hourly", timeBased: true }, "typ_"],
      ["/custom-attributes", { name: "length", type: "number" }, "attr_"],
      ["/documents", { type: "invoice", data: { amount: 10 } }, "doc_"],
      ["/entries", { collection: "website", locale: "de", name: "home", fields: {} }, "ent_"],
      ["/roles", { name: "Moderator", value: "moderator", permissions: ["message:list:all"] }, "role_"],
      ["/tasks", { eventType: "reminder", executionDate: "2030-01-01T00:00:00.000Z" }, "task_"],
      ["/webhooks", { name: "Hook", targetUrl: "https://example.com/hook", event: "asset__created" }, "whk_"],
      ["/workflows", { name: "Flow", event: "asset__created", run: [{ endpointMethod: "GET", endpointUri: "/assets" }] }, "wfw_"],
      ["/api-keys", { name: "Server key" }, "apik_"],
      ["/users", { username: "new@example.com", password: "new-password" }, "usr_"],
      ["/messages", { topicId: demo.assets.tesla, content: "Hi", receiverId: alice.id, senderId: bruno.id }, "msg_"],
      ["/ratings", { score: 70, targetId: alice.id, authorId: bruno.id, assetId: demo.assets.tent }, "rtg_"],
      ["/availabilities", { assetId: demo.assets.tesla, startDate: "2030-01-01T00:00:00.000Z", endDate: "2030-01-05T00:00:00.000Z", quantity: 0 }, "avl_"],
      ["/events", { type: "page_viewed", metadata: { page: "home" } }, "evt_"]
    ]
    for (const [path, body, prefix] of prefixes) {
      const reply = await api.call("POST", path, { body })
      expect(reply.status, `${path}: ${JSON.stringify(reply.body)}`).toBe(200)
      expect(reply.body.id).toMatch(new RegExp(`^${prefix}[A-Za-z0-9]+$`))
      expect(reply.body.id).toHaveLength(24)
      expect(reply.body.createdDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
      expect(reply.body.metadata).toEqual(expect.any(Object))
      expect(reply.body.livemode).toBe(false)
      expect(reply.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/)
      expect(reply.headers.get("x-stelace-version")).toBe("2020-08-10")
      expect(reply.headers.get("cache-control")).toBe("no-store")
    }
  })

  it("answers 400 with Joi's message and details for invalid bodies", async () => {
    const reply = await api.call("POST", "/assets", { body: { price: -1, unknownField: true } })
    expect(reply.status).toBe(400)
    expect(reply.body.statusCode).toBe(400)
    expect(reply.body.message).toBe(
      "\"name\" is required. \"price\" must be larger than or equal to 0. \"unknownField\" is not allowed"
    )
    // Joi's order: the declared keys in their declared order, then the unknown ones
    expect(reply.body.data).toEqual([
      expect.objectContaining({ message: "\"name\" is required", path: ["name"], type: "any.required" }),
      expect.objectContaining({ path: ["price"], type: "number.min", context: { limit: 0, label: "price", value: -1, key: "price" } }),
      expect.objectContaining({ path: ["unknownField"], type: "object.unknown" })
    ])
    const noBody = await api.call("POST", "/categories")
    expect(noBody.body.message).toBe("\"body\" is required")
  })

  it("answers 404 for unknown ids, and restify's own body for unknown routes", async () => {
    for (const path of ["/assets/ast_unknown", "/users/usr_unknown", "/transactions/trn_unknown", "/categories/x"]) {
      const reply = await api.call("GET", path)
      expect(reply.status).toBe(404)
      expect(reply.body).toEqual({ message: "Not Found", statusCode: 404 })
    }
    const route = await api.call("GET", "/unicorns")
    expect(route.status).toBe(404)
    expect(route.body).toEqual({ code: "ResourceNotFound", message: "/unicorns does not exist" })
    const method = await api.call("PUT", "/assets")
    expect(method.status).toBe(405)
  })

  it("deep-merges metadata and platformData on PATCH", async () => {
    const created = await api.call("POST", "/assets", {
      body: { name: "Canoe", metadata: { a: { b: 1, c: 2 }, list: [1] }, platformData: { x: { y: 1 } } }
    })
    const patched = await api.call("PATCH", `/assets/${created.body.id}`, {
      body: { metadata: { a: { c: 3, d: 4 }, list: [2] }, platformData: { x: { z: 2 } } }
    })
    expect(patched.body.metadata).toEqual({ a: { b: 1, c: 3, d: 4 }, list: [2] })
    expect(patched.body.platformData).toEqual({ x: { y: 1, z: 2 } })
    expect(patched.body.updatedDate > created.body.updatedDate).toBe(true)
    expect(patched.body.createdDate).toBe(created.body.createdDate)
  })

  it("answers { id } on DELETE, then 404", async () => {
    const created = await api.call("POST", "/categories", { body: { name: "Boats" } })
    const removed = await api.call("DELETE", `/categories/${created.body.id}`)
    expect(removed.body).toEqual({ id: created.body.id })
    expect((await api.call("GET", `/categories/${created.body.id}`)).status).toBe(404)
  })

  it("refuses fields that cannot change", async () => {
    const reply = await api.call("PATCH", `/assets/${demo.assets.tesla}`, { body: { ownerId: bruno.id } })
    expect(reply.status).toBe(400)
    expect(reply.body.message).toBe("\"ownerId\" is not allowed")
    const attr = await api.call("GET", "/custom-attributes?nbResultsPerPage=1")
    const type = await api.call("PATCH", `/custom-attributes/${attr.body.results[0].id}`, { body: { type: "text" } })
    expect(type.status).toBe(400)
  })

  it("checks references with 422", async () => {
    const category = await api.call("POST", "/assets", { body: { name: "X", categoryId: "ctgy_unknown" } })
    expect(category.status).toBe(422)
    expect(category.body.message).toBe("Asset category not found")
    const attribute = await api.call("POST", "/assets", { body: { name: "X", customAttributes: { seats: "many" } } })
    expect(attribute.status).toBe(422)
    expect(attribute.body.message).toBe("Invalid custom attributes (seats)")
  })

  it("records events for the main actions", async () => {
    const created = await api.call("POST", "/assets", { body: { name: "Canoe" } })
    await api.call("PATCH", `/assets/${created.body.id}`, { body: { price: 12 } })
    await api.call("DELETE", `/assets/${created.body.id}`)
    const events = await api.call("GET", `/events?objectId=${created.body.id}&order=asc`)
    // an update also records what kind of change it made (asset__pricing_changed), as the real server does
    expect(events.body.results.map((event: { type: string }) => event.type)).toEqual([
      "asset__created",
      "asset__pricing_changed",
      "asset__updated",
      "asset__deleted"
    ])
    expect(events.body.results[1]).toMatchObject({ objectType: "asset", changesRequested: { price: 12 }, object: null })
    expect(events.body.results[1].parentId).toBeUndefined()
    expect(events.body.results[2]).toMatchObject({
      objectType: "asset",
      emitter: "core",
      changesRequested: { price: 12 },
      object: { id: created.body.id, price: 12 }
    })
  })
})

describe("ownership and roles", () => {
  const api = useServer()

  it("lets a provider edit her own asset but not another user's (403)", async () => {
    const server = api.server()
    const session = await login(server, alice.username, alice.password)
    const own = await api.call("PATCH", `/assets/${demo.assets.tesla}`, {
      key: server.publishableApiKey,
      token: session.accessToken,
      body: { price: 95 }
    })
    expect(own.status).toBe(200)
    const other = await api.call("PATCH", `/assets/${demo.assets.tent}`, {
      key: server.publishableApiKey,
      token: session.accessToken,
      body: { price: 1 }
    })
    expect(other.status).toBe(403)
    expect(other.body).toEqual({ message: "Forbidden", statusCode: 403 })
  })

  it("sets the owner of a provider's new asset and refuses to create for someone else", async () => {
    const server = api.server()
    const session = await login(server, alice.username, alice.password)
    const created = await api.call("POST", "/assets", {
      key: server.publishableApiKey,
      token: session.accessToken,
      body: { name: "Scooter", price: 10 }
    })
    expect(created.body.ownerId).toBe(alice.id)
    const forOther = await api.call("POST", "/assets", {
      key: server.publishableApiKey,
      token: session.accessToken,
      body: { name: "Scooter", ownerId: bruno.id }
    })
    expect(forOther.status).toBe(403)
  })

  it("refuses asset creation to users without the provider role", async () => {
    const server = api.server()
    const session = await login(server, demo.users.chloe.username, demo.users.chloe.password)
    const reply = await api.call("POST", "/assets", {
      key: server.publishableApiKey,
      token: session.accessToken,
      body: { name: "Scooter" }
    })
    expect(reply.status).toBe(403)
    expect(reply.body).toMatchObject({ message: "Forbidden", _message: "No appropriate permission" })
  })

  it("hides private user fields from others", async () => {
    const server = api.server()
    const session = await login(server, alice.username, alice.password)
    const self = await api.call("GET", `/users/${alice.id}`, { key: server.publishableApiKey, token: session.accessToken })
    const other = await api.call("GET", `/users/${bruno.id}`, { key: server.publishableApiKey, token: session.accessToken })
    expect(self.body).toMatchObject({ username: alice.username, firstname: "Alice", email: alice.username })
    expect(other.body.username).toBeUndefined()
    expect(other.body.email).toBeUndefined()
    expect(other.body.displayName).toBe("Bruno")
  })

  it("refuses platformData edits without platformData:edit:all", async () => {
    const server = api.server()
    const session = await login(server, alice.username, alice.password)
    const reply = await api.call("PATCH", `/assets/${demo.assets.tesla}`, {
      key: server.publishableApiKey,
      token: session.accessToken,
      body: { platformData: { featured: true } }
    })
    expect(reply.status).toBe(403)
  })

  it("uses custom roles in tokens", async () => {
    const server = api.server()
    await api.call("POST", "/roles", { body: { name: "Moderator", value: "moderator", permissions: ["message:list:all"] } })
    await api.call("PATCH", `/users/${demo.users.david.id}`, { body: { roles: ["user", "moderator"] } })
    const session = await login(server, demo.users.david.username, demo.users.david.password)
    const messages = await api.call("GET", "/messages", { key: server.publishableApiKey, token: session.accessToken })
    expect(messages.status).toBe(200)
    expect(messages.body.results.length).toBe(2)
  })
})

describe("users and organizations", () => {
  const api = useServer()

  it("signs up with a publishable key, with the default roles and without exposing the password", async () => {
    const server = api.server()
    const reply = await api.call("POST", "/users", {
      key: server.publishableApiKey,
      body: { username: "eve@example.com", password: "eve-password", displayName: "Eve", email: "eve@example.com" }
    })
    expect(reply.status).toBe(200)
    expect(reply.body.id).toMatch(/^usr_/)
    expect(reply.body.roles).toEqual(["user", "provider"])
    expect(reply.body.password).toBeUndefined()
    expect(reply.body.organizations).toEqual({})
    await expect(login(server, "eve@example.com", "eve-password")).resolves.toMatchObject({ userId: reply.body.id })
  })

  it("requires a username and a password for users, refuses duplicates and unlisted roles", async () => {
    const server = api.server()
    const missing = await api.call("POST", "/users", { key: server.publishableApiKey, body: { displayName: "X" } })
    expect(missing.status).toBe(400)
    expect(missing.body.message).toBe("\"username\" is required. \"password\" is required")
    const duplicate = await api.call("POST", "/users", {
      key: server.publishableApiKey,
      body: { username: alice.username, password: "whatever-password" }
    })
    expect(duplicate.status).toBe(422)
    const admin = await api.call("POST", "/users", {
      key: server.publishableApiKey,
      body: { username: "mallory@example.com", password: "mallory-password", roles: ["dev"] }
    })
    expect(admin.status).toBe(403)
  })

  it("checks username availability", async () => {
    const taken = await api.call("GET", `/users/check-availability?username=${encodeURIComponent(alice.username)}`)
    const free = await api.call("GET", "/users/check-availability?username=free%40example.com")
    expect([taken.body, free.body]).toEqual([{ available: false }, { available: true }])
  })

  it("creates organizations (org_) and manages membership", async () => {
    const server = api.server()
    const session = await login(server, alice.username, alice.password)
    const org = await api.call("POST", "/users", {
      key: server.publishableApiKey,
      token: session.accessToken,
      body: { type: "organization", displayName: "Paris Cars" }
    })
    expect(org.status).toBe(200)
    expect(org.body.id).toMatch(/^org_/)
    expect(org.body.orgOwnerId).toBe(alice.id)
    const joined = await api.call("PUT", `/users/${bruno.id}/organizations/${org.body.id}`, {
      key: server.publishableApiKey,
      token: session.accessToken,
      body: { roles: ["provider"] }
    })
    expect(joined.body.organizations[org.body.id]).toEqual({ roles: ["provider"] })
    const members = await api.call("GET", `/users?userOrganizationId=${org.body.id}`)
    expect(members.body.results.map((user: { id: string }) => user.id).sort()).toEqual([alice.id, bruno.id].sort())
    const left = await api.call("DELETE", `/users/${bruno.id}/organizations/${org.body.id}`)
    expect(left.body.organizations[org.body.id]).toBeUndefined()
    const orgs = await api.call("GET", "/users?type=organization")
    expect(orgs.body.results.map((user: { id: string }) => user.id)).toContain(org.body.id)
  })
})

describe("messages, ratings and orders", () => {
  const api = useServer()

  it("threads messages into conversations and lets the receiver mark them read", async () => {
    const server = api.server()
    const chloe = await login(server, demo.users.chloe.username, demo.users.chloe.password)
    const sent = await api.call("POST", "/messages", {
      key: server.publishableApiKey,
      token: chloe.accessToken,
      body: { topicId: demo.transactions.teslaBooking, receiverId: alice.id, content: "One more question" }
    })
    expect(sent.body.senderId).toBe(demo.users.chloe.id)
    // without conversationId a message starts a conversation; a reply names it
    const reply = await api.call("POST", "/messages", {
      key: server.publishableApiKey,
      token: (await login(server, alice.username, alice.password)).accessToken,
      body: { topicId: demo.transactions.teslaBooking, receiverId: demo.users.chloe.id, content: "Sure", conversationId: sent.body.conversationId }
    })
    const thread = await api.call("GET", `/messages?conversationId=${sent.body.conversationId}&order=asc`)
    expect(thread.body.results.map((m: { id: string }) => m.id)).toEqual([sent.body.id, reply.body.id])
    const stranger = await api.call("POST", "/messages", {
      key: server.publishableApiKey,
      token: (await login(server, demo.users.david.username, demo.users.david.password)).accessToken,
      body: { topicId: demo.transactions.teslaBooking, receiverId: alice.id, content: "Me too", conversationId: sent.body.conversationId }
    })
    expect(stranger.body).toMatchObject({ statusCode: 403, message: "The sender is not part of the conversation" })

    const aliceSession = await login(server, alice.username, alice.password)
    const read = await api.call("PATCH", `/messages/${sent.body.id}`, {
      key: server.publishableApiKey,
      token: aliceSession.accessToken,
      body: { read: true }
    })
    expect(read.body.read).toBe(true)
    const davidSession = await login(server, demo.users.david.username, demo.users.david.password)
    const notHis = await api.call("GET", `/messages/${sent.body.id}`, {
      key: server.publishableApiKey,
      token: davidSession.accessToken
    })
    expect(notHis.status).toBe(403)
  })

  it("computes rating stats per target", async () => {
    await api.call("POST", "/ratings", { body: { score: 70, authorId: alice.id, targetId: bruno.id, assetId: demo.assets.tent } })
    const stats = await api.call("GET", "/ratings/stats?groupBy=targetId&computeRanking=true", { version: "2019-05-20" })
    expect(stats.body).toMatchObject({ page: 1, nbResults: 2 })
    const brunoStats = stats.body.results.find((row: { targetId: string }) => row.targetId === bruno.id)
    expect(brunoStats).toMatchObject({ count: 2, sum: 160, avg: 80, min: 70, max: 90, ranking: 1, lowestRanking: 2 })
  })

  it("sorts rating stats by average, best first, unless asked otherwise, as the real server's rating plugin does", async () => {
    // Chloé's one rating (80) outscores none; Bruno's 90 and 40 average 65 over more ratings
    await api.call("POST", "/ratings", { body: { score: 40, authorId: alice.id, targetId: bruno.id, assetId: demo.assets.tent } })
    const ids = `targetId[]=${bruno.id}&targetId[]=${demo.users.chloe.id}`
    const byAverage = await api.call("GET", `/ratings/stats?groupBy=targetId&${ids}`, { version: "2019-05-20" })
    expect(byAverage.body.results.map((row: { targetId: string; avg: number }) => [row.targetId, row.avg]))
      .toEqual([[demo.users.chloe.id, 80], [bruno.id, 65]])
    const byCount = await api.call("GET", `/ratings/stats?groupBy=targetId&${ids}&orderBy=count`, { version: "2019-05-20" })
    expect(byCount.body.results.map((row: { targetId: string }) => row.targetId)).toEqual([bruno.id, demo.users.chloe.id])
  })

  it("builds orders from transactions", async () => {
    const preview = await api.call("POST", "/orders/preview", { body: { transactionIds: [demo.transactions.teslaBooking] } })
    // 3 days at 90: the taker pays 270 + 10% (27 to the platform), the owner gets 270 - 5% (13.5 to the platform)
    expect(preview.body).toMatchObject({
      amountDue: 297,
      amountPaid: 0,
      amountRemaining: 297,
      currency: "EUR",
      payerId: demo.users.chloe.id,
      lines: [
        { payerId: demo.users.chloe.id, payerAmount: 297, receiverId: null, receiverAmount: 0, platformAmount: 27 },
        { payerId: null, payerAmount: 0, receiverId: alice.id, receiverAmount: 256.5, platformAmount: 13.5 }
      ]
    })
    const order = await api.call("POST", "/orders", { body: { transactionIds: [demo.transactions.teslaBooking] } })
    expect(order.body.id).toMatch(/^ord_/)
    const move = await api.call("POST", "/order-moves", {
      body: { orderId: order.body.id, payerId: demo.users.chloe.id, payerAmount: 297, currency: "EUR" }
    })
    expect(move.body.id).toMatch(/^ordm_/)
    const paid = await api.call("GET", `/orders/${order.body.id}`)
    expect(paid.body).toMatchObject({ amountPaid: 297, amountRemaining: 0, paymentAttempted: true })
    const line = await api.call("GET", `/order-lines/${order.body.lines[0].id}`)
    expect(line.body.transactionId).toBe(demo.transactions.teslaBooking)
  })
})

describe("metadata namespaces", () => {
  const api = useServer()

  it("lets a user write and read their own _private and _protected data, hidden from others", async () => {
    const session = await login(api.server(), alice.username, alice.password)
    const own = { key: api.server().publishableApiKey, token: session.accessToken }
    const written = await api.call("PATCH", `/users/${alice.id}`, {
      ...own,
      body: { metadata: { _private: { phone: "0600" }, _protected: { iban: "FR76" } } }
    })
    expect(written.status).toBe(200)
    expect(written.body.metadata).toMatchObject({ _private: { phone: "0600" }, _protected: { iban: "FR76" } })

    const other = await login(api.server(), demo.users.david.username, demo.users.david.password)
    const seen = await api.call("GET", `/users/${alice.id}`, { key: api.server().publishableApiKey, token: other.accessToken })
    expect(seen.body.metadata._private).toBeUndefined()
    expect(seen.body.metadata._protected).toBeUndefined()

    const withSecretKey = await api.call("GET", `/users/${alice.id}`)
    expect(withSecretKey.body.metadata._private).toEqual({ phone: "0600" })
  })

  it("refuses reserved namespaces, protected ones outside users and assets, and ungranted ones", async () => {
    const reserved = await api.call("PATCH", `/assets/${demo.assets.tesla}`, { body: { metadata: { _system: { a: 1 } } } })
    expect(reserved.status).toBe(403)
    expect(reserved.body).toMatchObject({ message: "Can’t edit Stelace reserved namespace", data: { forbiddenNamespaces: ["system"] } })

    const protectedOnCategory = await api.call("POST", "/categories", { body: { name: "Boats", metadata: { _protected: {} } } })
    expect(protectedOnCategory.status).toBe(403)
    expect(protectedOnCategory.body.message).toBe("Can’t edit reserved namespace on this resource")

    const session = await login(api.server(), alice.username, alice.password)
    const ungranted = await api.call("PATCH", `/users/${alice.id}`, {
      key: api.server().publishableApiKey,
      token: session.accessToken,
      body: { metadata: { _shop: { a: 1 } } }
    })
    expect(ungranted.status).toBe(403)
    expect(ungranted.body.message).toBe("Forbidden")
  })
})
