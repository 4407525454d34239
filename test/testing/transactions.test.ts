import { describe, expect, it } from "vitest"
import { StelaceTest } from "../../src/testing/index.js"
import { login, useServer } from "./helpers.js"

const { demo } = StelaceTest
const { alice, chloe, david } = demo.users

describe("transactions and the default process", () => {
  const api = useServer()

  const sessions = async () => {
    const server = api.server()
    const owner = await login(server, alice.username, alice.password)
    const taker = await login(server, chloe.username, chloe.password)
    const as = (session: { accessToken: string }) => ({ key: server.publishableApiKey, token: session.accessToken })
    return { owner: as(owner), taker: as(taker) }
  }

  it("previews a booking with the asset's price and the asset type's fees", async () => {
    const reply = await api.call("POST", "/transactions/preview", {
      key: api.server().publishableApiKey,
      body: { assetId: demo.assets.zoe, startDate: "2031-05-01T00:00:00.000Z", duration: { d: 4 } }
    })
    expect(reply.status).toBe(200)
    expect(reply.body.id).toBeUndefined()
    expect(reply.body).toMatchObject({
      assetId: demo.assets.zoe,
      ownerId: alice.id,
      status: "draft",
      startDate: "2031-05-01T00:00:00.000Z",
      endDate: "2031-05-05T00:00:00.000Z",
      duration: { d: 4 },
      timeUnit: "d",
      unitPrice: 45,
      value: 180,
      // fees are percentages of the value: 5% for the owner, 10% for the taker
      ownerAmount: 171,
      takerAmount: 198,
      platformAmount: 27,
      currency: "EUR",
      assetSnapshot: { id: demo.assets.zoe, name: "Renault Zoe" },
      assetType: { id: demo.assetTypes.daily }
    })
  })

  it("books through accept, pay and complete, recording statusHistory and events", async () => {
    const { owner, taker } = await sessions()
    const created = await api.call("POST", "/transactions", {
      ...taker,
      body: { assetId: demo.assets.zoe, startDate: "2031-06-01T00:00:00.000Z", endDate: "2031-06-03T00:00:00.000Z" }
    })
    expect(created.status).toBe(200)
    expect(created.body).toMatchObject({ id: expect.stringMatching(/^trn_/), takerId: chloe.id, status: "draft", duration: { d: 2 } })

    const takerAccepts = await api.call("POST", `/transactions/${created.body.id}/transitions`, { ...taker, body: { name: "accept" } })
    expect(takerAccepts.status).toBe(403)
    const accepted = await api.call("POST", `/transactions/${created.body.id}/transitions`, { ...owner, body: { name: "accept" } })
    expect(accepted.body.status).toBe("accepted")
    const paid = await api.call("POST", `/transactions/${created.body.id}/transitions`, { ...taker, body: { name: "pay" } })
    expect(paid.body.status).toBe("validated")
    const completed = await api.call("POST", `/transactions/${created.body.id}/transitions`, { body: { name: "complete" } })
    expect(completed.body.status).toBe("completed")
    expect(completed.body.completedDate).toEqual(expect.any(String))
    expect(completed.body.statusHistory.map((entry: { status: string }) => entry.status)).toEqual(
      ["completed", "validated", "accepted", "draft"]
    )
    const events = await api.call("GET", `/events?objectId=${created.body.id}&type=transaction__status_changed`)
    expect(events.body.results).toHaveLength(3)
  })

  it("answers 422 for a transition not allowed from the current status", async () => {
    const reply = await api.call("POST", `/transactions/${demo.transactions.eBikeDraft}/transitions`, { body: { name: "complete" } })
    expect(reply.status).toBe(422)
    expect(reply.body).toEqual({ message: "Invalid transition", statusCode: 422 })
    const unknown = await api.call("POST", `/transactions/${demo.transactions.eBikeDraft}/transitions`, { body: { name: "teleport" } })
    expect(unknown.status).toBe(422)
  })

  it("cancels from any status with a reason", async () => {
    const reply = await api.call("POST", `/transactions/${demo.transactions.teslaBooking}/transitions`, {
      body: { name: "cancel", data: { cancellationReason: "rejected" } }
    })
    expect(reply.body).toMatchObject({ status: "cancelled", cancellationReason: "rejected", cancelledDate: expect.any(String) })
  })

  it("refuses bookings of an unavailable period, and checks duration limits", async () => {
    const { taker } = await sessions()
    const booked = await api.call("GET", `/transactions/${demo.transactions.teslaBooking}`)
    const overlapping = await api.call("POST", "/transactions", {
      ...taker,
      body: { assetId: demo.assets.tesla, startDate: booked.body.startDate, duration: { d: 1 } }
    })
    expect(overlapping.status).toBe(422)
    const tooLong = await api.call("POST", "/transactions", {
      ...taker,
      body: { assetId: demo.assets.zoe, startDate: "2031-01-01T00:00:00.000Z", duration: { d: 45 } }
    })
    expect(tooLong.status).toBe(422)
    const both = await api.call("POST", "/transactions", {
      ...taker,
      body: { assetId: demo.assets.zoe, startDate: "2031-01-01T00:00:00.000Z", endDate: "2031-01-02T00:00:00.000Z", duration: { d: 1 } }
    })
    expect(both.status).toBe(400)
  })

  it("shows transactions only to their owner and taker", async () => {
    const server = api.server()
    const stranger = await login(server, david.username, david.password)
    const reply = await api.call("GET", `/transactions/${demo.transactions.teslaBooking}`, {
      key: server.publishableApiKey,
      token: stranger.accessToken
    })
    expect(reply.status).toBe(403)
    // without transaction:list:all, a user lists their own transactions by naming themself
    const unfiltered = await api.call("GET", "/transactions", { key: server.publishableApiKey, token: stranger.accessToken })
    expect(unfiltered.status).toBe(403)
    const own = await api.call("GET", `/transactions?takerId=${david.id}`, { key: server.publishableApiKey, token: stranger.accessToken })
    expect(own.body.results.map((trn: { id: string }) => trn.id)).toEqual([demo.transactions.eBikeDraft])
    const byAsset = await api.call("GET", `/transactions?assetId=${demo.assets.tesla}`, {
      key: server.publishableApiKey,
      token: (await login(server, alice.username, alice.password)).accessToken
    })
    expect(byAsset.status).toBe(403)
  })

  it("follows the asset type's own process", async () => {
    const type = await api.call("POST", "/asset-types", {
      body: {
        name: "Instant",
        timeBased: false,
        transactionProcess: {
          initStatus: "requested",
          cancelStatus: "refused",
          transitions: [
            { name: "approve", from: "requested", to: "approved", actors: ["owner"] },
            { name: "refuse", from: "requested", to: "refused", actors: ["owner"] }
          ]
        }
      }
    })
    const asset = await api.call("POST", "/assets", { body: { name: "Ladder", assetTypeId: type.body.id, ownerId: alice.id, price: 8 } })
    const trn = await api.call("POST", "/transactions", { body: { assetId: asset.body.id, takerId: chloe.id } })
    expect(trn.body).toMatchObject({ status: "requested", value: 8 })
    const approved = await api.call("POST", `/transactions/${trn.body.id}/transitions`, { body: { name: "approve" } })
    expect(approved.body.status).toBe("approved")
  })
})

describe("availabilities", () => {
  const api = useServer()

  it("blocks periods and draws the availability graph", async () => {
    const created = await api.call("POST", "/availabilities", {
      body: { assetId: demo.assets.zoe, startDate: "2031-02-01T00:00:00.000Z", endDate: "2031-02-10T00:00:00.000Z", quantity: 0 }
    })
    expect(created.body).toMatchObject({ id: expect.stringMatching(/^avl_/), quantity: 0, recurringPattern: null })
    const booking = await api.call("POST", "/transactions", {
      body: { assetId: demo.assets.zoe, takerId: chloe.id, startDate: "2031-02-03T00:00:00.000Z", duration: { d: 1 } }
    })
    expect(booking.status).toBe(422)
    const list = await api.call("GET", `/availabilities?assetId=${demo.assets.zoe}`)
    expect(list.body.results.map((avl: { id: string }) => avl.id)).toEqual([created.body.id])

    const graph = await api.call("GET", `/availabilities/graph?assetId=${demo.assets.tesla}`)
    expect(graph.body).toMatchObject({ defaultQuantity: 1, totalUsedQuantity: 1 })
    expect(graph.body.graphDates).toEqual([
      expect.objectContaining({ usedQuantity: 1, availableQuantity: 1 }),
      expect.objectContaining({ usedQuantity: 0, availableQuantity: 1 })
    ])
  })

  it("lets only the asset owner manage its availabilities", async () => {
    const server = api.server()
    const session = await login(server, demo.users.bruno.username, demo.users.bruno.password)
    const reply = await api.call("POST", "/availabilities", {
      key: server.publishableApiKey,
      token: session.accessToken,
      body: { assetId: demo.assets.zoe, startDate: "2031-02-01T00:00:00.000Z", endDate: "2031-02-10T00:00:00.000Z", quantity: 0 }
    })
    expect(reply.status).toBe(403)
  })
})
