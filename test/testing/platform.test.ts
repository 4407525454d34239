import { describe, expect, it } from "vitest"
import { StelaceTest, startServer } from "../../src/testing/index.js"
import { call, login, useServer } from "./helpers.js"

const { demo } = StelaceTest

describe("the local server", () => {
  const api = useServer()

  it("answers CORS preflights, allowing the x-stelace-* headers", async () => {
    const response = await fetch(`${api.server().url}/assets`, {
      method: "OPTIONS",
      headers: {
        origin: "http://localhost:5173",
        "access-control-request-method": "GET",
        "access-control-request-headers": "authorization, x-stelace-version, x-stelace-organization-id, x-stelace-user-id"
      }
    })
    expect(response.status).toBe(204)
    expect(response.headers.get("access-control-allow-origin")).toBe("*")
    const allowed = response.headers.get("access-control-allow-headers")!.split(", ")
    expect(allowed).toEqual(expect.arrayContaining(["authorization", "x-stelace-version", "x-stelace-organization-id", "x-stelace-user-id"]))
    expect(response.headers.get("access-control-allow-methods")).toContain("PATCH")
  })

  it("sends CORS headers on answers, exposing the request id and version", async () => {
    const reply = await api.call("GET", "/assets")
    expect(reply.headers.get("access-control-allow-origin")).toBe("*")
    expect(reply.headers.get("access-control-expose-headers")).toBe("x-stelace-version, x-request-id")
  })

  it("gives every success a fresh request id", async () => {
    const first = await api.call("GET", "/categories")
    const second = await api.call("GET", "/categories")
    expect(first.headers.get("x-request-id")).not.toBe(second.headers.get("x-request-id"))
  })

  it("keeps each server's data to itself", async () => {
    const other = await startServer({ seed: "demo" })
    try {
      await api.call("POST", "/categories", { body: { name: "Only here" } })
      const here = await api.call("GET", "/categories", { version: "2019-05-20" })
      const there = await call(other, "GET", "/categories", { version: "2019-05-20" })
      expect(here.body.length).toBe(there.body.length + 1)
    } finally {
      await other.close()
    }
  })
})

describe("seeds", () => {
  it("starts empty with 'empty', keeping the keys and built-in roles", async () => {
    const server = await startServer({ seed: "empty" })
    try {
      expect(server.secretApiKey).toBe(StelaceTest.defaultKeys.secretApiKey)
      const assets = await call(server, "GET", "/assets")
      expect(assets.body.results).toEqual([])
      const roles = await call(server, "GET", "/roles", { version: "2019-05-20" })
      expect(roles.body.map((role: { value: string }) => role.value).sort()).toEqual(
        ["dev", "organization", "provider", "public", "user"]
      )
      const created = await call(server, "POST", "/assets", { body: { name: "First" } })
      expect(created.status).toBe(200)
      const types = await call(server, "GET", "/asset-types")
      expect(types.body.results).toHaveLength(1)
      expect(types.body.results[0]).toMatchObject({ isDefault: true, id: created.body.assetTypeId })
    } finally {
      await server.close()
    }
  })

  it("starts from a test's own seed, keys included", async () => {
    const secret = "seck_test_MyOwnSecretKey0000000001"
    const server = await startServer({
      seed: {
        apiKeys: { secret, publishable: "pubk_test_MyOwnPublicKey0000000001" },
        users: [
          { id: "usr_owner00000000000000001", username: "owner@example.com", password: "owner-password" },
          { id: "usr_taker00000000000000001", username: "taker@example.com", password: "taker-password" }
        ],
        assetTypes: [{ name: "Rental", timeBased: true, isDefault: true, pricing: { ownerFeesPercent: 10, takerFeesPercent: 0 } }],
        assets: [{ id: "ast_kayak00000000000000001", name: "Kayak", ownerId: "usr_owner00000000000000001", price: 20, currency: "EUR" }],
        transactions: [{ assetId: "ast_kayak00000000000000001", takerId: "usr_taker00000000000000001", startDate: "2031-01-01T00:00:00.000Z", duration: { d: 2 }, status: "accepted" }]
      }
    })
    try {
      expect(server.secretApiKey).toBe(secret)
      const asset = await call(server, "GET", "/assets/ast_kayak00000000000000001")
      expect(asset.body).toMatchObject({ name: "Kayak", price: 20, ownerId: "usr_owner00000000000000001" })
      const transactions = await call(server, "GET", "/transactions")
      expect(transactions.body.results[0]).toMatchObject({ status: "accepted", value: 40, ownerAmount: 36 })
      expect(transactions.body.results[0].statusHistory.map((entry: { status: string }) => entry.status)).toEqual(["accepted", "draft"])
      await expect(login(server, "owner@example.com", "owner-password")).resolves.toMatchObject({
        userId: "usr_owner00000000000000001"
      })
    } finally {
      await server.close()
    }
  })

  it("refuses seeds with broken references", async () => {
    await expect(startServer({ seed: { assets: [{ name: "Orphan", categoryId: "ctgy_missing" }] } })).rejects.toThrow(
      "Invalid seed (asset #0): Asset category not found"
    )
  })
})

describe("configuration, API keys and platform routes", () => {
  const api = useServer()

  it("reads and deep-merges public and private config", async () => {
    const server = api.server()
    const publicRead = await api.call("GET", "/config", { key: server.publishableApiKey })
    expect(publicRead.body).toMatchObject({ stelace: { instant: { serviceName: "Stelace local demo" } }, custom: {}, theme: {} })
    const patched = await api.call("PATCH", "/config", { body: { stelace: { search: { maxDistance: 5000 } }, custom: { a: 1 } } })
    expect(patched.body.stelace).toMatchObject({ instant: { currency: "EUR" }, search: { maxDistance: 5000 } })
    expect(patched.body.custom).toEqual({ a: 1 })
    expect((await api.call("GET", "/config/private", { key: server.publishableApiKey })).status).toBe(403)
    const privatePatch = await api.call("PATCH", "/config/private", { body: { stelace: { email: { host: "smtp.example.com" } } } })
    expect(privatePatch.body.stelace).toEqual({ email: { host: "smtp.example.com" } })
  })

  it("refuses a refresh token lifetime that is not one positive unit", async () => {
    const zero = await api.call("PATCH", "/config/private", { body: { stelace: { stelaceAuthRefreshTokenExpiration: { m: 0 } } } })
    expect(zero.status).toBe(400)
    expect(zero.body.message).toBe("\"stelace.stelaceAuthRefreshTokenExpiration.m\" must be larger than or equal to 1")
    const two = await api.call("PATCH", "/config/private", { body: { stelace: { stelaceAuthRefreshTokenExpiration: { m: 1, h: 1 } } } })
    expect(two.body.message).toBe("\"stelace.stelaceAuthRefreshTokenExpiration\" must have 1 key")
  })

  it("creates API keys that work, shown obfuscated afterwards", async () => {
    const created = await api.call("POST", "/api-keys", { body: { name: "Mobile", type: "pubk" } })
    expect(created.body.key).toMatch(/^pubk_test_[A-Za-z0-9]{32}$/)
    expect((await api.call("GET", "/assets", { key: created.body.key })).status).toBe(200)
    const secret = await api.call("POST", "/api-keys", { body: { name: "Backend", type: "seck" } })
    expect(secret.body.key).toMatch(/^seck_test_/)
    const read = await api.call("GET", `/api-keys/${secret.body.id}`)
    expect(read.body.key).toMatch(/^seck_test_[A-Za-z0-9]{4}x+[A-Za-z0-9]{4}$/)
    await api.call("DELETE", `/api-keys/${secret.body.id}`)
    expect((await api.call("GET", "/assets", { key: secret.body.key })).status).toBe(401)
  })

  it("answers signals and refuses broadcasts without signal:create:all", async () => {
    const server = api.server()
    // nobody listens to the backend's channels: a destination is never found, as on a real server nobody joined
    const direct = await api.call("POST", "/signal", {
      key: server.publishableApiKey,
      body: { destination: demo.users.alice.id, message: { text: "hi" } }
    })
    expect(direct.status).toBe(404)
    expect(direct.body.message).toBe(`Signal destination '${demo.users.alice.id}' not found`)
    const broadcast = await api.call("POST", "/signal", { key: server.publishableApiKey, body: { message: "all" } })
    expect(broadcast.status).toBe(403)
    const sent = await api.call("POST", "/signal", { body: { message: { text: "hi" } } })
    expect(sent.body).toEqual({ message: { text: "hi" }, event: "signal", env: "test" })
  })

  it("patches in batch, answering raw with the first failure's status", async () => {
    const reply = await api.call("POST", "/batch", {
      body: {
        objectType: "asset",
        method: "PATCH",
        objects: [
          { objectId: demo.assets.tesla, payload: { price: 99 } },
          { objectId: "ast_unknown", payload: { price: 1 } }
        ]
      }
    })
    expect(reply.status).toBe(404)
    expect(reply.body).toMatchObject({ success: false, completed: [demo.assets.tesla], errors: [{ objectId: "ast_unknown" }] })
    expect(reply.headers.get("x-stelace-version")).toBeNull()
    expect((await api.call("GET", `/assets/${demo.assets.tesla}`)).body.price).toBe(99)
  })

  it("accepts emails once an SMTP host is configured, and keeps them for inspection", async () => {
    const email = { to: "someone@example.com", subject: "Hi", text: "Hello" }
    const unconfigured = await api.call("POST", "/emails/send", { body: email })
    expect(unconfigured.status).toBe(422)
    expect(unconfigured.body.message).toBe("Missing email config")
    await api.call("PATCH", "/config/private", { body: { stelace: { email: { host: "smtp.example.com", port: 587 } } } })
    const reply = await api.call("POST", "/emails/send", { body: email })
    expect(reply.body).toEqual({ success: true })
    expect(api.server().backend.store.all("email")).toEqual([expect.objectContaining({ to: "someone@example.com" })])
  })

  it("serves document stats, event stats and event history", async () => {
    for (const amount of [10, 30]) {
      await api.call("POST", "/documents", { body: { type: "invoice", authorId: demo.users.alice.id, data: { amount } } })
    }
    const stats = await api.call("GET", "/documents/stats?type=invoice&groupBy=authorId&field=data.amount")
    expect(stats.body.results).toEqual([
      expect.objectContaining({ groupBy: "authorId", groupByValue: demo.users.alice.id, count: 2, sum: 40, avg: 20, min: 10, max: 30 })
    ])
    expect(stats.body).toMatchObject({ hasNextPage: false })
    await api.call("POST", "/events", { body: { type: "page_viewed" } })
    await api.call("POST", "/events", { body: { type: "page_viewed" } })
    const eventStats = await api.call("GET", "/events/stats?groupBy=type")
    expect(eventStats.body.results).toEqual([expect.objectContaining({ groupBy: "type", groupByValue: "page_viewed", count: 2 })])
    expect(eventStats.body).toMatchObject({ page: 1, nbResults: expect.any(Number) })
    const history = await api.call("GET", "/events/history?groupBy=day")
    expect(history.body.results).toEqual([{ day: expect.stringMatching(/T00:00:00.000Z$/), count: 2 }])
  })

  it("collects assessment signatures", async () => {
    const { alice, chloe } = demo.users
    const assessment = await api.call("POST", "/assessments", {
      body: {
        assetId: demo.assets.tesla,
        statement: "pass",
        ownerId: alice.id,
        takerId: chloe.id,
        signers: { [alice.id]: {}, [chloe.id]: { comment: "full tank" } },
        nbSigners: 2
      }
    })
    expect(assessment.body).toMatchObject({
      id: expect.stringMatching(/^assm_/),
      status: "draft",
      signers: { [chloe.id]: { comment: "full tank", statement: null, signedDate: null } },
      // sign codes are set by updates only, as on the real server
      signCodes: { [alice.id]: null, [chloe.id]: null }
    })
    await api.call("PATCH", `/assessments/${assessment.body.id}`, { body: { signCodes: { [chloe.id]: "1234" } } })
    const first = await api.call("POST", `/assessments/${assessment.body.id}/signatures`, {
      headers: { "x-stelace-user-id": alice.id },
      body: {}
    })
    expect(first.body.signers[alice.id].signedDate).toEqual(expect.any(String))
    expect(first.body.signedDate).toBeNull()
    const wrongCode = await api.call("POST", `/assessments/${assessment.body.id}/signatures`, {
      headers: { "x-stelace-user-id": chloe.id },
      body: { signCode: "0000" }
    })
    expect(wrongCode.status).toBe(403)
    const second = await api.call("POST", `/assessments/${assessment.body.id}/signatures`, {
      headers: { "x-stelace-user-id": chloe.id },
      body: { signCode: "1234" }
    })
    expect(second.body).toMatchObject({ signedDate: expect.any(String), status: "accept", statement: "pass" })
    const again = await api.call("POST", `/assessments/${assessment.body.id}/signatures`, {
      headers: { "x-stelace-user-id": chloe.id },
      body: { signCode: "1234" }
    })
    expect(again.status).toBe(422)
  })

  it("includes logs on webhooks and workflows with ?logs", async () => {
    const webhook = await api.call("POST", "/webhooks", { body: { name: "Hook", targetUrl: "https://example.com/hook" } })
    const read = await api.call("GET", `/webhooks/${webhook.body.id}?logs=true`)
    expect(read.body.logs).toEqual([])
    const logs = await api.call("GET", "/webhook-logs", { version: "2019-05-20" })
    expect(logs.body).toMatchObject({ results: [], hasNextPage: false })
  })
})
