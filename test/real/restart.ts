/**
 * Restarts only the API process of the server `../shared/stelace-server/start.sh` runs (PostgreSQL,
 * Redis and the data stay), the way start.sh starts it, and waits until it answers again.
 * `STELACE_SERVER_RUN` names start.sh's directory (default `/tmp/stelace-server`).
 */
import { spawn } from "node:child_process"
import { existsSync, openSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"

const home = () => process.env.STELACE_SERVER_RUN ?? "/tmp/stelace-server"

/** Why the API process cannot be restarted from here, or `undefined`. */
export const restartProblem = (): string | undefined => {
  const pidFile = join(home(), "run", "server.pid")
  if (!existsSync(pidFile) || !existsSync(join(home(), "server", "server", "start.js"))) {
    return `the restart test needs start.sh's server: no ${pidFile} (set STELACE_SERVER_RUN to start.sh's directory)`
  }
  return undefined
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Stops the API process, and returns a function starting it again (resolves once it answers `url`). */
export const stopApi = async (url: string): Promise<() => Promise<void>> => {
  const problem = restartProblem()
  if (problem) throw new Error(problem)
  const pidFile = join(home(), "run", "server.pid")
  const pid = Number(readFileSync(pidFile, "utf8").trim())
  process.kill(pid, "SIGTERM")
  for (let i = 0; i < 100 && alive(pid); i++) await sleep(100)
  if (alive(pid)) process.kill(pid, "SIGKILL")
  return async () => {
    const log = openSync(join(home(), "run", "server.log"), "a")
    const child = spawn("node", ["server/start.js"], { cwd: join(home(), "server"), detached: true, stdio: ["ignore", log, log] })
    child.unref()
    writeFileSync(pidFile, `${child.pid}\n`)
    for (let i = 0; i < 300; i++) {
      const up = await fetch(`${url}/`).then((response) => response.ok, () => false)
      if (up) return
      await sleep(200)
    }
    throw new Error("the API process did not answer within 60 s after its restart")
  }
}
