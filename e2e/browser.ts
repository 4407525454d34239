/**
 * Chromium for the end-to-end tests: the headless build that `@sparticuz/chromium` ships inside
 * npm (nothing to install), driven by playwright-core; and what every page is checked for.
 */
import axe from "axe-core"
import { mkdirSync } from "node:fs"
import { join } from "node:path"
import type { Browser, BrowserContext, Locator, Page } from "playwright-core"
import { launchChromium } from "./chromium.mjs"
import { afterAll, beforeAll, expect } from "vitest"
import { root, type Started, start } from "./server.js"

/** Chromium as visitors have it (`e2e/chromium.mjs`, which bench:demo launches too). */
export const launch = (): Promise<Browser> => launchChromium()

/** The demo as `npm start` runs it, and the Chromium that visits it. */
export interface Demo {
  readonly app: Started
  readonly browser: Browser
}

/**
 * Starts the demo (`npm start`'s script on free ports, with `args` added; a function when they
 * are known only once an earlier hook ran) and Chromium before a file's tests, hands both to `use`,
 * and stops them after the tests, or as soon as one of them failed to start.
 */
export const useDemo = (use: (demo: Demo) => void, args: ReadonlyArray<string> | (() => ReadonlyArray<string>) = []) => {
  let app: Started | undefined
  let browser: Browser | undefined
  const stop = async () => {
    await browser?.close()
    await app?.stop()
  }
  beforeAll(async () => {
    const [started, launched] = await Promise.allSettled([
      start(["--port", "0", "--api-port", "0", ...(typeof args === "function" ? args() : args)]),
      launch()
    ])
    if (started.status === "fulfilled") app = started.value
    if (launched.status === "fulfilled") browser = launched.value
    if (started.status === "rejected" || launched.status === "rejected") {
      await stop()
      throw started.status === "rejected" ? started.reason : (launched as PromiseRejectedResult).reason
    }
    use({ app: started.value, browser: launched.value })
  })
  afterAll(stop)
}

/** Waits for what the locator finds to show. */
export const visible = (locator: Locator, timeout = 15_000) => locator.waitFor({ state: "visible", timeout })

/** Signs a new member up in English (which logs them in), with an email no other test uses; that email. */
export const signUpMember = async (page: Page, appUrl: string, name: string, password: string) => {
  const email = `${name.toLowerCase()}.${crypto.randomUUID().slice(0, 8)}@example.com`
  await page.goto(new URL("/signup", appUrl).href)
  await page.getByLabel("Name").fill(name)
  await page.getByLabel("Email").fill(email)
  await page.getByLabel("Password").fill(password)
  await page.getByRole("button", { name: "Sign up" }).click()
  await visible(page.getByText(`Logged in as ${name}`))
  return email
}

/** Logs in from a fresh login page; whether it worked (the header names the member) or was refused. */
export const tryLogIn = async (page: Page, appUrl: string, email: string, password: string): Promise<"in" | "refused"> => {
  await page.goto(new URL("/login", appUrl).href)
  await page.getByLabel("Email").fill(email)
  await page.getByLabel("Password").fill(password)
  await page.getByRole("button", { name: "Log in" }).click()
  const refused = page.getByRole("alert").getByText("This email and password don't match an account. Check them and try again.")
  const loggedIn = page.getByText(/^Logged in as /)
  await visible(refused.or(loggedIn))
  return (await loggedIn.isVisible()) ? "in" : "refused"
}

/** Logs in as a demo member from a fresh login page, until the header names them. */
export const logInAs = async (page: Page, appUrl: string, email: string, password: string, name: string) => {
  await page.goto(new URL("/login", appUrl).href)
  await page.getByLabel("Email").fill(email)
  await page.getByLabel("Password").fill(password)
  await page.getByRole("button", { name: "Log in" }).click()
  await visible(page.getByText(`Logged in as ${name}`))
}

/** The page's heading, by its whole text. */
export const heading = (page: Page, name: string) => page.getByRole("heading", { level: 1, name, exact: true })

/** The screens the app is checked on: a desktop window, and a phone (390 × 844, touch) for the phone layout. */
export const devices = {
  desktop: { viewport: { width: 1280, height: 860 } },
  phone: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 }
} as const

export type Device = keyof typeof devices

/**
 * A browser context as a visitor's: a desktop window (or a phone), their own storage, English
 * unless `locale` says otherwise (the browser's language, which the app starts in).
 */
export const newContext = (browser: Browser, { device = "desktop", locale = "en-GB" }: { device?: Device; locale?: string } = {}): Promise<BrowserContext> =>
  browser.newContext({ ...devices[device], locale, timezoneId: "Europe/Paris" })

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
  // evaluated, not added as a <script>: the demo's Content-Security-Policy refuses inline scripts
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axe.source)
  const violations = await page.evaluate(async () => {
    const result = await (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ["violations"] })
    return result.violations
      .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
      .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)
  })
  expect(violations, `accessibility of ${what}`).toEqual([])
}

/**
 * What a phone user would find wrong with the page: its width past the screen's (it scrolls
 * sideways), and targets smaller than 44 × 44 px (links, buttons, fields; a radio or checkbox by
 * its label), but links in a sentence, which WCAG's target size leaves to the line's height.
 */
export const phoneProblems = (page: Page) =>
  page.evaluate(() => {
    const problems: Array<string> = []
    const scroller = document.scrollingElement ?? document.documentElement
    if (scroller.scrollWidth > window.innerWidth) problems.push(`the page is ${scroller.scrollWidth} px wide on a ${window.innerWidth} px screen`)
    const inSentence = (element: Element) =>
      element.tagName === "A" && [...(element.parentNode?.childNodes ?? [])].some((node) => node !== element && node.nodeType === Node.TEXT_NODE && /\p{L}/u.test(node.textContent ?? ""))
    for (const element of document.querySelectorAll("a[href], button, input, select, textarea, [role='button']")) {
      const input = element instanceof HTMLInputElement && (element.type === "radio" || element.type === "checkbox") ? element : undefined
      const target = input?.labels?.[0] ?? element
      const box = target.getBoundingClientRect()
      const hidden = box.width === 0 || box.height === 0 || box.bottom + window.scrollY <= 0 || getComputedStyle(target).visibility === "hidden"
      if (hidden || inSentence(element)) continue
      if (Math.round(box.width) < 44 || Math.round(box.height) < 44) {
        const name = (element.getAttribute("aria-label") ?? element.textContent ?? "").trim().slice(0, 40) || element.outerHTML.slice(0, 60)
        problems.push(`${element.tagName.toLowerCase()} "${name}" is ${Math.round(box.width)} × ${Math.round(box.height)} px`)
      }
    }
    return problems
  })

const screenshots = join(root, "docs/screenshots")

/** Writes the whole page, unfocused, as `docs/screenshots/<name>.png`, for the README. */
export const screenshot = async (page: Page, name: string) => {
  mkdirSync(screenshots, { recursive: true })
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
  await page.screenshot({ path: join(screenshots, `${name}.png`), fullPage: true, animations: "disabled" })
}
