/**
 * The published package: `npm pack` gives a tarball that installs into an empty folder and works
 * from `import` and `require`, with types TypeScript resolves in ESM and CommonJS projects, and
 * whose browser bundles stay within their budgets (sizes are deterministic; speed is a bench).
 */
import { execFileSync } from "node:child_process"
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
// @ts-expect-error a JavaScript module of the bench, without declarations
import { bundle, measure } from "../../bench/bundles.mjs"
import { packed, root } from "./packed.js"

const tsc = join(root, "node_modules/.bin/tsc")
let consumer: string

const run = (command: string, args: Array<string>, cwd: string) =>
  execFileSync(command, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] })

beforeAll(async () => {
  const { tarball } = await packed()
  consumer = join(mkdtempSync(join(tmpdir(), "stelace-effect-pack-")), "consumer")
  mkdirSync(consumer)
  writeFileSync(join(consumer, "package.json"), JSON.stringify({ name: "consumer", version: "1.0.0", private: true }))
  const effectVersion = JSON.parse(run("node", ["-p", "JSON.stringify(require('effect/package.json').version)"], root))
  run("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", tarball, `effect@${effectVersion}`], consumer)
}, 240_000)

afterAll(() => {
  if (consumer) rmSync(join(consumer, ".."), { recursive: true, force: true })
})

describe("the packed package", () => {
  it("works from require (CommonJS)", () => {
    const out = run("node", ["-e", `
      const { createInstance, Assets, Stelace, TokenStore } = require("stelace-effect")
      const { StelaceTest } = require("stelace-effect/testing")
      const stelace = createInstance({ apiKey: "pubk_test_wakWA41rBTUXs1Y5pNRjeY5o" })
      console.log(JSON.stringify([typeof Assets.list, typeof Stelace.layerFetch, typeof TokenStore.memory, typeof StelaceTest.layer, stelace.auth.info()]))
    `], consumer)
    expect(JSON.parse(out)).toEqual(["function", "function", "object", "function", { isAuthenticated: false, userId: null }])
  })

  it("prints errors under their class names, with their stacks, from require and from import", () => {
    const body = `
      const util = require("node:util")
      const error = ServerError.fromResponse({ status: 404, requestId: "r_1", body: { message: "Asset not found", statusCode: 404 } })
      const network = new NetworkError({ message: "Network Error: connection refused", reason: { _tag: "Refused" } })
      const lines = (e) => util.inspect(e).split("\\n")
      console.log(JSON.stringify([error.constructor.name, network.constructor.name, lines(error)[0], lines(network)[1].trim().startsWith("at ")]))
    `
    const expected = ["ServerError", "NetworkError", "ServerError: Asset not found", true]
    expect(JSON.parse(run("node", ["-e", `const { ServerError, NetworkError } = require("stelace-effect")\n${body}`], consumer))).toEqual(expected)
    writeFileSync(
      join(consumer, "names.mjs"),
      `import { createRequire } from "node:module"\nimport { ServerError, NetworkError } from "stelace-effect"\nconst require = createRequire(import.meta.url)\n${body}`
    )
    expect(JSON.parse(run("node", ["names.mjs"], consumer))).toEqual(expected)
  })

  it("keeps every error class's name through the build (constructor.name, name and _tag), from require and from import", () => {
    const classes = ["ServerError", "NetworkError", "SessionExpired", "AuthorizationCodeError", "HookError", "InvalidArgument", "MalformedResponse", "RequestAborted", "DecodeError", "SignalError"]
    const body = `
      const classes = ${JSON.stringify(classes)}
      console.log(JSON.stringify(classes.map((name) => {
        const error = new errors[name](name === "ServerError" ? { message: "m", statusCode: 500 } : { message: "m", reason: { _tag: "Other" } })
        return [errors[name].name, error.constructor.name, error.name, error._tag]
      })))
    `
    const expected = classes.map((name) => [name, name, name, name])
    expect(JSON.parse(run("node", ["-e", `const errors = require("stelace-effect")\n${body}`], consumer))).toEqual(expected)
    writeFileSync(join(consumer, "classes.mjs"), `import * as errors from "stelace-effect"\n${body}`)
    expect(JSON.parse(run("node", ["classes.mjs"], consumer))).toEqual(expected)
  })

  it("keeps every error class's name in an app bundled with esbuild, minified, beside classes of the app's own with the same names", async () => {
    const classes = ["ServerError", "NetworkError", "SessionExpired", "AuthorizationCodeError", "HookError", "InvalidArgument", "MalformedResponse", "RequestAborted", "DecodeError", "SignalError"]
    writeFileSync(join(consumer, "app.mjs"), `
      import * as errors from "stelace-effect"
      // the app's own classes of the same names make the bundler rename the package's
      class ServerError extends Error {}
      class MalformedResponse extends Error {}
      const classes = ${JSON.stringify(classes)}
      console.log(JSON.stringify([new ServerError() instanceof Error, new MalformedResponse() instanceof Error, ...classes.map((name) => {
        const error = new errors[name](name === "ServerError" ? { message: "m", statusCode: 500 } : { message: "m", reason: { _tag: "Other" } })
        return [errors[name].name, error.constructor.name, error.name]
      })]))
    `)
    const { build } = await import("esbuild")
    for (const [format, platform] of [["esm", "browser"], ["cjs", "node"]] as const) {
      const outfile = join(consumer, `app.bundle.${format === "esm" ? "mjs" : "cjs"}`)
      await build({ entryPoints: [join(consumer, "app.mjs")], bundle: true, minify: true, format, platform, outfile, logLevel: "error" })
      expect(JSON.parse(run("node", [outfile], consumer))).toEqual([true, true, ...classes.map((name) => [name, name, name])])
    }
  })

  it("works from import (ESM) and runs a call against the bundled test backend", () => {
    writeFileSync(join(consumer, "esm.mjs"), `
      import { createInstance } from "stelace-effect"
      import { startServer } from "stelace-effect/testing"
      const server = await startServer({ seed: "demo" })
      const stelace = createInstance({ apiKey: server.publishableApiKey })
      stelace.setHost("127.0.0.1", server.port, "http")
      const categories = await stelace.categories.list()
      console.log(JSON.stringify({ count: categories.length > 0, status: categories.lastResponse.statusCode }))
      await server.close()
    `)
    expect(JSON.parse(run("node", ["esm.mjs"], consumer))).toEqual({ count: true, status: 200 })
  })

  it("has types for ESM and CommonJS TypeScript projects", () => {
    const source = `
      import { createInstance, Assets, type Asset } from "stelace-effect"
      const stelace = createInstance({ apiKey: "pubk_test_x" })
      export const pending: Promise<ReadonlyArray<Asset>> = stelace.assets.list()
      export const program = Assets.read("ast_1")
      // @ts-expect-error ids are strings
      stelace.assets.read(1)
    `
    for (const type of ["module", "commonjs"]) {
      const dir = join(consumer, `ts-${type}`)
      run("mkdir", ["-p", dir], consumer)
      writeFileSync(join(dir, "package.json"), JSON.stringify({ type }))
      writeFileSync(join(dir, "index.ts"), source)
      writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({
        compilerOptions: { module: "nodenext", moduleResolution: "nodenext", target: "es2022", strict: true, noEmit: true, skipLibCheck: true, types: [] },
        files: ["index.ts"]
      }))
      expect(() => run(tsc, ["-p", "tsconfig.json"], dir)).not.toThrow()
    }
  })

  it("ships no @internal declaration (tsc's stripInternal), the instance type of createInstance included", () => {
    const dist = join(consumer, "node_modules/stelace-effect/dist")
    const declarations = (dir: string): Array<string> =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory() ? declarations(join(dir, entry.name)) : entry.name.endsWith(".d.ts") ? [join(dir, entry.name)] : []
      )
    const files = declarations(dist)
    expect(files.length).toBeGreaterThan(100)
    expect(files.filter((file) => readFileSync(file, "utf8").includes("@internal")).map((file) => file.slice(dist.length))).toEqual([])
    const read = (file: string) => readFileSync(join(dist, "esm", file), "utf8")
    expect(read("facade/instanceTypes.d.ts")).toContain("export interface StelaceInstanceApi")
    expect(read("Session.d.ts")).not.toMatch(/\bmakeWith\b|\bmakeFor\b/)
    expect(read("Stelace.d.ts")).not.toContain("layerWithSender")
    expect(read("Errors.d.ts")).not.toContain("defineHidden")
  })

  it("has declarations that type-check on their own (skipLibCheck off), every entry point imported, stripped ones not missed", () => {
    const dir = join(consumer, "ts-declarations")
    run("mkdir", ["-p", dir], consumer)
    // the React bindings' declarations refer to React's and TanStack Query's, which an app has
    for (const name of ["react", "@types/react", "@tanstack"]) {
      run("mkdir", ["-p", join(consumer, "node_modules", name, "..")], consumer)
      run("ln", ["-sfn", join(root, "node_modules", name), join(consumer, "node_modules", name)], consumer)
    }
    const entries = ["", "/testing", "/react", "/Stelace", "/TokenStore", "/Session", "/Errors", "/Schemas", "/Signal", "/Assets"]
    writeFileSync(join(dir, "package.json"), JSON.stringify({ type: "module" }))
    writeFileSync(
      join(dir, "index.ts"),
      `${entries.map((entry, i) => `import * as M${i} from "stelace-effect${entry}"`).join("\n")}\nimport type { Asset } from "stelace-effect/Types"\n` +
        `export const all = [${entries.map((_, i) => `M${i}`).join(", ")}]\nexport type A = Asset\n`
    )
    writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({
      compilerOptions: { module: "nodenext", moduleResolution: "nodenext", target: "es2022", lib: ["es2022", "dom"], strict: true, noEmit: true, skipLibCheck: false, types: [] },
      files: ["index.ts"]
    }))
    expect(() => run(tsc, ["-p", "tsconfig.json"], dir)).not.toThrow()
  })

  it("leaves the node:http transport out of browser bundles of the Promise facade (the browser condition of the package's imports), and keeps it for Node", async () => {
    const source = `import { createInstance } from "stelace-effect"\nexport const stelace = createInstance({ apiKey: "pubk_test_x" })`
    const clients = (modules: ReadonlyArray<readonly [string, number]>) =>
      modules.filter(([path, bytes]) => /\/wire\/\w+HttpClient\.js$/.test(path) && bytes > 0).map(([path]) => path.replace(/^.*\/wire\//, ""))
    const browser: { modules: ReadonlyArray<readonly [string, number]> } = await bundle(source, consumer)
    expect(clients(browser.modules)).toContain("fetchHttpClient.js")
    expect(clients(browser.modules)).not.toContain("nodeHttpClient.js")
    const { build } = await import("esbuild")
    const node = await build({ stdin: { contents: source, resolveDir: consumer }, bundle: true, minify: true, format: "esm", platform: "node", write: false, metafile: true, logLevel: "error" })
    const inNode = Object.entries(Object.values(node.metafile.outputs)[0].inputs).map(([path, input]) => [path, input.bytesInOutput] as const)
    expect(clients(inNode)).toEqual(expect.arrayContaining(["fetchHttpClient.js", "nodeHttpClient.js"]))
  })

  it("keeps the typical browser app's bundles within their budgets (ratios to stelace@0.14.0)", async () => {
    const results: Array<{ name: string; gzip: number; ratio: number; budget?: number; added?: number; increment?: { budget: number } }> =
      await measure({ resolveDir: consumer, referenceDir: root })
    const over = [
      ...results
        .filter((app) => app.budget !== undefined && app.ratio > app.budget)
        .map((app) => `${app.name}: ${app.gzip} B gzip, ${app.ratio.toFixed(3)} of stelace@0.14.0 (budget ${app.budget})`),
      ...results
        .filter((app) => app.increment !== undefined && app.added! > app.increment.budget)
        .map((app) => `${app.name}: +${app.added} B gzip over the facade app (budget +${app.increment!.budget})`)
    ]
    expect(over, "see npm run bench:size for where the bytes come from").toStrictEqual([])
    expect(results.filter((app) => app.budget !== undefined || app.increment !== undefined).length).toBe(3)
  })
})
