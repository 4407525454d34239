/**
 * The demo app's server (`scripts/demo/serve.mjs`, what `npm start` serves): text compressed as
 * the browser asks, with `Vary: Accept-Encoding`, Vite's hashed files cached for good and
 * `index.html` revalidated; nothing outside the build served, whatever the address. Read with
 * `node:http`, which (unlike `fetch`) shows the bytes as sent, and raw request lines. The page goes
 * with a Content-Security-Policy built from its configuration (`e2e/policy.e2e.ts` shows Chromium
 * enforcing it).
 */
import { createHash } from "node:crypto"
import { request } from "node:http"
import { connect } from "node:net"
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, relative } from "node:path"
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
// @ts-expect-error: a JavaScript module of the scripts, without types
import { chooseEncoding, contentSecurityPolicy, precompress, serveApp, tileSource, writeSite } from "../../scripts/demo/serve.mjs"
// @ts-expect-error: a JavaScript module of the scripts, without types
import { quoted } from "../../scripts/logText.mjs"

const script = `export const app = () => ${JSON.stringify("listing ".repeat(2000))}\n`
const style = `.card { padding: 1rem }\n`.repeat(100)
const png = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex")

let app: { url: string; close: () => Promise<void> }

beforeAll(async () => {
  // the build beside files it must never serve: one in its parent, one in a sibling whose name
  // starts as the build's does
  const parent = mkdtempSync(join(tmpdir(), "stelace-serve-"))
  const dir = join(parent, "dist")
  mkdirSync(join(dir, "assets"), { recursive: true })
  writeFileSync(join(parent, "secret.txt"), "parent secret")
  mkdirSync(join(parent, "dist-private"))
  writeFileSync(join(parent, "dist-private", "secret.txt"), "sibling secret")
  writeFileSync(
    join(dir, "index.html"),
    `<!doctype html><script id="stelace-config" type="application/json">{}</script>${"<!-- the app -->".repeat(100)}`
  )
  writeFileSync(join(dir, "assets", "index-Bq3x9Z1a.js"), script)
  writeFileSync(join(dir, "assets", "index-Cc7dE2f0.css"), style)
  writeFileSync(join(dir, "assets", "logo-D4eF5a6b.png"), png)
  writeFileSync(join(dir, "robots.txt"), "User-agent: *\n")
  app = await serveApp({
    dir,
    port: 0,
    host: "127.0.0.1",
    config: { apiUrl: "http://127.0.0.1:4100", apiKey: "pubk_test_LocalStelacePublicKey0001" }
  })
})

afterAll(() => app.close())

/** One raw request: status, headers and the body's bytes as they came. */
const getFrom = (url: string, path: string, headers: Record<string, string> = {}, method = "GET") =>
  new Promise<{ status: number; headers: Record<string, string | Array<string> | undefined>; body: Buffer }>((resolve, reject) => {
    const req = request(`${url}${path}`, { method, headers }, (response) => {
      const chunks: Array<Buffer> = []
      response.on("data", (chunk: Buffer) => chunks.push(chunk))
      response.on("end", () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }))
      response.on("error", reject)
    })
    req.on("error", reject)
    req.end()
  })

const get = (path: string, headers: Record<string, string> = {}, method = "GET") => getFrom(app.url, path, headers, method)

/** A request line written as is (no client normalizes its `..` or encoding away): the reply's status line and body. */
const raw = (requestLine: string) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const { port } = new URL(app.url)
    const socket = connect(Number(port), "127.0.0.1", () => socket.end(`${requestLine}\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`))
    const chunks: Array<Buffer> = []
    socket.on("data", (chunk: Buffer) => chunks.push(chunk))
    socket.on("error", reject)
    socket.on("close", () => {
      const text = Buffer.concat(chunks).toString("latin1")
      resolve({ status: Number(text.slice(9, 12)), body: text.slice(text.indexOf("\r\n\r\n") + 4) })
    })
  })

describe("the demo app's server", () => {
  it("sends brotli when the browser takes it, with Vary and the compressed length", async () => {
    const reply = await get("/assets/index-Bq3x9Z1a.js", { "accept-encoding": "gzip, deflate, br, zstd" })
    expect(reply.status).toBe(200)
    expect(reply.headers["content-encoding"]).toBe("br")
    expect(reply.headers.vary).toBe("Accept-Encoding")
    expect(reply.headers["content-type"]).toBe("text/javascript; charset=utf-8")
    expect(Number(reply.headers["content-length"])).toBe(reply.body.length)
    expect(reply.body.length).toBeLessThan(script.length / 10)
    expect(brotliDecompressSync(reply.body).toString()).toBe(script)
  })

  it("sends gzip when the browser takes only gzip, or prefers it", async () => {
    for (const accept of ["gzip", "gzip;q=1, br;q=0.5", "br;q=0, gzip"]) {
      const reply = await get("/assets/index-Cc7dE2f0.css", { "accept-encoding": accept })
      expect(reply.headers["content-encoding"], accept).toBe("gzip")
      expect(gunzipSync(reply.body).toString()).toBe(style)
    }
  })

  it("sends the bytes as they are when the browser takes no encoding we have", async () => {
    for (const headers of [{} as Record<string, string>, { "accept-encoding": "identity" }, { "accept-encoding": "deflate" }, { "accept-encoding": "br;q=0, gzip;q=0" }]) {
      const reply = await get("/assets/index-Bq3x9Z1a.js", headers)
      expect(reply.headers["content-encoding"]).toBeUndefined()
      expect(reply.headers.vary).toBe("Accept-Encoding")
      expect(reply.body.toString()).toBe(script)
    }
  })

  it("caches Vite's hashed files for good and revalidates index.html and the rest", async () => {
    for (const path of ["/assets/index-Bq3x9Z1a.js", "/assets/index-Cc7dE2f0.css", "/assets/logo-D4eF5a6b.png"]) {
      expect((await get(path)).headers["cache-control"], path).toBe("public, max-age=31536000, immutable")
    }
    for (const path of ["/", "/index.html", "/listings/ast_1", "/robots.txt"]) {
      expect((await get(path)).headers["cache-control"], path).toBe("no-cache")
    }
  })

  it("compresses index.html, with the runtime configuration in it", async () => {
    const reply = await get("/search", { "accept-encoding": "br" })
    expect(reply.headers["content-encoding"]).toBe("br")
    expect(reply.headers.vary).toBe("Accept-Encoding")
    expect(brotliDecompressSync(reply.body).toString()).toContain("pubk_test_LocalStelacePublicKey0001")
  })

  it("leaves images and small files as they are", async () => {
    const image = await get("/assets/logo-D4eF5a6b.png", { "accept-encoding": "br, gzip" })
    expect(image.headers["content-encoding"]).toBeUndefined()
    expect(image.headers.vary).toBeUndefined()
    expect(image.body).toEqual(png)
    const small = await get("/robots.txt", { "accept-encoding": "br, gzip" })
    expect(small.headers["content-encoding"]).toBeUndefined()
    expect(small.body.toString()).toBe("User-agent: *\n")
  })

  it("answers HEAD with the headers of GET and no body", async () => {
    const reply = await get("/assets/index-Bq3x9Z1a.js", { "accept-encoding": "br" }, "HEAD")
    const full = await get("/assets/index-Bq3x9Z1a.js", { "accept-encoding": "br" })
    expect(reply.headers["content-encoding"]).toBe("br")
    expect(reply.headers["content-length"]).toBe(full.headers["content-length"])
    expect(reply.body.length).toBe(0)
  })
})

describe("the demo app's server under hostile requests", () => {
  it.each([
    "/../secret.txt",
    "/assets/../../secret.txt",
    "/%2e%2e/secret.txt",
    "/assets/..%2f..%2fsecret.txt",
    "/..%5csecret.txt",
    "/../dist-private/secret.txt",
    "/%2e%2e/dist-private/secret.txt",
    "/..%2fdist-private%2fsecret.txt",
    "/%2e%2e%2f%2e%2e%2f%2e%2e%2f%2e%2e%2fetc%2fpasswd"
  ])("serves nothing outside the build for %s", async (path) => {
    const reply = await raw(`GET ${path} HTTP/1.1`)
    expect(reply.body).not.toMatch(/secret|root:/)
    // a file's address outside the build is not found; one without an extension is a route of the app
    if (reply.status === 200) expect(reply.body).toContain('<script id="stelace-config"')
    else expect(reply.status).toBe(404)
  })

  it("answers 400 to a path that is not valid percent-encoding, 404 to one holding NUL", async () => {
    expect((await raw("GET /assets/%E0%A4%A.js HTTP/1.1")).status).toBe(400)
    expect((await raw("GET /assets/index-Bq3x9Z1a.js%00.png HTTP/1.1")).status).toBe(404)
  })

  it("refuses other methods with 405 and the methods it takes", async () => {
    for (const method of ["POST", "PUT", "DELETE", "OPTIONS", "TRACE"]) {
      const reply = await get("/index.html", {}, method)
      expect(reply.status).toBe(405)
      expect(reply.headers.allow).toBe("GET, HEAD")
    }
  })

  it("sends nosniff with its 404, 405 and 400 answers too", async () => {
    const answers = await Promise.all([get("/missing.js"), get("/index.html", {}, "POST"), get("/%E0%A4%A.js")])
    expect(answers.map((answer) => [answer.status, answer.headers["x-content-type-options"]])).toEqual([
      [404, "nosniff"],
      [405, "nosniff"],
      [400, "nosniff"]
    ])
  })

  it("does not serve the build's compressed copies as files of their own", async () => {
    const reply = await get("/assets/index-Bq3x9Z1a.js.br")
    expect(reply.status).toBe(404)
  })

  it("keeps serving after all of these, and a very long address gets an answer, not a crash", async () => {
    const long = await raw(`GET /${"a".repeat(10_000)} HTTP/1.1`)
    expect([404, 200, 431]).toContain(long.status)
    const reply = await get("/assets/index-Bq3x9Z1a.js")
    expect(reply.status).toBe(200)
  })
})

describe("chooseEncoding", () => {
  it.each([
    ["br, gzip", "br"],
    ["gzip, br", "br"],
    ["gzip;q=0.9, br;q=0.8", "gzip"],
    ["*", "br"],
    ["*;q=0.5, br;q=0", "gzip"],
    ["BR", "br"],
    ["identity", undefined],
    ["", undefined],
    [undefined, undefined]
  ])("reads %j as %s", (header, encoding) => {
    expect(chooseEncoding(header)).toBe(encoding)
  })
})

describe("precompress", () => {
  it("writes brotli and gzip beside the build's text files, which the server then sends as they are", async () => {
    const dir = mkdtempSync(join(tmpdir(), "stelace-build-"))
    mkdirSync(join(dir, "assets"))
    writeFileSync(join(dir, "index.html"), `<script id="stelace-config" type="application/json">{}</script>`)
    const file = join(dir, "assets", "app-Ab12Cd34.js")
    writeFileSync(file, script)
    writeFileSync(join(dir, "assets", "tiny-Ab12Cd34.js"), "export {}\n")
    await precompress(dir)
    expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(script)
    expect(gunzipSync(readFileSync(`${file}.gz`)).toString()).toBe(script)
    expect(existsSync(join(dir, "assets", "tiny-Ab12Cd34.js.br"))).toBe(false)
    expect(existsSync(join(dir, "index.html.br"))).toBe(false)

    // what the build wrote is what goes out: the server does not compress again
    writeFileSync(`${file}.br`, brotliCompressSync("from the build"))
    writeFileSync(`${file}.gz`, gzipSync("from the build"))
    const later = new Date(Date.now() + 1000)
    utimesSync(`${file}.br`, later, later)
    utimesSync(`${file}.gz`, later, later)
    const built = await serveApp({ dir, port: 0, host: "127.0.0.1", config: { apiKey: "pubk_test_LocalStelacePublicKey0001" } })
    try {
      const reply = await getFrom(built.url, "/assets/app-Ab12Cd34.js", { "accept-encoding": "br" })
      expect(brotliDecompressSync(reply.body).toString()).toBe("from the build")
      const gz = await getFrom(built.url, "/assets/app-Ab12Cd34.js", { "accept-encoding": "gzip" })
      expect(gunzipSync(gz.body).toString()).toBe("from the build")
      expect((await getFrom(built.url, "/assets/app-Ab12Cd34.js.br")).status).toBe(404)
    } finally {
      await built.close()
    }
  })
})

describe("the page's security headers", () => {
  /** The policy's directives by name. */
  const directives = (policy: string) =>
    Object.fromEntries(policy.split(";").map((part) => part.trim().split(/\s+/)).map(([name, ...sources]) => [name, sources]))

  it("sends index.html, for every page path, with its Content-Security-Policy, and nosniff with every file", async () => {
    for (const path of ["/", "/listings/any", "/index.html"]) {
      const answer = await getFrom(app.url, path)
      const policy = directives(String(answer.headers["content-security-policy"]))
      expect(policy["script-src"]).toEqual(["'self'"])
      expect(policy["connect-src"]).toEqual(["'self'", "http://127.0.0.1:4100", "ws://127.0.0.1:4100"])
      expect(policy["frame-ancestors"]).toEqual(["'none'"])
      expect(answer.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin")
      expect(answer.headers["x-content-type-options"]).toBe("nosniff")
    }
    for (const path of ["/assets/index-Bq3x9Z1a.js", "/assets/logo-D4eF5a6b.png", "/robots.txt"]) {
      const answer = await getFrom(app.url, path)
      expect(answer.headers["x-content-type-options"]).toBe("nosniff")
      expect(answer.headers["content-security-policy"]).toBeUndefined()
    }
  })

  it("lets requests go to the API (its socket included) and the uploads, and images come from the map's tiles", () => {
    const policy = directives(contentSecurityPolicy({
      apiUrl: "https://api.example.org/v1",
      uploadUrl: "https://uploads.example.org/photos",
      mapTiles: "https://{s}.tiles.example.org/{z}/{x}/{y}{r}.png"
    }))
    expect(policy["connect-src"]).toEqual(["'self'", "https://api.example.org", "wss://api.example.org", "https://uploads.example.org"])
    expect(policy["img-src"]).toEqual(["'self'", "data:", "blob:", "https://api.example.org", "https://uploads.example.org", "https://*.tiles.example.org"])
    for (const name of ["default-src", "script-src", "style-src", "font-src", "form-action"]) expect(policy[name]).toEqual(["'self'"])
    for (const name of ["object-src", "base-uri", "frame-ancestors"]) expect(policy[name]).toEqual(["'none'"])
  })

  it("takes OpenStreetMap's tiles when none are named, and plain http ones a local tile server gives", () => {
    expect(directives(contentSecurityPolicy({ apiUrl: "http://127.0.0.1:4100" }))["img-src"]).toContain("https://tile.openstreetmap.org")
    expect(tileSource("http://127.0.0.1:9999/{z}/{x}/{y}.png")).toBe("http://127.0.0.1:9999")
    // a placeholder inside a label is more than a CSP source can say: the scheme alone
    expect(tileSource("https://tiles-{s}.example.org/{z}/{x}/{y}.png")).toBe("https:")
    // as a browser reads it: schemes and hosts in lower case, a line break dropped (it never reaches the header)
    expect(tileSource("HTTPS://Tiles.Example.org/{z}/{x}/{y}.png")).toBe("https://tiles.example.org")
    expect(tileSource("https://tiles.exam\nple.org/{z}/{x}/{y}.png")).toBe("https://tiles.example.org")
    // nothing but a host and a port goes into the header: no user info
    expect(tileSource("https://user:secret@tiles.example.org/{z}/{x}/{y}.png")).toBe("https:")
    expect(tileSource("http://[::1]:9999/{z}/{x}/{y}.png")).toBe("http://[::1]:9999")
  })

  it("allows no other host for requests when the API's address is not an http(s) URL", () => {
    for (const apiUrl of ["not a url", "javascript:alert(1)", "file:///etc/passwd", undefined]) {
      expect(directives(contentSecurityPolicy({ apiUrl }))["connect-src"]).toEqual(["'self'"])
    }
  })

  it("puts no host into the policy that could end a directive (http://a;b.example)", () => {
    const policy = contentSecurityPolicy({ apiUrl: "http://a;b.example", uploadUrl: "http://c;d.example/up" })
    expect(directives(policy)["connect-src"]).toEqual(["'self'"])
    expect(policy).not.toContain(";b.example")
    expect(policy).not.toContain(";d.example")
  })

  it("writes a configuration holding $&, $` and $' as it is, served and exported", async () => {
    const config = { apiUrl: "http://127.0.0.1:4100", apiKey: "pubk_test_$&$`$'", mapAttribution: "© $& and $' and $`" }
    const dir = join(mkdtempSync(join(tmpdir(), "stelace-dollar-")), "dist")
    mkdirSync(dir)
    writeFileSync(join(dir, "index.html"), `<!doctype html><head><script id="stelace-config" type="application/json">{}</script></head><body>app</body>`)
    const configOf = (html: string) => JSON.parse(/<script id="stelace-config" type="application\/json">([^<]*)<\/script>/.exec(html)![1]!)
    const served = await serveApp({ dir, port: 0, host: "127.0.0.1", config })
    try {
      const page = (await getFrom(served.url, "/")).body.toString()
      expect(configOf(page)).toEqual(config)
      expect(page.endsWith("</head><body>app</body>")).toBe(true)
    } finally {
      await served.close()
    }
    const outDir = join(mkdtempSync(join(tmpdir(), "stelace-dollar-out-")), "site")
    writeSite({ dir, outDir, config: { ...config, apiUrl: "https://api.example.org" } })
    expect(configOf(readFileSync(join(outDir, "index.html"), "utf8"))).toEqual({ ...config, apiUrl: "https://api.example.org" })
  })
})

describe("text from outside in a log line (quoted)", () => {
  it("escapes what could forge a line or act on the terminal, and cuts it", () => {
    const hostile = "mallory\nDemo marketplace:  http://evil.example\r\u001b[2J\u009b2J\u202eevil\u2028\u200b\u{E0001}\"end"
    const line = quoted(hostile)
    expect(line).toBe(String.raw`"mallory\nDemo marketplace:  http://evil.example\r\u001b[2J\u009b2J\u202eevil\u2028\u200b\udb40\udc01\"end"`)
    // nothing but printable ASCII is left
    expect(line).toMatch(/^[\x20-\x7e]+$/)
    expect(JSON.parse(line)).toBe(hostile)
    expect(quoted("x".repeat(1_000_000))).toBe(`"${"x".repeat(200)}…"`)
    expect(quoted("Chloé")).toBe('"Chloé"')
  })
})

describe("the app written as a static site (writeSite)", () => {
  /** A build as Vite and precompress leave it, with `asset` as its hashed script. */
  const build = (asset = "index-Bq3x9Z1a.js") => {
    const dir = join(mkdtempSync(join(tmpdir(), "stelace-build-")), "dist")
    mkdirSync(join(dir, "assets"), { recursive: true })
    writeFileSync(join(dir, "index.html"), `<!doctype html><script id="stelace-config" type="application/json">{}</script>`)
    writeFileSync(join(dir, "assets", asset), script)
    writeFileSync(join(dir, "assets", `${asset}.br`), "compressed")
    writeFileSync(join(dir, "assets", `${asset}.gz`), "compressed")
    return dir
  }
  const config = { apiUrl: "https://api.example.org", apiKey: "pubk_live_abc" }
  const fresh = () => join(mkdtempSync(join(tmpdir(), "stelace-out-")), "site")

  it("writes the configured page, the build's files without their compressed copies, _headers, _redirects and its list of files", () => {
    const outDir = fresh()
    const written: Array<string> = writeSite({ dir: build(), outDir, config })
    expect([...written].sort()).toEqual([".stelace-export.json", "_headers", "_redirects", "assets/index-Bq3x9Z1a.js", "index.html"])
    expect(readFileSync(join(outDir, "index.html"), "utf8")).toContain(`>${JSON.stringify(config)}</script>`)
    expect(readFileSync(join(outDir, "assets", "index-Bq3x9Z1a.js"), "utf8")).toBe(script)
    expect(existsSync(join(outDir, "assets", "index-Bq3x9Z1a.js.br"))).toBe(false)
    expect(readFileSync(join(outDir, "_headers"), "utf8")).toBe([
      "/*",
      `  content-security-policy: ${contentSecurityPolicy(config)}`,
      "  referrer-policy: strict-origin-when-cross-origin",
      "  x-content-type-options: nosniff",
      "/assets/*",
      "  cache-control: public, max-age=31536000, immutable",
      ""
    ].join("\n"))
    expect(readFileSync(join(outDir, "_redirects"), "utf8")).toBe("/*  /index.html  200\n")
    // each file the export wrote, with the SHA-256 of what it wrote
    const listed = JSON.parse(readFileSync(join(outDir, ".stelace-export.json"), "utf8")).files as Record<string, string>
    expect(Object.keys(listed).sort()).toEqual(written.filter((name) => name !== ".stelace-export.json").sort())
    for (const [name, hash] of Object.entries(listed)) expect(hash, name).toBe(createHash("sha256").update(readFileSync(join(outDir, name))).digest("hex"))
  })

  it("replaces an earlier export: its stale assets go, what was added beside it stays", () => {
    const outDir = fresh()
    writeSite({ dir: build("index-Old00000.js"), outDir, config })
    writeFileSync(join(outDir, "CNAME"), "shop.example.org")
    writeSite({ dir: build("index-New11111.js"), outDir, config: { ...config, apiUrl: "https://api2.example.org" } })
    expect(readdirSync(join(outDir, "assets"))).toEqual(["index-New11111.js"])
    expect(readFileSync(join(outDir, "index.html"), "utf8")).toContain("https://api2.example.org")
    expect(readFileSync(join(outDir, "CNAME"), "utf8")).toBe("shop.example.org")
  })

  it("writes into a folder holding only hidden entries (a deploy repository's .git)", () => {
    const outDir = fresh()
    mkdirSync(join(outDir, ".git"), { recursive: true })
    writeFileSync(join(outDir, ".git", "HEAD"), "ref: refs/heads/main")
    writeSite({ dir: build(), outDir, config })
    expect(readFileSync(join(outDir, ".git", "HEAD"), "utf8")).toBe("ref: refs/heads/main")
    expect(existsSync(join(outDir, "index.html"))).toBe(true)
  })

  it("refuses a key that is not publishable, a folder holding something else, a file, and a folder inside the build", () => {
    const dir = build()
    expect(() => writeSite({ dir, outDir: fresh(), config: { ...config, apiKey: "seck_live_abc" } })).toThrow("not a secret key")
    const other = mkdtempSync(join(tmpdir(), "stelace-other-"))
    writeFileSync(join(other, "notes.txt"), "mine")
    expect(() => writeSite({ dir, outDir: other, config })).toThrow("is not empty and holds no exported site")
    // a site of someone else's, index.html and all, is not taken for an earlier export
    writeFileSync(join(other, "index.html"), "<h1>My own site</h1>")
    expect(() => writeSite({ dir, outDir: other, config })).toThrow("is not empty and holds no exported site")
    expect(readFileSync(join(other, "index.html"), "utf8")).toBe("<h1>My own site</h1>")
    expect(() => writeSite({ dir, outDir: join(other, "notes.txt"), config })).toThrow("is not a folder")
    for (const inside of [dir, join(dir, "assets"), join(dir, "..site-inside")]) {
      expect(() => writeSite({ dir, outDir: inside, config }), inside).toThrow("inside the build")
    }
    // a path that reaches the build through a link is inside it too
    const link = join(mkdtempSync(join(tmpdir(), "stelace-link-")), "to-build")
    symlinkSync(dir, link)
    expect(() => writeSite({ dir, outDir: join(link, "site"), config })).toThrow("inside the build")
  })

  /** The manifest of an export at `outDir`, with `extra` names listed under the hashes of their files' content. */
  const listAlso = (outDir: string, extra: Record<string, string>) => {
    const manifest = join(outDir, ".stelace-export.json")
    const listed = JSON.parse(readFileSync(manifest, "utf8")).files as Record<string, string>
    for (const [name, path] of Object.entries(extra)) listed[name] = createHash("sha256").update(readFileSync(path)).digest("hex")
    writeFileSync(manifest, JSON.stringify({ files: listed }))
  }

  it("writes through no symbolic link in its way", () => {
    const dir = build()
    const outDir = fresh()
    writeSite({ dir, outDir, config })
    const theirs = join(mkdtempSync(join(tmpdir(), "stelace-theirs-")), "index.html")
    writeFileSync(theirs, "their page")
    rmSync(join(outDir, "index.html"))
    symlinkSync(theirs, join(outDir, "index.html"))
    expect(() => writeSite({ dir, outDir, config })).toThrow("is in the way (a folder or a symbolic link)")
    expect(readFileSync(theirs, "utf8")).toBe("their page")
    const linked = fresh()
    mkdirSync(linked)
    symlinkSync(mkdtempSync(join(tmpdir(), "stelace-elsewhere-")), join(linked, "assets"))
    writeFileSync(join(linked, ".stelace-export.json"), JSON.stringify({ files: {} }))
    expect(() => writeSite({ dir, outDir: linked, config })).toThrow("is reached through a symbolic link")
  })

  it("writes nothing through a dangling link named _redirects: the file it names is never made", () => {
    const dir = build()
    const outDir = fresh()
    writeSite({ dir, outDir, config })
    const elsewhere = join(mkdtempSync(join(tmpdir(), "stelace-dangling-")), "made-by-the-export")
    rmSync(join(outDir, "_redirects"))
    symlinkSync(elsewhere, join(outDir, "_redirects"))
    expect(() => writeSite({ dir, outDir, config })).toThrow("_redirects is in the way (a folder or a symbolic link)")
    expect(existsSync(elsewhere)).toBe(false)
  })

  it("deletes nothing through a linked folder a manifest names (.link/precious.txt)", () => {
    const dir = build()
    const outDir = fresh()
    writeSite({ dir, outDir, config })
    const elsewhere = mkdtempSync(join(tmpdir(), "stelace-precious-"))
    writeFileSync(join(elsewhere, "precious.txt"), "precious")
    symlinkSync(elsewhere, join(outDir, ".link"))
    listAlso(outDir, { ".link/precious.txt": join(elsewhere, "precious.txt") })
    writeSite({ dir, outDir, config })
    expect(readFileSync(join(elsewhere, "precious.txt"), "utf8")).toBe("precious")
  })

  it("never deletes .git/* nor CNAME, whatever the manifest says", () => {
    const dir = build()
    const outDir = fresh()
    mkdirSync(join(outDir, ".git"), { recursive: true })
    writeFileSync(join(outDir, ".git", "HEAD"), "ref: refs/heads/main")
    writeSite({ dir, outDir, config })
    writeFileSync(join(outDir, "CNAME"), "shop.example.org")
    listAlso(outDir, { ".git/HEAD": join(outDir, ".git", "HEAD"), CNAME: join(outDir, "CNAME") })
    writeSite({ dir, outDir, config })
    expect(readFileSync(join(outDir, ".git", "HEAD"), "utf8")).toBe("ref: refs/heads/main")
    expect(readFileSync(join(outDir, "CNAME"), "utf8")).toBe("shop.example.org")
  })

  it("deletes only what it wrote as it wrote it: a file changed since stops the export before anything goes", () => {
    const dir = build()
    const outDir = fresh()
    writeSite({ dir, outDir, config })
    writeFileSync(join(outDir, "index.html"), "edited by hand")
    expect(() => writeSite({ dir, outDir, config })).toThrow(
      `${join(outDir, "index.html")} is in the way: the last export did not write it as it is (changed since, or someone else's). Move it away and export again`
    )
    expect(readFileSync(join(outDir, "index.html"), "utf8")).toBe("edited by hand")
    expect(readdirSync(join(outDir, "assets"))).toEqual(["index-Bq3x9Z1a.js"])
  })

  it("removes nothing an edited list names outside the export, or in another shape", () => {
    const dir = build()
    const outDir = fresh()
    writeSite({ dir, outDir, config })
    const outside = join(mkdtempSync(join(tmpdir(), "stelace-outside-")), "keep.txt")
    writeFileSync(outside, "keep")
    listAlso(outDir, { [relative(outDir, outside)]: outside, [outside]: outside, [`assets/../${relative(join(outDir, "assets"), outside)}`]: outside })
    writeSite({ dir, outDir, config })
    expect(readFileSync(outside, "utf8")).toBe("keep")
    // a list of names without hashes removes nothing, and what it wrote is then in the way
    writeFileSync(join(outDir, ".stelace-export.json"), JSON.stringify({ files: ["index.html", relative(outDir, outside)] }))
    expect(() => writeSite({ dir, outDir, config })).toThrow("is in the way")
    expect(readFileSync(outside, "utf8")).toBe("keep")
    expect(existsSync(join(outDir, "index.html"))).toBe(true)
  })
})
