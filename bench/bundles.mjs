// The typical browser apps whose bundle sizes the size bench prints and the packed-package test
// holds to their budgets: one that logs in, lists assets and searches, written with stelace@0.14.0,
// with this package's Promise facade, with its Effect API, and in React with its bindings. Bundled with esbuild for browsers,
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

const effectApp = (imports, client = `Stelace.layerFetch({ apiKey: "pubk_test_x" })`) => `
  import * as Effect from "effect/Effect"
  import * as Layer from "effect/Layer"
  import * as ManagedRuntime from "effect/ManagedRuntime"
  ${imports}
  const runtime = ManagedRuntime.make(${client}.pipe(Layer.provide(TokenStore.localStorageOrMemory)))
  export const run = () => runtime.runPromise(Effect.gen(function*() {
    yield* Auth.login({ username: "jane", password: "secret" })
    const assets = yield* Assets.list({ nbResultsPerPage: 10 })
    const results = yield* Search.results({ query: "bike" })
    return [assets, results]
  }))`

// The facade app in React: provider, session (log in / out) and the queries through the bindings'
// options. React and TanStack Query are left out of the bundle: the app has them either way.
const reactApp = `
  import { useQuery } from "@tanstack/react-query"
  import { createInstance } from "stelace-effect"
  import { StelaceProvider, useSession, useStelaceQueries } from "stelace-effect/react"
  const stelace = createInstance({ apiKey: "pubk_test_x" })
  function Assets() {
    const session = useSession()
    const api = useStelaceQueries()
    const assets = useQuery(api.assets.list.queryOptions({ nbResultsPerPage: 10 }))
    const results = useQuery(api.search.results.queryOptions({ query: "bike" }))
    return <main>
      {session.status === "anonymous"
        ? <button onClick={() => session.login({ username: "jane", password: "secret" })}>Log in</button>
        : <button onClick={session.logout}>Log out</button>}
      <ul>{assets.data?.results.map((asset) => <li key={asset.id}>{asset.name}</li>)}</ul>
      <p>{results.data?.results.length}</p>
    </main>
  }
  export const App = () => <StelaceProvider client={stelace}><Assets /></StelaceProvider>`

const modules = ["Assets", "Auth", "Search", "Stelace", "TokenStore"]

/**
 * The apps: name, source, and the budget of its gzip size as a ratio to stelace@0.14.0's
 * (`undefined`: reported, not held to a budget), or of its increment over another app in bytes.
 */
export const apps = [
  { name: "stelace@0.14.0 (createInstance)", source: facadeApp("stelace"), reference: true },
  { name: "stelace-effect (createInstance)", source: facadeApp("stelace-effect"), budget: 1.75 },
  {
    name: "stelace-effect (Effect, per module)",
    source: effectApp(modules.map((m) => `import * as ${m} from "stelace-effect/${m}"`).join("\n")),
    budget: 1.6
  },
  { name: "stelace-effect (Effect, root import)", source: effectApp(`import { ${modules.join(", ")} } from "stelace-effect"`) },
  {
    // opt-in decoding of every result: what effect/Schema and the resource schemas weigh
    name: "stelace-effect (Effect, decoding)",
    source: effectApp(
      [...modules, "Schemas"].map((m) => `import * as ${m} from "stelace-effect/${m}"`).join("\n"),
      `Stelace.layerFetch({ apiKey: "pubk_test_x" }).pipe(Layer.provide(Schemas.layerDecoding))`
    )
  },
  {
    name: "stelace-effect (React, createInstance)",
    source: reactApp,
    loader: "jsx",
    external: ["react", "react-dom", "react/jsx-runtime", "@tanstack/react-query"],
    increment: { over: "stelace-effect (createInstance)", budget: 6 * 1024 }
  }
]

/**
 * Bundles `source` as a browser app. `resolveDir` is where its imports resolve from (a folder where
 * `stelace-effect` is installed, or this repository, which references itself).
 */
export const bundle = async (source, resolveDir, { loader = "js", external = [] } = {}) => {
  const result = await build({
    stdin: { contents: source, resolveDir, loader },
    external,
    jsx: "automatic",
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    target: "es2020",
    write: false,
    metafile: true,
    logLevel: "error",
    // this repository's tsconfig maps `stelace-effect` to its sources (for the demo and the tests):
    // read no tsconfig, so the bench measures the built package as an app installs it, its
    // browser condition (no node:http transport) included, as the packed-package test does
    tsconfigRaw: {},
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
  for (const app of apps) results.push({ ...app, ...(await bundle(app.source, app.reference ? referenceDir : resolveDir, app)) })
  const reference = results.find((app) => app.reference).gzip
  return results.map((app) => ({
    ...app,
    ratio: app.gzip / reference,
    ...(app.increment ? { added: app.gzip - results.find((other) => other.name === app.increment.over).gzip } : {})
  }))
}
