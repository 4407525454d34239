import { defineConfig } from "tsup"

/**
 * JavaScript builds (ESM and CJS) of the package entries. Declarations come from `tsc`
 * (scripts/build.mjs): tsup's own dts step needs the TypeScript compiler API, which TypeScript 7
 * no longer has.
 */
const entry = { index: "src/index.ts", "testing/index": "src/testing/index.ts" }

export default defineConfig([
  {
    entry,
    format: "esm",
    outDir: "dist/esm",
    target: "es2022",
    platform: "neutral",
    splitting: true,
    treeshake: true,
    sourcemap: true,
    clean: true,
    dts: false,
    external: ["effect", "jwt-decode", /^node:/]
  },
  {
    entry,
    format: "cjs",
    outDir: "dist/cjs",
    target: "es2022",
    platform: "node",
    splitting: false,
    sourcemap: true,
    clean: true,
    dts: false,
    external: ["effect", "jwt-decode", /^node:/]
  }
])
