/**
 * The route table is the one place a route is declared: the resource modules, the root exports,
 * the facade's families and the route schemas are generated from it, and must not drift.
 */
import { execFileSync } from "node:child_process"
import { resolve } from "node:path"
import { describe, expect, it } from "vitest"

const root = resolve(import.meta.dirname, "../..")

describe("the files generated from the route table", () => {
  it("are what `npm run generate` writes today", () => {
    const check = () =>
      execFileSync(process.execPath, ["scripts/generate.mjs", "--check"], { cwd: root, encoding: "utf8", stdio: "pipe" })
    expect(check).not.toThrow()
  })
})
