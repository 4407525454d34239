/**
 * The marketplace flow through both Promise SDKs against the real server: our facade
 * (`createInstance`) and stelace@0.14.0, the SDK it replaces. Both must pass the flow's
 * assertions, and their transcripts (results, pagination metadata, status codes, errors) must be
 * the same once ids, dates, tokens and the runs' unique names are normalized.
 */
import { createRequire } from "node:module"
import { describe, expect, it } from "vitest"
import { createInstance } from "../../src/index.js"
import { describeMarketplace, normalize, type SdkFactory, type SdkInstance, type Transcript } from "./marketplace.js"
import { realServer } from "./server.js"

const server = realServer()
const upstream: { readonly createInstance: (config: unknown) => SdkInstance } = createRequire(import.meta.url)("stelace")

const pointed = (instance: SdkInstance): SdkInstance => {
  instance.setHost(server.host, server.port, server.protocol)
  return instance
}

const facade: SdkFactory = {
  name: "the stelace-effect facade",
  create: ({ apiKey, tokenStore }) => pointed((createInstance as (config: unknown) => SdkInstance)({ apiKey, tokenStore }))
}

const stelaceJs: SdkFactory = {
  name: "stelace@0.14.0",
  create: ({ apiKey, tokenStore }) => pointed(upstream.createInstance({ apiKey, tokenStore }))
}

const transcripts = new Map<string, unknown>()
const keep = (name: string) => (run: string, transcript: Transcript) => transcripts.set(name, normalize(transcript, run))

describeMarketplace(facade, keep(facade.name))
describeMarketplace(stelaceJs, keep(stelaceJs.name))

describe("the facade and stelace@0.14.0 against the real server", () => {
  it("give the same results, pagination metadata, status codes and errors", () => {
    expect(transcripts.has(facade.name), "the facade's flow did not finish").toBe(true)
    expect(transcripts.has(stelaceJs.name), "stelace@0.14.0's flow did not finish").toBe(true)
    expect(transcripts.get(facade.name)).toEqual(transcripts.get(stelaceJs.name))
  })
})
