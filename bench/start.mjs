/**
 * `node bench/start.mjs [runs]`: what `npm start -- --sso` costs at start-up. Starts
 * `scripts/start.mjs --port 0 --api-port 0` with and without `--sso`, in turns (9 runs each by
 * default), and prints the median time until the banner's "Press Ctrl-C" and the process's
 * resident memory then, with the ratio of the two. The demo is built before the first run, so
 * that no run pays for the build.
 */
import { spawn } from "node:child_process"
import { readFileSync } from "node:fs"
import { fileURLToPath } from "node:url"

const root = fileURLToPath(new URL("../", import.meta.url))
const runs = Number(process.argv[2] ?? 9)

/** One start: milliseconds to the banner, and the resident memory in MB then (Linux's /proc). */
const once = (extra) =>
  new Promise((resolve, reject) => {
    const started = performance.now()
    const child = spawn(process.execPath, ["scripts/start.mjs", "--port", "0", "--api-port", "0", ...extra], {
      cwd: root,
      env: { ...process.env, SSO: "", PORT: "", API_PORT: "", HOST: "", API_ONLY: "" }
    })
    let output = ""
    child.stdout.on("data", (chunk) => {
      output += chunk
      if (!output.includes("Press Ctrl-C")) return
      const ms = performance.now() - started
      const rss = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, "utf8"))?.[1]) / 1024
      child.kill("SIGTERM")
      child.once("exit", () => resolve({ ms, rss }))
    })
    child.once("error", reject)
    child.once("exit", (code) => {
      if (!output.includes("Press Ctrl-C")) reject(new Error(`npm start exited (${code}) before its banner:\n${output}`))
    })
  })

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

await once([])
const results = { without: [], with: [] }
for (let i = 0; i < runs; i++) {
  results.without.push(await once([]))
  results.with.push(await once(["--sso"]))
}
const summary = Object.fromEntries(
  Object.entries(results).map(([name, list]) => [name, { ms: median(list.map((run) => run.ms)), rss: median(list.map((run) => run.rss)) }])
)
console.log(`npm start, median of ${runs} starts each (--port 0 --api-port 0):`)
console.log(`  without --sso: ${Math.round(summary.without.ms)} ms to the banner, ${Math.round(summary.without.rss)} MB resident`)
console.log(`  with --sso:    ${Math.round(summary.with.ms)} ms to the banner, ${Math.round(summary.with.rss)} MB resident`)
console.log(`  ratio:         ${(summary.with.ms / summary.without.ms).toFixed(2)}x the time, ${(summary.with.rss / summary.without.rss).toFixed(2)}x the memory`)
