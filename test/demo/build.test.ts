/**
 * The demo app that `npm start` serves is the production build, whatever environment built it:
 * a test runner sets NODE_ENV ("test" under vitest), which Vite would otherwise follow and bundle
 * React's development build (twice the bytes, and slower) into the cache `npm start` serves.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
// @ts-expect-error: a JavaScript module of the scripts, without types
import { buildDemo } from "../../scripts/demo/build.mjs"

const cache = mkdtempSync(join(tmpdir(), "stelace-demo-build-"))
afterAll(() => rmSync(cache, { recursive: true, force: true }))

describe("the demo's build", () => {
  it("bundles React's production build even when NODE_ENV says otherwise", async () => {
    expect(process.env.NODE_ENV).toBe("test")
    const { outDir, built } = await buildDemo({ log: () => {}, cache })
    expect(built).toBe(true)
    const scripts = readdirSync(join(outDir, "assets")).filter((name) => name.endsWith(".js"))
    const code = scripts.map((name) => readFileSync(join(outDir, "assets", name), "utf8")).join("\n")
    // a warning only React's development build carries
    expect(code).not.toContain("Each child in a list should have a unique")
    expect(code).toContain("react.dev/errors/")
    // and the production JSX runtime (development JSX calls jsxDEV, which React's production build lacks)
    expect(code).not.toContain("jsxDEV")
    expect(process.env.NODE_ENV).toBe("test")
    // and the next start finds it built
    expect((await buildDemo({ log: () => {}, cache })).built).toBe(false)
  }, 60_000)
})
