/**
 * Loaded (`node --import`) before every docs block: reports each `console.error` call on file
 * descriptor 3, which the harness reads, so a block that logs an error fails even when it exits 0.
 * Node's own warnings (printed through `console.error`, e.g. the ExperimentalWarning of
 * `require()` of an ES module on Node 22) are not the block's errors and are not reported.
 */
import { writeSync } from "node:fs"
import { format } from "node:util"

const report = (text: string) => {
  try {
    writeSync(3, `${JSON.stringify({ consoleError: text })}\n`)
  } catch {
    // not run by the harness
  }
}

const consoleError = console.error.bind(console)
console.error = (...args: Array<unknown>) => {
  if (!(new Error().stack ?? "").includes("node:internal/process/warning")) report(format(...args))
  consoleError(...args)
}
