/**
 * Chromium as visitors have it, for the end-to-end tests (`e2e/browser.ts`) and `bench:demo`:
 * the headless build `@sparticuz/chromium` ships inside npm, with the flags that suit a serverless
 * function rather than a browser taken off.
 */
import sparticuz from "@sparticuz/chromium"
import { chromium } from "playwright-core"

/**
 * Dropped: the flags that turn off the same-origin policy and CORS (so no test could catch a
 * cross-origin regression), that let an http page load from elsewhere, and that put several
 * sites, or all pages, in one process. Users' Chromium keeps one process per site and web security on.
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

const keptFlag = (arg) => {
  if (dropped.has(arg)) return []
  if (!arg.startsWith("--disable-features=")) return [arg]
  const features = arg.slice("--disable-features=".length).split(",").filter((feature) => !isolation.has(feature))
  return features.length === 0 ? [] : [`--disable-features=${features.join(",")}`]
}

/** The arguments Chromium is launched with. */
export const launchArgs = [
  ...sparticuz.args.flatMap(keptFlag),
  "--site-per-process",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run"
]

/** Launches that Chromium, headless. */
export const launchChromium = async () =>
  chromium.launch({ executablePath: await sparticuz.executablePath(), args: [...launchArgs], headless: true })
