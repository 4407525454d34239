/**
 * Owners and profiles in Chromium: a listing's owner is a link to their public profile (ratings
 * average, listings, joined date); an owner finds their listings under "My listings", edits one
 * with photos (resized in the browser, uploaded to the local backend's development endpoint, shown
 * as a gallery and on the card), and deletes one after a confirmation, unless bookings hold it.
 */
import type { Browser, Page } from "playwright-core"
import { describe, expect, it } from "vitest"
import { expectAccessible, heading, logInAs, newContext, newPage, screenshot, unexpected, useDemo, visible } from "./browser.js"
import { png } from "./png.js"
import type { Started } from "./server.js"

let app: Started
let browser: Browser

useDemo((demo) => {
  ;({ app, browser } = demo)
})

const logIn = (page: Page, email: string, password: string, name: string) => logInAs(page, app.appUrl!, email, password, name)

/** `YYYY-MM-DD`, `days` from today (UTC), as a date input takes it. */
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

describe("owners and profiles", () => {
  it("greys out the days an owner blocked, refuses a request over them, and asks how many where there are several", async () => {
    const owner = await newPage(await newContext(browser))
    await logIn(owner.page, "alice@example.com", "alice-password", "Alice")
    await owner.page.goto(new URL("/my-listings", app.appUrl).href)
    await owner.page.getByRole("link", { name: "Sea kayak" }).click()
    await visible(heading(owner.page, "Sea kayak"))
    await owner.page.getByLabel("Blocked from").fill(day(40))
    await owner.page.getByLabel("Blocked until").fill(day(42))
    await owner.page.getByRole("button", { name: "Block these dates" }).click()
    await visible(owner.page.getByRole("list", { name: "Blocked dates" }).getByRole("listitem"))
    await expectAccessible(owner.page, "an owner's listing")

    const taker = await newPage(await newContext(browser))
    const page = taker.page
    await logIn(page, "chloe@example.com", "chloe-password", "Chloé")
    await page.goto(new URL("/search?query=kayak", app.appUrl).href)
    await page.getByRole("link", { name: "Sea kayak" }).click()
    await visible(heading(page, "Sea kayak"))
    await visible(page.getByRole("region", { name: "Already booked" }).getByRole("listitem"))
    // over the blocked days: refused before anything is sent, and the calendar greys them
    await page.getByLabel("Start date").fill(day(39))
    await page.getByLabel("End date").fill(day(44))
    await visible(page.getByText(/These dates are not available/))
    expect(await page.getByRole("button", { name: "Request booking" }).isDisabled()).toBe(true)
    for (const blocked of [day(40), day(41), day(42)]) {
      const cell = page.locator(`[data-day="${blocked}"]`)
      await visible(cell)
      expect(await cell.getAttribute("data-disabled")).toBe("true")
      expect(await cell.getAttribute("class")).toContain("booked")
    }
    expect(await page.locator(`[data-day="${day(43)}"]`).getAttribute("data-disabled")).toBeNull()
    await expectAccessible(page, "a listing with its calendar")
    await screenshot(page, "calendar")
    // the day after the blocked ones is free
    await page.getByLabel("Start date").fill(day(43))
    await page.getByLabel("End date").fill(day(45))
    await visible(page.getByText("€30 × 2 days"))
    expect(await page.getByText(/These dates are not available/).count()).toBe(0)

    // the e-bike comes in three: the taker chooses how many
    await page.goto(new URL("/search?query=e-bike", app.appUrl).href)
    await page.getByRole("link", { name: "City e-bike" }).click()
    await visible(heading(page, "City e-bike"))
    await page.getByLabel("Quantity").fill("2")
    await page.getByLabel("Start date").fill(day(50))
    await page.getByLabel("End date").fill(day(52))
    await visible(page.getByText("€15 × 2 days × 2"))
    expect(unexpected(owner.problems)).toEqual([])
    expect(unexpected(taker.problems)).toEqual([])
  })

  it("leads from a listing to its owner's profile, with their ratings average and listings", async () => {
    const { page, problems } = await newPage(await newContext(browser))
    await page.goto(app.appUrl!)
    await visible(heading(page, "Rent what you need, from people nearby"))
    await visible(page.getByRole("region", { name: "Categories" }).getByRole("link", { name: "Water sports" }))
    await page.getByRole("link", { name: "Four-person tent" }).click()
    await visible(heading(page, "Four-person tent"))
    // the seed's drawn photos, as a gallery named after the listing
    const photos = page.getByRole("img", { name: /^Four-person tent, \d+ of \d+$/ })
    await expect.poll(() => photos.count()).toBeGreaterThan(0)
    await page.getByRole("link", { name: "Bruno" }).click()
    await visible(heading(page, "Bruno"))
    // Chloé rated Bruno 5 stars for the tent in the seed
    await visible(page.getByRole("region", { name: "Ratings" }).getByText(/^★ 4.5 out of 5 \(1 rating\)$/))
    await visible(page.getByText(/^Joined in /))
    await visible(page.getByRole("region", { name: "Listings" }).getByRole("link", { name: "City e-bike" }))
    await expectAccessible(page, "a profile")
    await screenshot(page, "profile")
    expect(unexpected(problems)).toEqual([])
  })

  it("publishes a listing with its quantity and a photo", async () => {
    const { page, problems } = await newPage(await newContext(browser))
    await logIn(page, "bruno@example.com", "bruno-password", "Bruno")
    await page.goto(new URL("/listings/new", app.appUrl).href)
    await visible(heading(page, "List an item"))
    await page.getByLabel("Name").fill("Folding chairs")
    await page.getByLabel("Category").selectOption({ label: "Outdoor › Camping" })
    await page.getByLabel("Price per day, in euros").fill("3")
    await page.getByLabel("Quantity").fill("4")
    await page.getByLabel("Photos").setInputFiles([{ name: "chairs.png", mimeType: "image/png", buffer: png(800, 600, [90, 120, 200], [230, 210, 160]) }])
    await expectAccessible(page, "the new listing form")
    await page.getByRole("button", { name: "Publish listing" }).click()
    await visible(heading(page, "Folding chairs"))
    await visible(page.getByRole("img", { name: "Folding chairs, 1 of 1" }))
    // a taker chooses how many of the four
    const taker = await newPage(await newContext(browser))
    await taker.page.goto(page.url())
    await visible(heading(taker.page, "Folding chairs"))
    expect(await taker.page.getByLabel("Quantity").getAttribute("max")).toBe("4")
    expect(unexpected(problems)).toEqual([])
    expect(unexpected(taker.problems)).toEqual([])
  })

  it("edits a listing with photos resized before upload, and deletes another after a confirmation", async () => {
    const { page, problems } = await newPage(await newContext(browser))
    await logIn(page, "alice@example.com", "alice-password", "Alice")
    await page.getByRole("link", { name: "My listings" }).click()
    await visible(heading(page, "My listings"))
    await expectAccessible(page, "my listings")
    await page.getByRole("link", { name: "Road bike" }).click()
    await visible(heading(page, "Road bike"))
    await page.getByRole("link", { name: "Edit listing" }).click()
    await visible(heading(page, "Edit listing"))
    await page.getByLabel("Name").fill("Carbon road bike")
    await page.getByLabel("Price per day").fill("24")
    await page.getByLabel("Description").fill("Light carbon road bike, size M, with two bottle cages.")
    await page.getByLabel("Quantity").fill("2")
    await page.getByLabel("Category").selectOption({ label: "Vehicles › Bikes" })
    // a big photo first: the browser sends it at 1200 pixels at most
    const uploads: Array<{ type: string }> = []
    page.on("request", (request) => {
      if (request.method() === "POST" && request.url().endsWith("/_dev/uploads")) {
        uploads.push({ type: request.headers()["content-type"] ?? "" })
      }
    })
    const big = png(2400, 1600, [200, 40, 40], [40, 40, 200])
    await page.getByLabel("Photos").setInputFiles([
      { name: "bike.png", mimeType: "image/png", buffer: big },
      { name: "detail.png", mimeType: "image/png", buffer: png(300, 200, [20, 160, 60], [240, 240, 240]) }
    ])
    await expectAccessible(page, "the listing editor")
    await page.getByRole("button", { name: "Save changes" }).click()
    await visible(heading(page, "Carbon road bike"))
    expect(uploads).toHaveLength(2)
    expect(uploads.every((upload) => upload.type === "image/webp" || upload.type === "image/jpeg")).toBe(true)
    const gallery = page.getByRole("img", { name: /^Carbon road bike, 1 of 4/ }).first()
    await visible(gallery)
    const width = await gallery.evaluate(async (image) => {
      const element = image as HTMLImageElement
      await element.decode()
      return element.naturalWidth
    })
    // the seed's two drawings (640 wide) then the uploads: the first upload shows after them
    await page.getByRole("button", { name: "Show photo 3" }).click()
    const third = page.getByRole("img", { name: "Carbon road bike, 3 of 4" }).first()
    const uploadedWidth = await third.evaluate(async (image) => {
      const element = image as HTMLImageElement
      await element.decode()
      return element.naturalWidth
    })
    expect(width).toBeGreaterThan(0)
    expect(uploadedWidth).toBe(1200)
    await visible(page.getByText("€24"))
    await page.getByRole("button", { name: "Show photo 1" }).click()
    await screenshot(page, "listing-photos")

    // a listing with an accepted booking to come cannot go
    await page.getByRole("link", { name: "My listings" }).click()
    await page.getByRole("link", { name: "Tesla Model 3" }).click()
    await visible(heading(page, "Tesla Model 3"))
    await page.getByRole("button", { name: "Delete listing" }).click()
    await visible(page.getByText(/can't be deleted while it has 1 active booking/))
    expect(await page.getByRole("dialog").count()).toBe(0)

    // the Zoe has none: confirmed in a dialog, it goes, and Alice is back on her listings
    await page.getByRole("link", { name: "My listings" }).click()
    await page.getByRole("link", { name: "Renault Zoe" }).click()
    await visible(heading(page, "Renault Zoe"))
    await page.getByRole("button", { name: "Delete listing" }).click()
    const dialog = page.getByRole("dialog")
    await visible(dialog)
    await expectAccessible(page, "the delete dialog")
    await dialog.getByRole("button", { name: "Delete", exact: true }).click()
    await visible(heading(page, "My listings"))
    await visible(page.getByRole("link", { name: "Carbon road bike" }))
    expect(await page.getByRole("link", { name: "Renault Zoe" }).count()).toBe(0)
    expect(unexpected(problems)).toEqual([])
  })
})
