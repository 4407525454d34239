/**
 * `npm run test:real` without a server: it must stop at once, naming the variables to set, and
 * `npm test` must never pick the real-server suite up.
 */
import { spawnSync } from "node:child_process"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
import { environmentProblem, requiredVariables } from "../real/server.js"

const root = fileURLToPath(new URL("../../", import.meta.url))

describe("the real-server suite's environment", () => {
  it("names every missing variable", () => {
    const problem = environmentProblem({ STELACE_SECRET_KEY: "seck_test_x" })
    expect(problem).toContain("set STELACE_BASE_URL, STELACE_SECRET_KEY, STELACE_PUBLISHABLE_KEY")
    expect(problem).toContain("Missing: STELACE_BASE_URL, STELACE_PUBLISHABLE_KEY.")
  })

  it("refuses a base URL that is not an http(s) URL", () => {
    const complete = { STELACE_SECRET_KEY: "seck_test_x", STELACE_PUBLISHABLE_KEY: "pubk_test_x" }
    expect(environmentProblem({ ...complete, STELACE_BASE_URL: "localhost:4111" })).toContain("STELACE_BASE_URL must be")
    expect(environmentProblem({ ...complete, STELACE_BASE_URL: "http://127.0.0.1:4111" })).toBeUndefined()
  })

  it("stops npm run test:real before any test when the variables are missing", () => {
    const env = { ...process.env }
    for (const name of requiredVariables) delete env[name]
    const result = spawnSync(process.execPath, ["node_modules/vitest/vitest.mjs", "run", "--config", "vitest.real.config.ts"], {
      cwd: root,
      env,
      encoding: "utf8",
      timeout: 60_000
    })
    expect(result.status).toBe(1)
    expect(result.stderr).toContain("npm run test:real needs a running Stelace server: set STELACE_BASE_URL, STELACE_SECRET_KEY, STELACE_PUBLISHABLE_KEY.")
  }, 60_000)
})
