/**
 * The marketplace flows through our Promise facade (`createInstance`), the drop-in for
 * stelace@0.14.0, against the local in-memory server.
 */
import { createInstance } from "../../src/index.js"
import { describeFlows, memoryTokenStore, type SdkInstance } from "./flows.js"

describeFlows({
  name: "the stelace-effect facade",
  create: ({ server, apiKey, apiVersion }) => {
    const stelace: SdkInstance = (createInstance as (config: unknown) => SdkInstance)({
      apiKey,
      tokenStore: memoryTokenStore(),
      ...(apiVersion === undefined ? {} : { apiVersion })
    })
    stelace.setHost("127.0.0.1", server.port, "http")
    return stelace
  }
})
