#!/usr/bin/env node
/**
 * `npm start`: the demo marketplace and the in-memory Stelace backend it runs on, in this one
 * process, until Ctrl-C (SIGINT) or SIGTERM. The app is built first when its sources changed.
 * With `--api-only`, only the backend runs, as `stelace-effect-server` does.
 */
import { describeBackend, loadTesting, seedOf } from "../bin/backend.mjs"
import { buildDemo } from "./demo/build.mjs"
import { serveApp } from "./demo/serve.mjs"

const usage = `Usage: npm start -- [options]

  --port <port>                 the app's port (default 4000; 0 picks a free one)   env PORT
  --api-port <port>             the API's port (default 4100; 0 picks a free one)   env API_PORT
  --host <host>                 the interface both listen on (default 127.0.0.1)   env HOST
  --api-only                    run only the API, not the app                      env API_ONLY=1
  --seed demo|empty|<file.json> the backend's data (default demo)                  env STELACE_SEED
  --access-token-ttl <seconds>  lifetime of access tokens (default 3600)           env ACCESS_TOKEN_TTL
  -h, --help                    this help`

const flags = {
  "--port": "port",
  "--api-port": "apiPort",
  "--host": "host",
  "--seed": "seed",
  "--access-token-ttl": "accessTokenTtl"
}

class UsageError extends Error {}

const integer = (name, value, { min, max }) => {
  if (value === undefined) return undefined
  const number = /^\d+$/.test(value) ? Number(value) : NaN
  if (!(number >= min && number <= max)) throw new UsageError(`${name} must be a whole number from ${min} to ${max}, not "${value}"`)
  return number
}

const readSeed = (value) => {
  try {
    return seedOf(value)
  } catch (error) {
    throw new UsageError(`The seed${error.message.startsWith(":") ? "" : " "}${error.message}`)
  }
}

const parseOptions = (argv, env) => {
  const fromEnv = (name) => (env[name] === "" ? undefined : env[name])
  const raw = {
    port: fromEnv("PORT"),
    apiPort: fromEnv("API_PORT"),
    host: fromEnv("HOST"),
    seed: fromEnv("STELACE_SEED"),
    accessTokenTtl: fromEnv("ACCESS_TOKEN_TTL"),
    apiOnly: ["1", "true", "yes"].includes(String(env.API_ONLY ?? "").toLowerCase())
  }
  let portFlag = false
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split(/=(.*)/s, 2)
    if (flag === "--help" || flag === "-h") return { help: true }
    if (flag === "--api-only") {
      raw.apiOnly = true
      continue
    }
    const name = flags[flag]
    if (name === undefined) throw new UsageError(`Unknown option ${argv[i]}`)
    const value = inline ?? argv[++i]
    if (value === undefined || value.startsWith("--")) throw new UsageError(`${flag} needs a value`)
    if (name === "port") portFlag = true
    raw[name] = value
  }
  if (raw.apiOnly && portFlag) throw new UsageError("--port is the app's port; with --api-only, set the API's with --api-port")
  if (raw.host === "") throw new UsageError("--host needs a value")
  return {
    port: integer("--port", raw.port, { min: 0, max: 65535 }) ?? 4000,
    apiPort: integer("--api-port", raw.apiPort, { min: 0, max: 65535 }) ?? 4100,
    host: raw.host ?? "127.0.0.1",
    seed: readSeed(raw.seed),
    accessTokenTtl: integer("--access-token-ttl", raw.accessTokenTtl, { min: 1, max: 31_536_000 }),
    apiOnly: raw.apiOnly
  }
}

const listenError = (what, error) =>
  error?.code === "EADDRINUSE"
    ? new Error(`The ${what}'s port ${error.port} is in use; choose another with ${what === "app" ? "--port" : "--api-port"} (0 picks a free one)`)
    : error

const main = async () => {
  const options = parseOptions(process.argv.slice(2), process.env)
  if (options.help) {
    console.log(usage)
    return
  }
  const started = []
  let stopping = false
  const stop = async () => {
    if (stopping) return
    stopping = true
    await Promise.allSettled(started.map((server) => server.close()))
    process.exit(0)
  }
  process.on("SIGINT", () => void stop())
  process.on("SIGTERM", () => void stop())
  // `npm start` runs this script through a shell; npm passes SIGTERM to the shell, which dies
  // without passing it on. Left behind, this process stops too rather than linger as an orphan.
  const parent = process.ppid
  setInterval(() => {
    if (process.ppid !== parent) void stop()
  }, 250).unref()

  const { seed } = options
  const [testing, app] = await Promise.all([
    loadTesting(),
    options.apiOnly ? undefined : buildDemo()
  ])
  const api = await testing.startServer({
    port: options.apiPort,
    host: options.host,
    seed,
    accessTokenTtl: options.accessTokenTtl
  }).catch((error) => Promise.reject(listenError("API", error)))
  started.push(api)

  const lines = [""]
  if (app !== undefined) {
    const web = await serveApp({
      dir: app.outDir,
      port: options.port,
      host: options.host,
      config: { apiUrl: api.url, apiKey: api.publishableApiKey }
    }).catch((error) => Promise.reject(listenError("app", error)))
    started.push(web)
    lines.push(`Demo marketplace:  ${web.url}`, `Stelace API:       ${api.url}`, "")
  } else {
    lines.push(`Stelace API:       ${api.url}`, "")
  }
  lines.push(
    ...describeBackend(api, seed, testing.StelaceTest.demo),
    "  Data lives in memory and is lost on exit. Press Ctrl-C to stop.",
    ""
  )
  console.log(lines.join("\n"))
}

main().catch((error) => {
  if (error instanceof UsageError) {
    console.error(`${error.message}\n\n${usage}`)
    process.exit(2)
  }
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
