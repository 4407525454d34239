import { defineConfig } from "vitest/config"
// the unit config installs the Node 20 shim vitest's failure reporter needs
import "./vitest.config.js"
import { environmentProblem } from "./test/real/server.js"

// without a server to test, stop before vitest starts, naming the variables to set
const problem = environmentProblem()
if (problem !== undefined) {
  console.error(`\n${problem}\n`)
  process.exit(1)
}

/**
 * The integration suite against a real Stelace server (`npm run test:real`): `test/real/*.real.ts`,
 * which `npm test` never picks up. `test/real/setup.ts` stops the run at once, naming the
 * variables, when `STELACE_BASE_URL`, `STELACE_SECRET_KEY` or `STELACE_PUBLISHABLE_KEY` is missing
 * or the server does not answer.
 */
export default defineConfig({
  test: {
    include: ["test/real/**/*.real.ts"],
    globalSetup: ["test/real/setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // the files share one server, and signal.real.ts restarts it: one file at a time, or a restart
    // refuses the requests of whichever file runs beside it (the demo's flow failed that way)
    fileParallelism: false
  }
})
