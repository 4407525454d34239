/**
 * Chromium for the end-to-end tests: the headless build that `@sparticuz/chromium` ships inside
 * npm (nothing to install), driven by playwright-core; and what every page is checked for.
 */
import sparticuz from "@sparticuz/chromium"
import axe from "axe-core"
import { mkdirSync } from "node:fs"
import { join } from "node:path"
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core"
import { expect } from "vitest"
import { root } from "./server.js"

/**
 * `@sparticuz/chromium`'s flags suit a serverless function, not a visitor's browser. Dropped: the
 * ones that turn off the same-origin policy and CORS (so no test could catch a cross-origin
 * regression), that let an http page load from elsewhere, and that put several sites, or all
 * pages, in one process. Users' Chromium keeps one process per site and web security on.
 */
const dropped = new Set([
  "--disable-web-security",
  "--allow-running-insecure-content",
  "--disable-site-isolation-trials",
  "--single-process",
  "--no-zygote"
])

/** Features it turns off; site isolation ones stay on, as in users' Chromium. */
const isolation = new Set(["IsolateOrigins", "site-per-process"])

const keptFlag = (arg: string): ReadonlyArray<string> => {
  if (dropped.has(arg)) return []
  if (!arg.startsWith("--disable-features=")) return [arg]
  const features = arg.slice("--disable-features=".length).split(",").filter((feature) => !isolation.has(feature))
  return features.length === 0 ? [] : [`--disable-features=${features.join(",")}`]
}

const launchArgs: ReadonlyArray<string> = [
  ...sparticuz.args.flatMap(keptFlag),
  "--site-per-process",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run"
]

export const launch = async (): Promise<Browser> =>
  chromium.launch({
    executablePath: await sparticuz.executablePath(),
    args: [...launchArgs],
    headless: true
  })

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
