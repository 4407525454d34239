/**
 * Where a listing is and what it counts, in Chromium: an owner lists a car with its "City" (one of
 * the places the platform's listings use, suggested) and its "Seats"; its page shows both; a search
 * "Near" that city with a minimum of seats finds it, and the map has its marker; editing the city
 * moves it, emptying it removes its location; a city the app cannot place and a number that is not
 * one are refused on their fields before anything is sent. In English and in French, with axe-core
 * on the forms (errors shown) and the listing page.
 */
import type { Browser, Page } from "playwright-core"
import { describe, expect, it } from "vitest"
import { expectAccessible, heading, newContext, newPage, unexpected, useDemo, visible } from "./browser.js"
import type { Started } from "./server.js"
import { useTileServer } from "./tiles.js"

let app: Started
let browser: Browser
const tiles = useTileServer()

useDemo((demo) => {
  ;({ app, browser } = demo)
}, () => ["--map-tiles", tiles.url, "--map-attribution", "Tiles by the test"])

/** Logs in from the login page, with the page's labels in its language. */
const logIn = async (page: Page, words: { email: string; password: string; logIn: string; loggedIn: string }) => {
  await page.goto(new URL("/login", app.appUrl).href)
  await page.getByLabel(words.email).fill("bruno@example.com")
  await page.getByLabel(words.password).fill("bruno-password")
  await page.getByRole("button", { name: words.logIn }).click()
  await visible(page.getByText(`${words.loggedIn} Bruno`))
}

/** The bodies of the listings' writes the page sends (`POST /assets`, `PATCH /assets/:id`). */
const listingWrites = (page: Page) => {
  const writes: Array<{ method: string; body: Record<string, unknown> }> = []
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname
    if ((request.method() === "POST" || request.method() === "PATCH") && path.startsWith("/assets")) {
      writes.push({ method: request.method(), body: request.postDataJSON() })
    }
  })
  return writes
}

/** The listing page's description list, as pairs of term and definition. */
const details = (page: Page) =>
  page.locator("main dl.details").evaluate((list) =>
    [...list.querySelectorAll("dt")].map((term) => [term.textContent, term.nextElementSibling?.textContent]))

/** The suggestions of a field's datalist. */
const suggestions = async (page: Page, field: ReturnType<Page["getByRole"]>) =>
  page.locator(`datalist#${await field.getAttribute("list")} option`).evaluateAll((options) =>
    options.map((option) => (option as HTMLOptionElement).value))

/** Searches cars near `city` with at least `seats` seats, from the search page. */
const searchCars = async (page: Page, city: string, seats: string) => {
  await page.goto(new URL("/search", app.appUrl).href)
  await visible(heading(page, "Search listings"))
  await page.getByRole("combobox", { name: "Category" }).selectOption({ label: "Vehicles › Cars" })
  await page.getByRole("group", { name: "Seats" }).getByLabel("At least").fill(seats)
  await page.getByRole("combobox", { name: "Near" }).fill(city)
  await page.getByRole("search").getByRole("button", { name: "Search", exact: true }).click()
  await expect.poll(() => new URL(page.url()).searchParams.get("near")).toBe(city)
}

const results = (page: Page) => page.getByRole("region", { name: "Listings" })

/** Waits for the search to say `status`, and for the results to be `names`. */
const expectFound = async (page: Page, status: string, names: ReadonlyArray<string>) => {
  await visible(results(page).getByRole("status").filter({ hasText: status }))
  await expect.poll(() => results(page).getByRole("list").first().getByRole("heading", { level: 3 }).allTextContents()).toEqual(names)
}

describe("a listing's city and seats", () => {
  it("lists a car in Lyon with 7 seats, finds it near Lyon on the map, moves it, and refuses what cannot be saved", async () => {
    const { page, problems } = await newPage(await newContext(browser))
    const writes = listingWrites(page)
    await logIn(page, { email: "Email", password: "Password", logIn: "Log in", loggedIn: "Logged in as" })
    await page.goto(new URL("/listings/new", app.appUrl).href)
    await visible(heading(page, "List an item"))
    await page.getByLabel("Name").fill("Family minivan")
    // no category, no attribute; a car has seats, a bike none
    expect(await page.getByLabel("Seats").count()).toBe(0)
    await page.getByLabel("Category").selectOption({ label: "Vehicles › Bikes" })
    expect(await page.getByLabel("Seats").count()).toBe(0)
    await page.getByLabel("Category").selectOption({ label: "Vehicles › Cars" })
    await visible(page.getByLabel("Seats"))
    const city = page.getByRole("combobox", { name: "City" })
    expect(await suggestions(page, city)).toEqual(["Lyon", "Marseille", "Paris"])
    await page.getByLabel("Price per day, in euros").fill("55")

    // a number that is not one, then one below 0: said on the field, nothing sent
    await page.getByLabel("Seats").fill("lots")
    await city.fill("Lyon")
    await page.getByRole("button", { name: "Publish listing" }).click()
    await visible(page.getByRole("alert").filter({ hasText: "Seats must be a number, such as 4 or 1.5." }))
    expect(await page.getByLabel("Seats").getAttribute("aria-invalid")).toBe("true")
    expect(await page.getByLabel("Seats").evaluate((input) => input === document.activeElement)).toBe(true)
    await page.getByLabel("Seats").fill("-7")
    await page.getByRole("button", { name: "Publish listing" }).click()
    await visible(page.getByRole("alert").filter({ hasText: "Seats can't be below 0." }))
    // a city the app cannot place: said on the field, and nothing sent either
    await page.getByLabel("Seats").fill("7")
    await city.fill("Atlantis")
    await page.getByRole("button", { name: "Publish listing" }).click()
    await visible(page.getByRole("alert").filter({ hasText: "We can't place “Atlantis” on the map. Choose one of the suggested cities." }))
    expect(await city.getAttribute("aria-invalid")).toBe("true")
    expect(await city.evaluate((input) => input === document.activeElement)).toBe(true)
    expect(await page.getByLabel("Seats").getAttribute("aria-invalid")).toBeNull()
    await expectAccessible(page, "the new listing form with a refused city")
    expect(writes).toEqual([])

    await city.fill("lyon")
    expect(await city.getAttribute("aria-invalid")).toBeNull()
    await page.getByRole("button", { name: "Publish listing" }).click()
    await visible(heading(page, "Family minivan"))
    expect(writes).toHaveLength(1)
    expect(writes[0]!.body).toMatchObject({
      name: "Family minivan",
      locations: [{ city: "Lyon", latitude: 45.764, longitude: 4.8357 }],
      customAttributes: { seats: 7 }
    })
    const listingPath = new URL(page.url()).pathname
    expect(await details(page)).toEqual([["City", "Lyon"], ["Seats", "7"]])
    await expectAccessible(page, "a listing with its city and seats")

    // found near Lyon with 6 seats or more, alone (the 2CV there has 4), and on the map
    await searchCars(page, "Lyon", "6")
    await expectFound(page, "Showing 1 of 1 listing", ["Family minivan"])
    await page.getByRole("button", { name: "Show map" }).click()
    const map = page.getByRole("region", { name: "Map" })
    await visible(map.getByRole("button", { name: "Family minivan", exact: true }))
    await searchCars(page, "Marseille", "6")
    await expectFound(page, "No listing matches this search.", [])

    // the editor shows its city and seats; an unknown city is refused there too
    await page.goto(new URL(`${listingPath}/edit`, app.appUrl).href)
    await visible(heading(page, "Edit listing"))
    const editedCity = page.getByRole("combobox", { name: "City" })
    await expect.poll(() => editedCity.inputValue()).toBe("Lyon")
    expect(await page.getByLabel("Seats").inputValue()).toBe("7")
    await editedCity.fill("Lyonnesse")
    await page.getByRole("button", { name: "Save changes" }).click()
    await visible(page.getByRole("alert").filter({ hasText: "We can't place “Lyonnesse” on the map. Choose one of the suggested cities." }))
    await expectAccessible(page, "the listing editor with a refused city")
    expect(writes).toHaveLength(1)

    // to Marseille: the location moves, and the seats, unchanged, are not sent
    await editedCity.fill("Marseille")
    await page.getByRole("button", { name: "Save changes" }).click()
    await visible(heading(page, "Family minivan"))
    expect(writes).toHaveLength(2)
    expect(writes[1]!.method).toBe("PATCH")
    expect(writes[1]!.body.locations).toEqual([{ city: "Marseille", latitude: 43.2965, longitude: 5.3698 }])
    expect(writes[1]!.body).not.toHaveProperty("customAttributes")
    expect(await details(page)).toEqual([["City", "Marseille"], ["Seats", "7"]])
    await searchCars(page, "Marseille", "6")
    await expectFound(page, "Showing 1 of 1 listing", ["Family minivan"])
    await searchCars(page, "Lyon", "6")
    await expectFound(page, "No listing matches this search.", [])
    expect(unexpected(problems)).toEqual([])
  })

  it("sends the listing's type even when it is published before the asset types came (a server without a default type refuses it)", async () => {
    const { page, problems } = await newPage(await newContext(browser))
    const writes = listingWrites(page)
    await logIn(page, { email: "Email", password: "Password", logIn: "Log in", loggedIn: "Logged in as" })
    // the asset types held back until the form is sent: a slow answer, as a real server's may be
    let release!: () => void
    const released = new Promise<void>((resolve) => (release = resolve))
    await page.route((url) => url.pathname === "/asset-types", async (route) => {
      await released
      await route.continue()
    })
    await page.goto(new URL("/listings/new", app.appUrl).href)
    await visible(heading(page, "List an item"))
    await page.getByLabel("Name").fill("Quick kayak")
    await page.getByLabel("Category").selectOption({ label: "Outdoor › Water sports" })
    await page.getByLabel("Price per day, in euros").fill("20")
    await page.getByRole("button", { name: "Publish listing" }).click()
    release()
    await visible(heading(page, "Quick kayak"))
    expect(writes).toHaveLength(1)
    expect(writes[0]!.body).toMatchObject({ name: "Quick kayak", assetTypeId: expect.stringMatching(/^typ_/) })
    expect(problems).toEqual([])
  })

  it("works in French: Ville and Places, their refusals in French, and an emptied city that removes the location", async () => {
    const { page, problems } = await newPage(await newContext(browser, { locale: "fr-FR" }))
    const writes = listingWrites(page)
    await logIn(page, { email: "Adresse e-mail", password: "Mot de passe", logIn: "Se connecter", loggedIn: "Connecté en tant que" })
    await page.goto(new URL("/listings/new", app.appUrl).href)
    await visible(heading(page, "Publier une annonce"))
    await page.getByLabel("Nom").fill("Utilitaire")
    await page.getByLabel("Catégorie").selectOption({ label: "Vehicles › Cars" })
    // the attribute's label is translated ("seats" is the platform's name for it)
    await page.getByLabel("Places").fill("beaucoup")
    await page.getByLabel("Prix par jour, en euros").fill("40")
    const city = page.getByRole("combobox", { name: "Ville" })
    await city.fill("Atlantis")
    await page.getByRole("button", { name: "Publier l’annonce" }).click()
    await visible(page.getByRole("alert").filter({ hasText: "La valeur de « Places » doit être un nombre, comme 4 ou 1,5." }))
    await page.getByLabel("Places").fill("3")
    await page.getByRole("button", { name: "Publier l’annonce" }).click()
    await visible(page.getByRole("alert").filter({ hasText: "Nous ne savons pas placer « Atlantis » sur la carte. Choisissez l’une des villes proposées." }))
    await expectAccessible(page, "the new listing form in French with a refused city")
    expect(writes).toEqual([])

    await city.fill("Paris")
    await page.getByRole("button", { name: "Publier l’annonce" }).click()
    await visible(heading(page, "Utilitaire"))
    expect(await details(page)).toEqual([["Ville", "Paris"], ["Places", "3"]])
    await expectAccessible(page, "a listing with its city and seats, in French")

    await page.getByRole("link", { name: "Modifier l’annonce" }).click()
    await visible(heading(page, "Modifier l’annonce"))
    await expect.poll(() => page.getByRole("combobox", { name: "Ville" }).inputValue()).toBe("Paris")
    await page.getByLabel("Places").fill("2,5")
    await page.getByRole("combobox", { name: "Ville" }).fill("")
    await expectAccessible(page, "the listing editor in French")
    await page.getByRole("button", { name: "Enregistrer les modifications" }).click()
    await visible(heading(page, "Utilitaire"))
    expect(writes.at(-1)!.body).toMatchObject({ locations: [], customAttributes: { seats: 2.5 } })
    // no city left, and the number as French writes it
    expect(await details(page)).toEqual([["Places", "2,5"]])
    expect(unexpected(problems)).toEqual([])
  })
})
