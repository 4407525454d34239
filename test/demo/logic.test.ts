/**
 * The demo's logic that needs no browser: availability periods from a graph, conversations from
 * messages, the search page's parameters, listing photos from metadata, the account page's forms.
 */
import { describe, expect, it } from "vitest"
import { newPasswordProblem, profileFieldsOf, profileUpdate } from "../../demo/src/features/account/accountSettings.js"
import { type Graph, isFree, pickerRange, unavailablePeriods } from "../../demo/src/features/bookings/availability.js"
import { conversationsOf, type Message } from "../../demo/src/features/inbox/conversations.js"
import { photosOf } from "../../demo/src/features/listings/photos.js"
import { type SearchParams, searchParams } from "../../demo/src/features/search/searchParams.js"

/** The search route's parameters as the router reads them: through the schema's Standard Schema interface. */
const validateSearchParams = (search: Record<string, unknown>): SearchParams => {
  const result = searchParams["~standard"].validate(search)
  if (result instanceof Promise || result.issues !== undefined) throw new Error("the search parameters were refused")
  return result.value
}

const graph = (points: Array<[string, number, number]>, _defaultQuantity = 1): Graph => ({
  graphDates: points.map(([date, availableQuantity, usedQuantity]) => ({ date, availableQuantity, usedQuantity }))
})

describe("availability periods", () => {
  const booked = graph([
    ["2030-01-10T00:00:00.000Z", 2, 1],
    ["2030-01-12T00:00:00.000Z", 2, 2],
    ["2030-01-14T00:00:00.000Z", 0, 0],
    ["2030-01-16T00:00:00.000Z", 2, 0]
  ], 2)

  it("joins the steps where fewer units are free than wanted", () => {
    expect(unavailablePeriods(booked, 1)).toEqual([{ start: "2030-01-12T00:00:00.000Z", end: "2030-01-16T00:00:00.000Z" }])
    expect(unavailablePeriods(booked, 2)).toEqual([{ start: "2030-01-10T00:00:00.000Z", end: "2030-01-16T00:00:00.000Z" }])
  })

  it("keeps a last step open when it is unavailable from then on", () => {
    expect(unavailablePeriods(graph([["2030-02-01T00:00:00.000Z", 0, 0]]))).toEqual([{ start: "2030-02-01T00:00:00.000Z", end: null }])
    expect(pickerRange({ start: "2030-02-01T00:00:00.000Z", end: null })).toEqual({ after: new Date("2030-01-31T00:00:00.000Z") })
  })

  it("tells free dates from booked ones, the return day excluded", () => {
    const periods = unavailablePeriods(booked, 1)
    expect(isFree(periods, "2030-01-08T00:00:00.000Z", "2030-01-12T00:00:00.000Z")).toBe(true)
    expect(isFree(periods, "2030-01-08T00:00:00.000Z", "2030-01-13T00:00:00.000Z")).toBe(false)
    expect(isFree(periods, "2030-01-16T00:00:00.000Z", "2030-01-18T00:00:00.000Z")).toBe(true)
    expect(pickerRange(periods[0]!)).toEqual({ from: new Date("2030-01-12T00:00:00.000Z"), to: new Date("2030-01-15T00:00:00.000Z") })
  })
})

describe("the account page's forms", () => {
  it("fill the profile's fields from the user, an absent one as empty text", () => {
    expect(profileFieldsOf({ displayName: "Alice", firstname: "Alice", lastname: null, description: null }))
      .toEqual({ displayName: "Alice", firstname: "Alice", lastname: "", description: "" })
    // another user's read leaves the private names out
    expect(profileFieldsOf({ displayName: null, description: "Hi" })).toEqual({ displayName: "", firstname: "", lastname: "", description: "Hi" })
  })

  it("send the profile trimmed, and an emptied field as null rather than an empty name", () => {
    expect(profileUpdate({ displayName: "  Ali ", firstname: "Alice", lastname: "   ", description: "" }))
      .toEqual({ displayName: "Ali", firstname: "Alice", lastname: null, description: null })
  })

  it("refuse a new password that its confirmation does not repeat, or of a length the server refuses", () => {
    expect(newPasswordProblem("new-password-1", "new-password-1")).toBeUndefined()
    expect(newPasswordProblem("new-password-1", "new-password-2")).toBe("settings.passwordsDiffer")
    // told apart by case and by a trailing space too: nothing is trimmed from a password
    expect(newPasswordProblem("New-password", "new-password")).toBe("settings.passwordsDiffer")
    expect(newPasswordProblem("new-password ", "new-password")).toBe("settings.passwordsDiffer")
    expect(newPasswordProblem("short", "short")).toBe("settings.passwordLength")
    expect(newPasswordProblem("x".repeat(8), "x".repeat(8))).toBeUndefined()
    expect(newPasswordProblem("x".repeat(255), "x".repeat(255))).toBeUndefined()
    expect(newPasswordProblem("x".repeat(256), "x".repeat(256))).toBe("settings.passwordLength")
  })
})

describe("listing photos", () => {
  it("reads http(s) and data:image URLs from metadata.images, and nothing else", () => {
    expect(photosOf({
      metadata: {
        images: [
          { url: "https://cdn.example.com/a.webp" },
          { url: "javascript:alert(1)" },
          { url: "data:image/svg+xml,<svg/>" },
          { url: 42 },
          "https://not-an-object.example.com"
        ]
      }
    } as never)).toEqual(["https://cdn.example.com/a.webp", "data:image/svg+xml,<svg/>"])
    expect(photosOf({ metadata: {} } as never)).toEqual([])
    expect(photosOf({ metadata: { images: "nope" } } as never)).toEqual([])
  })
})

describe("conversations", () => {
  const message = (id: string, topicId: string, senderId: string, receiverId: string, read = false): Message =>
    ({ id, topicId, conversationId: `conv_${id}`, senderId, receiverId, read, createdDate: `2030-01-0${id}T00:00:00.000Z`, content: id })

  it("groups messages by topic and other person, newest first as given, counting what the user has not read", () => {
    const messages = [
      message("5", "ast_kayak", "usr_chloe", "usr_alice"),
      message("4", "trn_booking", "usr_alice", "usr_chloe"),
      message("3", "ast_kayak", "usr_david", "usr_alice"),
      message("2", "trn_booking", "usr_chloe", "usr_alice", true),
      message("1", "ast_kayak", "usr_chloe", "usr_alice")
    ]
    expect(conversationsOf(messages, "usr_alice").map(({ topicId, otherId, unread, messages }) => ({ topicId, otherId, unread, ids: messages.map((m) => m.id) }))).toEqual([
      { topicId: "ast_kayak", otherId: "usr_chloe", unread: 2, ids: ["5", "1"] },
      { topicId: "trn_booking", otherId: "usr_chloe", unread: 0, ids: ["4", "2"] },
      { topicId: "ast_kayak", otherId: "usr_david", unread: 1, ids: ["3"] }
    ])
  })
})

describe("the search page's parameters", () => {
  it("keeps well-formed values and drops the rest", () => {
    expect(validateSearchParams({ query: " kayak ", categoryId: "ctgy_1", minPrice: "10", maxPrice: "-3", startDate: "2030-01-02", endDate: "tomorrow", other: "x" }))
      .toEqual({ query: "kayak", categoryId: "ctgy_1", minPrice: "10", maxPrice: undefined, startDate: "2030-01-02", endDate: undefined })
    expect(validateSearchParams({ query: ["a", "b"], minPrice: "ten" })).toEqual({
      query: undefined, categoryId: undefined, minPrice: undefined, maxPrice: undefined, startDate: undefined, endDate: undefined
    })
  })
})

describe("the app's configuration", async () => {
  const { readConfig } = await import("../../demo/src/config.js")

  it("takes a photo upload address when it is an http(s) URL, and works without one", () => {
    const withUploads = readConfig(JSON.stringify({ apiUrl: "http://127.0.0.1:4100", apiKey: "pubk_x", uploadUrl: "http://127.0.0.1:4100/_dev/uploads" }))
    expect(withUploads.ok && withUploads.config.uploadUrl?.href).toBe("http://127.0.0.1:4100/_dev/uploads")
    const without = readConfig(JSON.stringify({ apiUrl: "https://api.example.com", apiKey: "pubk_x" }))
    expect(without.ok && without.config.uploadUrl).toBeUndefined()
  })

  it("refuses an upload address that is not an http(s) URL", () => {
    expect(readConfig(JSON.stringify({ apiKey: "pubk_x", uploadUrl: "javascript:alert(1)" }))).toEqual({
      ok: false,
      problem: "uploadUrlProtocol"
    })
    expect(readConfig(JSON.stringify({ apiKey: "pubk_x", uploadUrl: "not a url" }))).toEqual({
      ok: false,
      problem: "uploadUrlInvalid"
    })
  })

  it("takes the map's tiles and their credit, OpenStreetMap's by default", () => {
    const defaults = readConfig(JSON.stringify({ apiKey: "pubk_x" }))
    expect(defaults.ok && [defaults.config.mapTiles, defaults.config.mapAttribution])
      .toEqual(["https://tile.openstreetmap.org/{z}/{x}/{y}.png", "© OpenStreetMap contributors"])
    const given = readConfig(JSON.stringify({ apiKey: "pubk_x", mapTiles: "https://{s}.tiles.example.com/{z}/{x}/{y}.png", mapAttribution: "<b>Example</b>" }))
    expect(given.ok && [given.config.mapTiles, given.config.mapAttribution]).toEqual(["https://{s}.tiles.example.com/{z}/{x}/{y}.png", "<b>Example</b>"])
  })

  it("refuses map tiles that are not an http(s) URL template, and a credit that is not text", () => {
    const problem = "mapTilesInvalid"
    expect(readConfig(JSON.stringify({ apiKey: "pubk_x", mapTiles: "javascript:alert(1)//{z}/{x}/{y}" }))).toEqual({ ok: false, problem })
    expect(readConfig(JSON.stringify({ apiKey: "pubk_x", mapTiles: 42 }))).toEqual({ ok: false, problem })
    // a URL parser would drop the line break silently
    expect(readConfig(JSON.stringify({ apiKey: "pubk_x", mapTiles: "https://tiles.exam\nple.org/{z}/{x}/{y}.png" }))).toEqual({ ok: false, problem })
    expect(readConfig(JSON.stringify({ apiKey: "pubk_x", mapAttribution: ["OSM"] }))).toEqual({
      ok: false,
      problem: "mapAttributionInvalid"
    })
  })

  it("says whether reset links are printed in npm start's terminal: false unless told, true or false only", () => {
    const defaults = readConfig(JSON.stringify({ apiKey: "pubk_x" }))
    expect(defaults.ok && defaults.config.resetLinksInTerminal).toBe(false)
    const local = readConfig(JSON.stringify({ apiKey: "pubk_x", resetLinksInTerminal: true }))
    expect(local.ok && local.config.resetLinksInTerminal).toBe(true)
    for (const value of ["true", 1, null, {}]) {
      expect(readConfig(JSON.stringify({ apiKey: "pubk_x", resetLinksInTerminal: value }))).toEqual({ ok: false, problem: "resetLinksInvalid" })
    }
  })
})
