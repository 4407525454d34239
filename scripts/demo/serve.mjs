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
import { createServer } from "node:http"
import { copyFileSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync } from "node:fs"
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

/** The origin of an http(s) URL, or `undefined`. */
const httpOrigin = (url) => {
  try {
    const parsed = new URL(url)
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.origin : undefined
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
  return /^(\*\.)?[a-z0-9.\-:[\]]+$/.test(host) && !host.includes(subdomain) && url.username === "" && url.password === ""
    ? `${url.protocol}//${host}`
    : url.protocol
}

/**
 * The page's Content-Security-Policy for a configuration. Scripts, styles and fonts come from the
 * app alone. Requests (`fetch`, XHR, beacons, the signal socket) go to the app, the API and the
 * photo uploads; images come from those, `data:` and `blob:` URLs and the map's tiles. So a script
 * that got onto the page cannot post the visitor's token to another host, nor load it there in an
 * image's address. (A policy governs what a page loads, not where it navigates: a script could
 * still send the browser to another site.) No plugins, no `<base>`, and no framing by another
 * site, which could lay its page over the booking buttons.
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

/** `index.html` with the runtime configuration written in (`<` escaped so it stays in its script). */
const indexWith = (dir, config) => {
  const html = readFileSync(join(dir, "index.html"), "utf8")
  const json = JSON.stringify(config).replace(/</g, "\\u003c")
  return html.replace(configScript, `<script id="stelace-config" type="application/json">${json}</script>`)
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

/** The file an exported site lists its files in, so that the next export replaces them and nothing else. */
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
  return join(realpathSync(existing), ...missing)
}

/** Whether `path` is `folder` or inside it. */
const isWithin = (folder, path) => {
  const within = relative(folder, path)
  return within === "" || (within !== ".." && !within.startsWith(`..${sep}`) && !isAbsolute(within))
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
 * `.git`), or is an earlier export: then the files that export listed in {@link exportManifest}
 * are removed first, so that no stale asset stays. Refuses any other folder, a folder inside the
 * build, and any path through a symbolic link, which could lead its writes to someone's files.
 * Returns the files written, relative to `outDir`.
 */
export const writeSite = ({ dir, outDir, config }) => {
  refuseUnpublishableKey(config)
  if (isWithin(realPathOf(dir), realPathOf(outDir))) {
    throw new TypeError(`${outDir} is inside the build it would be written from: choose a folder outside it`)
  }
  const manifest = join(outDir, exportManifest)
  if (existsSync(outDir)) {
    if (lstatSync(outDir).isSymbolicLink() || !statSync(outDir).isDirectory()) throw new TypeError(`${outDir} is not a folder (a file or a symbolic link)`)
    const earlier = existsSync(manifest) && lstatSync(manifest).isFile()
    if (!earlier && readdirSync(outDir).some((name) => !name.startsWith("."))) {
      throw new TypeError(`${outDir} is not empty and holds no exported site: choose an empty or new folder`)
    }
    if (earlier) {
      const listed = JSON.parse(readFileSync(manifest, "utf8")).files
      for (const name of Array.isArray(listed) ? listed : []) {
        const path = join(outDir, String(name))
        // only files of the export, inside it: a hand-edited list removes nothing else
        if (!isWithin(outDir, path) || path === outDir || !existsSync(path) || !lstatSync(path).isFile()) continue
        rmSync(path)
      }
    }
  }
  const written = []
  const write = (name, content) => {
    const target = join(outDir, name)
    for (let part = dirname(target); isWithin(outDir, part); part = dirname(part)) {
      if (existsSync(part) && lstatSync(part).isSymbolicLink()) throw new TypeError(`${part} is a symbolic link: the export writes through none`)
      if (part === outDir) break
    }
    if (existsSync(target) && !lstatSync(target).isFile()) throw new TypeError(`${target} is in the way (a folder or a symbolic link)`)
    mkdirSync(dirname(target), { recursive: true })
    if (typeof content === "string") writeFileSync(target, content)
    else copyFileSync(content.from, target)
    written.push(name)
  }
  for (const file of filesUnder(dir)) {
    const name = relative(dir, file).split(sep).join("/")
    const copy = /\.(br|gz)$/.test(name) && existsSync(file.slice(0, -3))
    if (!copy && name !== "index.html") write(name, { from: file })
  }
  write("index.html", indexWith(dir, config))
  const headerLines = (headers) => Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`)
  write("_headers", [
    "/*",
    ...headerLines({ ...pageHeadersFor(config), "x-content-type-options": "nosniff" }),
    "/assets/*",
    ...headerLines({ "cache-control": immutable }),
    ""
  ].join("\n"))
  write("_redirects", "/*  /index.html  200\n")
  write(exportManifest, `${JSON.stringify({ files: [...written, exportManifest] }, null, 2)}\n`)
  return written
}

/** Starts the static server; resolves with its URL and a `close` function. Refuses a key that is not publishable. */
export const serveApp = async ({ dir, port, host, config }) => {
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
      response.writeHead(405, { allow: "GET, HEAD" }).end()
      return
    }
    let pathname
    try {
      pathname = decodeURIComponent(new URL(request.url ?? "/", "http://localhost").pathname)
    } catch {
      response.writeHead(400, { "content-type": "text/plain; charset=utf-8" }).end("Bad request")
      return
    }
    const file = normalize(join(dir, pathname))
    const inside = file.startsWith(dir + sep)
    const failed = (error) => {
      // quoted: a hostile address (a decoded %0A) must not forge lines of the log
      console.error(`Serving ${quoted(pathname)} failed:`, error)
      if (!response.headersSent) response.writeHead(500, { "content-type": "text/plain; charset=utf-8" })
      response.end("Internal server error")
    }
    // the build's compressed copies go out as the encoding of their file, not as files of their own
    const copy = /\.(br|gz)$/.test(file) && existsSync(file.slice(0, -3))
    if (inside && !copy && !file.endsWith(`${sep}index.html`) && existsSync(file) && statSync(file).isFile()) {
      // Vite names what it emits in assets/ by content hash: a new build gives new names
      const hashed = file.startsWith(join(dir, "assets") + sep)
      send(request, response, {
        key: file,
        type: extname(file),
        cacheControl: hashed ? immutable : "no-cache",
        body: readFileSync(file)
      }).catch(failed)
      return
    }
    if (extname(pathname) !== "" && pathname !== "/index.html") {
      response.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("Not found")
      return
    }
    send(request, response, { key: "index.html", type: ".html", cacheControl: "no-cache", body: index }).catch(failed)
  })
  await new Promise((resolve, reject) => {
    server.once("error", reject)
    server.listen(port, host, () => {
      server.off("error", reject)
      resolve()
    })
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
