/**
 * Builds the demo marketplace when its inputs changed: the app (`demo/`), the SDK sources it
 * bundles (`src/`), this build script and the installed dependencies (`package-lock.json`). A build goes to
 * `node_modules/.cache/stelace-effect/demo/<hash of the inputs>/`, with brotli and gzip copies of
 * its text files for the server, so an unchanged tree starts without building or compressing.
 */
import { createHash } from "node:crypto"
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from "node:fs"
import { join, relative } from "node:path"
import { fileURLToPath } from "node:url"
import { precompress } from "./serve.mjs"

const root = fileURLToPath(new URL("../../", import.meta.url))
const defaultCache = join(root, "node_modules/.cache/stelace-effect/demo")
const inputs = ["demo", "src", "scripts/demo", "package-lock.json"]
const ignored = new Set(["node_modules", "dist"])

const filesUnder = (path) => {
  if (!existsSync(path)) return []
  if (!statSync(path).isDirectory()) return [path]
  return readdirSync(path)
    .filter((name) => !ignored.has(name))
    .flatMap((name) => filesUnder(join(path, name)))
}

/** The hash of every input file's path and content. */
export const inputsHash = () => {
  const hash = createHash("sha256")
  for (const file of inputs.flatMap((input) => filesUnder(join(root, input))).sort()) {
    hash.update(relative(root, file)).update("\0").update(readFileSync(file)).update("\0")
  }
  return hash.digest("hex").slice(0, 16)
}

/**
 * The folder of the built app, built first when no build of the current inputs exists (earlier
 * builds are removed after it). A build that fails or is interrupted leaves nothing that looks done.
 * `cache` is the folder of the builds (tests give their own).
 */
export const buildDemo = async ({ log = console.log, cache = defaultCache } = {}) => {
  const hash = inputsHash()
  const outDir = join(cache, hash)
  if (existsSync(join(outDir, "index.html"))) return { outDir, built: false }
  log("Building the demo app (once after each change of its sources)...")
  const partial = join(cache, `${hash}.partial-${process.pid}`)
  const { build } = await import("vite")
  // always the production build: Vite follows NODE_ENV when it is set, and a test runner's
  // ("test" under vitest) would otherwise put React's development build and development JSX in
  // the cache that \`npm start\` serves
  const nodeEnv = process.env.NODE_ENV
  process.env.NODE_ENV = "production"
  try {
    await build({ configFile: join(root, "demo/vite.config.ts"), logLevel: "warn", mode: "production", build: { outDir: partial } })
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV
    else process.env.NODE_ENV = nodeEnv
  }
  await precompress(partial)
  rmSync(outDir, { recursive: true, force: true })
  renameSync(partial, outDir)
  for (const name of readdirSync(cache)) {
    if (name !== hash && !name.includes(".partial")) rmSync(join(cache, name), { recursive: true, force: true })
  }
  return { outDir, built: true }
}
