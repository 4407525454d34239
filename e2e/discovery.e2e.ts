/**
 * Finding listings in Chromium, as `npm start` serves the demo: the order ("Sort by"), the price
 * range ("From", "To") sent as a filter expression, number attributes ("Seats") as ranges, a
 * place ("Near", "Distance"), pages of results under all of them, and the map: loaded only when
 * shown, a marker per listing named after it, the chosen one's card highlighted, tiles from the
 * configured server, and markers on a plain background, quietly, when those tiles are out of reach.
 * Every check is on what a visitor sees and on the `POST /search` bodies the page sends.
 */
import type { Browser, Page, Request } from "playwright-core"
import { describe, expect, it } from "vitest"
import { expectAccessible, newContext, newPage, screenshot, unexpected, useDemo, visible } from "./browser.js"
import type { Started } from "./server.js"
import { useTileServer } from "./tiles.js"

let app: Started
let browser: Browser
const tiles = useTileServer()

useDemo((demo) => {
  ;({ app, browser } = demo)
}, () => ["--map-tiles", tiles.url, "--map-attribution", "Tiles by the test"])

/** The demo seed's active listings and their prices per day. */
const prices: Record<string, number> = {
  "Tesla Model 3": 90,
  "Citroën 2CV": 70,
  "Renault Zoe": 45,
  "Sea kayak": 30,
  "Camping stove": 25,
  "Road bike": 20,
  "City e-bike": 15,
  "Four-person tent": 12
}

/** The search page, with every `POST /search` body it sends. */
const openSearch = async (path = "/search") => {
  const { page, problems } = await newPage(await newContext(browser))
  const searches: Array<Record<string, unknown>> = []
  page.on("request", (request: Request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/search") searches.push(request.postDataJSON())
  })
  await page.goto(new URL(path, app.appUrl).href)
  await visible(page.getByRole("heading", { level: 1, name: "Search listings" }))
  return { page, problems, searches }
}

const results = (page: Page) => page.getByRole("region", { name: "Listings" })

/** The names of the listings shown, in order. */
const shownNames = (page: Page) => results(page).getByRole("list").first().getByRole("heading", { level: 3 }).allTextContents()

const status = (page: Page, text: string) => visible(results(page).getByRole("status").filter({ hasText: text }))

/** Waits until `count` searches were sent, and gives the last. */
const lastSearch = async (searches: Array<Record<string, unknown>>, count: number) => {
  await expect.poll(() => searches.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(count)
  return searches.at(-1)!
}

const search = (page: Page) => page.getByRole("search").getByRole("button", { name: "Search", exact: true }).click()

describe("finding listings", () => {
  it("sorts by price either way and by date, kept in the address and sent as the search's sort", async () => {
    const { page, problems, searches } = await openSearch()
    await status(page, "Showing 6 of 8 listings")
    expect(searches[0]).not.toHaveProperty("sort")

    const sortBy = page.getByRole("combobox", { name: "Sort by" })
    expect(await sortBy.locator("option").allTextContents()).toEqual(["Best match", "Price: low to high", "Price: high to low", "Newest"])
    await sortBy.selectOption({ label: "Price: low to high" })
    expect((await lastSearch(searches, 2)).sort).toEqual([{ _price: "asc" }])
    await expect.poll(() => shownNames(page)).toEqual(["Four-person tent", "City e-bike", "Road bike", "Camping stove", "Sea kayak", "Renault Zoe"])
    expect(new URL(page.url()).searchParams.get("sort")).toBe("price-asc")

    await sortBy.selectOption({ label: "Price: high to low" })
    expect((await lastSearch(searches, 3)).sort).toEqual([{ _price: "desc" }])
    await expect.poll(() => shownNames(page)).toEqual(["Tesla Model 3", "Citroën 2CV", "Renault Zoe", "Sea kayak", "Camping stove", "Road bike"])

    await sortBy.selectOption({ label: "Newest" })
    expect((await lastSearch(searches, 4)).sort).toEqual([{ _createdDate: "desc" }])
    await expect.poll(() => shownNames(page)).toEqual(["Camping stove", "Sea kayak", "Four-person tent", "Road bike", "City e-bike", "Citroën 2CV"])

    // the address holds the order: a reload (or a shared link) shows the same
    await page.getByLabel("Search", { exact: true }).fill("bike")
    await search(page)
    await expect.poll(() => new URL(page.url()).search).toBe("?query=bike&sort=newest")
    await page.reload()
    await status(page, "Showing 2 of 2 listings")
    expect(await page.getByRole("combobox", { name: "Sort by" }).inputValue()).toBe("newest")
    expect(await page.getByLabel("Search", { exact: true }).inputValue()).toBe("bike")
    expect(await shownNames(page)).toEqual(["Road bike", "City e-bike"])
    expect(searches.at(-1)).toMatchObject({ query: "bike", sort: [{ _createdDate: "desc" }] })
    expect(unexpected(problems)).toEqual([])
  })

  it("limits prices with From and To as a filter expression on the server, and pages under it", async () => {
    const { page, problems, searches } = await openSearch()
    await status(page, "Showing 6 of 8 listings")
    await page.getByRole("combobox", { name: "Sort by" }).selectOption({ label: "Price: low to high" })
    await lastSearch(searches, 2)
    await status(page, "Showing 6 of 8 listings")
    const sent = searches.length

    await page.getByLabel("From", { exact: true }).fill("15")
    await search(page)
    const first = await lastSearch(searches, sent + 1)
    expect(first).toMatchObject({ filter: "_price >= 15", sort: [{ _price: "asc" }], nbResultsPerPage: 6 })
    await status(page, "Showing 6 of 7 listings")
    expect(await shownNames(page)).toEqual(["City e-bike", "Road bike", "Camping stove", "Sea kayak", "Renault Zoe", "Citroën 2CV"])

    // more results keep the filter and the order: the next page of the same search
    await page.getByRole("button", { name: "Show more listings" }).click()
    await status(page, "Showing 7 of 7 listings")
    const second = await lastSearch(searches, sent + 2)
    expect(second).toEqual({ ...first, page: 2 })
    expect(await shownNames(page)).toEqual(["City e-bike", "Road bike", "Camping stove", "Sea kayak", "Renault Zoe", "Citroën 2CV", "Tesla Model 3"])
    expect(await page.getByRole("button", { name: "Show more listings" }).count()).toBe(0)

    await page.getByLabel("To", { exact: true }).fill("30")
    await search(page)
    expect((await lastSearch(searches, sent + 3)).filter).toBe("_price >= 15 && _price <= 30")
    await status(page, "Showing 4 of 4 listings")
    const names = await shownNames(page)
    expect(names.every((name) => prices[name]! >= 15 && prices[name]! <= 30)).toBe(true)
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ minPrice: "15", maxPrice: "30", sort: "price-asc" })
    expect(await page.getByRole("alert").count()).toBe(0)
    expect(unexpected(problems)).toEqual([])
  })

  it("says so when the server ignores the price filter, as an open-source server without its plugin does", async () => {
    const { page, problems } = await newPage(await newContext(browser))
    // the server without the plugin: the same search, its filter dropped
    await page.route((url) => url.pathname === "/search", (route) => {
      const request = route.request()
      if (request.method() !== "POST") return route.continue()
      const { filter: _ignored, ...body } = request.postDataJSON()
      return route.continue({ postData: JSON.stringify(body) })
    })
    await page.goto(new URL("/search?minPrice=40", app.appUrl).href)
    await status(page, "Showing 6 of 8 listings")
    await visible(page.getByRole("alert").filter({ hasText: "This server did not apply the price range" }))
    expect(await page.getByRole("alert").textContent()).toBe(
      "This server did not apply the price range (an open-source Stelace server applies it only with its filter plugin): 5 listings shown are outside it."
    )
    // nothing is filtered out here: what the server sent is shown, and said to be out of range
    expect(await shownNames(page)).toHaveLength(6)
    expect(unexpected(problems)).toEqual([])
  })

  it("searches the active listings itself, criteria applied, where the server cannot search", async () => {
    const { page, problems } = await newPage(await newContext(browser))
    // a server without Elasticsearch: POST /search answers 500
    await page.route((url) => url.pathname === "/search", (route) =>
      route.request().method() !== "POST"
        ? route.continue()
        : route.fulfill({
          status: 500,
          headers: { "content-type": "application/json", "access-control-allow-origin": new URL(app.appUrl!).origin },
          body: JSON.stringify({ message: "No Elasticsearch", statusCode: 500 })
        }))
    await page.goto(new URL("/search?minPrice=40&sort=price-asc", app.appUrl).href)
    await visible(page.getByRole("note").filter({ hasText: "Search is not available on this server" }))
    await status(page, "Showing 3 listings")
    expect(await shownNames(page)).toEqual(["Renault Zoe", "Citroën 2CV", "Tesla Model 3"])
    await page.getByLabel("Near").fill("Lyon")
    await search(page)
    await status(page, "Showing 1 listing")
    expect(await shownNames(page)).toEqual(["Citroën 2CV"])
    expect(unexpected(problems, [500])).toEqual([])
  })

  it("filters by Seats for cars, sent as a customAttributes range, and offers it only where listings have seats", async () => {
    const { page, problems, searches } = await openSearch()
    await status(page, "Showing 6 of 8 listings")
    const category = page.getByRole("combobox", { name: "Category" })
    await category.selectOption({ label: "Vehicles › Bikes" })
    expect(await page.getByRole("group", { name: "Seats" }).count()).toBe(0)
    await category.selectOption({ label: "Vehicles › Cars" })
    const seats = page.getByRole("group", { name: "Seats" })
    await visible(seats)
    await seats.getByLabel("At least").fill("5")
    const sent = searches.length
    await search(page)
    expect(await lastSearch(searches, sent + 1)).toMatchObject({ categoryId: expect.stringMatching(/^ctgy_/), customAttributes: { seats: { gte: 5 } } })
    await status(page, "Showing 1 of 1 listing")
    expect(await shownNames(page)).toEqual(["Tesla Model 3"])
    expect(new URL(page.url()).searchParams.get("seats.min")).toBe("5")

    await seats.getByLabel("At least").fill("")
    await seats.getByLabel("At most").fill("4")
    await search(page)
    expect((await lastSearch(searches, sent + 2)).customAttributes).toEqual({ seats: { lte: 4 } })
    await status(page, "Showing 2 of 2 listings")
    expect((await shownNames(page)).sort()).toEqual(["Citroën 2CV", "Renault Zoe"])
    expect(unexpected(problems)).toEqual([])
  })

  it("searches near a place the listings use, within the distance chosen", async () => {
    const { page, problems, searches } = await openSearch()
    await status(page, "Showing 6 of 8 listings")
    const near = page.getByRole("combobox", { name: "Near" })
    // the suggestions are the cities of the listings' locations
    expect(await page.locator(`datalist#${await near.getAttribute("list")} option`).evaluateAll((options) =>
      options.map((option) => (option as HTMLOptionElement).value)
    )).toEqual(["Lyon", "Marseille", "Paris"])
    const distance = page.getByRole("combobox", { name: "Distance" })
    expect(await distance.locator("option").allTextContents()).toEqual(["5 km", "10 km", "25 km", "50 km", "100 km"])

    await near.fill("Lyon")
    await distance.selectOption({ label: "10 km" })
    const sent = searches.length
    await search(page)
    const body = await lastSearch(searches, sent + 1)
    expect(body.maxDistance).toBe(10_000)
    const location = body.location as { latitude: number; longitude: number }
    expect([location.latitude, location.longitude].map((degrees) => degrees.toFixed(4))).toEqual(["45.7640", "4.8357"])
    await status(page, "Showing 4 of 4 listings")
    expect((await shownNames(page)).sort()).toEqual(["Camping stove", "Citroën 2CV", "City e-bike", "Four-person tent"])
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ near: "Lyon", distance: "10" })

    // Marseille is 278 km from Lyon: within 100 km of Marseille, only the kayak
    await near.fill("marseille")
    await distance.selectOption({ label: "100 km" })
    await search(page)
    await status(page, "Showing 1 of 1 listing")
    expect(await shownNames(page)).toEqual(["Sea kayak"])

    // a place no listing uses is refused with a sentence, and nothing is sent
    const before = searches.length
    await near.fill("Atlantis")
    await search(page)
    await visible(page.getByRole("alert").filter({ hasText: "No listing is in a place called “Atlantis”. Choose one of the suggested places." }))
    expect(await near.getAttribute("aria-invalid")).toBe("true")
    expect(searches.length).toBe(before)

    // and so is one in a shared address
    await page.goto(new URL("/search?near=Atlantis", app.appUrl).href)
    await visible(results(page).getByRole("alert").filter({ hasText: "No listing is in a place called “Atlantis”." }))
    expect(unexpected(problems)).toEqual([])
  })
})

/** Scripts and stylesheets the page loaded so far, with whether each is Leaflet's. */
const watchAssets = (page: Page) => {
  const assets: Array<Promise<{ url: string; leaflet: boolean }>> = []
  page.on("response", (response) => {
    const type = response.request().resourceType()
    if (type !== "script" && type !== "stylesheet") return
    // Leaflet's script and its stylesheet, by a class name only they hold
    assets.push(response.text().then(
      (body) => ({ url: response.url(), leaflet: body.includes("leaflet-zoom-animated") }),
      () => ({ url: response.url(), leaflet: false })
    ))
  })
  return () => Promise.all(assets)
}

/** The card of a listing in the results, and whether it is in the window. */
const card = (page: Page, name: string) => results(page).getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3, name }) })

const inViewport = (page: Page, name: string) =>
  card(page, name).evaluate((element) => {
    const box = element.getBoundingClientRect()
    return box.top >= 0 && box.bottom <= window.innerHeight
  })

describe("the map", () => {
  it("loads Leaflet only when shown, names each marker after its listing, and highlights the card of the one chosen", async () => {
    const { page, problems } = await newPage(await newContext(browser))
    const assets = watchAssets(page)
    await page.goto(new URL("/search?sort=price-desc", app.appUrl).href)
    await status(page, "Showing 6 of 8 listings")
    await page.waitForLoadState("networkidle")
    expect((await assets()).filter((asset) => asset.leaflet)).toEqual([])
    expect(await page.getByRole("region", { name: "Map" }).count()).toBe(0)

    const toggle = page.getByRole("button", { name: "Show map" })
    expect(await toggle.getAttribute("aria-expanded")).toBe("false")
    await toggle.click()
    const map = page.getByRole("region", { name: "Map" })
    await visible(map)
    expect(await page.getByRole("button", { name: "Hide map" }).getAttribute("aria-expanded")).toBe("true")
    const shown = await shownNames(page)
    for (const name of shown) await visible(map.getByRole("button", { name, exact: true }))
    const loaded = (await assets()).filter((asset) => asset.leaflet)
    expect(loaded.map((asset) => new URL(asset.url).pathname.endsWith(".css"))).toEqual(expect.arrayContaining([true, false]))

    // tiles come from the configured server, credited as configured
    await expect.poll(() => tiles.requests.some((path) => /^\/tiles\/\d+\/\d+\/\d+\.png$/.test(path)), { timeout: 15_000 }).toBe(true)
    await visible(map.getByText("Tiles by the test"))
    await expect.poll(() => map.locator("img.leaflet-tile-loaded").count()).toBeGreaterThan(0)

    // a marker is a button reached from the keyboard: Enter chooses it
    const kayak = map.getByRole("button", { name: "Sea kayak", exact: true })
    await kayak.focus()
    await page.keyboard.press("Enter")
    await expect.poll(() => card(page, "Sea kayak").getAttribute("aria-current")).toBe("true")
    expect(await kayak.getAttribute("aria-pressed")).toBe("true")
    await visible(map.getByText("Sea kayak is highlighted in the list."))
    await screenshot(page, "search-map")

    // choosing another with the mouse moves the highlight, and scrolls its card into view
    await page.evaluate(() => window.scrollTo(0, 0))
    const last = shown.at(-1)!
    await map.getByRole("button", { name: last, exact: true }).click()
    await expect.poll(() => card(page, last).getAttribute("aria-current")).toBe("true")
    expect(await card(page, "Sea kayak").getAttribute("aria-current")).toBeNull()
    expect(await kayak.getAttribute("aria-pressed")).toBe("false")
    await expect.poll(() => inViewport(page, last)).toBe(true)

    // more results put more markers on the map
    await page.getByRole("button", { name: "Show more listings" }).click()
    await status(page, "Showing 8 of 8 listings")
    await visible(map.getByRole("button", { name: "Four-person tent", exact: true }))
    await expectAccessible(page, "the search page with the map shown")

    await page.getByRole("button", { name: "Hide map" }).click()
    expect(await page.getByRole("region", { name: "Map" }).count()).toBe(0)
    expect(unexpected(problems)).toEqual([])
  })

  it("fits a phone: the map above the results, nothing scrolls sideways, and targets are 44 px or more", async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "en-GB", hasTouch: true, isMobile: true })
    const page = await context.newPage()
    await page.goto(new URL("/search?categoryId=ctgy_DemoCars00000000000&near=Paris", app.appUrl).href)
    await status(page, "Showing 2 of 2 listings")
    await page.getByRole("button", { name: "Show map" }).tap()
    const map = page.getByRole("region", { name: "Map" })
    await visible(map.getByRole("button", { name: "Tesla Model 3", exact: true }))
    await visible(page.getByRole("group", { name: "Seats" }))
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    const mapBox = (await map.boundingBox())!
    const firstCard = (await results(page).getByRole("listitem").first().boundingBox())!
    expect(mapBox.y + mapBox.height).toBeLessThanOrEqual(firstCard.y)

    const small = await page.evaluate(() =>
      [...document.querySelectorAll(".discovery-form input, .discovery-form select, .discovery-form button, .discovery-toolbar select, .discovery-toolbar button, .results-map [role=button]")]
        .filter((element) => element.getClientRects().length > 0)
        .map((element) => ({ name: element.getAttribute("aria-label") ?? element.id ?? element.textContent, height: element.getBoundingClientRect().height }))
        .filter(({ height }) => height < 44)
    )
    expect(small).toEqual([])
    await map.getByRole("button", { name: "Tesla Model 3", exact: true }).tap()
    await expect.poll(() => card(page, "Tesla Model 3").getAttribute("aria-current")).toBe("true")
    await context.close()
  })

  it("shows the markers on a plain background, and no error, when the tiles are out of reach", async () => {
    // the tile server goes away: connections to it are refused from now on
    await tiles.stop()
    const { page, problems } = await newPage(await newContext(browser))
    const failedTiles: Array<string> = []
    page.on("console", (message) => {
      if (message.type() === "error" && message.location().url.startsWith(tiles.url.slice(0, tiles.url.indexOf("{")))) failedTiles.push(message.location().url)
    })
    await page.goto(new URL("/search", app.appUrl).href)
    await status(page, "Showing 6 of 8 listings")
    await page.getByRole("button", { name: "Show map" }).click()
    const map = page.getByRole("region", { name: "Map" })
    await visible(map.getByText("The map’s background could not load, so the listings are shown on a plain background."))
    for (const name of await shownNames(page)) await visible(map.getByRole("button", { name, exact: true }))
    expect(await map.locator("img.leaflet-tile").count()).toBe(0)
    await map.getByRole("button", { name: "Sea kayak", exact: true }).click()
    await expect.poll(() => card(page, "Sea kayak").getAttribute("aria-current")).toBe("true")
    await expectAccessible(page, "the search page with a map without tiles")

    // the app throws and logs nothing; the browser reports its one request for a tile, refused
    expect(failedTiles).toHaveLength(1)
    expect(problems.filter((problem) => problem !== "Failed to load resource: net::ERR_CONNECTION_REFUSED")).toEqual([])
  })
})
