/**
 * Runs the unit tests under another Node than the one running npm: this machine has Node 20, whose
 * support ended, and nothing of the package may depend on its quirks (Node 22 and later have a
 * global `WebSocket`, for one, which the Signal client then uses).
 *
 * The Node comes from the npm registry (the `node` package, which installs its platform's binary)
 * into `node_modules/.cache/stelace-effect/node-<version>`, once; it never lands in the project's
 * own `node_modules/.bin`, where it would shadow the Node of every npm script. Linux and macOS
 * (where that package puts the binary at `node_modules/.bin/node`).
 *
 *   npm run test:node24             (Node 24.21.0, of the LTS line that followed 20 and 22)
 *   node scripts/test-node.mjs 22.12.0 [vitest arguments]
 */
import { spawnSync } from "node:child_process"
import { existsSync } from "node:fs"
import { delimiter, join } from "node:path"
import { fileURLToPath } from "node:url"

const root = fileURLToPath(new URL("..", import.meta.url))
const [version = "24.21.0", ...vitestArgs] = process.argv.slice(2)

if (!/^\d+\.\d+\.\d+$/.test(version)) {
  console.error(`A Node version is three numbers, such as 24.21.0, not "${version}"`)
  process.exit(2)
}

const home = join(root, "node_modules/.cache/stelace-effect", `node-${version}`)
const binary = join(home, "node_modules/.bin/node")

const run = (command, args, options = {}) => {
  const result = spawnSync(command, args, { stdio: "inherit", ...options })
  if (result.error) throw result.error
  return result.status ?? 1
}

if (!existsSync(binary)) {
  console.log(`Installing Node ${version} from the npm registry into ${home}...`)
  const code = run("npm", ["install", "--prefix", home, "--no-save", "--no-audit", "--no-fund", "--loglevel=error", `node@${version}`])
  if (code !== 0 || !existsSync(binary)) {
    console.error(`Node ${version} could not be installed (npm exited with ${code})`)
    process.exit(1)
  }
}

const found = spawnSync(binary, ["--version"], { encoding: "utf8" }).stdout.trim()
if (found !== `v${version}`) {
  console.error(`${binary} is ${found || "not runnable"}, not v${version}`)
  process.exit(1)
}
console.log(`Unit tests under Node ${found}`)
// the Node under test first on PATH: what the tests start (npm start, the backend's CLI) runs on it too
const env = { ...process.env, PATH: `${join(home, "node_modules/.bin")}${delimiter}${process.env.PATH}` }
process.exit(run(binary, [join(root, "node_modules/vitest/vitest.mjs"), "run", ...vitestArgs], { cwd: root, env }))
