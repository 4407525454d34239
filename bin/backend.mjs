/**
 * The in-memory backend as the command lines run it (`stelace-effect-server` and `npm start`):
 * loading it, reading a seed option, the lines that describe a running backend, and how many
 * connections its servers may hold.
 */
import { execFileSync } from "node:child_process"
import { existsSync, readFileSync, rmSync } from "node:fs"
import { fileURLToPath, pathToFileURL } from "node:url"

const root = new URL("../", import.meta.url)
const path = (relative) => fileURLToPath(new URL(relative, root))

/** Bundles the TypeScript sources (a clone, where nothing needs building first). */
const loadFromSources = async (entry) => {
  const esbuild = await import("esbuild")
  // one file per process: several may start at once (npm start, the end-to-end tests)
  const outfile = path(`node_modules/.cache/stelace-effect/testing-server.${process.pid}.mjs`)
  await esbuild.build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    logLevel: "warning"
  })
  // esbuild answers from a child process it keeps for later builds: there are none
  await esbuild.stop()
  try {
    return await import(pathToFileURL(outfile).href)
  } finally {
    rmSync(outfile, { force: true })
  }
}

/**
 * The backend module: from the sources when they are here (so a stale `dist/` never runs in a
 * clone), otherwise from the published build.
 */
export const loadTesting = async () => {
  const entry = path("src/testing/index.ts")
  const built = path("dist/esm/testing/index.js")
  if (existsSync(entry)) {
    try {
      return await loadFromSources(entry)
    } catch (error) {
      if (!existsSync(built)) {
        throw new Error(`Cannot bundle the sources (${error instanceof Error ? error.message : error}); run \`npm install\` first`)
      }
    }
  }
  if (existsSync(built)) return import(pathToFileURL(built).href)
  throw new Error("Neither src/testing/index.ts nor dist/esm/testing/index.js was found")
}

/**
 * `demo` (the default), `empty`, or the data of a JSON file; throws a message to put after the
 * option's name (`--seed must be ...`).
 */
export const seedOf = (value) => {
  if (value === undefined || value === "demo" || value === "empty") return value ?? "demo"
  let text
  try {
    text = readFileSync(value, "utf8")
  } catch (error) {
    throw new Error(`must be demo, empty or a JSON file; cannot read ${value}: ${error.code ?? error.message}`)
  }
  let data
  try {
    data = JSON.parse(text)
  } catch (error) {
    throw new Error(`: ${value} is not valid JSON (${error.message})`)
  }
  if (data === null || typeof data !== "object" || Array.isArray(data)) throw new Error(`: ${value} must hold a JSON object`)
  return data
}

const byteUnits = { "": 1, b: 1, kb: 1024, mb: 1024 * 1024 }

/**
 * A body size limit in bytes from `5242880`, `512kb` or `5mb` (units of 1024); throws a message
 * to put after the option's name.
 */
export const maxBodySizeOf = (value) => {
  const found = /^(\d+)\s*(b|kb|mb)?$/i.exec(value.trim())
  const bytes = found === null ? Number.NaN : Number(found[1]) * byteUnits[(found[2] ?? "").toLowerCase()]
  if (!Number.isSafeInteger(bytes) || bytes <= 0) {
    throw new Error(`must be a size above 0 in bytes, or with kb or mb (such as 5mb), got ${JSON.stringify(value)}`)
  }
  return bytes
}

/** What a running backend offers: its API keys and, with the demo seed, the demo logins. */
export const describeBackend = (server, seed, demo) => {
  const lines = [
    `  Secret API key:       ${server.secretApiKey}`,
    `  Publishable API key:  ${server.publishableApiKey}`,
    ""
  ]
  if (seed === "demo") {
    lines.push("  Demo users (username / password):")
    for (const user of Object.values(demo.users)) lines.push(`    ${user.username} / ${user.password}`)
    lines.push("")
  }
  return lines
}

/** The most file descriptors this process may have open, or `undefined` when it cannot tell (or there is no limit). */
export const descriptorLimit = () => {
  try {
    const text = process.platform === "linux"
      ? /^Max open files\s+(\S+)/m.exec(readFileSync("/proc/self/limits", "utf8"))?.[1]
      : process.platform === "win32"
      ? undefined
      : execFileSync("sh", ["-c", "ulimit -n"], { encoding: "utf8" }).trim()
    const limit = Number(text)
    return Number.isSafeInteger(limit) && limit > 0 ? limit : undefined
  } catch {
    return undefined
  }
}

/** Descriptors kept for what is not a connection: the process's own, the files it reads, `/proc`. */
const RESERVED_DESCRIPTORS = 64

/**
 * How many connections each server of this process may hold at once, so that connections never
 * take the descriptors the process needs to go on (serving files, reading `/proc`): beyond, a
 * server closes a new connection at once and serves the others. `shares` splits what is left
 * (`[3, 1]`: three quarters for the API, a quarter for the app); `undefined` for each when the
 * limit (from {@link descriptorLimit}) is unknown.
 */
export const connectionBudget = (shares, limit) => {
  if (limit === undefined) return shares.map(() => undefined)
  const usable = Math.max(limit - RESERVED_DESCRIPTORS, 8 * shares.length)
  const total = shares.reduce((sum, share) => sum + share, 0)
  return shares.map((share) => Math.max(4, Math.floor((usable * share) / total)))
}
