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

export default defineConfig({
  test: {
    include: ["test/**/*.test.{ts,tsx}"],
    testTimeout: 20_000,
    hookTimeout: 30_000
  }
})
