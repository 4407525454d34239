/**
 * The in-memory backend for `npm start`: loading it from the sources, reading a seed option, and
 * the banner that describes it.
 */
import { readFileSync, rmSync } from "node:fs"
import { fileURLToPath, pathToFileURL } from "node:url"

const root = new URL("../../", import.meta.url)
const path = (relative) => fileURLToPath(new URL(relative, root))

/**
 * The backend module, bundled from this clone's TypeScript sources (as
 * `bin/stelace-effect-server.mjs` does), so what runs is always the code in the tree.
 */
export const loadTesting = async () => {
  const esbuild = await import("esbuild").catch(() => {
    throw new Error("esbuild is missing: run `npm install` first")
  })
  // one file per process: several may start at once (npm start, the end-to-end tests)
  const outfile = path(`node_modules/.cache/stelace-effect/testing-server.${process.pid}.mjs`)
  await esbuild.build({
    entryPoints: [path("src/testing/index.ts")],
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

/** `demo` (the default), `empty`, or the data of a JSON file. */
export const seedOf = (value) => {
  if (value === undefined || value === "demo" || value === "empty") return value ?? "demo"
  let data
  try {
    data = JSON.parse(readFileSync(value, "utf8"))
  } catch (error) {
    throw new Error(`The seed must be demo, empty or a JSON file; cannot read ${value}: ${error instanceof Error ? error.message : error}`)
  }
  if (data === null || typeof data !== "object" || Array.isArray(data)) throw new Error(`The seed file ${value} must hold a JSON object`)
  return data
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
