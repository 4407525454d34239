/** `npm start`'s script, run for a test on free ports, and stopped after it. */
import { type ChildProcess, spawn } from "node:child_process"
import { fileURLToPath } from "node:url"

export const root = fileURLToPath(new URL("../", import.meta.url))

/** A running `scripts/start.mjs`. */
export interface Started {
  readonly process: ChildProcess
  /** Everything it printed so far, stdout and stderr. */
  readonly output: () => string
  readonly appUrl: string | undefined
  readonly apiUrl: string
  /** Sends the signal and resolves when the process exited, with its code. */
  readonly stop: (signal?: NodeJS.Signals) => Promise<number | null>
}

const urlAfter = (label: string, text: string) => new RegExp(`${label}:\\s+(http://\\S+)`).exec(text)?.[1]

/** Runs the start script with these arguments; resolves once it printed the API's URL. */
export const start = (args: ReadonlyArray<string>, options: { command?: ReadonlyArray<string>; timeout?: number } = {}): Promise<Started> => {
  const [command, ...commandArgs] = options.command ?? [process.execPath, "scripts/start.mjs"]
  const child = spawn(command!, [...commandArgs, ...args], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, PORT: "", API_PORT: "", HOST: "", API_ONLY: "", ACCESS_TOKEN_TTL: "", STELACE_SEED: "", MAX_BODY_SIZE: "", STELACE_API_URL: "", STELACE_PUBLISHABLE_KEY: "", MAP_TILES_URL: "", MAP_ATTRIBUTION: "" },
    detached: true
  })
  let output = ""
  child.stdout!.on("data", (chunk) => (output += chunk))
  child.stderr!.on("data", (chunk) => (output += chunk))
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)))
  const stop = async (signal: NodeJS.Signals = "SIGTERM") => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal)
    return exited
  }
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop("SIGKILL")
      reject(new Error(`The start script did not print its URLs in time:\n${output}`))
    }, options.timeout ?? 100_000)
    const check = () => {
      const apiUrl = urlAfter("Stelace API", output)
      if (apiUrl === undefined || !output.includes("Press Ctrl-C")) return
      clearTimeout(timer)
      child.stdout!.off("data", check)
      resolve({ process: child, output: () => output, appUrl: urlAfter("Demo marketplace", output), apiUrl, stop })
    }
    child.stdout!.on("data", check)
    void exited.then((code) => {
      clearTimeout(timer)
      reject(new Error(`The start script exited (${code}) before printing its URLs:\n${output}`))
    })
  })
}
