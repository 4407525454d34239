import { defineConfig } from "vite"

export default defineConfig({
  // React 17's JSX transform: no `import React` in every component
  oxc: { jsx: { runtime: "automatic" } }
})
