/**
 * The demo in English and French, in Chromium: the "Language" select switches the whole app
 * (headings, buttons, titles, prices, dates, API errors) and `<html lang>`, the choice survives a
 * reload, a browser whose language is French starts in French, the French catalog is fetched only
 * when French is wanted, and axe-core passes on every page in French too.
 */
import type { Browser, Page } from "playwright-core"
import { describe, expect, it } from "vitest"
import { expectAccessible, heading, newContext, newPage, screenshot, unexpected, useDemo, visible } from "./browser.js"
import type { Started } from "./server.js"
import { visitEveryPage } from "./tour.js"

let app: Started
let browser: Browser

useDemo((demo) => {
  ;({ app, browser } = demo)
})

const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang)
/** Text as a test writes it: the no-break spaces of French prices and dates as plain ones. */
const plain = (text: string | null) => (text ?? "").replace(/[\u00a0\u202f]/g, " ").trim()

/** `YYYY-MM-DD`, `days` from today (UTC), as a date input takes it. */
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

describe("the demo in two languages", () => {
  it("switches to French when French is chosen, and stays in French after a reload", async () => {
    const { page, problems } = await newPage(await newContext(browser))
    const frenchCatalog: Array<string> = []
    page.on("request", (request) => {
      if (/\/assets\/fr-[\w-]+\.js$/.test(request.url())) frenchCatalog.push(request.url())
    })
    await page.goto(app.appUrl!)
    await visible(heading(page, "Rent what you need, from people nearby"))
    expect(await htmlLang(page)).toBe("en")
    expect(frenchCatalog).toEqual([])

    await page.getByLabel("Language").selectOption({ label: "Français" })
    await visible(heading(page, "Louez ce qu’il vous faut, près de chez vous"))
    expect(frenchCatalog).toHaveLength(1)
    expect(await htmlLang(page)).toBe("fr")
    expect(await page.title()).toBe("Louez ce qu’il vous faut · Stelace Rentals")
    expect(await page.getByLabel("Langue").inputValue()).toBe("fr")
    await visible(page.getByRole("button", { name: "Rechercher", exact: true }))
    await visible(page.getByRole("navigation", { name: "Principale" }).getByRole("link", { name: "Accueil" }))
    await visible(page.getByRole("heading", { name: "Publiées récemment" }))
    const card = page.getByRole("article").filter({ has: page.getByRole("link", { name: "Sea kayak" }) })
    expect(plain(await card.locator(".price").textContent())).toBe("30,00 € par jour")
    await expectAccessible(page, "the home page in French")
    await screenshot(page, "home-fr")

    await page.reload()
    await visible(heading(page, "Louez ce qu’il vous faut, près de chez vous"))
    expect(await htmlLang(page)).toBe("fr")

    // a listing: its price, its calendar, the booking's price in French
    await card.getByRole("link", { name: "Sea kayak" }).click()
    await visible(heading(page, "Sea kayak"))
    expect(await page.title()).toBe("Sea kayak · Stelace Rentals")
    await visible(page.getByRole("heading", { name: "Réserver" }))
    await visible(page.getByText("Aucune réservation à venir : toutes les dates sont libres."))
    await page.getByLabel("Date de début").fill(day(20))
    await page.getByLabel("Date de fin").fill(day(23))
    const line = page.locator(".price-breakdown dt").first()
    await expect.poll(async () => plain(await line.textContent()), { timeout: 15_000 }).toBe("30,00 € × 3 jours")
    expect(plain(await page.locator(".price-breakdown dd.total").textContent())).toMatch(/^\d+,\d\d €$/)
    await visible(page.getByRole("button", { name: "Aller au mois suivant" }))
    expect(await page.locator(".rdp-root").getAttribute("lang")).toBe("fr")
    await expectAccessible(page, "a listing in French")
    await screenshot(page, "listing-fr")

    // and back to English
    await page.getByLabel("Langue").selectOption({ label: "English" })
    await visible(page.getByRole("heading", { name: "Book it" }))
    expect(await htmlLang(page)).toBe("en")
    expect(plain(await line.textContent())).toBe("€30 × 3 days")
    expect(unexpected(problems)).toEqual([])
  })

  it("starts in the browser's language when nothing was chosen: French for a French browser", async () => {
    const french = await newPage(await newContext(browser, { locale: "fr-FR" }))
    await french.page.goto(app.appUrl!)
    await visible(heading(french.page, "Louez ce qu’il vous faut, près de chez vous"))
    expect(await htmlLang(french.page)).toBe("fr")
    expect(await french.page.getByLabel("Langue").inputValue()).toBe("fr")
    // a choice wins over the browser's language
    await french.page.getByLabel("Langue").selectOption({ label: "English" })
    await french.page.reload()
    await visible(heading(french.page, "Rent what you need, from people nearby"))

    const english = await newPage(await newContext(browser, { locale: "en-US" }))
    await english.page.goto(app.appUrl!)
    await visible(heading(english.page, "Rent what you need, from people nearby"))
    expect(await htmlLang(english.page)).toBe("en")
    expect(unexpected(french.problems)).toEqual([])
    expect(unexpected(english.problems)).toEqual([])
  })

  it("says what went wrong with the API in French, by the kind of error", async () => {
    const { page, problems } = await newPage(await newContext(browser, { locale: "fr-FR" }))
    await page.goto(new URL("/login", app.appUrl).href)
    await visible(heading(page, "Se connecter"))
    await page.getByLabel("Adresse e-mail").fill("alice@example.com")
    await page.getByLabel("Mot de passe").fill("not-her-password")
    await page.getByRole("button", { name: "Se connecter" }).click()
    await visible(page.getByRole("alert").getByText("Cette adresse e-mail et ce mot de passe ne correspondent à aucun compte. Vérifiez-les et réessayez."))

    await page.goto(new URL("/listings/ast_doesnotexist", app.appUrl).href)
    await visible(heading(page, "Annonce indisponible"))
    await visible(page.getByRole("alert").getByText("Nous n’avons pas trouvé cette page. Elle a peut-être été supprimée."))
    await visible(page.getByRole("button", { name: "Réessayer" }))
    expect(unexpected(problems, [403, 404])).toEqual([])
  })

  it("passes axe on every page in French", async () => {
    const { page, problems } = await newPage(await newContext(browser, { locale: "fr-FR" }))
    const checked: Array<string> = []
    await visitEveryPage(page, app.appUrl!, async (what) => {
      expect(await htmlLang(page), what).toBe("fr")
      await expectAccessible(page, `${what} in French`)
      checked.push(what)
    })
    expect(checked).toHaveLength(21)
    expect(unexpected(problems, [404])).toEqual([])
  })
})
