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

/** Stops with a message naming the bad value, and the usage (exit code 2, as for a bad flag). */
const refuse = (message) => {
  console.error(`stelace-effect-server: ${message}\n${usage}`)
  process.exit(2)
}

/** `demo`, `empty`, or the data of a JSON file. */
const seedOf = (option) => {
  if (option === undefined) return "demo"
  const { value, source } = option
  if (value === "demo" || value === "empty") return value
  let text
  try {
    text = readFileSync(value, "utf8")
  } catch (error) {
    refuse(`${source} must be demo, empty or a JSON file; cannot read ${value}: ${error.code ?? error.message}`)
  }
  try {
    const data = JSON.parse(text)
    if (data === null || typeof data !== "object" || Array.isArray(data)) refuse(`${source}: ${value} must hold a JSON object`)
    return data
  } catch (error) {
    refuse(`${source}: ${value} is not valid JSON (${error.message})`)
  }
}

/** Options from the environment, then the flags (flags win); each remembers where it came from. */
const parseArgs = (argv) => {
  const options = {}
  const fromEnv = { port: "PORT", host: "HOST", seed: "STELACE_SEED", accessTokenTtl: "ACCESS_TOKEN_TTL" }
  for (const [name, variable] of Object.entries(fromEnv)) {
    if (process.env[variable] !== undefined && process.env[variable] !== "") {
      options[name] = { value: process.env[variable], source: variable }
    }
  }
  const names = { "--port": "port", "-p": "port", "--host": "host", "--seed": "seed", "--access-token-ttl": "accessTokenTtl" }
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split("=", 2)
    if (flag === "--help" || flag === "-h") {
      console.log(usage)
      process.exit(0)
    }
    const name = names[flag]
    if (name === undefined) refuse(`unknown option ${argv[i]}`)
    const value = inline ?? argv[++i]
    if (value === undefined || value === "" || (inline === undefined && value.startsWith("-"))) refuse(`${flag} needs a value`)
    options[name] = { value, source: flag }
  }
  return options
}

/** A whole number written in decimal digits, within bounds; refuses anything else by name. */
const wholeNumber = (option, { min, max, what }) => {
  if (option === undefined) return undefined
  const { value, source } = option
  const number = /^\d+$/.test(value.trim()) ? Number(value.trim()) : Number.NaN
  if (!Number.isSafeInteger(number) || number < min || number > max) {
    refuse(`${source} must be ${what}, got ${JSON.stringify(value)}`)
  }
  return number
}

/** Checks every option before the backend loads, so a bad value never reaches Node's errors. */
const checkOptions = (options) => ({
  port: wholeNumber(options.port, { min: 0, max: 65535, what: "a port from 0 to 65535 (0: any free port)" }) ?? 4100,
  host: options.host === undefined
    ? undefined
    : options.host.value.trim() === "" ? refuse(`${options.host.source} must be a host name or an IP address`) : options.host.value.trim(),
  seed: seedOf(options.seed),
  accessTokenTtl: wholeNumber(options.accessTokenTtl, {
    min: 1,
    max: 10 * 365 * 24 * 3600,
    what: "a whole number of seconds above 0, such as 3600"
  })
})

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


const main = async () => {
  const options = checkOptions(parseArgs(process.argv.slice(2)))
  const { startServer, StelaceTest } = await loadTesting()
  const seed = options.seed
  const server = await startServer(options)

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
