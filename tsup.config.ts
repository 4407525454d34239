import { defineConfig } from "tsup"

/**
 * The CommonJS build: one bundle per entry (require users do not tree-shake), whose shared modules
 * sit in chunks, so the entries share one copy of the core and its classes. The ESM build is
 * tsc's unbundled output, one file per module, so bundlers drop what an app does not import;
 * declarations come from tsc too (tsup's dts step needs the compiler API TypeScript 7 dropped), and
 * scripts/build.mjs makes each CommonJS entry's re-export its ES twin's.
 */
export default defineConfig({
  entry: { index: "src/index.ts", "testing/index": "src/testing/index.ts", "react/index": "src/react/index.ts" },
  format: "cjs",
  outDir: "dist/cjs",
  target: "es2022",
  platform: "node",
  splitting: true,
  clean: true,
  dts: false,
  // single sign-on's work stays in the ES build: the CommonJS one answers its routes 501 (see src/testing/backend/Sso.ts)
  external: ["effect", "jwt-decode", "react", "react-dom", "@tanstack/react-query", /^node:/, /\/SsoFlow\.js$/]
})
