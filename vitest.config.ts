import { fileURLToPath } from "node:url"
import { lingui } from "@lingui/vite-plugin"
import { defineConfig } from "vitest/config"

// vitest 5 targets Node 22; its failure reporter calls Map.groupBy, which Node 20 lacks. Without
// this shim a failing run on Node 20 crashes while printing the failures.
const MapWithGroupBy = Map as unknown as { groupBy?: unknown }
if (typeof MapWithGroupBy.groupBy !== "function") {
  MapWithGroupBy.groupBy = <K, V>(items: Iterable<V>, key: (item: V, index: number) => K): Map<K, Array<V>> => {
    const groups = new Map<K, Array<V>>()
    let index = 0
    for (const item of items) {
      const k = key(item, index++)
      const group = groups.get(k)
      if (group) group.push(item)
      else groups.set(k, [item])
    }
    return groups
  }
}

const source = (file: string) => fileURLToPath(new URL(`./src/${file}`, import.meta.url))

export default defineConfig({
  // the demo's modules import their message catalogs (`.po`), which Lingui's plugin compiles
  plugins: [lingui({ configPath: fileURLToPath(new URL("./demo/lingui.config.ts", import.meta.url)) })],
  // the demo's modules import the SDK by its package name: tests resolve it to the sources, as the demo's build does
  resolve: {
    alias: [
      { find: /^stelace-effect$/, replacement: source("index.ts") },
      { find: /^stelace-effect\/react$/, replacement: source("react/index.ts") }
    ]
  },
  test: {
    include: ["test/**/*.test.{ts,tsx}"],
    testTimeout: 20_000,
    hookTimeout: 30_000
  }
})
