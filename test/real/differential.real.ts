/**
 * The differential test: the same scripted requests go to the real Stelace server and to the
 * in-memory backend, and their answers must agree (status, headers, bodies with ids mapped,
 * computed amounts, status histories, events), except for the deliberate differences listed in
 * `differential/deliberate.ts`, each with its reason.
 */
import { writeFileSync } from "node:fs"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type RunningServer, startServer } from "../../src/testing/index.js"
import { deliberateDifferences, explain } from "./differential/deliberate.js"
import { compareRuns, runSide, type SideRun } from "./differential/run.js"
import { script } from "./differential/script.js"
import { uncoveredRoutes } from "./differential/coverage.js"
import { realServer } from "./server.js"

describe("the in-memory backend answers as the real server", () => {
  let memory: RunningServer
  let runs: { real: SideRun; memory: SideRun }

  beforeAll(async () => {
    memory = await startServer({ seed: "empty" })
    const run = Date.now().toString(36)
    const steps = script(run)
    const inMemory = await runSide({ name: "memory", ...memory }, steps)
    const real = await runSide({ name: "real", ...realServer() }, steps, inMemory)
    runs = { real, memory: inMemory }
    // STELACE_DIFFERENTIAL_REPORT=<file> keeps both transcripts and every difference, to read at leisure
    const report = process.env.STELACE_DIFFERENTIAL_REPORT
    if (report) {
      const exchanges = steps.map((step, index) => ({
        step: step.name,
        real: { status: real.exchanges[index]!.status, headers: real.exchanges[index]!.headers, body: real.exchanges[index]!.body },
        memory: { status: inMemory.exchanges[index]!.status, headers: inMemory.exchanges[index]!.headers, body: inMemory.exchanges[index]!.body }
      }))
      writeFileSync(report, JSON.stringify({ differences: compareRuns(real, inMemory), exchanges }, null, 2))
    }
  }, 180_000)

  afterAll(async () => {
    await memory?.close()
  })

  it("agrees on every step but the deliberate differences", () => {
    const { unexplained } = explain(compareRuns(runs.real, runs.memory))
    expect(unexplained).toEqual([])
  })

  it("sends requests to every route of the backend the real server serves", () => {
    expect(uncoveredRoutes(script("coverage"))).toEqual([])
  })

  it("still shows every deliberate difference (none of them is stale)", () => {
    const { used } = explain(compareRuns(runs.real, runs.memory))
    expect(deliberateDifferences.filter((entry) => !used.has(entry)).map((entry) => entry.reason)).toEqual([])
  })
})
