/**
 * effect's `fetch` client as `Stelace.layerFetch` and browsers send with: it never follows a
 * redirect, so the API key and the user's token never leave the API host (a browser hides such
 * an answer from scripts: it fails as a `NetworkError` whose reason is `Redirect`). An app's own
 * `fetch` given through `FetchHttpClient.Fetch` is the one called.
 */
import * as Layer from "effect/Layer"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import type * as HttpClient from "effect/http/HttpClient"

export const layer: Layer.Layer<HttpClient.HttpClient> = /*#__PURE__*/ FetchHttpClient.layer.pipe(
  /*#__PURE__*/ Layer.provide(/*#__PURE__*/ Layer.succeed(FetchHttpClient.RequestInit, { redirect: "manual" }))
)
