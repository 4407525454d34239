import { defineConfig } from "vitest/config"
import base from "./vitest.config.js"

/**
 * The end-to-end suite: the demo app and its backend as `npm start` runs them, driven in Chromium.
 * One file at a time: each starts its own servers and browser, and the machine has two cores.
 */
export default defineConfig({
  ...base,
  test: {
    include: ["e2e/**/*.e2e.ts"],
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 120_000
  }
})
