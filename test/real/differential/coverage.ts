/**
 * Which routes of the in-memory backend the differential script reaches, so that it stays broad:
 * every route must be hit by a step, except the few listed here with the reason the real server
 * cannot be asked.
 */
import { routes } from "../../../src/testing/backend/Backend.js"
import { makeRouter } from "../../../src/testing/backend/Router.js"
import type { Step } from "./transcript.js"

/** Routes no step reaches, and why. */
export const notScripted: ReadonlyArray<{ readonly route: string; readonly reason: string }> = []

const samplePath = (step: Step): string => step.path.replace(/\{\{[^{}]+\}\}/g, "x_sample0000000000000000")

/** The backend's routes (as `METHOD /path`) that no step reaches and that are not listed above. */
export const uncoveredRoutes = (steps: ReadonlyArray<Step>): Array<string> => {
  const router = makeRouter(routes)
  const reached = new Set<string>()
  for (const step of steps) {
    const match = router(step.method, samplePath(step))
    if (match._tag === "Found") reached.add(`${match.route.method} ${match.route.path}`)
  }
  const excused = new Set(notScripted.map((entry) => entry.route))
  return routes.map((route) => `${route.method} ${route.path}`).filter((name) => !reached.has(name) && !excused.has(name))
}
