/**
 * The demo marketplace's build. `stelace-effect` and `stelace-effect/react` resolve to this
 * repository's sources, so the app always runs the SDK it ships with; `scripts/start.mjs` builds
 * into its cache folder (`DEMO_OUT_DIR`). Lingui's plugin compiles the message catalogs
 * (`src/locales/*.po`) as the app imports them, and stops the build on a message that is missing
 * or not valid ICU.
 */
import { fileURLToPath } from "node:url"
import { lingui } from "@lingui/vite-plugin"
import { defineConfig } from "vite"

const source = (file: string) => fileURLToPath(new URL(`../src/${file}`, import.meta.url))

export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  resolve: {
    alias: [
      { find: /^stelace-effect$/, replacement: source("index.ts") },
      { find: /^stelace-effect\/react$/, replacement: source("react/index.ts") },
      // what the package's "browser" field does for the published files: the browser's transport
      // without the node:http one (the app bundles the sources, which that field does not name)
      { find: /^\.\.\/wire\/senders\/platform\.js$/, replacement: source("internal/wire/senders/platform.browser.ts") }
    ]
  },
  plugins: [lingui({ configPath: fileURLToPath(new URL("lingui.config.ts", import.meta.url)), failOnMissing: true, failOnCompileError: true })],
  oxc: { jsx: { runtime: "automatic" } },
  build: {
    outDir: process.env.DEMO_OUT_DIR ?? fileURLToPath(new URL("dist", import.meta.url)),
    emptyOutDir: true,
    target: "es2022",
    rolldownOptions: {
      // everything the entry imports statically (every page loads it) goes in the entry's chunk:
      // two files instead of nine, which compress better together (5 KB gzip less on the home
      // page's first load, `npm run bench:demo`). Those modules' own static imports are initial
      // too, so none is left outside; following them regardless would also pull in modules that
      // only the lazy chunks use (such as effect's Queue, for the real-time client)
      output: { codeSplitting: { groups: [{ name: "app", tags: ["$initial"], includeDependenciesRecursively: false }] } },
      // TanStack Query marks its modules "use client", which means nothing outside server components
      onLog: (level, log, handler) => {
        if (log.code !== "MODULE_LEVEL_DIRECTIVE") handler(level, log)
      }
    }
  }
})
