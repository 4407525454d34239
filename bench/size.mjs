// Bundle size of a typical browser app (log in, list assets, search), minified and gzipped, for
// stelace@0.14.0 and for this package (Promise facade, and Effect API), each with its ratio to
// stelace@0.14.0 measured in this run and its budget; then where the bytes of each of this
// package's apps come from (esbuild's metafile: minified bytes per module, grouped).
//
//   npm run bench:size        (builds first; the packed-package test holds the same budgets)
import { measure } from "./bundles.mjs"

const kb = (n) => `${(n / 1024).toFixed(1)} KB`
const results = await measure({ resolveDir: process.cwd() })

console.log("Typical browser app (login, list assets, search), esbuild --minify for browsers, gzip -9")
for (const app of results) {
  const budget = app.budget !== undefined
    ? `  budget ${app.budget.toFixed(2)} ${app.ratio <= app.budget ? "ok" : "EXCEEDED"}`
    : app.increment
    ? `  +${kb(app.added)} (${app.added} B) over the facade app (budget +${kb(app.increment.budget)} ${app.added <= app.increment.budget ? "ok" : "EXCEEDED"})`
    : ""
  console.log(
    `${app.name.padEnd(40)} ${kb(app.minified).padStart(9)} min ${kb(app.gzip).padStart(8)} gzip (${String(app.gzip).padStart(5)} B)  ratio ${app.ratio.toFixed(3)}${budget}`
  )
}

/** `effect/dist/http/HttpClient.js` -> `effect/http`; `../dist/esm/Session.js` -> `stelace-effect/Session`. */
const group = (path) => {
  if (path.startsWith("effect/dist/")) {
    const rest = path.slice("effect/dist/".length)
    return rest.includes("/") ? `effect/${rest.split("/")[0]}` : `effect/${rest.replace(/\.js$/, "")}`
  }
  const own = path.match(/(?:^|\/)dist\/esm\/(.*)\.js$/)
  if (own) return `stelace-effect/${own[1]}`
  return path.split("/")[0]
}

for (const app of results.filter((app) => !app.reference && app.budget !== undefined)) {
  const groups = new Map()
  for (const [path, bytes] of app.modules) groups.set(group(path), (groups.get(group(path)) ?? 0) + bytes)
  const total = app.modules.reduce((sum, [, bytes]) => sum + bytes, 0)
  console.log(`\n${app.name}: minified bytes by module (${kb(total)} in all)`)
  for (const [name, bytes] of [...groups].sort((a, b) => b[1] - a[1]).slice(0, 24)) {
    console.log(`  ${String(bytes).padStart(6)}  ${((100 * bytes) / total).toFixed(1).padStart(4)}%  ${name}`)
  }
}

console.log("\nThe React app leaves react, react-dom and @tanstack/react-query out of its bundle: an app has them either way.")
if (results.some((app) => (app.budget !== undefined && app.ratio > app.budget) || (app.increment && app.added > app.increment.budget))) {
  process.exitCode = 1
}

