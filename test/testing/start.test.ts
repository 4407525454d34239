/**
 * `npm start` never hands the demo app a secret key: whichever way a seed brings one (`--seed`,
 * `STELACE_SEED`), it refuses with a sentence and exit code 2 before anything listens, and the
 * app's server refuses any key that is not publishable. (What it serves, and how it stops, is in
 * `e2e/start.e2e.ts`.)
 */
import { spawnSync } from "node:child_process"
import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
// @ts-expect-error: a JavaScript module of the scripts, without types
import { serveApp } from "../../scripts/demo/serve.mjs"

const root = fileURLToPath(new URL("../../", import.meta.url))
const secretKey = "seck_test_LocalStelaceSecretKey0001"

const seedFile = (data: unknown) => {
  const file = join(mkdtempSync(join(tmpdir(), "stelace-seed-")), "seed.json")
  writeFileSync(file, JSON.stringify(data))
  return file
}

const npmStart = (args: ReadonlyArray<string>, env: Record<string, string> = {}) => {
  const result = spawnSync(process.execPath, ["scripts/start.mjs", ...args], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, PORT: "", API_PORT: "", HOST: "", API_ONLY: "", ACCESS_TOKEN_TTL: "", STELACE_SEED: "", STELACE_API_URL: "", STELACE_PUBLISHABLE_KEY: "", MAP_TILES_URL: "", MAP_ATTRIBUTION: "", ...env },
    timeout: 15_000
  })
  return { code: result.status, stdout: result.stdout, stderr: result.stderr }
}

describe("npm start and secret keys", () => {
  const seed = seedFile({ apiKeys: { publishable: secretKey } })

  it.each([
    ["--seed", ["--seed", seed, "--port", "0", "--api-port", "0"], {}, `--seed ${seed}`],
    ["--seed=", [`--seed=${seed}`, "--api-only", "--api-port", "0"], {}, `--seed ${seed}`],
    ["STELACE_SEED", ["--port", "0", "--api-port", "0"], { STELACE_SEED: seed }, `STELACE_SEED=${seed}`]
  ])("refuses a seed whose publishable key is a secret key, given by %s", (_, args, env, from) => {
    const result = npmStart(args, env)
    expect(result.code).toBe(2)
    expect(result.stderr).toContain(
      `Refusing to start: the seed (${from}) sets apiKeys.publishable to a secret key (seck_...).`
    )
    expect(result.stderr).toContain("give the seed a publishable key (pubk_...)")
    // the key itself is not repeated, and nothing was started
    expect(result.stderr + result.stdout).not.toContain(secretKey)
    expect(result.stdout).not.toContain("Stelace API:")
  })

  it.each([
    ["--publishable-key", ["--api-url", "https://api.example.com", "--publishable-key", secretKey], {}, "--publishable-key"],
    ["STELACE_PUBLISHABLE_KEY", ["--api-url", "https://api.example.com"], { STELACE_PUBLISHABLE_KEY: secretKey }, "STELACE_PUBLISHABLE_KEY"],
    ["both variables", [], { STELACE_API_URL: "https://api.example.com", STELACE_PUBLISHABLE_KEY: secretKey }, "STELACE_PUBLISHABLE_KEY"]
  ])("refuses a secret key for another server, given by %s", (_, args, env, from) => {
    const result = npmStart([...args, "--port", "0"], env)
    expect(result.code).toBe(2)
    expect(result.stderr).toContain(`Refusing to start: ${from} is a secret key (seck_...).`)
    expect(result.stderr + result.stdout).not.toContain(secretKey)
    expect(result.stdout).not.toContain("Demo marketplace:")
  })

  it.each([
    [["--api-url", "https://api.example.com"], "--api-url needs the app's publishable key"],
    [["--api-url", "ftp://api.example.com", "--publishable-key", "pubk_x"], "--api-url must be an http: or https: URL"],
    [["--api-url", "https://user:pw@api.example.com", "--publishable-key", "pubk_x"], "--api-url must not carry credentials"],
    [["--api-url", "https://api.example.com/v1", "--publishable-key", "pubk_x"], "--api-url is the server's origin"],
    [["--api-url", "http://a;b.example", "--publishable-key", "pubk_x"], "--api-url must have a host of letters, digits, dots and hyphens, or an IP address, not \"http://a;b.example\""],
    [["--api-url", "http://a$b.example:4100", "--publishable-key", "pubk_x"], "--api-url must have a host of letters, digits, dots and hyphens, or an IP address"],
    [["--api-url", "https://api.example.com", "--publishable-key", "key_x"], "--publishable-key must be a publishable key (pubk_...)"],
    [["--api-url", "https://api.example.com", "--publishable-key", "pubk_x", "--seed", "empty"], "--seed sets up the local Stelace backend"],
    [["--api-url", "https://api.example.com", "--publishable-key", "pubk_x", "--api-only"], "--api-only runs only the local backend"],
    [["--publishable-key", "pubk_x"], "--publishable-key is the app's key on another server: it goes with --api-url"],
    [["--out", "/tmp/site"], "--out writes the app for a Stelace server of yours: give it --api-url and --publishable-key"],
    [["--api-url", "https://api.example.com", "--publishable-key", "pubk_x", "--out", "/tmp/site", "--port", "0"], "--port is where the app is served; with --out it is written, not served"],
    [["--api-url", "https://api.example.com", "--publishable-key", "seck_x", "--out", "/tmp/site"], "Refusing to start: --publishable-key is a secret key"]
  ])("refuses %j with a sentence", (args, message) => {
    const result = npmStart(args)
    expect(result.code).toBe(2)
    expect(result.stderr).toContain(message)
  })

  it("serves the app only with a publishable key", async () => {
    const dir = mkdtempSync(join(tmpdir(), "stelace-app-"))
    writeFileSync(join(dir, "index.html"), `<script id="stelace-config" type="application/json">{}</script>`)
    const options = { dir, port: 0, host: "127.0.0.1" }
    await expect(serveApp({ ...options, config: { apiUrl: "http://127.0.0.1:4100", apiKey: secretKey } })).rejects.toThrow(
      new TypeError("The demo app takes a publishable API key (pubk_...), not a secret key (seck_...), which anyone could read in the browser")
    )
    await expect(serveApp({ ...options, config: { apiUrl: "http://127.0.0.1:4100" } })).rejects.toThrow(
      "The demo app takes a publishable API key (pubk_...), and was given something else"
    )
    const app = await serveApp({ ...options, config: { apiUrl: "http://127.0.0.1:4100", apiKey: "pubk_test_LocalStelacePublicKey0001" } })
    try {
      expect(await (await fetch(app.url)).text()).toContain("pubk_test_LocalStelacePublicKey0001")
    } finally {
      await app.close()
    }
  })
})

describe("npm start and the map's tiles", () => {
  const local = ["--port", "0", "--api-port", "0"]
  const tiles = "https://tiles.example.com/{z}/{x}/{y}.png"
  it.each([
    [["--map-tiles", "ftp://tiles.example.com/{z}/{x}/{y}.png", "--map-attribution", "x", ...local], {}, "--map-tiles must be an http: or https: URL with {z}, {x} and {y} in it"],
    [["--map-tiles", "https://tiles.example.com/{z}/{x}.png", "--map-attribution", "x", ...local], {}, "--map-tiles must be an http: or https: URL"],
    [["--map-tiles", `${tiles}?key={key}`, "--map-attribution", "x", ...local], {}, "no other placeholder than {s}, {r} or {-y}"],
    [["--map-tiles", "https://tiles.exam\nple.com/{z}/{x}/{y}.png", "--map-attribution", "x", ...local], {}, "--map-tiles must be an http: or https: URL"],
    [local, { MAP_TILES_URL: "javascript:alert(1)//{z}/{x}/{y}", MAP_ATTRIBUTION: "x" }, "MAP_TILES_URL must be an http: or https: URL"],
    [["--map-tiles", tiles, ...local], {}, "--map-tiles needs --map-attribution (or MAP_ATTRIBUTION)"],
    [["--api-only", "--api-port", "0", "--map-tiles", tiles, "--map-attribution", "x"], {}, "--map-tiles sets up the app's map; --api-only runs only the API"],
    [["--api-url", "https://api.example.com", "--publishable-key", "pubk_x", "--port", "0", "--map-tiles", "https://x/{z}/{x}"], {}, "--map-tiles must be an http: or https: URL"]
  ])("refuses %j %j with a sentence", (args, env, message) => {
    const result = npmStart(args, env)
    expect(result.code).toBe(2)
    expect(result.stderr).toContain(message)
    expect(result.stdout).not.toContain("Demo marketplace:")
  })

  it("lists the map's options in its help", () => {
    const result = npmStart(["--help"])
    expect(result.code).toBe(0)
    expect(result.stdout).toMatch(/--map-tiles <url> .* env MAP_TILES_URL/)
    expect(result.stdout).toMatch(/--map-attribution <text> .* env MAP_ATTRIBUTION/)
    expect(result.stdout).toContain("https://tile.openstreetmap.org/{z}/{x}/{y}.png")
  })
})
