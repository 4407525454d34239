/**
 * Which bindings each route of the table gets: every GET and every list (search's POST included)
 * has query options and keys, every list infinite query options, every other route mutation
 * options; auth goes through `useSession` instead.
 */
import { describe, expect, it } from "vitest"
import { createInstance, TokenStore } from "../../src/index.js"
import { resources } from "../../src/facade/resources.js"
import type { AnyEndpoint } from "../../src/internal/routes/model.js"
import { createStelaceQueries, type ReadRouteName } from "../../src/react/index.js"

const api = createStelaceQueries(createInstance({ apiKey: "pubk_test_x", tokenStore: TokenStore.makeMemoryStore() })) as any

const routes = Object.entries(resources).flatMap(([family, endpoints]) =>
  Object.entries(endpoints as Record<string, AnyEndpoint>).map(([name, endpoint]) => ({ family, name, endpoint }))
)

const bindingsOf = (family: string, name: string) => Object.keys(api[family]?.[name] ?? {}).sort()

describe("the bindings of each route", () => {
  it("reads (GET, and lists such as search) get queryKey and queryOptions, lists also infiniteQueryOptions", () => {
    for (const { endpoint, family, name } of routes) {
      if (family === "auth" || (endpoint.method !== "GET" && endpoint.kind !== "list")) continue
      const expected = endpoint.kind === "list" ? ["infiniteQueryOptions", "queryKey", "queryOptions"] : ["queryKey", "queryOptions"]
      expect([`${family}.${name}`, bindingsOf(family, name)]).toEqual([`${family}.${name}`, expected])
    }
  })

  it("writes get mutationKey and mutationOptions", () => {
    for (const { endpoint, family, name } of routes) {
      if (family === "auth" || endpoint.method === "GET" || endpoint.kind === "list") continue
      expect([`${family}.${name}`, bindingsOf(family, name)]).toEqual([`${family}.${name}`, ["mutationKey", "mutationOptions"]])
    }
  })

  it("auth has none: login and logout go through useSession", () => {
    expect(api.auth).toBeUndefined()
  })

  it("the types call a route a read exactly when the table says GET answering one object (ReadRouteName is derived from it)", () => {
    const readRouteNames = ["read", "readPrivate", "getGraph", "checkAvailability", "checkConfirm"] as const
    type Equals<A, B> = (<T>() => T extends A ? 1 : 2) extends (<T>() => T extends B ? 1 : 2) ? true : false
    const same: Equals<ReadRouteName, (typeof readRouteNames)[number]> = true
    void same
    const tableReads = routes.filter(({ endpoint, family }) => family !== "auth" && endpoint.method === "GET" && endpoint.kind === "object")
    expect([...new Set(tableReads.map(({ name }) => name))].sort()).toEqual([...readRouteNames].sort())
  })
})
