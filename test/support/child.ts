/**
 * Runs a script that imports the SDK's sources in a child Node process (bundled with esbuild, so
 * no build of the package is needed), for what only a separate process shows: how Node prints a
 * crash.
 */
import { execFile } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { build } from "esbuild"

const root = resolve(import.meta.dirname, "../..")

/** The SDK's entry point, for `import ... from SDK` in a script. */
export const SDK = join(root, "src/index.ts")

export interface ChildResult {
  readonly code: number | null
  readonly stdout: string
  readonly stderr: string
}

/** Bundles `source` (an ES module) and runs it with `node`. */
export const runScript = async (source: string): Promise<ChildResult> => {
  const dir = mkdtempSync(join(tmpdir(), "stelace-effect-child-"))
  try {
    const file = join(dir, "script.mjs")
    await build({
      stdin: { contents: source, resolveDir: root, sourcefile: "script.ts", loader: "ts" },
      bundle: true,
      platform: "node",
      format: "esm",
      outfile: file,
      logLevel: "silent"
    })
    return await new Promise<ChildResult>((resolvePromise) => {
      execFile(process.execPath, [file], { cwd: dir, timeout: 20_000 }, (error, stdout, stderr) => {
        resolvePromise({ code: error ? (typeof error.code === "number" ? error.code : null) : 0, stdout, stderr })
      })
    })
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
