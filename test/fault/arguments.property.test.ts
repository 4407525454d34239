/**
 * A property-based sweep (fast-check) of bad arguments over every method of a facade instance and
 * every Effect function of the resource modules: wrong types, symbols, objects whose getters,
 * `toString` or `toJSON` throw, proxies that throw, huge strings, `.` and `..`, cyclic objects,
 * null prototypes, BigInt, functions, invalid dates, header-breaking strings, and strings pointing
 * at another host.
 *
 * For every call: it never throws synchronously and returns a promise (facade) or an Effect or a
 * Stream; it settles with a result or one of the SDK's typed errors (never a defect); it sends
 * nothing but to the configured host, and only to a route of the API (forward calls excepted);
 * no credential is printed in the error nor logged; no rejection goes unhandled.
 *
 * Runs are few per function (the sweep covers ~400 functions) and seeded, so the suite is
 * repeatable; set FC_SEED (and FC_RUNS) to explore other inputs.
 */
import * as util from "node:util"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import * as Stream from "effect/Stream"
import fc from "fast-check"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import * as Sdk from "../../src/index.js"
import * as Endpoints from "../../src/internal/routes/table.js"
import type { AnyEndpoint } from "../../src/internal/routes/model.js"
import {
  expectNoCredential,
  expectNoCredentialInExit,
  expectOnlyApiHost,
  expectTypedError,
  typedFailureOf,
  watch,
  type Watch
} from "../support/invariants.js"
import { accessToken, PUBLISHABLE_KEY } from "../support/jwt.js"
import type { Recorder } from "../support/recorder.js"
import { startRecorder } from "../support/recorder.js"

const token = accessToken({ userId: "usr_1", expiresIn: 3600 })
const session = { accessToken: token, refreshToken: "rt_secret_1", userId: "usr_1" }
const credentials = [PUBLISHABLE_KEY, token, "rt_secret_1"]
const seed = Number(process.env.FC_SEED ?? 20261122)
const numRuns = Number(process.env.FC_RUNS ?? 12)

let api: Recorder
let other: Recorder
let watched: Watch

beforeAll(async () => {
  api = await startRecorder()
  other = await startRecorder()
  // one answer fits every route: an object that is also a one-page list
  api.respond(() => ({ body: { id: "x", results: [], nbResults: 0, nbPages: 1, page: 1, nbResultsPerPage: 20 } }))
  watched = watch()
})
afterAll(async () => {
  await watched.check(credentials)
  await api.close()
  await other.close()
})

/** Values fast-check prints by this description (printing them could throw). */
const described = <A extends object>(value: A, description: string): A =>
  Object.defineProperty(value, fc.toStringMethod, { value: () => description, enumerable: false })

const throwing = (what: string) => () => {
  throw new Error(`${what} throws`)
}

/** Fresh values that break things when read, printed or serialized. */
const hostile = (): fc.Arbitrary<unknown> => {
  const otherHost = `127.0.0.1:${other.port}`
  const strings = [
    ".",
    "..",
    "",
    "a/b",
    "../config",
    "%2e%2e",
    "..%2F",
    "\u0000",
    "é",
    "𝕏",
    "a\r\nX-Injected: 1",
    "a\nb",
    "x".repeat(100_000),
    `http://${otherHost}/steal`,
    `https://${otherHost}/steal`,
    `HTTP://${otherHost}/steal`,
    `http:${otherHost}/steal`,
    `//${otherHost}/steal`,
    `\\\\${otherHost}\\steal`,
    `/\\${otherHost}/steal`,
    `\\/${otherHost}/steal`,
    `@${otherHost}/steal`,
    `%2F%2F${otherHost}%2Fsteal`,
    `/%2F${otherHost}/steal`,
    ` //${otherHost}/steal`,
    `\t//${otherHost}/steal`,
    `${otherHost}/steal`,
    `/..//${otherHost}/steal`
  ]
  const objects: ReadonlyArray<() => unknown> = [
    () => described(Object.assign(Object.create(null), { a: 1 }), "<null prototype>"),
    () => {
      const cyclic: Record<string, unknown> = { a: 1 }
      cyclic.self = cyclic
      return described(cyclic, "<cyclic>")
    },
    () => described({ toString: throwing("toString") }, "<throwing toString>"),
    () => described({ toString: throwing("toString"), valueOf: throwing("valueOf") }, "<throwing toString and valueOf>"),
    () => described(Object.defineProperty({}, "a", { get: throwing("getter"), enumerable: true }), "<throwing getter>"),
    () => described({ toJSON: throwing("toJSON") }, "<throwing toJSON>"),
    () => described({ a: { toJSON: throwing("toJSON") } }, "<nested throwing toJSON>"),
    () =>
      // throws on every read by name; fast-check's own symbol lookups get answers
      new Proxy({}, {
        get: (_target, key) =>
          key === fc.toStringMethod ? () => "<throwing proxy>" : typeof key === "symbol" ? undefined : throwing("proxy get")(),
        ownKeys: throwing("proxy ownKeys"),
        has: (_target, key) => typeof key === "symbol" ? false : throwing("proxy has")(),
        getOwnPropertyDescriptor: throwing("proxy getOwnPropertyDescriptor"),
        getPrototypeOf: throwing("proxy getPrototypeOf")
      }),
    () => described({ a: 1n }, "{ a: 1n }"),
    () => described({ a: Symbol("x") }, "{ a: Symbol(x) }"),
    () => described({ [Symbol("k")]: 1, a: 1 }, "{ [Symbol(k)]: 1 }"),
    () => described({ date: new Date(Number.NaN) }, "{ date: Invalid Date }"),
    () => described({ a: [undefined, null, Number.NaN, -0, Infinity] }, "{ a: [undefined, null, NaN, -0, Infinity] }"),
    () => described(JSON.parse(`{"__proto__": {"polluted": 1}}`), `{ "__proto__": { polluted: 1 } }`),
    () => described({ stelaceVersion: "a\r\nX-Injected: 1" }, "{ stelaceVersion: CRLF }"),
    () => described({ stelaceOrganizationId: 42 }, "{ stelaceOrganizationId: 42 }"),
    () => described({ stelaceUserId: Symbol("u") }, "{ stelaceUserId: Symbol }"),
    () => described({ stelaceUserId: "usr\n1", stelaceVersion: 1n }, "{ stelaceUserId: LF, stelaceVersion: 1n }"),
    () => described({ signal: AbortSignal.abort() }, "{ signal: aborted }"),
    () => described({ apiVersion: "a\r\nb" }, "{ apiVersion: CRLF }"),
    () => described({ organizationId: 42 }, "{ organizationId: 42 }"),
    () => described({ userId: null, organizationId: null }, "{ userId: null, organizationId: null }"),
    () => described(new Map([[1, 2]]), "Map"),
    () => described(new Set([1]), "Set"),
    () => described(Promise.resolve(1), "Promise"),
    () => described(new Uint8Array(3), "Uint8Array"),
    () => described(() => undefined, "<function>"),
    () => described(new Date(Number.NaN), "Invalid Date"),
    () => described({ toString: () => "/assets" }, "{ toString: () => '/assets' }")
  ]
  const leaf = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...strings) },
    { weight: 3, arbitrary: fc.constantFrom(...objects).map((make) => make()) },
    {
      weight: 2,
      arbitrary: fc.constantFrom<unknown>(undefined, null, true, 0, -0, Number.NaN, Infinity, 42, 1n, Symbol("x"))
    },
    {
      weight: 1,
      arbitrary: fc.anything({
        withBigInt: true,
        withNullPrototype: true,
        withBoxedValues: true,
        withMap: true,
        withSet: true,
        withDate: true,
        withTypedArray: true,
        withSparseArray: true,
        withUnicodeString: true,
        maxDepth: 2
      })
    }
  )
  const nested = fc.oneof(leaf, fc.dictionary(fc.constantFrom("a", "name", "id", "nbResultsPerPage", "stelaceVersion", "apiVersion"), leaf, { maxKeys: 3 }), fc.array(leaf, { maxLength: 3 }))
  return nested
}

const argumentLists = () => fc.array(hostile(), { maxLength: 5 })

/** A route template as a pattern: parameters are one segment, never `.` nor `..`. */
const routePattern = (path: string) =>
  new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/:[A-Za-z]+/g, "(?!\\.\\.?(?:/|$))[^/]+")}$`)

const routes: ReadonlyArray<RegExp> = Object.values(Endpoints).flatMap((family) =>
  Object.values(family as Record<string, AnyEndpoint>).map((endpoint) => routePattern(endpoint.path))
)

/** Every request since `from` went to the API host, on a route of the API (unless forwarded). */
const expectOnRoutes = (from: number, forwarded: boolean) => {
  expectOnlyApiHost(api, other)
  if (forwarded) return
  const offRoute = api.requests.slice(from).filter((request) => !routes.some((route) => route.test(request.path)))
  expect(offRoute.map((request) => `${request.method} ${request.path}`), "requests off every route").toStrictEqual([])
}

const describeArgs = (args: ReadonlyArray<unknown>) => fc.stringify(args)

/** Checks `property`, failing with the counterexample and what went wrong with it. */
const sweep = async <T>(property: fc.IAsyncProperty<T>): Promise<void> => {
  const result = await fc.check(property, { seed, numRuns, endOnFailure: true })
  if (result.failed) {
    const error = result.errorInstance
    const why = error instanceof Error ? error.message : String(error)
    expect.fail(`after ${result.numRuns} run(s), with arguments ${fc.stringify((result.counterexample as ReadonlyArray<unknown> | null)?.[0])}: ${why.slice(0, 800)}`)
  }
}

/** The facade's methods: every function of every resource object of an instance. */
const facadeMethods = (): Array<[string, string]> => {
  const stelace = Sdk.createInstance({ apiKey: PUBLISHABLE_KEY })
  const out: Array<[string, string]> = []
  for (const [resource, methods] of Object.entries(stelace)) {
    if (methods === null || typeof methods !== "object") continue
    for (const [method, fn] of Object.entries(methods)) {
      // auth.info() reads the store synchronously and takes no arguments; signal.subscribe returns
      // its unsubscribe function (test/signal/facade.test.ts); auth.ssoLoginUrl makes a URL, no
      // call (swept below)
      const synchronous = (resource === "auth" && ["info", "ssoLoginUrl"].includes(method)) || (resource === "signal" && method === "subscribe")
      if (typeof fn === "function" && !synchronous) out.push([resource, method])
    }
  }
  void stelace.dispose()
  return out
}

const resourceModules = Object.entries(Sdk).filter(([name, value]) =>
  value !== null && typeof value === "object" && !["Stelace", "TokenStore", "Session", "Schemas"].includes(name)
) as Array<[string, Record<string, unknown>]>

/** The Effect functions of the resource modules (Auth.parseSsoReturn reads an address: swept below). */
const effectFunctions = (): Array<[string, string]> =>
  resourceModules.flatMap(([module, exports]) =>
    Object.entries(exports)
      .filter(([name, value]) => typeof value === "function" && !(module === "Auth" && name === "parseSsoReturn"))
      .map(([name]) => [module, name] as [string, string])
  )

describe("every facade method, given bad arguments", () => {
  let stelace: any
  beforeAll(() => {
    stelace = Sdk.createInstance({ apiKey: PUBLISHABLE_KEY, maxRetries: 0 })
    stelace.setHost(api.host, api.port, "http")
  })
  afterAll(() => stelace.dispose())
  beforeEach(() => {
    stelace.getTokenStore().setTokens(session)
  })

  const methods = facadeMethods()
  it("covers every resource of the instance", () => {
    expect(new Set(methods.map(([resource]) => resource)).size).toBeGreaterThanOrEqual(35)
  })

  it.each(methods)("%s.%s returns a promise settling with a result or a typed error, on the API host only", async (resource, method) => {
    await sweep(
      fc.asyncProperty(argumentLists(), async (input) => {
        const args = [...input]
        const from = api.requests.length
        // a trailing function is the Node-style callback: record what it gets
        const delivered: Array<unknown> = []
        if (typeof args[args.length - 1] === "function") args[args.length - 1] = (error: unknown) => delivered.push(error)
        let returned: unknown
        try {
          returned = stelace[resource][method](...args)
        } catch (error) {
          return expect.fail(`${resource}.${method}(${describeArgs(input)}) threw synchronously: ${util.inspect(error)}`)
        }
        if (method === "paginate") {
          expect(typeof (returned as AsyncIterable<unknown>)[Symbol.asyncIterator]).toBe("function")
          try {
            for await (const _ of returned as AsyncIterable<unknown>) {
              // items are not the point
            }
          } catch (error) {
            expectTypedError(error)
            expectNoCredential(error, credentials)
          }
        } else {
          expect(returned, `${resource}.${method} returned no promise`).toBeInstanceOf(Promise)
          await (returned as Promise<unknown>).then(
            () => undefined,
            (error: unknown) => {
              expectTypedError(error)
              expectNoCredential(error, credentials)
            }
          )
        }
        if (delivered.length > 0) {
          await new Promise((resolve) => setTimeout(resolve, 1))
          for (const error of delivered) {
            if (error !== null) {
              expectTypedError(error)
              expectNoCredential(error, credentials)
            }
          }
        }
        expectOnRoutes(from, resource === "forward")
      })
    )
  })
})

describe("every Effect function, given bad arguments", () => {
  let runtime: ManagedRuntime.ManagedRuntime<Sdk.Stelace.StelaceClient | Sdk.Session.Session, unknown>
  beforeAll(() => {
    runtime = ManagedRuntime.make(
      Sdk.Stelace.layerNode({ apiKey: PUBLISHABLE_KEY, host: api.host, port: api.port, protocol: "http", maxRetries: 0 }).pipe(
        Layer.provide(Sdk.TokenStore.make({ getTokens: () => session, setTokens: () => undefined, removeTokens: () => undefined }))
      )
    )
  })
  afterAll(() => runtime.dispose())

  const functions = effectFunctions()
  it("covers every resource module", () => {
    expect(new Set(functions.map(([module]) => module)).size).toBeGreaterThanOrEqual(35)
  })

  it.each(functions)("%s.%s returns an Effect (or Stream) settling with a result or a typed failure, on the API host only", async (module, name) => {
    const fn = resourceModules.find(([m]) => m === module)![1][name] as (...args: Array<unknown>) => unknown
    await sweep(
      fc.asyncProperty(argumentLists(), async (args) => {
        const from = api.requests.length
        let returned: unknown
        try {
          returned = fn(...args)
        } catch (error) {
          return expect.fail(`${module}.${name}(${describeArgs(args)}) threw synchronously: ${util.inspect(error)}`)
        }
        let program: Effect.Effect<unknown, unknown, Sdk.Stelace.StelaceClient>
        if (Stream.isStream(returned)) {
          program = Stream.runDrain(returned as Stream.Stream<unknown, unknown, Sdk.Stelace.StelaceClient>)
        } else {
          expect(Effect.isEffect(returned), `${module}.${name} returned neither an Effect nor a Stream`).toBe(true)
          program = returned as Effect.Effect<unknown, unknown, Sdk.Stelace.StelaceClient>
        }
        const exit = await runtime.runPromiseExit(program)
        if (Exit.isFailure(exit)) typedFailureOf(exit)
        expectNoCredentialInExit(exit, credentials)
        expectOnRoutes(from, module === "Forward")
      })
    )
  })
})

describe("the single sign-on helpers that make no call, given bad arguments", () => {
  it("auth.ssoLoginUrl returns a URL of the API host's login route, or throws InvalidArgument, and sends nothing", async () => {
    const stelace = Sdk.createInstance({ apiKey: PUBLISHABLE_KEY })
    stelace.setHost(api.host, api.port, "http")
    try {
      await sweep(
        fc.asyncProperty(argumentLists(), async (args) => {
          const from = api.requests.length + other.requests.length
          try {
            const url = (stelace.auth.ssoLoginUrl as (...input: Array<unknown>) => unknown)(...args)
            expect(url).toMatch(new RegExp(`^http://${api.host}:${api.port}/auth/sso/[^/?#]+/[^/?#]+\\?attempt=[\\da-f]+$`))
          } catch (error) {
            expect(error).toBeInstanceOf(Sdk.InvalidArgument)
            expectNoCredential(error, credentials)
          }
          expect(api.requests.length + other.requests.length).toBe(from)
        })
      )
    } finally {
      await stelace.dispose()
    }
  })

  it("Auth.parseSsoReturn answers undefined or a return, and never throws", async () => {
    await sweep(
      fc.asyncProperty(argumentLists(), async (args) => {
        const outcome = (Sdk.Auth.parseSsoReturn as (...input: Array<unknown>) => unknown)(...args)
        if (outcome !== undefined) expect(["Code", "LoggedOut", "Cancelled", "Failed"]).toContain((outcome as { _tag: string })._tag)
      })
    )
  })
})
