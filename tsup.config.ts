import { defineConfig } from "tsup"

/**
 * The CommonJS build: one bundle per entry (require users do not tree-shake). The ESM build is
 * tsc's unbundled output, one file per module, so bundlers drop what an app does not import;
 * declarations come from tsc too (tsup's dts step needs the compiler API TypeScript 7 dropped).
 */
export default defineConfig({
  entry: { index: "src/index.ts", "testing/index": "src/testing/index.ts", "react/index": "src/react/index.ts" },
  format: "cjs",
  outDir: "dist/cjs",
  target: "es2022",
  platform: "node",
  splitting: false,
  sourcemap: true,
  clean: true,
  dts: false,
  // esbuild renames classes whose bodies refer to themselves (`class _ServerError`), and users see
  // `error.constructor.name`. Costs the CommonJS bundle 8 KB (1.2 KB gzip), nothing in browser
  // bundles (they take dist/esm, tsc's output, which renames nothing). test/package/pack.test.ts
  keepNames: true,
  external: ["effect", "jwt-decode", "react", "react-dom", "@tanstack/react-query", /^node:/]
})
