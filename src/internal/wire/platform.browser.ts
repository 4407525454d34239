/**
 * The `HttpClient` of the Promise facade in browser bundles: `fetch`. Bundlers that build for
 * browsers take this module for `platform.ts` (the package's `browser` condition), so a browser
 * app does not carry the `node:http` client it could never use.
 */
import type * as Layer from "effect/Layer"
import type * as HttpClient from "effect/http/HttpClient"
import * as FetchHttpClient from "./fetchHttpClient.js"

export const layer = (): Layer.Layer<HttpClient.HttpClient> => FetchHttpClient.layer
