/**
 * Which bindings each route of the table gets: every GET, every list (search's POST included) and
 * every preview has query options, keys and filters, every list infinite query options, every
 * other route mutation options; auth goes through `useSession` instead.
 */
import { describe, expect, it } from "vitest"
import { createInstance, TokenStore } from "../../src/index.js"
import { resources } from "../../src/facade/resources.js"
import type { AnyEndpoint } from "../../src/internal/routes/model.js"
import { createStelaceQueries, type PreviewRouteName, type ReadRouteName } from "../../src/react/index.js"

const api = createStelaceQueries(createInstance({ apiKey: "pubk_test_x", tokenStore: TokenStore.makeMemoryStore() })) as any

const routes = Object.entries(resources).flatMap(([family, endpoints]) =>
  Object.entries(endpoints as Record<string, AnyEndpoint>).map(([name, endpoint]) => ({ family, name, endpoint }))
)

const bindingsOf = (family: string, name: string) => Object.keys(api[family]?.[name] ?? {}).sort()

const previewRouteNames: ReadonlyArray<PreviewRouteName> = ["preview"]
const reads = ({ endpoint, name }: (typeof routes)[number]) =>
  endpoint.method === "GET" || endpoint.kind === "list" || (previewRouteNames as ReadonlyArray<string>).includes(name)

describe("the bindings of each route", () => {
  it("reads (GET, lists such as search, previews) get queryKey, queryFilter and queryOptions, lists also infiniteQueryOptions", () => {
    for (const route of routes) {
      const { endpoint, family, name } = route
      if (family === "auth" || !reads(route)) continue
      const expected = endpoint.kind === "list"
        ? ["infiniteQueryOptions", "queryFilter", "queryKey", "queryOptions"]
        : ["queryFilter", "queryKey", "queryOptions"]
      expect([`${family}.${name}`, bindingsOf(family, name)]).toEqual([`${family}.${name}`, expected])
    }
  })

  it("writes get invalidate, mutationKey and mutationOptions", () => {
    for (const route of routes) {
      const { family, name } = route
      if (family === "auth" || reads(route)) continue
      expect([`${family}.${name}`, bindingsOf(family, name)]).toEqual([`${family}.${name}`, ["invalidate", "mutationKey", "mutationOptions"]])
    }
  })

  it("previews are the POSTs that compute an answer without writing: transactions' and orders'", () => {
    const previews = routes.filter(({ name }) => (previewRouteNames as ReadonlyArray<string>).includes(name))
    expect(previews.map(({ endpoint, family }) => `${endpoint.method} ${family}`)).toEqual(["POST orders", "POST transactions"])
    expect(previews.map(({ endpoint }) => endpoint.path)).toEqual(["/orders/preview", "/transactions/preview"])
  })

  it("families and routes are built on first use, then kept", () => {
    const fresh = createStelaceQueries(createInstance({ apiKey: "pubk_test_x", tokenStore: TokenStore.makeMemoryStore() })) as any
    expect(Object.keys(fresh).sort()).toEqual(["effectQueryOptions", "queryFilter", "queryKey"])
    expect(fresh.assets).toBe(fresh.assets)
    expect(Object.keys(fresh)).toContain("assets")
    expect(Object.keys(fresh.assets)).not.toContain("read")
    expect(fresh.assets.read).toBe(fresh.assets.read)
    expect(Object.keys(fresh.assets)).toContain("read")
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
