#!/usr/bin/env node
/**
 * Runs the in-memory Stelace backend on localhost until Ctrl-C.
 *
 *   stelace-effect-server [--port 4100] [--host 127.0.0.1] [--seed demo|empty|./seed.json] [--access-token-ttl 3600]
 *
 * Environment: PORT, HOST, STELACE_SEED, ACCESS_TOKEN_TTL (flags win).
 *
 * In a clone the TypeScript sources are bundled on the fly with esbuild (installed with the dev
 * dependencies, through tsup) into `node_modules/.cache/stelace-effect/`, so nothing needs building
 * first; in the published package, which has no sources, the backend comes from `dist/`.
 */
import { existsSync, readFileSync } from "node:fs"
import { fileURLToPath, pathToFileURL } from "node:url"

const root = new URL("../", import.meta.url)
const path = (relative) => fileURLToPath(new URL(relative, root))

const usage = `Usage: stelace-effect-server [--port <port>] [--host <host>] [--seed demo|empty|<file.json>] [--access-token-ttl <seconds>]`

const parseArgs = (argv) => {
  const options = {
    port: process.env.PORT,
    host: process.env.HOST,
    seed: process.env.STELACE_SEED,
    accessTokenTtl: process.env.ACCESS_TOKEN_TTL
  }
  const names = { "--port": "port", "-p": "port", "--host": "host", "--seed": "seed", "--access-token-ttl": "accessTokenTtl" }
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split("=", 2)
    if (flag === "--help" || flag === "-h") {
      console.log(usage)
      process.exit(0)
    }
    const name = names[flag]
    if (name === undefined) {
      console.error(`Unknown option ${argv[i]}\n${usage}`)
      process.exit(2)
    }
    options[name] = inline ?? argv[++i]
  }
  return options
}

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
  return import(`${pathToFileURL(outfile).href}?t=${Date.now()}`)
}

/**
 * The backend module: from the sources when they are here (so a stale `dist/` never runs in a
 * clone), otherwise from the published build.
 */
const loadTesting = async () => {
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

const seedOf = (value) => {
  if (value === undefined || value === "demo" || value === "empty") return value ?? "demo"
  return JSON.parse(readFileSync(value, "utf8"))
}

const main = async () => {
  const options = parseArgs(process.argv.slice(2))
  const { startServer, StelaceTest } = await loadTesting()
  const seed = seedOf(options.seed)
  const server = await startServer({
    port: options.port === undefined ? 4100 : Number(options.port),
    host: options.host,
    seed,
    accessTokenTtl: options.accessTokenTtl === undefined ? undefined : Number(options.accessTokenTtl)
  })

  const lines = [
    "",
    `Stelace in-memory backend listening on ${server.url}`,
    "",
    `  Secret API key:       ${server.secretApiKey}`,
    `  Publishable API key:  ${server.publishableApiKey}`,
    ""
  ]
  if (seed === "demo") {
    lines.push("  Demo users (username / password):")
    for (const user of Object.values(StelaceTest.demo.users)) lines.push(`    ${user.username} / ${user.password}`)
    lines.push("")
  }
  lines.push(
    "  Try:",
    `    curl -u ${server.secretApiKey}: ${server.url}/assets`,
    "",
    "  Data lives in memory and is lost on exit. Press Ctrl-C to stop.",
    ""
  )
  console.log(lines.join("\n"))

  let stopping = false
  const stop = async () => {
    if (stopping) return
    stopping = true
    await server.close()
    process.exit(0)
  }
  process.on("SIGINT", stop)
  process.on("SIGTERM", stop)
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
