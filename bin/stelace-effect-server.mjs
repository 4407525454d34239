#!/usr/bin/env node
/**
 * Runs the in-memory Stelace backend on localhost until Ctrl-C.
 *
 *   stelace-effect-server [--port 4100] [--host 127.0.0.1] [--seed demo|empty|./seed.json] [--access-token-ttl 3600]
 *                         [--max-body-size 5mb]
 *
 * Environment: PORT, HOST, STELACE_SEED, ACCESS_TOKEN_TTL, MAX_BODY_SIZE (flags win).
 *
 * In a clone the TypeScript sources are bundled on the fly with esbuild (installed with the dev
 * dependencies) into `node_modules/.cache/stelace-effect/`, so nothing needs building first; in
 * the published package, which has no sources, the backend comes from `dist/` (see ./backend.mjs).
 */
import { connectionBudget, describeBackend, descriptorLimit, loadTesting, maxBodySizeOf, seedOf } from "./backend.mjs"

const usage = `Usage: stelace-effect-server [--port <port>] [--host <host>] [--seed demo|empty|<file.json>] [--access-token-ttl <seconds>] [--max-body-size <bytes|Nkb|Nmb>]`

/** Stops with a message naming the bad value, and the usage (exit code 2, as for a bad flag). */
const refuse = (message) => {
  console.error(`stelace-effect-server: ${message}\n${usage}`)
  process.exit(2)
}

/** `demo`, `empty`, or the data of a JSON file; refused by name. */
const readSeed = (option) => {
  try {
    return seedOf(option?.value)
  } catch (error) {
    refuse(`${option.source}${error.message.startsWith(":") ? "" : " "}${error.message}`)
  }
}

/** Options from the environment, then the flags (flags win); each remembers where it came from. */
const parseArgs = (argv) => {
  const options = {}
  const fromEnv = { port: "PORT", host: "HOST", seed: "STELACE_SEED", accessTokenTtl: "ACCESS_TOKEN_TTL", maxBodySize: "MAX_BODY_SIZE" }
  for (const [name, variable] of Object.entries(fromEnv)) {
    if (process.env[variable] !== undefined && process.env[variable] !== "") {
      options[name] = { value: process.env[variable], source: variable }
    }
  }
  const names = { "--port": "port", "-p": "port", "--host": "host", "--seed": "seed", "--access-token-ttl": "accessTokenTtl", "--max-body-size": "maxBodySize" }
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

/** A body size limit, refused by name. */
const readMaxBodySize = (option) => {
  if (option === undefined) return undefined
  try {
    return maxBodySizeOf(option.value)
  } catch (error) {
    refuse(`${option.source} ${error.message}`)
  }
}

/** Checks every option before the backend loads, so a bad value never reaches Node's errors. */
const checkOptions = (options) => ({
  port: wholeNumber(options.port, { min: 0, max: 65535, what: "a port from 0 to 65535 (0: any free port)" }) ?? 4100,
  host: options.host === undefined
    ? undefined
    : options.host.value.trim() === "" ? refuse(`${options.host.source} must be a host name or an IP address`) : options.host.value.trim(),
  seed: readSeed(options.seed),
  accessTokenTtl: wholeNumber(options.accessTokenTtl, {
    min: 1,
    max: 10 * 365 * 24 * 3600,
    what: "a whole number of seconds above 0, such as 3600"
  }),
  maxBodySize: readMaxBodySize(options.maxBodySize)
})

const main = async () => {
  const options = checkOptions(parseArgs(process.argv.slice(2)))
  const { startServer, StelaceTest } = await loadTesting()
  const seed = options.seed
  // connections stop short of the descriptor limit, so that idle sockets cannot starve the process
  const [maxConnections] = connectionBudget([1], descriptorLimit())
  const server = await startServer({ ...options, maxConnections })

  const lines = ["", `Stelace in-memory backend listening on ${server.url}`, "", ...describeBackend(server, seed, StelaceTest.demo)]
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
