/**
 * Chromium for the end-to-end tests: the headless build that `@sparticuz/chromium` ships inside
 * npm (nothing to install), driven by playwright-core; and what every page is checked for.
 */
import axe from "axe-core"
import { mkdirSync } from "node:fs"
import { join } from "node:path"
import type { Browser, BrowserContext, Page } from "playwright-core"
import { launchChromium } from "./chromium.mjs"
import { expect } from "vitest"
import { root } from "./server.js"

/** Chromium as visitors have it (`e2e/chromium.mjs`, which bench:demo launches too). */
export const launch = (): Promise<Browser> => launchChromium()

/** A browser context as a visitor's: a desktop window, English, their own storage. */
export const newContext = (browser: Browser): Promise<BrowserContext> =>
  browser.newContext({ viewport: { width: 1280, height: 860 }, locale: "en-GB", timezoneId: "Europe/Paris" })

/** A page whose console errors and uncaught exceptions are collected. */
export const newPage = async (context: BrowserContext): Promise<{ page: Page; problems: Array<string> }> => {
  const page = await context.newPage()
  const problems: Array<string> = []
  page.on("console", (message) => {
    // the demo signals the other party after a change; nobody listening is a 404, and no problem
    const unheardSignal = message.location().url.endsWith("/signal") && message.text().includes("status of 404")
    if (message.type() === "error" && !unheardSignal) problems.push(message.text())
  })
  page.on("pageerror", (error) => problems.push(`Uncaught: ${error.message}`))
  return { page, problems }
}

/** The problems but the browser's report of HTTP statuses the test expects (`403` when a session ends). */
export const unexpected = (problems: ReadonlyArray<string>, statuses: ReadonlyArray<number> = []) =>
  problems.filter((problem) => !statuses.some((status) => problem.startsWith("Failed to load resource") && problem.includes(`status of ${status}`)))

/** Runs axe-core over the page as it is: no serious or critical violation. */
export const expectAccessible = async (page: Page, what: string) => {
  if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ content: axe.source })
  const violations = await page.evaluate(async () => {
    const result = await (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ["violations"] })
    return result.violations
      .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
      .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)
  })
  expect(violations, `accessibility of ${what}`).toEqual([])
}

const screenshots = join(root, "docs/screenshots")

/** Writes the whole page, unfocused, as `docs/screenshots/<name>.png`, for the README. */
export const screenshot = async (page: Page, name: string) => {
  mkdirSync(screenshots, { recursive: true })
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
  await page.screenshot({ path: join(screenshots, `${name}.png`), fullPage: true, animations: "disabled" })
}
