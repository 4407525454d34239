/**
 * Serves the built demo app: its files, and `index.html` for every other page path (the app
 * routes in the browser). `index.html` carries the runtime configuration (where the API is, which
 * key to use) in its `#stelace-config` script, filled in here because ports are chosen at start.
 *
 * Text files (HTML, JavaScript, CSS, SVG, JSON) go compressed as the browser asks
 * (`Accept-Encoding`: brotli, else gzip), with `Vary: Accept-Encoding`. Each is compressed once:
 * by the build ({@link precompress} writes `.br` and `.gz` files beside it), else when the server
 * starts, and kept. Vite's hashed files (`assets/`) are cached for good (`immutable`), everything
 * else is revalidated (`no-cache`), `index.html` first.
 *
 * The page goes with a Content-Security-Policy built from its configuration
 * ({@link contentSecurityPolicy}): what the page fetches, connects to and loads goes only to the
 * app, the API, the photo uploads and (images) the map's tiles.
 */
import { createHash } from "node:crypto"
import { constants as fsConstants, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync } from "node:fs"
import { createServer } from "node:http"
import { basename, dirname, extname, isAbsolute, join, normalize, relative, resolve, sep } from "node:path"
import { promisify } from "node:util"
import { brotliCompress, constants, gzip } from "node:zlib"
import { defaultTileTemplate } from "../../demo/src/tileTemplate.js"
import { quoted } from "../logText.mjs"

const types = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".json": "application/json",
  ".txt": "text/plain; charset=utf-8",
  ".woff2": "font/woff2"
}

/** The types worth compressing (images and fonts are compressed already). */
const compressible = new Set([".html", ".js", ".css", ".svg", ".json", ".txt"])

/** Below this, compressing saves less than the headers it adds. */
const minimumSize = 1024

const brotli = promisify(brotliCompress)
const gzipped = promisify(gzip)

/** Both encodings of a body, at their best levels: computed once per file. */
const compress = async (body) => {
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length
      }
    }),
    gzipped(body, { level: constants.Z_BEST_COMPRESSION })
  ])
  return { br, gzip: gz }
}

/**
 * The encoding to send, from `Accept-Encoding`: the one with the highest weight among brotli and
 * gzip (brotli on a tie, it is smaller), `*` standing for both; `undefined` for none.
 */
export const chooseEncoding = (header) => {
  if (typeof header !== "string") return undefined
  const weights = new Map()
  for (const part of header.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";")
    if (name === "") continue
    const q = params.map((param) => param.trim()).find((param) => param.startsWith("q="))
    const weight = q === undefined ? 1 : Number(q.slice(2))
    weights.set(name, Number.isFinite(weight) ? weight : 0)
  }
  const weightOf = (name) => weights.get(name) ?? weights.get("*") ?? 0
  const [best] = ["br", "gzip"].filter((name) => weightOf(name) > 0).sort((a, b) => weightOf(b) - weightOf(a))
  return best
}

/** A host name, an IPv4 address or a bracketed IPv6 address, and a port: nothing a header could split on. */
const plainHost = /^(\*\.)?[a-z0-9.\-:[\]]+$/

/**
 * The origin of an http(s) URL as a CSP source, or `undefined` for anything else, a host that is
 * more than a name or an address (`http://a;b.example` would end the directive) included.
 */
const httpOrigin = (url) => {
  try {
    const parsed = new URL(url)
    return (parsed.protocol === "http:" || parsed.protocol === "https:") && plainHost.test(parsed.host) ? parsed.origin : undefined
  } catch {
    return undefined
  }
}

/**
 * Where a tile template's tiles come from, as a CSP source: its origin, with a subdomain `{s}`
 * as `*` (`https://{s}.tile.example.org` gives `https://*.tile.example.org`); its scheme alone
 * when a placeholder stands elsewhere in the host, which no CSP source can say.
 */
export const tileSource = (template) => {
  const subdomain = "stelace-tile-subdomain"
  let url
  try {
    // as a browser reads it (scheme and host in lower case), the subdomain standing as a label
    url = new URL(String(template).replace(/\{s\}/g, subdomain).replace(/\{[^{}]*\}/g, "0"))
  } catch {
    return undefined
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return undefined
  const host = url.host.startsWith(`${subdomain}.`) ? `*.${url.host.slice(subdomain.length + 1)}` : url.host
  // a host name, an IP address and a port, nothing else: the source goes into a header
  return plainHost.test(host) && !host.includes(subdomain) && url.username === "" && url.password === ""
    ? `${url.protocol}//${host}`
    : url.protocol
}

/**
 * The page's Content-Security-Policy for a configuration. Scripts, styles and fonts come from the
 * app alone. Requests (`fetch`, XHR, beacons, the signal socket) go to the app, the API and the
 * photo uploads; images come from those, `data:` and `blob:` URLs and the map's tiles. So a script
 * that got onto the page cannot send anything straight to another host, nor load it there in an
 * image's address. It can still relay the visitor's token through the API itself (`POST /signal`
 * to a channel someone else listens on, a message), and send the browser to another site: a
 * policy says where a page's requests go, not what they carry (docs/demo.md). No plugins, no
 * `<base>`, and no framing by another site, which could lay its page over the booking buttons.
 */
export const contentSecurityPolicy = (config) => {
  const api = httpOrigin(config.apiUrl)
  const uploads = config.uploadUrl === undefined ? undefined : httpOrigin(config.uploadUrl)
  const tiles = tileSource(typeof config.mapTiles === "string" ? config.mapTiles : defaultTileTemplate)
  const sources = (...list) => [...new Set(list.filter((source) => source !== undefined))].join(" ")
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    `img-src ${sources("'self'", "data:", "blob:", api, uploads, tiles)}`,
    `connect-src ${sources("'self'", api, api?.replace(/^http/, "ws"), uploads)}`,
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'"
  ].join("; ")
}

/** Every file under `dir`. */
const filesUnder = (dir) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath ?? entry.path, entry.name))

/** The files of a build worth compressing (`index.html` aside: the server fills it in first). */
const toCompress = (dir) =>
  filesUnder(dir).filter((file) =>
    compressible.has(extname(file)) && !file.endsWith(`${sep}index.html`) && statSync(file).size >= minimumSize
  )

/**
 * Writes `<file>.br` and `<file>.gz` beside each text file of a build, so that the server starts
 * with them instead of compressing (brotli's best level takes about a second for 380 KB).
 */
export const precompress = async (dir) => {
  await Promise.all(toCompress(dir).map(async (file) => {
    const { br, gzip: gz } = await compress(readFileSync(file))
    writeFileSync(`${file}.br`, br)
    writeFileSync(`${file}.gz`, gz)
  }))
}

/** The encodings the build wrote beside a file, if both are there and not older than it. */
const precompressed = (file) => {
  const time = statSync(file).mtimeMs
  const fresh = (path) => existsSync(path) && statSync(path).mtimeMs >= time
  return fresh(`${file}.br`) && fresh(`${file}.gz`)
    ? { br: readFileSync(`${file}.br`), gzip: readFileSync(`${file}.gz`) }
    : undefined
}

const configScript = /<script id="stelace-config" type="application\/json">[^<]*<\/script>/

/**
 * `index.html` with the runtime configuration written in (`<` escaped so it stays in its script).
 * A replacer function, not a string: in a replacement string `$&`, `` $` `` and `$'` paste parts of
 * the page, and a key or an attribution may hold them.
 */
const indexWith = (dir, config) => {
  const html = readFileSync(join(dir, "index.html"), "utf8")
  const json = JSON.stringify(config).replace(/</g, "\\u003c")
  return html.replace(configScript, () => `<script id="stelace-config" type="application/json">${json}</script>`)
}

/** Refuses a configuration whose key is not publishable: every visitor's browser gets it. */
const refuseUnpublishableKey = (config) => {
  if (typeof config.apiKey !== "string" || !config.apiKey.startsWith("pubk_")) {
    throw new TypeError(
      `The demo app takes a publishable API key (pubk_...), ${String(config.apiKey).startsWith("seck_") ? "not a secret key (seck_...), which anyone could read in the browser" : "and was given something else"}`
    )
  }
}

/** The headers of the page (`index.html`), by name. */
const pageHeadersFor = (config) => ({
  "content-security-policy": contentSecurityPolicy(config),
  // the tile servers' terms ask for the origin of the page that shows their tiles
  "referrer-policy": "strict-origin-when-cross-origin"
})

/** Vite's hashed files: a new build gives new names, so they are cached for good. */
const immutable = "public, max-age=31536000, immutable"

/** The file an exported site lists its files in, with their hashes, so that the next export replaces them and nothing else. */
export const exportManifest = ".stelace-export.json"

/** The real path of `path`, or of its nearest folder that exists followed by the rest. */
const realPathOf = (path) => {
  const missing = []
  let existing = resolve(path)
  while (!existsSync(existing)) {
    missing.unshift(basename(existing))
    const parent = dirname(existing)
    if (parent === existing) break
    existing = parent
  }
  return missing.reduce((folder, name) => join(folder, name), realpathSync(existing))
}

/** Whether `path` is `folder` or inside it. */
const isWithin = (folder, path) => {
  const within = relative(folder, path)
  return within === "" || (within !== ".." && !within.startsWith(`..${sep}`) && !isAbsolute(within))
}

const sha256 = (content) => createHash("sha256").update(content).digest("hex")

/** What an export never touches, whatever a manifest says: a deploy repository and its domain file. */
const isProtected = (name) => name === "CNAME" || name === exportManifest || name.split("/")[0] === ".git"

/** What is at `path`, without following a link: `missing`, `link`, `file`, `folder` or `other`. */
const kindOf = (path) => {
  let stats
  try {
    stats = lstatSync(path)
  } catch (error) {
    if (error.code === "ENOENT") return "missing"
    throw error
  }
  return stats.isSymbolicLink() ? "link" : stats.isFile() ? "file" : stats.isDirectory() ? "folder" : "other"
}

/** Opening for writing that fails on a link where the file should be (where the system can say). */
const writeFlags = fsConstants.O_WRONLY | fsConstants.O_CREAT | fsConstants.O_TRUNC | (fsConstants.O_NOFOLLOW ?? 0)

/**
 * A file of the export, by its name (`assets/index-Bq3x9Z1a.js`): its path under `root`, once
 * every part of it is checked. A name that is absolute, climbs out (`..`), is empty or odd, or
 * runs through a symbolic link or anything but a folder, has none: `undefined`.
 */
const pathIn = (root, name) => {
  if (typeof name !== "string" || name === "" || name.includes("\\") || name.includes("\0") || isAbsolute(name)) return undefined
  const parts = name.split("/")
  if (parts.some((part) => part === "" || part === "." || part === "..")) return undefined
  let folder = root
  for (const part of parts.slice(0, -1)) {
    folder = join(folder, part)
    const kind = kindOf(folder)
    if (kind === "missing") break
    if (kind !== "folder") return undefined
  }
  const path = join(root, ...parts)
  return isWithin(root, path) && path !== root ? path : undefined
}

/**
 * The files an earlier export wrote and that are still as it wrote them: each name the manifest
 * lists with a hash, inside the folder, through no link, a plain file whose content has that hash.
 * A manifest in another shape, or a file changed since, gives nothing to remove.
 */
const earlierFiles = (root, manifest) => {
  let listed
  try {
    listed = JSON.parse(readFileSync(manifest, "utf8")).files
  } catch {
    return new Map()
  }
  const files = new Map()
  if (typeof listed !== "object" || listed === null || Array.isArray(listed)) return files
  for (const [name, hash] of Object.entries(listed)) {
    if (typeof hash !== "string" || isProtected(name)) continue
    const path = pathIn(root, name)
    if (path === undefined || kindOf(path) !== "file" || sha256(readFileSync(path)) !== hash) continue
    files.set(name, path)
  }
  return files
}

/**
 * Writes the built app, configured, as a static site for a host that serves files: `index.html`
 * with the configuration in it, the build's files (not its compressed copies: such hosts compress
 * themselves), and the two files Netlify reads, `_headers` (this server's headers: the
 * Content-Security-Policy, `nosniff`, the referrer policy, hashed files cached for good; Cloudflare
 * Pages reads it too) and `_redirects` (every other path answered with `index.html`, as the app
 * routes in the browser; Cloudflare Pages does that by itself, and ignores the line with a
 * warning).
 *
 * Writes into `outDir` when it is missing, holds only hidden entries (a deploy repository's
 * `.git`), or is an earlier export. {@link exportManifest} lists each file the export wrote with
 * the SHA-256 of its content; the next export removes those still as written (no stale asset
 * stays), and nothing else: a file changed since, or someone else's, in the way of a file to write
 * stops the export before anything is touched. `.git` and `CNAME` are never touched. Every path
 * is resolved before it is used: a path that leaves the folder or runs through a symbolic link is
 * refused (a name of an edited list is skipped), as are any other folder, a folder inside the
 * build, and an `outDir` that is itself a link. Returns the files written, relative to `outDir`.
 */
export const writeSite = ({ dir, outDir, config }) => {
  refuseUnpublishableKey(config)
  if (isWithin(realPathOf(dir), realPathOf(outDir))) {
    throw new TypeError(`${outDir} is inside the build it would be written from: choose a folder outside it`)
  }
  const outKind = kindOf(resolve(outDir))
  if (outKind !== "missing" && outKind !== "folder") throw new TypeError(`${outDir} is not a folder (a file or a symbolic link)`)
  // the folder as the system finds it, its parents' links followed: inside it, no link is
  const root = realPathOf(outDir)
  const manifest = join(root, exportManifest)
  const manifestKind = kindOf(manifest)
  if (manifestKind !== "missing" && manifestKind !== "file") throw new TypeError(`${manifest} is in the way (a folder or a symbolic link)`)
  if (outKind === "folder" && manifestKind === "missing" && readdirSync(root).some((name) => !name.startsWith("."))) {
    throw new TypeError(`${outDir} is not empty and holds no exported site: choose an empty or new folder`)
  }

  const outputs = new Map()
  for (const file of filesUnder(dir)) {
    const name = relative(dir, file).split(sep).join("/")
    const copy = /\.(br|gz)$/.test(name) && existsSync(file.slice(0, -3))
    if (!copy && name !== "index.html") outputs.set(name, readFileSync(file))
  }
  outputs.set("index.html", Buffer.from(indexWith(dir, config)))
  const headerLines = (headers) => Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`)
  outputs.set("_headers", Buffer.from([
    "/*",
    ...headerLines({ ...pageHeadersFor(config), "x-content-type-options": "nosniff" }),
    "/assets/*",
    ...headerLines({ "cache-control": immutable }),
    ""
  ].join("\n")))
  outputs.set("_redirects", Buffer.from("/*  /index.html  200\n"))

  // everything is checked before anything is touched
  const earlier = manifestKind === "file" ? earlierFiles(root, manifest) : new Map()
  const targets = new Map()
  for (const name of outputs.keys()) {
    const path = isProtected(name) ? undefined : pathIn(root, name)
    if (path === undefined) throw new TypeError(`${join(root, name)} is reached through a symbolic link or is not the export's to write`)
    const kind = kindOf(path)
    if (kind !== "missing" && !earlier.has(name)) {
      throw new TypeError(
        kind === "file"
          ? `${path} is in the way: the last export did not write it as it is (changed since, or someone else's). Move it away and export again`
          : `${path} is in the way (a folder or a symbolic link)`
      )
    }
    targets.set(name, path)
  }

  for (const path of earlier.values()) rmSync(path)
  const write = (path, content) => {
    let folder = root
    for (const part of relative(root, dirname(path)).split(sep).filter((part) => part !== "")) {
      folder = join(folder, part)
      const kind = kindOf(folder)
      if (kind === "missing") mkdirSync(folder)
      else if (kind !== "folder") throw new TypeError(`${folder} is a symbolic link or a file: the export writes through none`)
    }
    writeFileSync(path, content, { flag: writeFlags })
  }
  if (outKind === "missing") mkdirSync(root, { recursive: true })
  for (const [name, path] of targets) write(path, outputs.get(name))
  const hashes = Object.fromEntries([...outputs].map(([name, content]) => [name, sha256(content)]))
  write(manifest, `${JSON.stringify({ files: hashes }, null, 2)}\n`)
  return [...outputs.keys(), exportManifest]
}

/**
 * Starts the static server; resolves with its URL and a `close` function. Refuses a key that is
 * not publishable. `maxConnections`, when given, bounds the connections served at once: beyond, a
 * new one is closed at once and the others are served.
 */
export const serveApp = async ({ dir, port, host, config, maxConnections }) => {
  refuseUnpublishableKey(config)
  const index = Buffer.from(indexWith(dir, config))
  const pageHeaders = pageHeadersFor(config)
  // compressed forms by file, started now so that the first visitor need not wait for them
  const compressed = new Map()
  const compressedFor = (key, body) => {
    if (!compressed.has(key)) {
      const pending = compress(body)
      pending.catch(() => compressed.delete(key))
      compressed.set(key, pending)
    }
    return compressed.get(key)
  }
  for (const file of toCompress(dir)) {
    const ready = precompressed(file)
    if (ready !== undefined) compressed.set(file, Promise.resolve(ready))
    else compressedFor(file, readFileSync(file)).catch(() => {})
  }
  if (index.length >= minimumSize) compressedFor("index.html", index).catch(() => {})

  /** Sends a body, compressed when it is text, large enough and the browser takes an encoding. */
  const send = async (request, response, { key, type, cacheControl, body }) => {
    const headers = {
      "content-type": types[type] ?? "application/octet-stream",
      "cache-control": cacheControl,
      "x-content-type-options": "nosniff",
      ...(type === ".html" ? pageHeaders : {})
    }
    let payload = body
    if (compressible.has(type)) {
      headers.vary = "Accept-Encoding"
      const encoding = body.length >= minimumSize ? chooseEncoding(request.headers["accept-encoding"]) : undefined
      if (encoding !== undefined) {
        payload = (await compressedFor(key, body))[encoding]
        headers["content-encoding"] = encoding
      }
    }
    headers["content-length"] = payload.length
    response.writeHead(200, headers)
    response.end(request.method === "HEAD" ? undefined : payload)
  }

  const server = createServer((request, response) => {
    if (request.method !== "GET" && request.method !== "HEAD") {
      response.writeHead(405, { allow: "GET, HEAD", "x-content-type-options": "nosniff" }).end()
      return
    }
    let pathname
    try {
      pathname = decodeURIComponent(new URL(request.url ?? "/", "http://localhost").pathname)
    } catch {
      response.writeHead(400, { "content-type": "text/plain; charset=utf-8", "x-content-type-options": "nosniff" }).end("Bad request")
      return
    }
    const file = normalize(join(dir, pathname))
    const inside = file.startsWith(dir + sep)
    const failed = (error) => {
      // quoted: a hostile address (a decoded %0A) must not forge lines of the log
      console.error(`Serving ${quoted(pathname)} failed:`, error)
      if (!response.headersSent) response.writeHead(500, { "content-type": "text/plain; charset=utf-8", "x-content-type-options": "nosniff" })
      response.end("Internal server error")
    }
    // the build's compressed copies go out as the encoding of their file, not as files of their own
    const copy = /\.(br|gz)$/.test(file) && existsSync(file.slice(0, -3))
    if (inside && !copy && !file.endsWith(`${sep}index.html`) && existsSync(file) && statSync(file).isFile()) {
      // Vite names what it emits in assets/ by content hash: a new build gives new names
      const hashed = file.startsWith(join(dir, "assets") + sep)
      let body
      try {
        body = readFileSync(file)
      } catch (error) {
        // out of file descriptors: this answer fails, the server goes on
        if (error.code !== "EMFILE" && error.code !== "ENFILE") return failed(error)
        response.writeHead(503, { "content-type": "text/plain; charset=utf-8", "retry-after": "1", "x-content-type-options": "nosniff" })
        response.end("Busy: try again")
        return
      }
      send(request, response, { key: file, type: extname(file), cacheControl: hashed ? immutable : "no-cache", body }).catch(failed)
      return
    }
    if (extname(pathname) !== "" && pathname !== "/index.html") {
      response.writeHead(404, { "content-type": "text/plain; charset=utf-8", "x-content-type-options": "nosniff" }).end("Not found")
      return
    }
    send(request, response, { key: "index.html", type: ".html", cacheControl: "no-cache", body: index }).catch(failed)
  })
  if (maxConnections !== undefined) server.maxConnections = maxConnections
  await new Promise((resolve, reject) => {
    server.once("error", reject)
    server.listen(port, host, () => {
      server.off("error", reject)
      resolve()
    })
  })
  // a connection the system could not accept (out of descriptors): the others are still served
  const told = new Set()
  server.on("error", (error) => {
    if (told.has(error.code)) return
    told.add(error.code)
    console.error(`The app's server could not accept a connection (${error.code}); it goes on with the others`)
  })
  return {
    url: `http://${host}:${server.address().port}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
  }
}
