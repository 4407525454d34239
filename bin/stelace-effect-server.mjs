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
import { describeBackend, loadTesting, seedOf } from "./backend.mjs"

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
    ...describeBackend(server, seed, StelaceTest.demo),
    "  Try:",
    `    curl -u ${server.secretApiKey}: ${server.url}/assets`,
    "",
    "  Data lives in memory and is lost on exit. Press Ctrl-C to stop.",
    ""
  ]
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
