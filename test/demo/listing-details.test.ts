/**
 * A listing's city and number attributes in the demo: how its page reads them, how the listing
 * forms check what an owner typed and turn it into `assets.create` and `assets.update` bodies,
 * and the default geocoder, which places the cities the platform's listings use. The bodies go
 * through the in-memory backend too, which merges `customAttributes` and replaces `locations`
 * as the real server's `PATCH /assets/:id` does: an edit keeps the listing's other attributes.
 */
import { createInstance } from "stelace-effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { formatNumber } from "../../demo/src/lib/format.js"
import { type Geocoder, placesGeocoder } from "../../demo/src/features/listings/geocoder.js"
import { attributeLabel, cityOf, numberAttributesOf } from "../../demo/src/features/listings/listingDetails.js"
import {
  attributeProblems,
  CityProblem,
  cityChanged,
  detailsDraftOf,
  listingDetailsUpdate,
  locateCity,
  newListingDetails,
  parseAttributeValue
} from "../../demo/src/features/listings/listingForm.js"
import { type Place, placesOf } from "../../demo/src/features/listings/places.js"
import { type RunningServer, startServer } from "../../src/testing/index.js"

const lyon = { latitude: 45.764, longitude: 4.8357, city: "Lyon" }
const paris = { latitude: 48.8566, longitude: 2.3522, city: "Paris" }
const lyonPlace: Place = { name: "Lyon", latitude: 45.764, longitude: 4.8357 }
const parisPlace: Place = { name: "Paris", latitude: 48.8566, longitude: 2.3522 }

/** A listing as the demo seed has them: a car in Lyon with texts, a boolean and tags beside its seats. */
const car = {
  locations: [lyon],
  customAttributes: { seats: 5, electric: true, brand: "Citroën", color: "yellow", features: ["gps"] }
}

/** A geocoder that knows the places given, and counts the cities it was asked about. */
const knowing = (places: ReadonlyArray<Place>) => {
  const asked: Array<string> = []
  const geocoder = placesGeocoder(async () => places)
  const counting: Geocoder = {
    locate: (city) => {
      asked.push(city)
      return geocoder.locate(city)
    }
  }
  return { asked, geocoder: counting }
}

describe("a listing's page", () => {
  it("reads the city of its first location, and no city from a point without one", () => {
    expect(cityOf(car)).toBe("Lyon")
    expect(cityOf({ locations: [paris, lyon] })).toBe("Paris")
    expect(cityOf({ locations: [{ latitude: 1, longitude: 2 }] })).toBeUndefined()
    expect(cityOf({ locations: [{ city: "Nowhere" }] })).toBeUndefined()
    expect(cityOf({ locations: null })).toBeUndefined()
  })

  it("reads its number attributes in name order, and no other type's", () => {
    expect(numberAttributesOf({ customAttributes: { seats: 5, doors: 3, electric: true, brand: "Renault", features: ["gps"], size: null } }))
      .toEqual([["doors", 3], ["seats", 5]])
    expect(numberAttributesOf({ customAttributes: null })).toEqual([])
  })

  it("writes the numbers as the language does", () => {
    expect(formatNumber("en", 1200.5)).toBe("1,200.5")
    expect(formatNumber("fr", 1200.5).replace(/\s/g, " ")).toBe("1 200,5")
    expect(formatNumber("fr", 7)).toBe("7")
    expect(attributeLabel("seats")).toBe("Seats")
  })
})

describe("the default geocoder", () => {
  const places = placesOf([car, { locations: [paris] }, { locations: [{ ...paris, latitude: 48.8666 }] }])

  it("places a city the listings use, at the middle of their points, under their spelling", async () => {
    const geocoder = placesGeocoder(async () => places)
    expect(await geocoder.locate("lyon")).toEqual(lyonPlace)
    const parisMiddle = await geocoder.locate("PARIS")
    expect(parisMiddle?.name).toBe("Paris")
    expect(parisMiddle?.latitude).toBeCloseTo(48.8616, 6)
  })

  it("cannot place a city no listing uses", async () => {
    expect(await placesGeocoder(async () => places).locate("Atlantis")).toBeUndefined()
  })

  it("reads the places when it is asked, not before", async () => {
    let reads = 0
    const geocoder = placesGeocoder(async () => {
      reads += 1
      return places
    })
    expect(reads).toBe(0)
    await geocoder.locate("Lyon")
    expect(reads).toBe(1)
  })
})

describe("locating the city typed", () => {
  it("asks the geocoder for the city, trimmed, and answers its place", async () => {
    const { asked, geocoder } = knowing([lyonPlace])
    expect(await locateCity(geocoder, "  lyon ")).toEqual(lyonPlace)
    expect(asked).toEqual(["lyon"])
  })

  it("asks nothing for an empty field: no place", async () => {
    const { asked, geocoder } = knowing([lyonPlace])
    expect(await locateCity(geocoder, "   ")).toBeUndefined()
    expect(asked).toEqual([])
  })

  it("refuses a city the geocoder cannot place, naming it", async () => {
    const refused = await locateCity(knowing([lyonPlace]).geocoder, " Atlantis ").catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(CityProblem)
    expect(refused).toMatchObject({ sentence: "details.unknownCity", values: { city: "Atlantis" } })
  })

  it("tells a geocoder that fails to answer from an unknown city", async () => {
    const failing: Geocoder = { locate: () => Promise.reject(new Error("503 from the geocoding service")) }
    const refused = await locateCity(failing, "Lyon").catch((error: unknown) => error)
    expect(refused).toMatchObject({ sentence: "details.cityLookupFailed", values: { city: "Lyon" } })
    expect((refused as Error).message).toContain("503 from the geocoding service")
  })
})

describe("a number attribute as typed", () => {
  it("takes whole and decimal numbers, with a point or a comma, and empty as no value", () => {
    expect(parseAttributeValue("7")).toEqual({ value: 7 })
    expect(parseAttributeValue(" 1.5 ")).toEqual({ value: 1.5 })
    expect(parseAttributeValue("1,5")).toEqual({ value: 1.5 })
    expect(parseAttributeValue(".5")).toEqual({ value: 0.5 })
    expect(parseAttributeValue("0")).toEqual({ value: 0 })
    expect(parseAttributeValue("-0")).toEqual({ value: 0 })
    expect(parseAttributeValue("")).toEqual({ value: null })
    expect(parseAttributeValue("  ")).toEqual({ value: null })
  })

  it("refuses what is not a number", () => {
    for (const typed of ["seven", "7 seats", "1e3", "Infinity", "0x10", "1.2.3", "1,5,0", ",", "-", "7.5€"]) {
      expect(parseAttributeValue(typed), typed).toEqual({ problem: "details.notANumber" })
    }
  })

  it("refuses a number below 0", () => {
    expect(parseAttributeValue("-1")).toEqual({ problem: "details.negative" })
    expect(parseAttributeValue("-0,5")).toEqual({ problem: "details.negative" })
  })

  it("says what is wrong with each field shown, naming it, and nothing of fields not shown", () => {
    const draft = { city: "", attributes: { seats: "lots", doors: "-2", engineSize: "1,6", wheels: "x" } }
    expect(attributeProblems(draft, detailsDraftOf(), ["doors", "engineSize", "seats"])).toEqual({
      doors: { sentence: "details.negative" },
      seats: { sentence: "details.notANumber" }
    })
  })

  it("leaves alone a value the owner did not touch, even one set elsewhere below 0", () => {
    const initial = detailsDraftOf({ locations: [], customAttributes: { temperature: -5 } })
    expect(initial.attributes).toEqual({ temperature: "-5" })
    expect(attributeProblems(initial, initial, ["temperature"])).toEqual({})
    expect(attributeProblems({ ...initial, attributes: { temperature: "-6" } }, initial, ["temperature"])).toEqual({
      temperature: { sentence: "details.negative" }
    })
  })
})

describe("a new listing's city and numbers", () => {
  it("go as one location at the place, named after its city, and the numbers given", () => {
    const draft = { city: "lyon", attributes: { seats: "7" } }
    expect(newListingDetails(draft, ["seats"], lyonPlace)).toEqual({
      locations: [{ city: "Lyon", latitude: 45.764, longitude: 4.8357 }],
      customAttributes: { seats: 7 }
    })
  })

  it("leave out an empty city, empty fields and fields not shown", () => {
    expect(newListingDetails({ city: "", attributes: { seats: " ", doors: "3" } }, ["seats"], undefined)).toEqual({})
    expect(newListingDetails({ city: "", attributes: { seats: "1,5" } }, ["seats"], undefined)).toEqual({ customAttributes: { seats: 1.5 } })
  })

  it("are never built from a value that was not checked", () => {
    expect(() => newListingDetails({ city: "", attributes: { seats: "lots" } }, ["seats"], undefined)).toThrow(/seats was sent unchecked/)
  })
})

describe("an edited listing's city and numbers", () => {
  const initial = detailsDraftOf(car)

  it("open as the listing has them: its city, its numbers as text", () => {
    expect(initial).toEqual({ city: "Lyon", attributes: { seats: "5" } })
  })

  it("send nothing when nothing changed, so the listing keeps its locations and attributes as they are", () => {
    expect(listingDetailsUpdate(initial, initial, ["seats"], undefined)).toEqual({})
    // the same city in other letters, the same number written otherwise
    const same = { city: " lyon", attributes: { seats: "5.0" } }
    expect(cityChanged(same, initial)).toBe(false)
    expect(listingDetailsUpdate(same, initial, ["seats"], undefined)).toEqual({})
  })

  it("move the listing to the new city's place, as its only location", () => {
    const draft = { ...initial, city: "Paris" }
    expect(cityChanged(draft, initial)).toBe(true)
    expect(listingDetailsUpdate(draft, initial, ["seats"], parisPlace)).toEqual({
      locations: [{ city: "Paris", latitude: 48.8566, longitude: 2.3522 }]
    })
  })

  it("remove the location when the city is emptied", () => {
    expect(listingDetailsUpdate({ ...initial, city: "  " }, initial, ["seats"], undefined)).toEqual({ locations: [] })
  })

  it("send only the attributes changed, null for one emptied, and never the listing's other attributes", () => {
    expect(listingDetailsUpdate({ ...initial, attributes: { seats: "7" } }, initial, ["seats"], undefined))
      .toEqual({ customAttributes: { seats: 7 } })
    expect(listingDetailsUpdate({ ...initial, attributes: { seats: "" } }, initial, ["seats"], undefined))
      .toEqual({ customAttributes: { seats: null } })
    expect(listingDetailsUpdate({ ...initial, attributes: { seats: "5", doors: "3" } }, initial, ["doors", "seats"], undefined))
      .toEqual({ customAttributes: { doors: 3 } })
  })
})

describe("the bodies on a backend that merges customAttributes as Stelace does", () => {
  let server: RunningServer
  let client: ReturnType<typeof createInstance>

  beforeAll(async () => {
    server = await startServer()
    const url = new URL(server.url)
    client = createInstance({ apiKey: server.secretApiKey, host: url.hostname, port: Number(url.port), protocol: "http" })
  })
  afterAll(() => server?.close())

  it("create a listing at its city with its seats, then move it and change its seats, keeping its other attributes", async () => {
    const typed = { city: "Lyon", attributes: { seats: "7" } }
    const details = newListingDetails(typed, ["seats"], lyonPlace)
    // attributes of other types, which the forms do not edit, set as an operator would
    const created = await client.assets.create({
      name: "Minivan",
      price: 60,
      locations: details.locations,
      customAttributes: { brand: "Renault", electric: false, features: ["gps"], ...details.customAttributes }
    })
    expect(created.locations).toEqual([{ city: "Lyon", latitude: 45.764, longitude: 4.8357 }])
    expect(created.customAttributes).toEqual({ brand: "Renault", electric: false, features: ["gps"], seats: 7 })

    const initial = detailsDraftOf(created)
    expect(initial).toEqual(typed)
    const edited = { city: "Paris", attributes: { seats: "8" } }
    await client.assets.update(created.id, listingDetailsUpdate(edited, initial, ["seats"], parisPlace))
    const moved = await client.assets.read(created.id)
    expect(moved.locations).toEqual([{ city: "Paris", latitude: 48.8566, longitude: 2.3522 }])
    expect(moved.customAttributes).toEqual({ brand: "Renault", electric: false, features: ["gps"], seats: 8 })

    await client.assets.update(created.id, listingDetailsUpdate({ city: "", attributes: { seats: "" } }, detailsDraftOf(moved), ["seats"], undefined))
    const cleared = await client.assets.read(created.id)
    expect(cleared.locations).toEqual([])
    expect(cityOf(cleared)).toBeUndefined()
    expect(numberAttributesOf(cleared)).toEqual([])
    expect(cleared.customAttributes).toMatchObject({ brand: "Renault", electric: false, features: ["gps"] })
  })
})
