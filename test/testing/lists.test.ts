import { describe, expect, it } from "vitest"
import { StelaceTest } from "../../src/testing/index.js"
import { useServer } from "./helpers.js"

const { demo } = StelaceTest

describe("API versions", () => {
  const api = useServer()

  it("uses 2020-08-10 by default and echoes the chosen version", async () => {
    const latest = await api.call("GET", "/assets")
    const old = await api.call("GET", "/assets", { version: "2019-05-20" })
    expect(latest.headers.get("x-stelace-version")).toBe("2020-08-10")
    expect(old.headers.get("x-stelace-version")).toBe("2019-05-20")
  })

  it("answers 400 with the available versions for an unknown version", async () => {
    const reply = await api.call("GET", "/assets", { version: "2021-01-01" })
    expect(reply.status).toBe(400)
    expect(reply.body).toEqual({
      message: "Invalid Stelace version '2021-01-01'",
      statusCode: 400,
      data: { versionsAvailable: ["2020-08-10", "2019-05-20"] }
    })
  })
})

describe("page-based lists (2019-05-20)", () => {
  const api = useServer()

  it("pages with nbResults, nbPages, page and nbResultsPerPage", async () => {
    const first = await api.call("GET", "/assets?nbResultsPerPage=4", { version: "2019-05-20" })
    expect(first.body).toMatchObject({ nbResults: 9, nbPages: 3, page: 1, nbResultsPerPage: 4 })
    expect(first.body.results).toHaveLength(4)
    const last = await api.call("GET", "/assets?nbResultsPerPage=4&page=3", { version: "2019-05-20" })
    expect(last.body.results).toHaveLength(1)
    const ids = [...first.body.results, ...last.body.results].map((asset: { id: string }) => asset.id)
    expect(new Set(ids).size).toBe(5)
  })

  it("orders on the allowed fields", async () => {
    const reply = await api.call("GET", "/assets?orderBy=price&order=asc", { version: "2019-05-20" })
    const prices = reply.body.results.map((asset: { price: number }) => asset.price)
    expect(prices).toEqual([...prices].sort((a, b) => a - b))
  })

  it("returns plain arrays for asset types, categories, roles, webhooks and workflows", async () => {
    await api.call("POST", "/webhooks", { body: { name: "Hook", targetUrl: "https://example.com/hook" } })
    await api.call("POST", "/workflows", { body: { name: "Flow" } })
    for (const path of ["/asset-types", "/categories", "/roles", "/webhooks", "/workflows"]) {
      const old = await api.call("GET", path, { version: "2019-05-20" })
      expect(Array.isArray(old.body), path).toBe(true)
      expect(old.body.length).toBeGreaterThan(0)
      const latest = await api.call("GET", path)
      expect(latest.body, path).toMatchObject({ hasNextPage: false, hasPreviousPage: false, results: expect.any(Array) })
    }
  })
})

describe("cursor lists (2020-08-10)", () => {
  const api = useServer()

  it("walks forward and backward with startingAfter and endingBefore", async () => {
    const first = await api.call("GET", "/assets?nbResultsPerPage=4")
    expect(first.body).toMatchObject({ hasPreviousPage: false, hasNextPage: true, nbResultsPerPage: 4 })
    expect(Object.keys(first.body).sort()).toEqual(
      ["endCursor", "hasNextPage", "hasPreviousPage", "nbResultsPerPage", "results", "startCursor"]
    )
    const second = await api.call("GET", `/assets?nbResultsPerPage=4&startingAfter=${encodeURIComponent(first.body.endCursor)}`)
    expect(second.body).toMatchObject({ hasPreviousPage: true, hasNextPage: true })
    const third = await api.call("GET", `/assets?nbResultsPerPage=4&startingAfter=${encodeURIComponent(second.body.endCursor)}`)
    expect(third.body).toMatchObject({ hasPreviousPage: true, hasNextPage: false })
    expect(third.body.results).toHaveLength(1)
    const back = await api.call("GET", `/assets?nbResultsPerPage=4&endingBefore=${encodeURIComponent(second.body.startCursor)}`)
    expect(back.body.results.map((a: { id: string }) => a.id)).toEqual(first.body.results.map((a: { id: string }) => a.id))
    expect(back.body.hasPreviousPage).toBe(false)
    const all = [...first.body.results, ...second.body.results, ...third.body.results].map((a: { createdDate: string }) => a.createdDate)
    expect(all).toEqual([...all].sort().reverse())
  })

  it("decodes cursors as base64 of '<value>~|~<id>'", async () => {
    const reply = await api.call("GET", "/assets?nbResultsPerPage=1")
    const [asset] = reply.body.results
    expect(Buffer.from(reply.body.startCursor, "base64").toString()).toBe(`${asset.createdDate}~|~${asset.id}`)
  })

  it("refuses page, both cursors, bad cursors and more than 100 results per page", async () => {
    const page = await api.call("GET", "/assets?page=2")
    expect(page.status).toBe(400)
    expect(page.body.message).toBe("\"page\" is not allowed")
    const both = await api.call("GET", "/assets?startingAfter=a&endingBefore=b")
    expect(both.status).toBe(400)
    const bad = await api.call("GET", "/assets?startingAfter=notACursor")
    expect(bad.status).toBe(422)
    expect(bad.body.message).toBe("Invalid cursor")
    const big = await api.call("GET", "/assets?nbResultsPerPage=101")
    expect(big.status).toBe(400)
    expect(big.body.message).toBe("\"nbResultsPerPage\" must be less than or equal to 100")
    const maximum = await api.call("GET", "/assets?nbResultsPerPage=100")
    expect(maximum.status).toBe(200)
  })
})

describe("list filters", () => {
  const api = useServer()
  const ids = (reply: { body: { results: Array<{ id: string }> } }) => reply.body.results.map((doc) => doc.id).sort()

  it("filters assets on their main fields", async () => {
    const byOwner = await api.call("GET", `/assets?ownerId=${demo.users.bruno.id}`)
    expect(byOwner.body.results.every((asset: { ownerId: string }) => asset.ownerId === demo.users.bruno.id)).toBe(true)
    expect(byOwner.body.results).toHaveLength(4)
    const byIds = await api.call("GET", `/assets?id=${demo.assets.tesla},${demo.assets.zoe}`)
    expect(ids(byIds)).toEqual([demo.assets.tesla, demo.assets.zoe].sort())
    const byIdArray = await api.call("GET", `/assets?id[]=${demo.assets.tesla}&id[]=${demo.assets.kayak}`)
    expect(ids(byIdArray)).toEqual([demo.assets.tesla, demo.assets.kayak].sort())
    const inactive = await api.call("GET", "/assets?active=false")
    expect(ids(inactive)).toEqual([demo.assets.paddle])
    const priceRange = await api.call("GET", "/assets?price[gte]=30&price[lt]=90")
    expect(priceRange.body.results.map((asset: { price: number }) => asset.price).sort()).toEqual([30, 45, 70])
    const jsonRange = await api.call("GET", `/assets?price=${encodeURIComponent(JSON.stringify({ gt: 60 }))}`)
    expect(jsonRange.body.results.map((asset: { price: number }) => asset.price).sort()).toEqual([70, 90])
  })

  it("filters transactions, messages and events", async () => {
    const byTaker = await api.call("GET", `/transactions?takerId=${demo.users.chloe.id}`)
    expect(ids(byTaker)).toEqual([demo.transactions.teslaBooking, demo.transactions.tentRental].sort())
    const byValue = await api.call("GET", "/transactions?value[gte]=200")
    expect(ids(byValue)).toEqual([demo.transactions.teslaBooking])
    const messages = await api.call("GET", `/messages?userId=${demo.users.alice.id}`)
    expect(messages.body.results).toHaveLength(2)
    await api.call("POST", "/events", { body: { type: "page_viewed", metadata: { page: "home" } } })
    const events = await api.call("GET", `/events?type=page_viewed&metadata=${encodeURIComponent(JSON.stringify({ page: "home" }))}`)
    expect(events.body.results).toHaveLength(1)
  })

  it("requires the filters the server requires", async () => {
    const documents = await api.call("GET", "/documents")
    expect(documents.status).toBe(400)
    expect(documents.body.message).toBe("\"type\" is required")
    const availabilities = await api.call("GET", "/availabilities")
    expect(availabilities.body.message).toBe("\"assetId\" is required")
  })

  it("filters on creation dates", async () => {
    const all = await api.call("GET", "/assets?order=asc")
    const middle = all.body.results[4].createdDate
    const after = await api.call("GET", `/assets?createdDate[gt]=${middle}`)
    expect(after.body.results).toHaveLength(4)
  })
})
