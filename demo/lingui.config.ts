/**
 * The demo's messages, on Lingui's own workflow: `npx lingui extract --config demo/lingui.config.ts`
 * finds every message id the code uses (`i18n._("…")`, `<Trans id="…">`, `/*i18n*\/ "…"`) and
 * adds the new ones to each language's catalog (`src/locales/<locale>.po`), and the Vite plugin
 * compiles a catalog when the app imports it. English is the source: its catalog holds the English
 * sentences, since the code names messages by id.
 */
import { defineConfig } from "@lingui/cli"
import { formatter } from "@lingui/format-po"

export default defineConfig({
  sourceLocale: "en",
  locales: ["en", "fr"],
  catalogs: [{ path: "<rootDir>/src/locales/{locale}", include: ["<rootDir>/src"], exclude: ["**/node_modules/**"] }],
  format: formatter({ lineNumbers: false, explicitIdAsDefault: true }),
  orderBy: "messageId"
})
