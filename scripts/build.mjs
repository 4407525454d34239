// Builds the package:
// - dist/esm: tsc's ES modules, one file per source module, so bundlers keep only what an app
//   imports, and the declarations (with their docs) for every face;
// - dist/cjs: tsup's CommonJS bundles for require; their declarations re-export the ES ones;
// - dist/legacy: the Promise facade for resolvers that ignore `exports` (webpack 4, Jest before 28),
//   bundled with effect, lowered to ES2018 and in CommonJS (package.json's `main`).
// No source maps: they would point to sources the package does not ship, and the sources do not fit
// its size budget. The ES modules read as the sources do, without their types and comments.
import { execFileSync } from "node:child_process"
import { isDeepStrictEqual } from "node:util"
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs"
import { dirname, join, relative } from "node:path"
import { pathToFileURL } from "node:url"
import { build, transform } from "esbuild"

/**
 * The platform split: browsers get the fetch transport alone, everything else the module that picks
 * `node:http` on Node. Modules import `source`; the build moves tsc's output of it to `node` and
 * leaves in its place a re-export of `#platform`, which package.json's `imports` resolves to
 * `browser` under the `browser` condition and to `node` otherwise. When the files move, change
 * them here and in package.json: the build stops when the two disagree.
 */
const platformSplit = {
  source: "internal/wire/platform.js",
  node: "internal/wire/platform.node.js",
  browser: "internal/wire/platform.browser.js"
}

const run = (command, args) => execFileSync(command, args, { stdio: "inherit" })
const pkg = JSON.parse(readFileSync("package.json", "utf8"))
const files = (dir) =>
  readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? files(join(dir, name)) : [join(dir, name)]))
const write = (file, text) => {
  mkdirSync(dirname(file), { recursive: true })
  writeFileSync(file, text)
}

const expected = { browser: `./dist/esm/${platformSplit.browser}`, default: `./dist/esm/${platformSplit.node}` }
if (!isDeepStrictEqual(pkg.imports?.["#platform"], expected)) {
  throw new Error(`package.json's imports["#platform"] must be ${JSON.stringify(expected)}, as scripts/build.mjs's platformSplit says`)
}

rmSync("dist", { recursive: true, force: true })
run("npx", ["tsc", "-p", "tsconfig.build.json"])

// The docs live in the declarations; esbuild drops the JS's comments and keeps the
// `/*#__PURE__*/` annotations bundlers tree-shake by (tsc's removeComments drops those too).
for (const file of files("dist/esm").filter((file) => file.endsWith(".js"))) {
  const { code } = await transform(readFileSync(file, "utf8"), { loader: "js", format: "esm", target: "es2022" })
  writeFileSync(file, code)
}
renameSync(join("dist/esm", platformSplit.source), join("dist/esm", platformSplit.node))
writeFileSync(join("dist/esm", platformSplit.source), `export * from "#platform";\n`)

run("npx", ["tsup"])
writeFileSync("dist/cjs/package.json", `${JSON.stringify({ type: "commonjs" })}\n`)
// Each CommonJS entry's declarations re-export its ES twin's: one copy of the declarations, which
// TypeScript reads for require as for import.
for (const target of Object.values(pkg.exports)) {
  if (typeof target !== "object" || !target.require) continue
  const from = relative(dirname(target.require.types), target.import.default)
  write(target.require.types, `export * from "${from.startsWith(".") ? from : `./${from}`}";\n`)
}

// The legacy entry holds what the root exports, less the Effect modules (`export * as`): an app
// whose resolver ignores `exports` cannot import effect to run them.
const root = await import(pathToFileURL("dist/esm/index.js").href)
const facade = Object.keys(root).filter((name) => root[name]?.[Symbol.toStringTag] !== "Module")
const effectLicense = readFileSync("node_modules/effect/LICENSE", "utf8").match(/^Copyright .*$/m)[0]
await build({
  stdin: { contents: `export { ${facade.join(", ")} } from "./src/index.js"`, resolveDir: ".", loader: "ts" },
  outfile: pkg.main,
  bundle: true,
  format: "cjs",
  platform: "browser",
  // webpack 4's parser stops at ES2019 syntax (optional chaining, class fields, `#private`)
  target: "es2018",
  // to fit the package's size budget; keepNames keeps the error classes' names
  minify: true,
  keepNames: true,
  external: Object.keys(pkg.dependencies),
  banner: { js: `/*! stelace-effect ${pkg.version} (${pkg.license}). Bundles effect (MIT, ${effectLicense}). */` },
  legalComments: "inline",
  logLevel: "warning"
})
writeFileSync(join(dirname(pkg.main), "package.json"), `${JSON.stringify({ type: "commonjs" })}\n`)
