/**
 * The marketplace flows through the official SDK, stelace@0.14.0 (axios, `user-agent: Stelace/0.14.0`),
 * against the local in-memory server.
 */
import { createRequire } from "node:module"
import { describeFlows, memoryTokenStore, type SdkInstance } from "./flows.js"

const upstream: { readonly createInstance: (config: unknown) => SdkInstance } = createRequire(import.meta.url)("stelace")

describeFlows({
  name: "stelace@0.14.0",
  create: ({ server, apiKey, apiVersion }) => {
    const stelace = upstream.createInstance({
      apiKey,
      tokenStore: memoryTokenStore(),
      ...(apiVersion === undefined ? {} : { apiVersion })
    })
    stelace.setHost("127.0.0.1", server.port, "http")
    return stelace
  }
})
