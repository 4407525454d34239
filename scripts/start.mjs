#!/usr/bin/env node
/**
 * `npm start`: the demo marketplace and the in-memory Stelace backend it runs on, in this one
 * process, until Ctrl-C (SIGINT) or SIGTERM. The app is built first when its sources changed.
 * With `--api-only`, only the backend runs, as `stelace-effect-server` does. With `--api-url` and
 * `--publishable-key`, only the app runs, against that Stelace server (yours, or the real one).
 * With `--sso`, a local identity provider (Local ID, scripts/localId.mjs) starts on loopback too,
 * and the app offers "Log in with Local ID".
 */
import { execFileSync } from "node:child_process"
import { readFileSync } from "node:fs"
import { networkInterfaces } from "node:os"
import { resolve } from "node:path"
import { connectionBudget, describeBackend, descriptorLimit, loadTesting, maxBodySizeOf, seedOf } from "../bin/backend.mjs"
import { isTileTemplate } from "../demo/src/tileTemplate.js"
import { buildDemo } from "./demo/build.mjs"
import { serveApp, writeSite } from "./demo/serve.mjs"
import { startLocalId } from "./localId.mjs"
import { quoted } from "./logText.mjs"

const usage = `Usage: npm start -- [options]

  --port <port>                 the app's port (default 4000; 0 picks a free one)   env PORT
  --api-port <port>             the API's port (default 4100; 0 picks a free one)   env API_PORT
  --host <host>                 the interface both listen on (default 127.0.0.1)   env HOST
  --api-only                    run only the API, not the app                      env API_ONLY=1
  --sso                         offer "Log in with Local ID", an identity provider  env SSO=1
                                started on loopback with a demo account (printed)
  --seed demo|empty|<file.json> the backend's data (default demo)                  env STELACE_SEED
  --access-token-ttl <seconds>  lifetime of access tokens (default 3600)           env ACCESS_TOKEN_TTL
  --max-body-size <size>        largest request body the API reads (default 5mb)    env MAX_BODY_SIZE
  --api-url <url>               serve the app against this Stelace server instead   env STELACE_API_URL
                                of the local one (which then does not start)
  --publishable-key <pubk_...>  the app's key on that server (never a secret key)  env STELACE_PUBLISHABLE_KEY
  --map-tiles <url>             the search map's tiles, a URL with {z}, {x}, {y}    env MAP_TILES_URL
                                (default https://tile.openstreetmap.org/{z}/{x}/{y}.png)
  --map-attribution <text>      whom the map credits for its tiles (needed with     env MAP_ATTRIBUTION
                                --map-tiles; default "© OpenStreetMap contributors")
  --out <folder>                with --api-url: write the app, configured, as a static
                                site there (with _headers and _redirects), and exit
  -h, --help                    this help`

const flags = {
  "--port": "port",
  "--api-port": "apiPort",
  "--host": "host",
  "--seed": "seed",
  "--access-token-ttl": "accessTokenTtl",
  "--max-body-size": "maxBodySize",
  "--api-url": "apiUrl",
  "--publishable-key": "publishableKey",
  "--map-tiles": "mapTiles",
  "--map-attribution": "mapAttribution",
  "--out": "out"
}

class UsageError extends Error {}

const integer = (name, value, { min, max }) => {
  if (value === undefined) return undefined
  const number = /^\d+$/.test(value) ? Number(value) : NaN
  if (!(number >= min && number <= max)) throw new UsageError(`${name} must be a whole number from ${min} to ${max}, not "${value}"`)
  return number
}

const bodySize = (value) => {
  if (value === undefined) return undefined
  try {
    return maxBodySizeOf(value)
  } catch (error) {
    throw new UsageError(`--max-body-size ${error.message}`)
  }
}

const readSeed = (value) => {
  try {
    return seedOf(value)
  } catch (error) {
    throw new UsageError(`The seed${error.message.startsWith(":") ? "" : " "}${error.message}`)
  }
}

/**
 * The seed's publishable key goes to the app, which runs in visitors' browsers: a secret key there
 * would be readable by anyone, so a seed that puts one in its place is refused.
 */
const refuseSecretKeyForApp = (seed, from) => {
  const key = typeof seed === "object" ? seed.apiKeys?.publishable : undefined
  if (typeof key === "string" && key.startsWith("seck_")) {
    throw new UsageError(
      `Refusing to start: the seed (${from}) sets apiKeys.publishable to a secret key (seck_...). ` +
        "That key is the demo app's, and the app runs in the browser, where anyone can read it; give the seed a publishable key (pubk_...)."
    )
  }
}

/**
 * The Stelace server of `--api-url`: an http(s) URL of a scheme, a host and a port, nothing else.
 * The host is a name of letters, digits, dots and hyphens, or an IP address: it goes into the
 * page's Content-Security-Policy, where a `;` (`http://a;b.example`, which URL parsers take) would
 * end the directive.
 */
const readApiUrl = (value) => {
  let url
  try {
    url = new URL(value)
  } catch {
    throw new UsageError(`--api-url must be a URL such as https://api.example.com, not "${value}"`)
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new UsageError(`--api-url must be an http: or https: URL, not "${value}"`)
  if (!/^([a-z0-9-]+\.)*[a-z0-9-]+(:\d+)?$|^\[[0-9a-f:.]+\](:\d+)?$/.test(url.host)) {
    throw new UsageError(`--api-url must have a host of letters, digits, dots and hyphens, or an IP address, not "${value}"`)
  }
  if (url.username !== "" || url.password !== "") throw new UsageError("--api-url must not carry credentials: the app sends its key itself")
  if ((url.pathname !== "/" && url.pathname !== "") || url.search !== "" || url.hash !== "") {
    throw new UsageError(`--api-url is the server's origin (the SDK adds the paths), not "${value}"`)
  }
  return url.origin
}

/**
 * The search map's tiles for the app's configuration: nothing for OpenStreetMap's (the app's
 * default), else a URL template Leaflet can fill and whom to credit.
 */
const readMapTiles = (raw, flags) => {
  const tilesFrom = flags.mapTiles ? "--map-tiles" : "MAP_TILES_URL"
  if (raw.mapTiles !== undefined && !isTileTemplate(raw.mapTiles)) {
    throw new UsageError(`${tilesFrom} must be an http: or https: URL with {z}, {x} and {y} in it (and no other placeholder than {s}, {r} or {-y}), such as https://tile.openstreetmap.org/{z}/{x}/{y}.png, not "${raw.mapTiles}"`)
  }
  if (raw.mapTiles !== undefined && raw.mapAttribution === undefined) {
    throw new UsageError(`${tilesFrom} needs --map-attribution (or MAP_ATTRIBUTION): whom the map credits for those tiles, as their terms usually ask`)
  }
  return {
    ...(raw.mapTiles === undefined ? {} : { mapTiles: raw.mapTiles }),
    ...(raw.mapAttribution === undefined ? {} : { mapAttribution: raw.mapAttribution })
  }
}

/**
 * The app's key on another server: the app runs in visitors' browsers, where anyone can read it,
 * so only a publishable key is taken.
 */
const readPublishableKey = (key, from) => {
  if (key === undefined) throw new UsageError("--api-url needs the app's publishable key: --publishable-key pubk_... (or STELACE_PUBLISHABLE_KEY)")
  if (key.startsWith("seck_")) {
    throw new UsageError(
      `Refusing to start: ${from} is a secret key (seck_...). The app runs in the browser, where anyone can read its key; give it a publishable key (pubk_...).`
    )
  }
  if (!key.startsWith("pubk_")) throw new UsageError(`${from} must be a publishable key (pubk_...)`)
  return key
}

const parseOptions = (argv, env) => {
  const fromEnv = (name) => (env[name] === "" ? undefined : env[name])
  const raw = {
    port: fromEnv("PORT"),
    apiPort: fromEnv("API_PORT"),
    host: fromEnv("HOST"),
    seed: fromEnv("STELACE_SEED"),
    accessTokenTtl: fromEnv("ACCESS_TOKEN_TTL"),
    maxBodySize: fromEnv("MAX_BODY_SIZE"),
    apiUrl: fromEnv("STELACE_API_URL"),
    publishableKey: fromEnv("STELACE_PUBLISHABLE_KEY"),
    mapTiles: fromEnv("MAP_TILES_URL"),
    mapAttribution: fromEnv("MAP_ATTRIBUTION"),
    apiOnly: ["1", "true", "yes"].includes(String(env.API_ONLY ?? "").toLowerCase()),
    sso: ["1", "true", "yes"].includes(String(env.SSO ?? "").toLowerCase())
  }
  let portFlag = false
  let seedFlag = false
  let keyFlag = false
  const given = {}
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split(/=(.*)/s, 2)
    if (flag === "--help" || flag === "-h") return { help: true }
    if (flag === "--api-only") {
      raw.apiOnly = true
      continue
    }
    if (flag === "--sso") {
      raw.sso = true
      given.sso = true
      continue
    }
    const name = flags[flag]
    if (name === undefined) throw new UsageError(`Unknown option ${argv[i]}`)
    const value = inline ?? argv[++i]
    if (value === undefined || value.startsWith("--")) throw new UsageError(`${flag} needs a value`)
    if (name === "port") portFlag = true
    if (name === "seed") seedFlag = true
    if (name === "publishableKey") keyFlag = true
    given[name] = true
    raw[name] = value
  }
  if (raw.apiOnly && portFlag) throw new UsageError("--port is the app's port; with --api-only, set the API's with --api-port")
  if (raw.sso && raw.apiOnly) throw new UsageError(`${given.sso ? "--sso" : "SSO=1"} offers "Log in with Local ID" in the app; --api-only runs no app`)
  if (raw.sso && raw.apiUrl !== undefined) {
    throw new UsageError(`${given.sso ? "--sso" : "SSO=1"} connects the local backend to Local ID; with --api-url, configure the connection on that server (docs/testing.md)`)
  }
  if (raw.host === "") throw new UsageError("--host needs a value")
  if (raw.apiOnly && (raw.mapTiles !== undefined || raw.mapAttribution !== undefined)) {
    throw new UsageError(`${raw.mapTiles !== undefined ? "--map-tiles" : "--map-attribution"} sets up the app's map; --api-only runs only the API`)
  }
  const map = readMapTiles(raw, given)
  if (raw.out !== undefined && raw.apiUrl === undefined) {
    throw new UsageError("--out writes the app for a Stelace server of yours: give it --api-url and --publishable-key (the local backend lives only as long as npm start)")
  }
  if (raw.apiUrl !== undefined) return remoteOptions(raw, keyFlag, map, given)
  if (raw.publishableKey !== undefined) {
    throw new UsageError(`${keyFlag ? "--publishable-key" : "STELACE_PUBLISHABLE_KEY"} is the app's key on another server: it goes with --api-url (or STELACE_API_URL)`)
  }
  const seed = readSeed(raw.seed)
  refuseSecretKeyForApp(seed, seedFlag ? `--seed ${raw.seed}` : `STELACE_SEED=${raw.seed}`)
  return {
    port: integer("--port", raw.port, { min: 0, max: 65535 }) ?? 4000,
    apiPort: integer("--api-port", raw.apiPort, { min: 0, max: 65535 }) ?? 4100,
    host: raw.host ?? "127.0.0.1",
    seed,
    accessTokenTtl: integer("--access-token-ttl", raw.accessTokenTtl, { min: 1, max: 31_536_000 }),
    maxBodySize: bodySize(raw.maxBodySize),
    apiOnly: raw.apiOnly,
    sso: raw.sso,
    map
  }
}

/** The app alone, against another Stelace server: what concerns the local backend has no place. */
const remoteOptions = (raw, keyFlag, map, given) => {
  const local = { apiPort: "--api-port", seed: "--seed", accessTokenTtl: "--access-token-ttl", maxBodySize: "--max-body-size" }
  for (const [name, flag] of Object.entries(local)) {
    if (raw[name] !== undefined) throw new UsageError(`${flag} sets up the local Stelace backend, which does not start with --api-url`)
  }
  if (raw.apiOnly) throw new UsageError("--api-only runs only the local backend; --api-url runs only the app")
  if (raw.out !== undefined && (given.port || given.host)) {
    throw new UsageError(`${given.port ? "--port" : "--host"} is where the app is served; with --out it is written, not served`)
  }
  return {
    out: raw.out,
    port: integer("--port", raw.port, { min: 0, max: 65535 }) ?? 4000,
    host: raw.host ?? "127.0.0.1",
    remote: {
      apiUrl: readApiUrl(raw.apiUrl),
      apiKey: readPublishableKey(raw.publishableKey, keyFlag ? "--publishable-key" : "STELACE_PUBLISHABLE_KEY"),
      ...map
    }
  }
}

/**
 * What the system says of a process: `{ ppid, ended, command }` (a zombie counts as ended),
 * `"gone"` when there is no such process, or `"unknown"` when it cannot be read. Out of file
 * descriptors (`EMFILE`), or denied (`EACCES`), a read says nothing of the process: only "no such
 * file" (`/proc/<pid>` is gone) or `ps` finding none means it is gone.
 */
const processInfo = (pid) => {
  if (process.platform === "linux") {
    let stat
    try {
      stat = readFileSync(`/proc/${pid}/stat`, "utf8")
    } catch (error) {
      return error.code === "ENOENT" || error.code === "ESRCH" ? "gone" : "unknown"
    }
    // after "pid (name) ": state, ppid, ...; the name may hold spaces and parentheses
    const [state, ppid] = stat.slice(stat.lastIndexOf(")") + 2).split(" ")
    let command = ""
    try {
      command = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ").trim()
    } catch {
      // the command only tells a script's shell apart; unread, the chain stops there
    }
    return { ppid: Number(ppid), ended: state === "Z" || state === "X", command }
  }
  try {
    const [ppid, state, ...command] = execFileSync("ps", ["-o", "ppid=,stat=,args=", "-p", String(pid)], { encoding: "utf8" }).trim().split(/\s+/)
    return ppid === undefined || ppid === "" ? "gone" : { ppid: Number(ppid), ended: state.startsWith("Z"), command: command.join(" ") }
  } catch (error) {
    // ps ran and found no such process (exit status 1); anything else (it could not start) says nothing
    return typeof error.status === "number" ? "gone" : "unknown"
  }
}

/** A shell that only runs a command line (`sh -c ...`), as package managers run scripts. */
const isScriptShell = (command) => /^(\S*\/)?(sh|bash|dash|ash|zsh)\s+-c\s/.test(command)

/**
 * The chain of processes from this one up to its launcher: the parent, and when a package
 * manager runs this script through `sh -c`, the shells up to the package manager.
 */
const launcherChain = () => {
  const chain = [process.pid, process.ppid]
  if (process.platform === "win32" || process.env.npm_lifecycle_event === undefined) return chain
  for (let depth = 0; depth < 3; depth++) {
    const top = processInfo(chain.at(-1))
    if (typeof top !== "object" || !isScriptShell(top.command) || top.ppid <= 1) break
    chain.push(top.ppid)
  }
  return chain
}

/**
 * Calls `onGone` once the launcher is gone: when any process of the chain from this one up to it
 * has a new parent (its own parent died: npm -> sh -> node, after `kill -9` of npm, leaves the
 * shell to init), or the launcher itself ended; and when an IPC channel to the parent closes.
 * Checked four times a second, so the servers stop well within 2 s. A process that cannot be read
 * (no descriptor left, access denied) is not taken for gone: the next check looks again.
 */
const watchLauncher = (onGone) => {
  if (process.connected) process.once("disconnect", onGone)
  const chain = launcherChain()
  const intact = () => {
    if (process.ppid !== chain[1]) return false
    for (let i = 1; i < chain.length; i++) {
      const info = processInfo(chain[i])
      if (info === "unknown") return true
      if (info === "gone" || info.ended) return false
      if (i + 1 < chain.length && info.ppid !== chain[i + 1]) return false
    }
    return true
  }
  const timer = setInterval(() => {
    if (intact()) return
    clearInterval(timer)
    onGone()
  }, 250)
  timer.unref()
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
    // a connection that does not let go must not keep the ports open
    setTimeout(() => process.exit(0), 1000).unref()
    await Promise.allSettled(started.map((server) => server.close()))
    process.exit(0)
  }
  process.on("SIGINT", () => void stop())
  process.on("SIGTERM", () => void stop())
  // the servers never outlive what launched them, even when it died without a word (kill -9)
  watchLauncher(() => void stop())

  if (options.out !== undefined) {
    const app = await buildDemo()
    // the folder the user named it from: npm runs scripts from the package's own
    const outDir = resolve(process.env.INIT_CWD ?? process.cwd(), options.out)
    const written = writeSite({ dir: app.outDir, outDir, config: options.remote })
    console.log([
      "",
      `The app, configured for ${options.remote.apiUrl}, is in ${outDir} (${written.length} files).`,
      "  Upload that folder to a static host. _headers gives Netlify and Cloudflare Pages its",
      "  Content-Security-Policy and cache headers; _redirects sends every other path to index.html on",
      "  Netlify (Cloudflare Pages does that by itself). Elsewhere, set the same (docs/demo.md).",
      "  Its password reset page is /reset-password?token=<resetToken>.",
      ""
    ].join("\n"))
    return
  }
  if (options.remote !== undefined) {
    const app = await buildDemo()
    const [maxConnections] = connectionBudget([1], descriptorLimit())
    const web = await serveApp({ dir: app.outDir, port: options.port, host: options.host, config: options.remote, maxConnections })
      .catch((error) => Promise.reject(listenError("app", error)))
    started.push(web)
    console.log([
      "",
      `Demo marketplace:  ${web.url}`,
      `Stelace API:       ${options.remote.apiUrl}`,
      "",
      "  The app runs against that server with its publishable key; no local backend started.",
      "  Press Ctrl-C to stop.",
      ""
    ].join("\n"))
    return
  }

  const { seed } = options
  // Local ID starts beside the build and the backend's loading, which take longer
  const [testing, app, localId] = await Promise.all([
    loadTesting(),
    options.apiOnly ? undefined : buildDemo(),
    options.sso
      ? startLocalId({ host: loopbackHost(options.host) }).then((provider) => {
        started.push(provider)
        return provider
      })
      : undefined
  ])
  // connections stop short of the descriptor limit, so that idle sockets cannot starve the process
  const [apiConnections, appConnections] = connectionBudget(options.apiOnly ? [1, 0] : [3, 1], descriptorLimit())
  const api = await testing.startServer({
    port: options.apiPort,
    host: options.host,
    seed,
    accessTokenTtl: options.accessTokenTtl,
    maxBodySize: options.maxBodySize,
    maxConnections: apiConnections
  }).catch((error) => Promise.reject(listenError("API", error)))
  started.push(api)

  const lines = [""]
  if (app !== undefined) {
    const web = await serveApp({
      dir: app.outDir,
      port: options.port,
      host: options.host,
      // the local backend's development uploads (outside the Stelace API) hold the listings' photos
      config: {
        apiUrl: api.url,
        apiKey: api.publishableApiKey,
        uploadUrl: `${api.url}/_dev/uploads`,
        resetLinksInTerminal: true,
        ...options.map,
        ...(localId === undefined ? {} : { sso: { platformId: api.publicPlatformId, providers: [localIdProvider] } })
      },
      maxConnections: appConnections
    }).catch((error) => Promise.reject(listenError("app", error)))
    started.push(web)
    for (const origin of appOrigins(options.host, /:(\d+)$/.exec(web.url)[1])) api.allowUploadOrigin(origin)
    printResetLinks(api.backend, web.url)
    lines.push(`Demo marketplace:  ${web.url}`, `Stelace API:       ${api.url}`)
    if (localId !== undefined) {
      await connectLocalId(api, localId, web.url)
      lines.push(`Local ID (SSO):    ${localId.url}`)
    }
    lines.push("", "  Password reset links are printed here (no email is sent).", "")
    if (localId !== undefined) {
      const { email, password } = localId.accounts[0]
      lines.push(`  "Log in with Local ID" (single sign-on), demo account:  ${email} / ${password}`, "")
    }
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

/** The connection the app offers, as its page configuration names it: `sso.providers` there. */
const localIdProvider = { id: "local-id", name: "Local ID", protocol: "openid" }

/** Where the app takes the browser back after a login or a logout through Local ID. */
const ssoReturnPaths = { afterAuthentication: "/login", afterLogout: "/" }

/** Local ID listens on loopback only: the interface the app uses when it is one, else 127.0.0.1. */
const loopbackHost = (host) => (["127.0.0.1", "::1", "localhost"].includes(host) ? host : "127.0.0.1")

/**
 * Registers the local backend with Local ID, and gives the backend the `local-id` connection
 * (OpenID Connect, PKCE) through its own API, as an operator configures a platform: the secret
 * key's `PATCH /config/private`.
 */
const connectLocalId = async (api, localId, appUrl) => {
  localId.register({ name: "local-backend", apiUrl: api.url, publicPlatformId: api.publicPlatformId, providers: { openid: localIdProvider.id } })
  const connections = localId.connections("local-backend", {
    afterAuthenticationUrl: new URL(ssoReturnPaths.afterAuthentication, appUrl).href,
    afterLogoutUrl: new URL(ssoReturnPaths.afterLogout, appUrl).href
  })
  const response = await fetch(`${api.url}/config/private`, {
    method: "PATCH",
    headers: { authorization: `Basic ${btoa(`${api.secretApiKey}:`)}`, "content-type": "application/json" },
    body: JSON.stringify({ stelace: { ssoConnections: { [localIdProvider.id]: connections[localIdProvider.id] } } })
  })
  if (!response.ok) throw new Error(`The local backend refused the Local ID connection (${response.status}): ${await response.text()}`)
}

/**
 * The origins the app's pages have, for the uploads' CORS: the host it listens on, `localhost` for
 * a loopback address, and every address of this machine for a wildcard one (`0.0.0.0`, `::`).
 */
const appOrigins = (host, port) => {
  const loopback = ["127.0.0.1", "::1", "localhost"]
  const wildcard = host === "0.0.0.0" || host === "::"
  const hosts = new Set([host])
  if (loopback.includes(host) || wildcard) for (const name of loopback) hosts.add(name)
  if (wildcard) {
    for (const addresses of Object.values(networkInterfaces())) {
      // a link-local address's zone (fe80::1%eth0) is no part of an origin
      for (const { address } of addresses ?? []) if (!address.includes("%")) hosts.add(address)
    }
  }
  hosts.delete("0.0.0.0")
  hosts.delete("::")
  return [...hosts].map((name) => `http://${name.includes(":") ? `[${name}]` : name}:${port}`)
}

/**
 * Prints the link of each password reset asked for, where a real platform would email it (a
 * workflow on `password__reset_requested`): the local backend sends no email. The account's name
 * is quoted ({@link quoted}), so that no username can forge lines of this output.
 */
const printResetLinks = (backend, appUrl) =>
  backend.onEvent((event) => {
    if (event.type !== "password__reset_requested" || typeof event.metadata?.resetToken !== "string") return
    const link = new URL("/reset-password", appUrl)
    link.searchParams.set("token", event.metadata.resetToken)
    console.log(`\nPassword reset asked for ${quoted(event.object?.username ?? event.objectId)}; the link a platform would email (valid 10 minutes):\n  ${link.href}\n`)
  })

main().catch((error) => {
  if (error instanceof UsageError) {
    console.error(`${error.message}\n\n${usage}`)
    process.exit(2)
  }
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
