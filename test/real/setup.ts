/**
 * Global setup of `npm run test:real`: fails before any test runs when the environment does not
 * name a server, or when the server does not answer `GET /` with the secret key.
 */
import { environmentProblem, realServer } from "./server.js"

export default async function setup(): Promise<void> {
  const problem = environmentProblem()
  if (problem !== undefined) throw new Error(problem)
  const server = realServer()
  let status: number
  try {
    const response = await fetch(`${server.url}/assets?nbResultsPerPage=1`, {
      headers: { authorization: `Basic ${btoa(`${server.secretApiKey}:`)}` },
      signal: AbortSignal.timeout(10_000)
    })
    status = response.status
  } catch (error) {
    throw new Error(`The Stelace server at ${server.url} (STELACE_BASE_URL) does not answer: ${String(error)}`)
  }
  if (status !== 200) {
    throw new Error(`The Stelace server at ${server.url} refused STELACE_SECRET_KEY (GET /assets answered ${status})`)
  }
}
