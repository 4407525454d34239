/**
 * The transport in browser bundles: `fetch`. Bundlers that build for browsers (esbuild, Vite,
 * webpack, Rollup's node-resolve) read the package's `browser` field and take this module for
 * `platform.ts`, so a browser app does not carry the `node:http` transport it could never use.
 */
import { fetchSender } from "./fetch.js"
import type { Sender } from "../rawSender.js"

export const platformSender = (): Sender => fetchSender
