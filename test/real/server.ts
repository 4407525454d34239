/**
 * The real Stelace server the suite runs against, from the environment `start.sh` prints:
 * `STELACE_BASE_URL`, `STELACE_SECRET_KEY`, `STELACE_PUBLISHABLE_KEY`.
 */

/** The environment variables the suite needs, in the order `start.sh` prints them. */
export const requiredVariables = ["STELACE_BASE_URL", "STELACE_SECRET_KEY", "STELACE_PUBLISHABLE_KEY"] as const

/** Where the real server is and its two API keys. */
export interface RealServer {
  readonly url: string
  readonly host: string
  readonly port: number
  readonly protocol: "http" | "https"
  readonly secretApiKey: string
  readonly publishableApiKey: string
}

/** Why the environment cannot describe a server, or `undefined` when it can. */
export const environmentProblem = (env: NodeJS.ProcessEnv = process.env): string | undefined => {
  const missing = requiredVariables.filter((name) => !env[name])
  if (missing.length > 0) {
    return [
      `npm run test:real needs a running Stelace server: set ${requiredVariables.join(", ")}.`,
      `Missing: ${missing.join(", ")}.`,
      "With ../shared/stelace-server/start.sh: run it, then `source /tmp/stelace-server/env.sh`.",
      "With your own server: see \"Running the suite against your own server\" in docs/testing.md."
    ].join("\n")
  }
  try {
    const url = new URL(env.STELACE_BASE_URL!)
    if (url.protocol !== "http:" && url.protocol !== "https:") return `STELACE_BASE_URL must be an http(s) URL, got ${env.STELACE_BASE_URL}`
  } catch {
    return `STELACE_BASE_URL must be a URL such as http://127.0.0.1:4111, got ${env.STELACE_BASE_URL}`
  }
  return undefined
}

/** The server of the environment; throws with the problem when it is incomplete. */
export const realServer = (): RealServer => {
  const problem = environmentProblem()
  if (problem !== undefined) throw new Error(problem)
  const url = new URL(process.env.STELACE_BASE_URL!)
  const protocol = url.protocol === "https:" ? "https" : "http"
  return {
    url: url.origin,
    host: url.hostname,
    port: url.port === "" ? (protocol === "https" ? 443 : 80) : Number(url.port),
    protocol,
    secretApiKey: process.env.STELACE_SECRET_KEY!,
    publishableApiKey: process.env.STELACE_PUBLISHABLE_KEY!
  }
}
