/**
 * The in-memory backend for the command line: loading it (from the sources in a clone, from
 * `dist/` in the published package), reading a seed option, and the banner that describes it.
 * Shared by `stelace-effect-server` and the repository's `npm start`.
 */
import { existsSync, readFileSync } from "node:fs"
import { fileURLToPath, pathToFileURL } from "node:url"

const root = new URL("../", import.meta.url)
const path = (relative) => fileURLToPath(new URL(relative, root))

/** Bundles the TypeScript sources (a clone, where nothing needs building first). */
const loadFromSources = async (entry) => {
  const esbuild = await import("esbuild")
  const outfile = path("node_modules/.cache/stelace-effect/testing-server.mjs")
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
  return import(`${pathToFileURL(outfile).href}?t=${Date.now()}`)
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

/** `demo` (the default), `empty`, or the data of a JSON file. */
export const seedOf = (value) => {
  if (value === undefined || value === "demo" || value === "empty") return value ?? "demo"
  try {
    return JSON.parse(readFileSync(value, "utf8"))
  } catch (error) {
    throw new Error(`Cannot read the seed ${value}: ${error instanceof Error ? error.message : error}`)
  }
}

/** What a running backend offers: its URL, API keys and, with the demo seed, the demo logins. */
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
