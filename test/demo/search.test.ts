/**
 * The search page's address and the `POST /search` body it sends: the order, the price range as
 * a filter expression, number attributes as ranges, a place and a distance; and how the page reads
 * results (a price range the server ignored, places of the listings, the attributes worth a filter).
 */
import { describe, expect, it } from "vitest"
import { isTileTemplate } from "../../demo/src/tileTemplate.js"
import { categoryWithDescendants } from "../../demo/src/features/listings/categories.js"
import { attributeLabel, numberAttributesFor } from "../../demo/src/features/listings/listingDetails.js"
import { placeNamed, placesOf } from "../../demo/src/features/listings/places.js"
import { parseBoundKey, type SearchParams, searchParams } from "../../demo/src/features/search/searchParams.js"
import {
  customAttributesQuery,
  distanceBetween,
  matchesLocally,
  outsidePriceRange,
  priceFilter,
  searchBody,
  type Listing,
  sortLocally
} from "../../demo/src/features/search/searchRequest.js"

/** The search route's parameters as the router reads them: through the schema's Standard Schema interface. */
const validateSearchParams = (search: Record<string, unknown>): SearchParams => {
  const result = searchParams["~standard"].validate(search)
  if (result instanceof Promise || result.issues !== undefined) throw new Error("the search parameters were refused")
  return result.value
}

const paris = { name: "Paris", latitude: 48.8566, longitude: 2.3522 }

const listing = (fields: Partial<Listing> & { id: string }): Listing & { id: string } => ({
  name: fields.id,
  description: null,
  price: 10,
  createdDate: "2030-01-01T00:00:00.000Z",
  categoryId: null,
  locations: [],
  customAttributes: {},
  ...fields
})

describe("the search page's address", () => {
  it("keeps the orders, distances and attribute bounds the page offers", () => {
    expect(validateSearchParams({ sort: "price-asc", near: " Lyon ", distance: "50", "seats.min": "4", "seats.max": "6.5" })).toEqual({
      sort: "price-asc",
      near: "Lyon",
      distance: 50,
      "seats.min": "4",
      "seats.max": "6.5"
    })
    expect(validateSearchParams({ sort: "newest" }).sort).toBe("newest")
  })

  it("takes the values the app navigates with as they come back from its own links", () => {
    // the router checks the parameters of a navigation too, before they are text in the address
    const navigated: Record<string, unknown> = { ...validateSearchParams({ near: "Lyon", distance: "10", sort: "newest", "seats.min": "4" }) }
    expect(navigated.distance).toBe(10)
    expect(validateSearchParams(navigated)).toEqual({
      near: "Lyon",
      distance: 10,
      sort: "newest",
      "seats.min": "4"
    })
  })

  it("drops an order, a distance or a bound it does not offer, and keys that are no attribute bound", () => {
    const params = validateSearchParams({
      sort: "_price",
      distance: "7",
      "seats.min": "four",
      "seats.avg": "4",
      "__proto__.min": "1",
      "a-b.min": "1",
      "seats.max": ["1", "2"]
    })
    expect(Object.entries(params).filter(([, value]) => value !== undefined)).toEqual([])
  })

  it("takes negative and decimal attribute bounds, but no negative price", () => {
    expect(validateSearchParams({ "temperature.min": "-5", minPrice: "-1", maxPrice: "12.5" })).toEqual({ "temperature.min": "-5", maxPrice: "12.5" })
  })
})

describe("the POST /search body", () => {
  it("sends the order as the server's sort steps", () => {
    expect(searchBody(validateSearchParams({ sort: "price-asc" }), undefined, 6).sort).toEqual([{ _price: "asc" }])
    expect(searchBody(validateSearchParams({ sort: "price-desc" }), undefined, 6).sort).toEqual([{ _price: "desc" }])
    expect(searchBody(validateSearchParams({ sort: "newest" }), undefined, 6).sort).toEqual([{ _createdDate: "desc" }])
    expect(searchBody(validateSearchParams({}), undefined, 6)).not.toHaveProperty("sort")
  })

  it("sends the price range as a filter expression", () => {
    expect(priceFilter({ minPrice: "10", maxPrice: "30" })).toBe("_price >= 10 && _price <= 30")
    expect(priceFilter({ minPrice: "010" })).toBe("_price >= 10")
    expect(priceFilter({ maxPrice: "12.5" })).toBe("_price <= 12.5")
    expect(priceFilter({})).toBeUndefined()
    expect(searchBody(validateSearchParams({ minPrice: "10", maxPrice: "30" }), undefined, 6).filter).toBe("_price >= 10 && _price <= 30")
  })

  it("sends number attribute bounds as customAttributes ranges", () => {
    expect(customAttributesQuery(validateSearchParams({ "seats.min": "4", "seats.max": "6", "doors.max": "3" }))).toEqual({
      doors: { lte: 3 },
      seats: { gte: 4, lte: 6 }
    })
    expect(customAttributesQuery(validateSearchParams({}))).toBeUndefined()
  })

  it("sends a place as location, and the distance in metres (25 km unless chosen)", () => {
    expect(searchBody(validateSearchParams({ near: "Paris", distance: "10" }), paris, 6)).toMatchObject({
      location: { latitude: 48.8566, longitude: 2.3522 },
      maxDistance: 10_000
    })
    expect(searchBody(validateSearchParams({ near: "Paris" }), paris, 6).maxDistance).toBe(25_000)
    expect(searchBody(validateSearchParams({ distance: "10" }), undefined, 6)).not.toHaveProperty("location")
  })

  it("sends the words, category, dates and page size, and nothing for what is not asked", () => {
    expect(searchBody(validateSearchParams({ query: "kayak", categoryId: "ctgy_1", startDate: "2030-01-02", endDate: "2030-01-05" }), undefined, 6))
      .toEqual({
        query: "kayak",
        categoryId: "ctgy_1",
        startDate: "2030-01-02T00:00:00.000Z",
        endDate: "2030-01-05T00:00:00.000Z",
        nbResultsPerPage: 6
      })
  })
})

describe("reading results", () => {
  it("finds the listings a server answered with outside the price range (it ignored the filter)", () => {
    const listings = [listing({ id: "a", price: 5 }), listing({ id: "b", price: 20 }), listing({ id: "c", price: 90 })]
    expect(outsidePriceRange(listings, { minPrice: "10", maxPrice: "30" }).map((found) => found.id)).toEqual(["a", "c"])
    expect(outsidePriceRange(listings, {})).toEqual([])
  })

  it("takes the places from the cities of the listings' locations, at the middle of each", () => {
    const places = placesOf([
      listing({ id: "a", locations: [{ latitude: 45, longitude: 4, city: "Lyon" }] }),
      listing({ id: "b", locations: [{ latitude: 46, longitude: 5, city: "lyon" }, { latitude: 48.8566, longitude: 2.3522, city: " Paris " }] }),
      listing({ id: "c", locations: [{ latitude: 100, longitude: 0, city: "Nowhere" }, { latitude: 1, longitude: 1 }, { city: "No point" }] }),
      listing({ id: "d", locations: null })
    ])
    expect(places).toEqual([{ name: "Lyon", latitude: 45.5, longitude: 4.5 }, paris])
    expect(placeNamed(places, "  PARIS ")).toEqual(paris)
    expect(placeNamed(places, "Marseille")).toBeUndefined()
  })

  it("offers a filter for the number attributes the chosen category's listings have", () => {
    const attributes = [
      { name: "seats", type: "number" as const },
      { name: "electric", type: "boolean" as const },
      { name: "weight", type: "number" as const },
      { name: "odd name", type: "number" as const }
    ]
    const categories = [
      { id: "vehicles", parentId: null },
      { id: "cars", parentId: "vehicles" },
      { id: "bikes", parentId: "vehicles" },
      { id: "camping", parentId: null }
    ]
    const listings = [
      listing({ id: "car", categoryId: "cars", customAttributes: { seats: 5, electric: true, "odd name": 1 } }),
      listing({ id: "bike", categoryId: "bikes", customAttributes: { electric: true, seats: "two" } }),
      listing({ id: "tent", categoryId: "camping", customAttributes: { weight: 4 } })
    ]
    expect(numberAttributesFor(attributes, listings, undefined)).toEqual(["odd name", "seats", "weight"])
    expect(numberAttributesFor(attributes, listings, categoryWithDescendants(categories, "cars"))).toEqual(["odd name", "seats"])
    // the search offers a filter only for a name its address can carry (a word): the form's field takes any
    expect(["odd name", "seats"].filter((name) => parseBoundKey(`${name}.min`) !== undefined)).toEqual(["seats"])
    expect(numberAttributesFor(attributes, listings, categoryWithDescendants(categories, "vehicles"))).toEqual(["odd name", "seats"])
    expect(numberAttributesFor(attributes, listings, categoryWithDescendants(categories, "bikes"))).toEqual([])
    expect(attributeLabel("seats")).toBe("Seats")
    expect(attributeLabel("engineSize")).toBe("Engine size")
    expect(attributeLabel("max_speed")).toBe("Max speed")
  })

  it("measures distances on the great circle", () => {
    // Paris to Lyon: about 392 km as the crow flies
    expect(distanceBetween(paris, { latitude: 45.764, longitude: 4.8357 }) / 1000).toBeCloseTo(392, -1)
  })
})

describe("search without a search engine", () => {
  const lyon = { latitude: 45.764, longitude: 4.8357, city: "Lyon" }
  const listings = [
    listing({ id: "car", name: "Tesla", price: 90, createdDate: "2030-01-01T00:00:00.000Z", locations: [{ ...paris, city: "Paris" }], customAttributes: { seats: 5 } }),
    listing({ id: "2cv", name: "Citroën 2CV", price: 70, createdDate: "2030-01-03T00:00:00.000Z", locations: [lyon], customAttributes: { seats: 4 } }),
    listing({ id: "bike", name: "City bike", price: 15, createdDate: "2030-01-02T00:00:00.000Z", locations: [lyon] })
  ]
  const matching = (search: Record<string, string>, place?: typeof paris) =>
    listings.filter((found) => matchesLocally(found, validateSearchParams(search), place)).map((found) => found.id)

  it("applies the words, the price range, the attribute bounds and the distance", () => {
    expect(matching({ query: "bike" })).toEqual(["bike"])
    expect(matching({ minPrice: "20", maxPrice: "80" })).toEqual(["2cv"])
    expect(matching({ "seats.min": "5" })).toEqual(["car"])
    expect(matching({ near: "Lyon", distance: "5" }, { name: "Lyon", ...lyon })).toEqual(["2cv", "bike"])
    expect(matching({ near: "Paris", distance: "100" }, paris)).toEqual(["car"])
  })

  it("sorts as the server would", () => {
    expect(sortLocally(listings, "price-asc").map((found) => found.id)).toEqual(["bike", "2cv", "car"])
    expect(sortLocally(listings, "price-desc").map((found) => found.id)).toEqual(["car", "2cv", "bike"])
    expect(sortLocally(listings, undefined).map((found) => found.id)).toEqual(["2cv", "bike", "car"])
  })
})

describe("map tile URLs", () => {
  it("takes http(s) templates with the zoom and coordinates, and Leaflet's other placeholders", () => {
    expect(isTileTemplate("https://tile.openstreetmap.org/{z}/{x}/{y}.png")).toBe(true)
    expect(isTileTemplate("https://{s}.tiles.example.com/{z}/{x}/{-y}{r}.png")).toBe(true)
    expect(isTileTemplate("http://127.0.0.1:9/{z}/{x}/{y}.png")).toBe(true)
  })

  it("refuses other schemes, missing coordinates and placeholders Leaflet cannot fill", () => {
    expect(isTileTemplate("javascript:alert(1)//{z}/{x}/{y}")).toBe(false)
    expect(isTileTemplate("ftp://tiles.example.com/{z}/{x}/{y}.png")).toBe(false)
    expect(isTileTemplate("https://tiles.example.com/{z}/{x}.png")).toBe(false)
    expect(isTileTemplate("https://tiles.example.com/{z}/{x}/{y}.png?key={apiKey}")).toBe(false)
    expect(isTileTemplate("not a url {z}{x}{y}")).toBe(false)
  })
})
