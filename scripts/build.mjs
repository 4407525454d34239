// Builds the package:
// - dist/esm: tsc's unbundled ES modules and declarations, one file per source module, so bundlers
//   keep only what an app imports;
// - dist/cjs: tsup's CommonJS bundles for require, with a CommonJS copy of the declarations so
//   TypeScript reads them as CommonJS.
import { execFileSync } from "node:child_process"
import { cpSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs"
import { join } from "node:path"

const run = (command, args) => execFileSync(command, args, { stdio: "inherit" })

rmSync("dist", { recursive: true, force: true })
run("npx", ["tsc", "-p", "tsconfig.build.json"])
run("npx", ["tsup"])
const copyDeclarations = (from, to) => {
  for (const name of readdirSync(from)) {
    const source = join(from, name)
    if (statSync(source).isDirectory()) copyDeclarations(source, join(to, name))
    else if (name.endsWith(".d.ts")) cpSync(source, join(to, name))
  }
}
copyDeclarations("dist/esm", "dist/cjs")
writeFileSync("dist/cjs/package.json", `${JSON.stringify({ type: "commonjs" })}\n`)
