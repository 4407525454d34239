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
  // esbuild renames classes whose bodies refer to themselves (`_ServerError`); users see these names
  keepNames: true,
  external: ["effect", "jwt-decode", "react", "react-dom", "@tanstack/react-query", /^node:/]
})
