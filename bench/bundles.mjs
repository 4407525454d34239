// The typical browser apps whose bundle sizes the size bench prints and the packed-package test
// holds to their budgets: one that logs in, lists assets and searches, written with stelace@0.14.0,
// with this package's Promise facade, and with its Effect API. Bundled with esbuild for browsers,
// minified, gzip -9; every budget is a ratio to stelace@0.14.0 measured in the same run.
import { build } from "esbuild"
import { gzipSync } from "node:zlib"

const facadeApp = (from) => `
  import { createInstance } from "${from}"
  const stelace = createInstance({ apiKey: "pubk_test_x" })
  export const run = async () => {
    await stelace.auth.login({ username: "jane", password: "secret" })
    const assets = await stelace.assets.list({ nbResultsPerPage: 10 })
    const results = await stelace.search.results({ query: "bike" })
    return [assets, results]
  }`

const effectApp = (imports) => `
  import * as Effect from "effect/Effect"
  import * as Layer from "effect/Layer"
  import * as ManagedRuntime from "effect/ManagedRuntime"
  ${imports}
  const runtime = ManagedRuntime.make(Stelace.layerFetch({ apiKey: "pubk_test_x" }).pipe(Layer.provide(TokenStore.default)))
  export const run = () => runtime.runPromise(Effect.gen(function*() {
    yield* Auth.login({ username: "jane", password: "secret" })
    const assets = yield* Assets.list({ nbResultsPerPage: 10 })
    const results = yield* Search.results({ query: "bike" })
    return [assets, results]
  }))`

const modules = ["Assets", "Auth", "Search", "Stelace", "TokenStore"]

/**
 * The apps: name, source, and the budget of its gzip size as a ratio to stelace@0.14.0's
 * (`undefined`: reported, not held to a budget).
 */
export const apps = [
  { name: "stelace@0.14.0 (createInstance)", source: facadeApp("stelace"), reference: true },
  { name: "stelace-effect (createInstance)", source: facadeApp("stelace-effect"), budget: 1.0 },
  {
    name: "stelace-effect (Effect, per module)",
    source: effectApp(modules.map((m) => `import * as ${m} from "stelace-effect/${m}"`).join("\n")),
    budget: 0.9
  },
  { name: "stelace-effect (Effect, root import)", source: effectApp(`import { ${modules.join(", ")} } from "stelace-effect"`) }
]

/**
 * Bundles `source` as a browser app. `resolveDir` is where its imports resolve from (a folder where
 * `stelace-effect` is installed, or this repository, which references itself).
 */
export const bundle = async (source, resolveDir) => {
  const result = await build({
    stdin: { contents: source, resolveDir, loader: "js" },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    target: "es2020",
    write: false,
    metafile: true,
    logLevel: "error",
    define: { "process.env.NODE_ENV": '"production"' }
  })
  const code = result.outputFiles[0].contents
  const inputs = Object.values(result.metafile.outputs)[0].inputs
  return {
    minified: code.length,
    gzip: gzipSync(code, { level: 9 }).length,
    /** Minified bytes each input module contributes, largest first. */
    modules: Object.entries(inputs)
      .map(([path, input]) => [path.replace(/^.*node_modules\//, ""), input.bytesInOutput])
      .sort((a, b) => b[1] - a[1])
  }
}

/** Every app's sizes and ratio to stelace@0.14.0. */
export const measure = async ({ resolveDir, referenceDir = resolveDir }) => {
  const results = []
  for (const app of apps) results.push({ ...app, ...(await bundle(app.source, app.reference ? referenceDir : resolveDir)) })
  const reference = results.find((app) => app.reference).gzip
  return results.map((app) => ({ ...app, ratio: app.gzip / reference }))
}
