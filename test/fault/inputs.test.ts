/**
 * Inputs the SDK cannot send as they are: bodies and queries JSON cannot serialize, header values
 * a request cannot carry, forwarded paths with characters a request line cannot carry, arguments
 * whose reading throws. Each fails with `InvalidArgument` before anything is sent (or, for paths,
 * is sent percent-encoded to the API host), on every transport, and never quotes a credential.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { describe, expect, it } from "vitest"
import { Assets, createInstance, Forward, InvalidArgument, Search, Stelace, TokenStore } from "../../src/index.js"
import { expectNoCredential, expectOnlyApiHost, expectTypedError, typedFailureOf, watchEachTest } from "../support/invariants.js"
import { accessToken, PUBLISHABLE_KEY } from "../support/jwt.js"
import type { Recorder } from "../support/recorder.js"
import { useApiAndOtherHost } from "../support/recorder.js"
import type { Session as SessionService } from "../../src/Session.js"

const token = accessToken({ userId: "usr_1", expiresIn: 3600 })
const session = { accessToken: token, refreshToken: "rt_secret_1", userId: "usr_1" }
const credentials = [PUBLISHABLE_KEY, token, "rt_secret_1"]

watchEachTest(credentials)

let api: Recorder
let other: Recorder
useApiAndOtherHost((hosts) => ({ api, other } = hosts))

const storeOf = (tokens: Record<string, unknown>) =>
  TokenStore.make({ getTokens: () => tokens, setTokens: () => undefined, removeTokens: () => undefined })

/** A call through each transport: layerNode, layerFetch, and the facade (node). */
type Way = readonly [string, (call: { effect: () => Effect.Effect<unknown, unknown, Stelace.StelaceClient | SessionService>; facade: (stelace: any) => Promise<unknown> }, tokens?: Record<string, unknown>) => Promise<unknown>]

const viaLayer = (make: typeof Stelace.layerNode): Way[1] => async (call, tokens = session) => {
  const layer = make({ apiKey: PUBLISHABLE_KEY, host: api.host, port: api.port, protocol: "http", maxRetries: 0 }).pipe(Layer.provide(storeOf(tokens)))
  return typedFailureOf(await Effect.runPromiseExit(call.effect().pipe(Effect.provide(layer))))
}

const viaFacade: Way[1] = async (call, tokens = session) => {
  const stelace: any = createInstance({ apiKey: PUBLISHABLE_KEY, maxRetries: 0 })
  stelace.setHost(api.host, api.port, "http")
  stelace.getTokenStore().setTokens(tokens)
  const returned = call.facade(stelace)
  expect(returned).toBeInstanceOf(Promise)
  return returned.then(() => undefined, (error: unknown) => error)
}

const ways: ReadonlyArray<Way> = [["layerNode", viaLayer(Stelace.layerNode)], ["layerFetch", viaLayer(Stelace.layerFetch)], ["facade", viaFacade]]

const expectRefused = (error: unknown, message: RegExp) => {
  expect(error).toBeInstanceOf(InvalidArgument)
  expect((error as Error).message).toMatch(message)
  expectNoCredential(error, credentials)
  expect(api.requests).toStrictEqual([])
  expectOnlyApiHost(api, other)
}

const cyclic = () => {
  const value: Record<string, unknown> = { name: "Bike" }
  value.self = value
  return value
}

describe.each(ways)("%s", (_way, run) => {
  it.each<[string, () => Record<string, unknown>]>([
    ["a BigInt", () => ({ price: 10n })],
    ["a cycle", cyclic],
    ["a toJSON that throws", () => ({ metadata: { toJSON: () => { throw new Error("no JSON") } } })],
    ["a getter that throws", () => Object.defineProperty({ name: "Bike" }, "price", { get: () => { throw new Error("no price") }, enumerable: true })]
  ])("a body holding %s fails with InvalidArgument, sending nothing", async (_name, body) => {
    const error = await run({ effect: () => Assets.create(body() as any), facade: (s) => s.assets.create(body()) })
    expectRefused(error, /^Stelace: .*\(on API request to POST \/assets\)$/)
  })

  it.each<[string, () => Record<string, unknown>]>([
    ["a cycle", () => ({ filter: cyclic() })],
    ["an invalid date", () => ({ createdDate: new Date(Number.NaN) })],
    ["a value whose toJSON throws", () => ({ q: { toJSON: () => { throw new Error("no JSON") } } })]
  ])("a query holding %s fails with InvalidArgument, sending nothing", async (_name, query) => {
    const error = await run({ effect: () => Assets.list(query() as any), facade: (s) => s.assets.list(query()) })
    expectRefused(error, /^Stelace: .*\(on API request to GET \/assets\)$/)
  })

  it("a search body (a route that adds to the input) holding a getter that throws fails with InvalidArgument", async () => {
    const body = () => Object.defineProperty({ query: "bike" }, "page", { get: () => { throw new Error("no page") }, enumerable: true })
    const error = await run({ effect: () => Search.results(body() as any), facade: (s) => s.search.results(body()) })
    expectRefused(error, /^Stelace: .*\(on API request to POST \/search\)$/)
  })

  it.each<[string, Record<string, unknown>, Record<string, unknown>, string]>([
    ["an API version with CR LF", { apiVersion: "2019-05-20\r\nX-Injected: 1" }, { stelaceVersion: "2019-05-20\r\nX-Injected: 1" }, "x-stelace-version"],
    ["an organization with LF", { organizationId: "org_1\nX-Injected: 1" }, { stelaceOrganizationId: "org_1\nX-Injected: 1" }, "x-stelace-organization-id"],
    ["a user id with NUL", { userId: "usr_\u00001" }, { stelaceUserId: "usr_\u00001" }, "x-stelace-user-id"]
  ])("a per-call option holding %s fails with InvalidArgument naming the header, sending nothing", async (_name, options, facadeOptions, header) => {
    const error = await run({ effect: () => Assets.read("ast_1", undefined, options as any), facade: (s) => s.assets.read("ast_1", facadeOptions) })
    expectRefused(error, new RegExp(`"${header}"`))
  })

  it("a stored access token holding CR LF never shows in the error", async () => {
    const broken = { ...session, accessToken: `${token}\r\nX-Injected: 1` }
    const error = await run({ effect: () => Assets.read("ast_1"), facade: (s) => s.assets.read("ast_1") }, broken)
    if (error !== undefined) {
      expectTypedError(error)
      expectNoCredential(error, [...credentials, broken.accessToken])
    }
    expect(api.requests.map((request) => request.headers["x-injected"])).not.toContain("1")
    expectOnlyApiHost(api, other)
  })

  it.each<[string, string, string]>([
    ["a space", "/a b", "/a%20b"],
    ["a tab before //", "\t//127.0.0.1/x", "/%09//127.0.0.1/x"],
    ["a line feed", "/a\nb", "/a%0Ab"],
    ["a non-Latin-1 character", "/caf\u00e9/\u20ac", "/caf%C3%A9/%E2%82%AC"]
  ])("a forwarded path with %s is sent percent-encoded to the API host", async (_name, path, sent) => {
    api.respond(() => ({ body: { ok: true } }))
    const error = await run({ effect: () => Forward.get(path), facade: (s) => s.forward.get(path) })
    expect(error).toBeUndefined()
    expect(api.requests.map((request) => request.path)).toStrictEqual([sent])
    expectOnlyApiHost(api, other)
  })

  it("an id holding a lone surrogate fails with InvalidArgument, sending nothing", async () => {
    const error = await run({ effect: () => Assets.read("ast_\ud800"), facade: (s) => s.assets.read("ast_\ud800") })
    expectRefused(error, /"id"/)
  })

  it("an input whose keys cannot be read (a proxy that throws) fails with InvalidArgument, sending nothing", async () => {
    const proxy = () => new Proxy({}, { ownKeys: () => { throw new Error("no keys") }, getOwnPropertyDescriptor: () => { throw new Error("no keys") } })
    const error = await run({ effect: () => Assets.list(proxy() as any), facade: (s) => s.assets.list(proxy()) })
    expectRefused(error, /^Stelace: /)
  })
})
