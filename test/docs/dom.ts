/**
 * Loaded (`node --import`) before `tsx` and `jsx` docs blocks: a happy-dom window whose globals
 * (`window`, `document`, `localStorage`, `HTMLElement`, ...) are the program's, with
 * `<div id="root"></div>` in the body. The window is closed when the program has nothing left to
 * do, so it does not keep the process alive.
 */
import { Window } from "happy-dom"

const window = new Window({ url: "http://localhost/" })
const replaced = new Set(["window", "self", "document", "navigator", "location", "history", "localStorage", "sessionStorage"])

const keys = new Set<string>()
for (let object: object | null = window; object !== null && object !== Object.prototype; object = Object.getPrototypeOf(object)) {
  for (const key of Object.getOwnPropertyNames(object)) keys.add(key)
}
for (const key of keys) {
  if (key === "constructor" || key.startsWith("_") || (key in globalThis && !replaced.has(key))) continue
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
Object.defineProperty(globalThis, "window", { configurable: true, value: window })
Object.defineProperty(globalThis, "self", { configurable: true, value: window })

window.document.body.innerHTML = `<div id="root"></div>`

process.once("beforeExit", () => {
  void window.happyDOM.close()
})
