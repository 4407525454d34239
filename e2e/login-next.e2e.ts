/**
 * The login page's `?next=`: after logging in the visitor goes to that path of the app, and
 * nowhere else. Each form that could lead to another site (or break `history.pushState`) ends on
 * the home page, and the "Continue" link shown to a logged-in visitor points there too; a path of
 * the app keeps its query and hash. The browser decides, with web security on.
 */
import type { Browser, Page } from "playwright-core"
import { describe, expect, it } from "vitest"
import { newContext, newPage, unexpected, useDemo } from "./browser.js"
import type { Started } from "./server.js"

let app: Started
let browser: Browser

useDemo((demo) => {
  ;({ app, browser } = demo)
})

const logIn = async (page: Page) => {
  await page.getByLabel("Email").fill("chloe@example.com")
  await page.getByLabel("Password").fill("chloe-password")
  await page.getByRole("button", { name: "Log in" }).click()
}

/** Logs in from `/login?<query>`; where the browser ends up, and where "Continue" then points. */
const afterLogin = async (query: string) => {
  const { page, problems } = await newPage(await newContext(browser))
  await page.goto(`${app.appUrl}/login?${query}`)
  await page.getByRole("heading", { level: 1, name: "Log in" }).waitFor()
  await logIn(page)
  await page.getByText("Logged in as Chloé").waitFor()
  await expect.poll(() => page.url()).not.toContain("/login")
  const landed = page.url()
  const failed = await page.getByText("Something went wrong").count()
  // back on the login page, logged in: the link to go on
  await page.goto(`${app.appUrl}/login?${query}`)
  const link = page.getByRole("link", { name: "Continue" })
  await link.waitFor()
  const continues = await link.evaluate((anchor) => (anchor as HTMLAnchorElement).href)
  await page.context().close()
  return { landed, continues, failed, problems: unexpected(problems) }
}

describe("the login page's next", () => {
  it.each([
    ["a backslash after the slash", `next=${encodeURIComponent("/\\evil.example/")}`],
    ["a raw backslash", "next=/\\evil.example/"],
    ["an encoded tab", "next=/%09/evil.example/"],
    ["a newline", `next=${encodeURIComponent("/\n/evil.example/")}`],
    ["a carriage return and a tab", `next=${encodeURIComponent("/\r\t/evil.example/")}`],
    ["a protocol-relative URL", `next=${encodeURIComponent("//evil.example")}`],
    ["another site's URL", `next=${encodeURIComponent("https://evil.example/")}`],
    ["a javascript: URL", `next=${encodeURIComponent("javascript:alert(document.domain)")}`]
  ])("sends %s home", async (_, query) => {
    const result = await afterLogin(query)
    expect(result).toEqual({ landed: `${app.appUrl}/`, continues: `${app.appUrl}/`, failed: 0, problems: [] })
  })

  it("keeps a path of the app with its query and hash", async () => {
    const path = "/requests?view=all#list"
    const result = await afterLogin(`next=${encodeURIComponent(path)}`)
    expect(result).toEqual({ landed: `${app.appUrl}${path}`, continues: `${app.appUrl}${path}`, failed: 0, problems: [] })
  })

  it("takes the app's own address as its path", async () => {
    const result = await afterLogin(`next=${encodeURIComponent(`${app.appUrl}/bookings?x=1`)}`)
    expect(result).toEqual({ landed: `${app.appUrl}/bookings?x=1`, continues: `${app.appUrl}/bookings?x=1`, failed: 0, problems: [] })
  })
})
