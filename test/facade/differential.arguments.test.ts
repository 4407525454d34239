/**
 * Differential test, argument rules: data, options, options in place of data, callbacks, leftover
 * arguments, non-string path parameters and option keys mixed into data. Both SDKs get the same
 * arguments; requests, results, rejections and warnings must match.
 */
import { describe, expect, it } from "vitest"
import { accessToken } from "../support/jwt.js"
import type { AnyInstance, ErrorView, Outcome, Sdk } from "./harness.js"
import {
  captureWarnings,
  errorView,
  expectSame,
  expectSameRejection,
  instanceOn,
  offsetList,
  outcomeOf,
  runBoth,
  tick,
  useRecorder,
  valueView
} from "./harness.js"

const recorder = useRecorder()

const list = () => ({ body: offsetList([{ id: "ast_1" }]) })

describe("options", () => {
  const withInstanceSettings = (stelace: AnyInstance) => {
    stelace.setApiVersion("2019-05-20")
    stelace.setOrganizationId("org_instance")
    return stelace
  }

  it.each([
    ["no options: the instance's version and organization", []],
    ["stelaceVersion overrides the instance's version", [{ stelaceVersion: "2020-08-10" }]],
    ["an empty stelaceVersion keeps the instance's", [{ stelaceVersion: "" }]],
    ["stelaceUserId adds x-stelace-user-id", [{ stelaceUserId: "usr_other" }]],
    ["an empty stelaceUserId adds nothing", [{ stelaceUserId: "" }]],
    ["stelaceOrganizationId overrides the instance's", [{ stelaceOrganizationId: "org_call" }]],
    ["stelaceOrganizationId: null removes the instance's", [{ stelaceOrganizationId: null }]],
    ["stelaceOrganizationId: '' removes the instance's", [{ stelaceOrganizationId: "" }]],
    ["stelaceOrganizationId: undefined keeps the instance's", [{ stelaceOrganizationId: undefined }]],
    ["all three at once", [{ stelaceVersion: "2020-08-10", stelaceUserId: "usr_other", stelaceOrganizationId: "org_call" }]]
  ])("%s", async (_name, args) => {
    const runs = await runBoth(recorder.current, {
      reply: list,
      run: (stelace) => withInstanceSettings(stelace).assets.list({ nbResultsPerPage: 1 }, ...args)
    })
    expectSame(runs)
  })

  it("null organization also works without an instance organization", async () => {
    expectSame(
      await runBoth(recorder.current, {
        run: (stelace) => stelace.assets.read("ast_1", { stelaceOrganizationId: null })
      })
    )
  })

  it.each<[string, (stelace: AnyInstance) => Promise<unknown>]>([
    ["list(options)", (s) => s.assets.list({ stelaceVersion: "2019-05-20" })],
    ["create(options): no body", (s) => s.assets.create({ stelaceUserId: "usr_other" })],
    ["read(id, options)", (s) => s.assets.read("ast_1", { stelaceOrganizationId: "org_call" })],
    ["remove(id, options)", (s) => s.assets.remove("ast_1", { stelaceVersion: "2019-05-20" })],
    ["users.removeFromOrganization(id, organizationId, options)", (s) => s.users.removeFromOrganization("usr_1", "org_1", { stelaceUserId: "usr_2" })],
    ["config.read(options)", (s) => s.config.read({ stelaceVersion: "2019-05-20" })],
    ["forward.post(path, options)", (s) => s.forward.post("/custom", { stelaceVersion: "2019-05-20" })]
  ])("options in place of data: %s", async (_name, call) => {
    expectSame(await runBoth(recorder.current, { reply: (request) => (request.path === "/assets" && request.method === "GET" ? list() : { body: { id: "x" } }), run: call }))
  })

  it.each<[string, (stelace: AnyInstance) => Promise<unknown>]>([
    ["list(query, options)", (s) => s.assets.list({ page: 3 }, { stelaceVersion: "2019-05-20" })],
    ["update(id, data, options)", (s) => s.assets.update("ast_1", { name: "Bike" }, { stelaceOrganizationId: "org_call" })],
    ["createTransition(id, data, options)", (s) => s.transactions.createTransition("trn_1", { name: "accept" }, { stelaceUserId: "usr_2" })],
    ["forward.get(path, query, options)", (s) => s.forward.get("/custom", { a: 1 }, { stelaceVersion: "2019-05-20" })]
  ])("data and options: %s", async (_name, call) => {
    expectSame(await runBoth(recorder.current, { reply: (request) => (request.path === "/assets" ? list() : { body: { id: "x" } }), run: call }))
  })
})

describe("data", () => {
  it("serializes a query as axios 0.19 did: arrays as key[], dates as ISO strings, objects as JSON, null/undefined left out", async () => {
    const query = () => ({
      ids: ["a", "b c"],
      date: new Date(Date.UTC(2020, 0, 2, 3, 4, 5)),
      range: { gte: 1, lte: 10 },
      text: "é & ü @:$,[]+%/?#",
      flag: true,
      zero: 0,
      empty: "",
      nothing: null,
      missing: undefined,
      nested: [{ x: 1 }, [2]]
    })
    expectSame(await runBoth(recorder.current, { reply: list, run: (stelace) => stelace.assets.list(query()) }))
  })

  it("serializes a body as JSON (dates as ISO strings, undefined fields left out)", async () => {
    const data = () => ({ date: new Date(Date.UTC(2020, 0, 2)), nested: { a: [1, null, "x"] }, missing: undefined, text: "é\u2028" })
    expectSame(await runBoth(recorder.current, { run: (stelace) => stelace.assets.create(data()) }))
  })

  it.each<[string, (stelace: AnyInstance) => Promise<unknown>]>([
    ["create() sends no body", (s) => s.assets.create()],
    ["create({}) sends no body", (s) => s.assets.create({})],
    ["list({}) sends no query", (s) => s.assets.list({})],
    ["list({ a: null }) sends no query", (s) => s.assets.list({ a: null })],
    ["forward.get with a query in the path and another in data", (s) => s.forward.get("/custom?x=1", { y: 2 })],
    ["forward.post with an array body", (s) => s.forward.post("/custom", [1, 2])]
  ])("%s", async (_name, call) => {
    expectSame(await runBoth(recorder.current, { reply: (request) => (request.path === "/assets" && request.method === "GET" ? list() : { body: { id: "x" } }), run: call }))
  })

  it.each<[string, (stelace: AnyInstance) => Promise<unknown>]>([
    ["forward.del with data", (s) => s.forward.del("/custom/path", { q: "x" })],
    ["forward.options with data", (s) => s.forward.options("/custom/path", { q: "x" })],
    ["forward.del with non-ASCII data", (s) => s.forward.del("/custom/path", { q: "Vélo ✓" })]
  ])("%s frames its body with content-length, as 0.14.0 did (node:http left it unframed)", async (_name, call) => {
    const runs = await runBoth(recorder.current, { reply: () => ({ body: { id: "x" } }), run: call })
    expectSame(runs)
    expect(runs.ours.outcome.status).toBe("resolved")
    for (const sdk of ["upstream", "ours"] as const) {
      const [request] = runs[sdk].requests
      expect(runs[sdk].requests).toHaveLength(1)
      expect(request.headers["content-length"], sdk).toBe(String(Buffer.byteLength(request.body)))
      expect(request.headers["transfer-encoding"], sdk).toBeUndefined()
    }
  })

  it("leaves the caller's data untouched (a difference: 0.14.0 wrote save and refreshToken into it)", async () => {
    const seen: Record<Sdk, unknown> = { upstream: undefined, ours: undefined }
    const runs = await runBoth(recorder.current, {
      tokens: { accessToken: accessToken({ expiresIn: 3600 }), refreshToken: "rt_1" },
      reply: () => ({ body: offsetList([]) }),
      run: async (stelace, sdk) => {
        const saved = { name: "s" }
        const search = { query: "bike", save: true }
        const logout = { logoutFromExternalProvider: false }
        await stelace.savedSearch.create(saved)
        await stelace.search.results(search)
        await stelace.auth.logout(logout)
        seen[sdk] = { saved, search, logout }
      }
    })
    expect(runs.ours.wire).toStrictEqual(runs.upstream.wire)
    expect(runs.ours.wire.map((w) => w.body)).toStrictEqual([
      JSON.stringify({ name: "s", save: true }),
      JSON.stringify({ query: "bike", save: false }),
      JSON.stringify({ logoutFromExternalProvider: false, refreshToken: "rt_1" })
    ])
    expect(seen.ours).toStrictEqual({ saved: { name: "s" }, search: { query: "bike", save: true }, logout: { logoutFromExternalProvider: false } })
    expect(seen.upstream).toStrictEqual({
      saved: { name: "s", save: true },
      search: { query: "bike", save: false },
      logout: { logoutFromExternalProvider: false, refreshToken: "rt_1" }
    })
  })
})

/** What a Node-style callback received, and how the promise the method returned settled. */
interface CallbackRecord {
  readonly calls: Array<{ readonly error: ErrorView | null; readonly result?: Outcome }>
  readonly callsWhenReturnedSettled: number
  readonly returned: Outcome
  readonly returnedValue: unknown
}

const viaCallback = async (call: (callback: (error: unknown, result?: unknown) => unknown) => unknown): Promise<CallbackRecord> => {
  const calls: CallbackRecord["calls"] = []
  const returnedPromise = call((error, result) => {
    calls.push(error ? { error: errorView(error) } : { error: error as null, result: valueView(result) })
    return "returned by the callback"
  })
  expect(returnedPromise).toBeInstanceOf(Promise)
  let settled: unknown
  const returned = await outcomeOf(
    Promise.resolve(returnedPromise).then((value) => {
      settled = value
      return value
    })
  )
  const callsWhenReturnedSettled = calls.length
  await tick(20)
  return { calls, callsWhenReturnedSettled, returned, returnedValue: settled }
}

describe("callbacks", () => {
  const serve = (request: { path: string; method: string }) =>
    request.path.startsWith("/assets/missing")
      ? { status: 404, body: { message: "Asset not found", statusCode: 404 } }
      : request.path === "/assets" && request.method === "GET"
      ? list()
      : { body: { id: "ast_1" } }

  it.each<[string, (stelace: AnyInstance, callback: (error: unknown, result?: unknown) => unknown) => unknown]>([
    ["alone", (s, cb) => s.assets.list(cb)],
    ["after data", (s, cb) => s.assets.list({ page: 2 }, cb)],
    ["after options", (s, cb) => s.assets.list({ stelaceVersion: "2019-05-20" }, cb)],
    ["after data and options", (s, cb) => s.assets.create({ name: "Bike" }, { stelaceOrganizationId: "org_1" }, cb)],
    ["after a path parameter", (s, cb) => s.assets.read("ast_1", cb)],
    ["on forward", (s, cb) => s.forward.get("/assets", { page: 2 }, cb)]
  ])("success %s: the callback gets (null, result) and the returned promise resolves to what the callback returned", async (_name, call) => {
    const runs = await runBoth(recorder.current, { reply: serve, run: (stelace) => viaCallback((cb) => call(stelace, cb)) })
    expectSame(runs)
    const record = runs.ours.settled.value as CallbackRecord
    expect(record.calls).toHaveLength(1)
    expect(record.calls[0].error).toBeNull()
    expect(record.returnedValue).toBe("returned by the callback")
  })

  it.each<[string, (stelace: AnyInstance, callback: (error: unknown, result?: unknown) => unknown) => unknown]>([
    ["a server error", (s, cb) => s.assets.read("missing", cb)],
    ["a server error after options", (s, cb) => s.assets.read("missing", { stelaceVersion: "2019-05-20" }, cb)],
    ["an invalid argument", (s, cb) => s.assets.read(42, cb)],
    ["leftover arguments", (s, cb) => s.assets.list("extra", cb)]
  ])("error (%s): the callback gets the error once, after the returned promise has resolved", async (_name, call) => {
    const runs = await runBoth(recorder.current, { reply: serve, run: (stelace) => viaCallback((cb) => call(stelace, cb)) })
    expect(runs.ours.wire).toStrictEqual(runs.upstream.wire)
    const theirs = runs.upstream.settled.value as CallbackRecord
    const ours = runs.ours.settled.value as CallbackRecord
    expect(ours.calls).toStrictEqual(theirs.calls)
    expect(ours.calls).toHaveLength(1)
    expect(ours.calls[0].error).not.toBeNull()
    expect(ours.callsWhenReturnedSettled).toBe(0)
    expect(theirs.callsWhenReturnedSettled).toBe(0)
    // both resolve (never reject) the returned promise; 0.14.0 resolved it to the id of the
    // setTimeout that delivers the error (a Node Timeout object), ours to undefined
    expect(ours.returned.status).toBe("resolved")
    expect(theirs.returned.status).toBe("resolved")
    expect(ours.returnedValue).toBeUndefined()
    expect(theirs.returnedValue?.constructor?.name).toBe("Timeout")
  })
})

describe("leftover arguments", () => {
  it.each<[string, (stelace: AnyInstance) => Promise<unknown>, string]>([
    [
      "an object after data that is not options",
      (s) => s.assets.read("ast_1", { a: 1 }, { b: 2 }),
      "Stelace: Unknown arguments ([object Object]). Did you mean to pass an options object? (on API request to GET /assets/:id)"
    ],
    [
      "two strings",
      (s) => s.assets.list("x", "y"),
      "Stelace: Unknown arguments (x,y). Did you mean to pass an options object? (on API request to GET /assets)"
    ],
    ["null data", (s) => s.assets.list(null), "Stelace: Unknown arguments (). Did you mean to pass an options object? (on API request to GET /assets)"],
    [
      "options followed by something",
      (s) => s.assets.create({ a: 1 }, { stelaceVersion: "v" }, 3),
      "Stelace: Unknown arguments ([object Object],3). Did you mean to pass an options object? (on API request to POST /assets)"
    ],
    [
      "a string in place of data",
      (s) => s.assets.create("Bike"),
      "Stelace: Unknown arguments (Bike). Did you mean to pass an options object? (on API request to POST /assets)"
    ],
    [
      "extra arguments to a method without data",
      (s) => s.auth.logout({}, {}),
      "Stelace: Unknown arguments ([object Object]). Did you mean to pass an options object? (on API request to POST /auth/logout)"
    ],
    [
      "extra arguments to forward",
      (s) => s.forward.get("/custom", {}, {}, {}),
      "Stelace: Unknown arguments ([object Object],[object Object]). Did you mean to pass an options object? (on API request to GET /custom)"
    ]
  ])("%s: rejects with the same message and sends nothing", async (_name, call, message) => {
    expectSameRejection(await runBoth(recorder.current, { run: call }), message)
  })
})

describe("non-string path parameters", () => {
  it.each<[string, (stelace: AnyInstance) => Promise<unknown>, string]>([
    ["a number", (s) => s.assets.read(123), `Stelace: "id" must be a string, but got: number (on API request to GET /assets/:id)`],
    ["nothing", (s) => s.assets.read(), `Stelace: "id" must be a string, but got: undefined (on API request to GET /assets/:id)`],
    ["null", (s) => s.assets.remove(null), `Stelace: "id" must be a string, but got: object (on API request to DELETE /assets/:id)`],
    ["an object", (s) => s.assets.update({ id: "ast_1" }, { name: "x" }), `Stelace: "id" must be a string, but got: object (on API request to PATCH /assets/:id)`],
    [
      "the second of two",
      (s) => s.users.removeFromOrganization("usr_1", 42),
      `Stelace: "organizationId" must be a string, but got: number (on API request to DELETE /users/:id/organizations/:organizationId)`
    ],
    [
      "a token",
      (s) => s.tokens.checkConfirm(undefined),
      `Stelace: "token" must be a string, but got: undefined (on API request to GET /token/check/:token)`
    ],
    [
      "an array",
      (s) => s.transactions.createTransition(["trn_1"], { name: "accept" }),
      `Stelace: "id" must be a string, but got: object (on API request to POST /transactions/:id/transitions)`
    ]
  ])("%s: rejects with the same message and sends nothing", async (_name, call, message) => {
    expectSameRejection(await runBoth(recorder.current, { run: call }), message)
  })

  it("is a rejection, never a synchronous throw", async () => {
    for (const sdk of ["upstream", "ours"] as const) {
      let promise: unknown
      expect(() => {
        promise = instanceOn(sdk, recorder.current).assets.read(1)
      }).not.toThrow()
      expect(promise).toBeInstanceOf(Promise)
      await expect(promise).rejects.toThrow(/must be a string/)
    }
  })
})

describe("option keys mixed into data", () => {
  it.each<[string, (stelace: AnyInstance) => Promise<unknown>]>([
    ["an option key among query keys (the query is dropped, as 0.14.0 did)", (s) => s.assets.list({ stelaceVersion: "2019-05-20", page: 2 })],
    ["an option key among body keys", (s) => s.assets.create({ stelaceOrganizationId: null, name: "Bike" })],
    ["an unknown key in options", (s) => s.assets.create({ name: "Bike" }, { stelaceVersion: "2019-05-20", foo: 1, bar: 2 })],
    ["an unknown key in options after a path parameter", (s) => s.assets.read("ast_1", { stelaceUserId: "usr_1", fields: "id" })]
  ])("%s: same warnings, same request", async (_name, call) => {
    const warnings: Record<Sdk, unknown> = { upstream: undefined, ours: undefined }
    const runs = await runBoth(recorder.current, {
      reply: (request) => (request.path === "/assets" && request.method === "GET" ? list() : { body: { id: "x" } }),
      run: async (stelace, sdk) => {
        const captured = await captureWarnings(() => call(stelace))
        warnings[sdk] = captured.warnings
        return captured.result
      }
    })
    expectSame(runs)
    expect(warnings.ours).toStrictEqual(warnings.upstream)
    expect(warnings.ours).not.toStrictEqual([])
  })
})
