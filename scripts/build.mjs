// Builds the package: JavaScript with tsup (ESM and CJS), declarations with tsc, then a CommonJS
// copy of the declarations so `require` users get types that TypeScript reads as CommonJS.
import { execFileSync } from "node:child_process"
import { cpSync, rmSync, writeFileSync } from "node:fs"

const run = (command, args) => execFileSync(command, args, { stdio: "inherit" })

rmSync("dist", { recursive: true, force: true })
run("npx", ["tsup"])
run("npx", ["tsc", "-p", "tsconfig.build.json"])
cpSync("dist/types", "dist/types-cjs", { recursive: true })
writeFileSync("dist/types-cjs/package.json", JSON.stringify({ type: "commonjs" }) + "\n")
writeFileSync("dist/cjs/package.json", JSON.stringify({ type: "commonjs" }) + "\n")
