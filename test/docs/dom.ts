/**
 * Runs a `tsx` or `jsx` docs block as a page: `node dom.mjs [--scenario=<name>] <program>` opens a
 * happy-dom window whose globals (`window`, `document`, `localStorage`, `HTMLElement`,
 * `FormData`...) are the program's, with `<div id="root"></div>` in the body, runs the program,
 * then plays the block's scenario (`scenarios.ts`) on the page, if it names one.
 *
 * - Where Node has a global of its own, the page's wins for what belongs to the page: its
 *   documents, events, forms (React's form actions build `new FormData(form)`, which Node's
 *   FormData refuses) and WebSocket (Node 22's dispatches its events through the global `Event`,
 *   the page's here, and refuses them). The rest of the network stays Node's (`fetch`,
 *   `AbortController`, `URL`...).
 * - A page never exits, and its timers run for as long as it is open (TanStack Query collects
 *   unused data after 5 minutes, for one). So timers keep the program running only until its
 *   top-level code has finished; then the process ends once nothing else is left to do (a render
 *   under way, a request, a server left open: such a block still fails), dropping the pending
 *   timers as a closed tab does.
 * - What the page reports (an error thrown in an event listener) goes to the console, where the
 *   harness sees it: such a block fails.
 */
import { pathToFileURL } from "node:url"
import { Window } from "happy-dom"
import { scenarios } from "./scenarios.js"

const window = new Window({ url: "http://localhost/", console: globalThis.console })

/** Globals Node has too, which a page has of its own. */
const ownedByThePage = new Set([
  "window",
  "self",
  "document",
  "navigator",
  "location",
  "history",
  "localStorage",
  "sessionStorage",
  "Event",
  "EventTarget",
  "CustomEvent",
  "FormData",
  "Blob",
  "File",
  "WebSocket"
])

const keys = new Set<string>()
for (let object: object | null = window; object !== null && object !== Object.prototype; object = Object.getPrototypeOf(object)) {
  for (const key of Object.getOwnPropertyNames(object)) keys.add(key)
}
for (const key of keys) {
  if (key === "constructor" || key.startsWith("_") || (key in globalThis && !ownedByThePage.has(key))) continue
  Object.defineProperty(globalThis, key, {
    configurable: true,
    enumerable: false,
    get: () => {
      const value = (window as unknown as Record<string, unknown>)[key]
      // methods (not classes) keep their window as `this` when called as globals
      return typeof value === "function" && !/^[A-Z]/.test(key) ? value.bind(window) : value
    },
    set: (value: unknown) => {
      ;(window as unknown as Record<string, unknown>)[key] = value
    }
  })
}
// timers that do not keep the process alive (the program's top level is kept alive below)
const nodeSetTimeout = globalThis.setTimeout
const nodeSetInterval = globalThis.setInterval
const unref = <T>(timer: T): T => {
  ;(timer as { unref?: () => void }).unref?.()
  return timer
}
const pageTimers = {
  setTimeout: ((...args: Parameters<typeof nodeSetTimeout>) => unref(nodeSetTimeout(...args))) as typeof setTimeout,
  setInterval: ((...args: Parameters<typeof nodeSetInterval>) => unref(nodeSetInterval(...args))) as typeof setInterval
}
for (const target of [globalThis, window]) {
  for (const [name, value] of Object.entries(pageTimers)) {
    Object.defineProperty(target, name, { configurable: true, writable: true, value })
  }
}

Object.defineProperty(globalThis, "window", { configurable: true, value: window })
Object.defineProperty(globalThis, "self", { configurable: true, value: window })

window.document.body.innerHTML = `<div id="root"></div>`

// a block's `findBy...` waits as long as a reader's machine may need rather than testing-library's
// 1 s, which a render after a request can pass on a loaded machine (CI on two cores); imported
// here, once the page's globals exist, since `screen` looks for `document` as it loads
const { configure, fireEvent, screen } = await import("@testing-library/dom")
configure({ asyncUtilTimeout: 10_000 })

// the program sees the arguments it would have without this page around it
const [node, , ...args] = process.argv
const scenarioName = args[0]?.startsWith("--scenario=") ? args.shift()!.slice("--scenario=".length) : undefined
const [program, ...rest] = args
if (program === undefined) throw new Error("usage: node dom.mjs [--scenario=<name>] <program>")
process.argv = [node!, program, ...rest]
const scenario = scenarioName === undefined ? undefined : scenarios[scenarioName]
if (scenarioName !== undefined && scenario === undefined) {
  throw new Error(`no scenario named ${scenarioName} in test/docs/scenarios.ts`)
}

const topLevel = nodeSetInterval(() => {}, 2 ** 30)
try {
  await import(pathToFileURL(program).href)
  await scenario?.({ screen, fireEvent, close: () => window.happyDOM.close() })
} finally {
  clearInterval(topLevel)
}

process.once("beforeExit", () => {
  void window.happyDOM.close()
})
