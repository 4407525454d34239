/**
 * Loaded (`node --import`) before every docs block: reports each `console.error` call on file
 * descriptor 3, which the harness reads, so a block that logs an error fails even when it exits 0.
 */
import { writeSync } from "node:fs"
import { format } from "node:util"

const report = (text: string) => {
  try {
    writeSync(3, JSON.stringify({ consoleError: text }) + "\n")
  } catch {
    // not run by the harness
  }
}

const consoleError = console.error.bind(console)
console.error = (...args: Array<unknown>) => {
  report(format(...args))
  consoleError(...args)
}
