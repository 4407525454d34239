// Bundle size of a typical browser app (log in, list assets, search), minified and gzipped, for
// stelace@0.14.0 and for this package (Promise facade, and Effect API). Prints each size and its
// ratio to stelace@0.14.0, all measured in this run. Run `npm run build` first (npm run bench does).
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

const apps = {
  "stelace@0.14.0 (createInstance)": facadeApp("stelace"),
  "stelace-effect (createInstance)": facadeApp("stelace-effect"),
  "stelace-effect (Effect, per module)": effectApp(modules.map((m) => `import * as ${m} from "stelace-effect/${m}"`).join("\n")),
  "stelace-effect (Effect, root import)": effectApp(`import { ${modules.join(", ")} } from "stelace-effect"`),
  "stelace-effect (React, createInstance)": reactApp
}

const sizes = {}
for (const [name, contents] of Object.entries(apps)) {
  const result = await build({
    stdin: { contents, resolveDir: process.cwd(), loader: "jsx" },
    jsx: "automatic",
    external: ["react", "react-dom", "react/jsx-runtime", "@tanstack/react-query"],
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    target: "es2020",
    write: false,
    logLevel: "error",
    define: { "process.env.NODE_ENV": '"production"' }
  })
  const code = result.outputFiles[0].contents
  sizes[name] = { minified: code.length, gzip: gzipSync(code, { level: 9 }).length }
}

const reference = sizes["stelace@0.14.0 (createInstance)"].gzip
const kb = (n) => `${(n / 1024).toFixed(1)} KB`
console.log("Typical browser app (login, list assets, search), esbuild --minify, gzip -9")
for (const [name, size] of Object.entries(sizes)) {
  console.log(`${name.padEnd(38)} ${kb(size.minified).padStart(9)} min ${kb(size.gzip).padStart(8)} gzip  ratio ${(size.gzip / reference).toFixed(2)}`)
}
const facade = sizes["stelace-effect (createInstance)"].gzip
const react = sizes["stelace-effect (React, createInstance)"].gzip
console.log(`React app over the facade app (bindings and components; react, @tanstack/react-query excluded): +${kb(react - facade)} gzip`)
