/**
 * The `HttpClient` where the code runs, for the Promise facade: `node:http` on Node, `fetch`
 * elsewhere. Browser bundles take `platform.browser.ts` instead (the package's `browser`
 * condition), which leaves the Node client out.
 */
import * as Layer from "effect/Layer"
import * as HttpClient from "effect/http/HttpClient"
import * as FetchHttpClient from "./fetchHttpClient.js"
import * as NodeHttpClient from "./nodeHttpClient.js"

export const layer = (): Layer.Layer<HttpClient.HttpClient> => {
  const modules = NodeHttpClient.nodeModules()
  return modules ? Layer.succeed(HttpClient.HttpClient, NodeHttpClient.make(modules)) : FetchHttpClient.layer
}
