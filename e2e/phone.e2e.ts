/**
 * The demo on a phone (390 × 844, touch), in Chromium: the header's links fold into a "Menu"
 * button, no page scrolls sideways, every target is at least 44 px, and axe-core passes.
 */
import type { Browser } from "playwright-core"
import { describe, expect, it } from "vitest"
import { expectAccessible, heading, newContext, newPage, phoneProblems, screenshot, unexpected, useDemo, visible } from "./browser.js"
import type { Started } from "./server.js"
import { visitEveryPage } from "./tour.js"

let app: Started
let browser: Browser

useDemo((demo) => {
  ;({ app, browser } = demo)
})

describe("the demo on a phone", () => {
  it("folds the header's links into a Menu button, which opens and closes them", async () => {
    const { page, problems } = await newPage(await newContext(browser, { device: "phone" }))
    await page.goto(new URL("/login", app.appUrl).href)
    await page.getByLabel("Email").fill("chloe@example.com")
    await page.getByLabel("Password").fill("chloe-password")
    await page.getByRole("button", { name: "Log in" }).tap()
    await page.waitForURL((url) => url.pathname === "/")
    await visible(heading(page, "Rent what you need, from people nearby"))

    const menu = page.getByRole("button", { name: "Menu" })
    const nav = page.getByRole("navigation", { name: "Main" })
    expect(await menu.getAttribute("aria-expanded")).toBe("false")
    expect(await nav.isVisible()).toBe(false)
    expect(await page.getByText("Logged in as Chloé").isVisible()).toBe(false)

    await menu.tap()
    expect(await menu.getAttribute("aria-expanded")).toBe("true")
    await visible(nav.getByRole("link", { name: "My bookings" }))
    await visible(page.getByText("Logged in as Chloé"))
    expect(await phoneProblems(page)).toEqual([])
    await expectAccessible(page, "the home page with the menu open")
    await screenshot(page, "phone-menu")

    // Escape closes it, and the focus goes back to the button
    await nav.getByRole("link", { name: "Search" }).focus()
    await page.keyboard.press("Escape")
    expect(await menu.getAttribute("aria-expanded")).toBe("false")
    expect(await nav.isVisible()).toBe(false)
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-controls"))).toBe("site-menu")

    // a link leads to its page, and the menu closes behind it
    await menu.tap()
    await nav.getByRole("link", { name: "My bookings" }).tap()
    await visible(heading(page, "My bookings"))
    expect(await menu.getAttribute("aria-expanded")).toBe("false")
    // and a tap outside closes it too
    await menu.tap()
    await page.locator("main h1").tap()
    expect(await menu.getAttribute("aria-expanded")).toBe("false")

    // on a desktop there is no Menu button: the links are in the header
    const desktop = await newPage(await newContext(browser))
    await desktop.page.goto(app.appUrl!)
    await visible(desktop.page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Search" }))
    expect(await desktop.page.getByRole("button", { name: "Menu" }).isVisible()).toBe(false)
    // where targets are not sized for fingers, the measure says so
    expect((await phoneProblems(desktop.page)).filter((problem) => / is \d+ × \d+ px$/.test(problem)).length).toBeGreaterThan(0)
    expect(unexpected(problems)).toEqual([])
    expect(unexpected(desktop.problems)).toEqual([])
  })

  it("scrolls no page sideways, gives every target 44 px, and passes axe", async () => {
    const { page, problems } = await newPage(await newContext(browser, { device: "phone" }))
    const checked: Array<string> = []
    await visitEveryPage(page, app.appUrl!, async (what) => {
      expect(await phoneProblems(page), what).toEqual([])
      await expectAccessible(page, `${what} on a phone`)
      checked.push(what)
    })
    expect(checked).toHaveLength(21)
    expect(unexpected(problems, [404])).toEqual([])
  })
})
