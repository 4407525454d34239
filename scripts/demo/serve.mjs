/**
 * Serves the built demo app: its files, and `index.html` for every other page path (the app
 * routes in the browser). `index.html` carries the runtime configuration (where the API is, which
 * key to use) in its `#stelace-config` script, filled in here because ports are chosen at start.
 */
import { createServer } from "node:http"
import { existsSync, readFileSync, statSync } from "node:fs"
import { extname, join, normalize, sep } from "node:path"

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

const configScript = /<script id="stelace-config" type="application\/json">[^<]*<\/script>/

/** `index.html` with the runtime configuration written in (`<` escaped so it stays in its script). */
const indexWith = (dir, config) => {
  const html = readFileSync(join(dir, "index.html"), "utf8")
  const json = JSON.stringify(config).replace(/</g, "\\u003c")
  return html.replace(configScript, `<script id="stelace-config" type="application/json">${json}</script>`)
}

/**
 * Starts the static server; resolves with its URL and a `close` function. Refuses a configuration
 * whose key is not publishable: every visitor's browser gets it.
 */
export const serveApp = async ({ dir, port, host, config }) => {
  if (typeof config.apiKey !== "string" || !config.apiKey.startsWith("pubk_")) {
    throw new TypeError(
      `The demo app takes a publishable API key (pubk_...), ${String(config.apiKey).startsWith("seck_") ? "not a secret key (seck_...), which anyone could read in the browser" : "and was given something else"}`
    )
  }
  const index = indexWith(dir, config)
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
    if (inside && !file.endsWith(`${sep}index.html`) && existsSync(file) && statSync(file).isFile()) {
      const immutable = file.startsWith(join(dir, "assets") + sep)
      response.writeHead(200, {
        "content-type": types[extname(file)] ?? "application/octet-stream",
        "cache-control": immutable ? "public, max-age=31536000, immutable" : "no-cache"
      })
      response.end(request.method === "HEAD" ? undefined : readFileSync(file))
      return
    }
    if (extname(pathname) !== "" && pathname !== "/index.html") {
      response.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("Not found")
      return
    }
    response.writeHead(200, { "content-type": types[".html"], "cache-control": "no-cache" })
    response.end(request.method === "HEAD" ? undefined : index)
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
