/**
 * Differential test, answers: results with their hidden `lastResponse`, list bodies with their
 * `paginationMeta`, and error bodies. Server errors must carry the same fields; ours are `Error`
 * instances where 0.14.0 rejected with plain objects (better, checked by `expectSameServerError`).
 */
import { describe, expect, it } from "vitest"
import type { Reply } from "../support/recorder.js"
import type { AnyInstance } from "./harness.js"
import { expectSame, expectSameServerError, fieldsOf, offsetList, runBoth, useRecorder } from "./harness.js"

const recorder = useRecorder()

describe("results", () => {
  it("an object result carries a non-enumerable, read-only lastResponse { requestId, statusCode }", async () => {
    const runs = await runBoth(recorder.current, {
      reply: () => ({ status: 201, body: { id: "ast_1", nested: { a: [1] } } }),
      run: (stelace) => stelace.assets.create({ name: "Bike" })
    })
    expectSame(runs)
    expect(runs.ours.outcome).toMatchObject({ value: { id: "ast_1" }, lastResponse: { requestId: "req_0", statusCode: 201 } })
    for (const run of [runs.ours, runs.upstream]) {
      const descriptor = Object.getOwnPropertyDescriptor(run.settled.value, "lastResponse")
      expect(descriptor).toMatchObject({ enumerable: false, writable: false })
    }
  })

  it("the request id comes from x-request-id", async () => {
    const runs = await runBoth(recorder.current, {
      reply: () => ({ headers: { "x-request-id": "5a1f3c1e-uuid" }, body: { id: "ast_1" } }),
      run: (stelace) => stelace.assets.read("ast_1")
    })
    expectSame(runs)
    expect(runs.ours.outcome).toMatchObject({ lastResponse: { requestId: "5a1f3c1e-uuid", statusCode: 200 } })
  })

  it("an empty 2xx body (204) resolves to {} with lastResponse (0.14.0 crashed: TypeError on defineProperty)", async () => {
    const runs = await runBoth(recorder.current, { reply: () => ({ status: 204 }), run: (stelace) => stelace.forward.del("/custom/1") })
    expect(runs.ours.wire).toStrictEqual(runs.upstream.wire)
    expect(runs.upstream.outcome).toStrictEqual({
      status: "rejected",
      error: { message: "Object.defineProperty called on non-object", statusCode: undefined, data: undefined, lastResponse: undefined }
    })
    expect(runs.upstream.settled.error).toBeInstanceOf(TypeError)
    expect(runs.ours.outcome).toStrictEqual({
      status: "resolved",
      value: {},
      isArray: false,
      lastResponse: { requestId: "req_0", statusCode: 204 },
      paginationMeta: undefined
    })
  })

  it("DELETE answers { id }", async () => {
    expectSame(await runBoth(recorder.current, { reply: () => ({ body: { id: "ast_1" } }), run: (stelace) => stelace.assets.remove("ast_1") }))
  })
})

describe("page-based lists", () => {
  it.each<[string, Record<string, unknown>]>([
    ["a middle page", offsetList([{ id: "a" }, { id: "b" }], { nbResults: 6, nbPages: 3, page: 2, nbResultsPerPage: 2 })],
    ["no results", offsetList([], { nbResults: 0, nbPages: 0 })],
    ["extra fields in the body", { ...offsetList([{ id: "a" }]), extra: "ignored" }]
  ])("%s: the results, with lastResponse and paginationMeta { nbResults, nbPages, page, nbResultsPerPage }", async (_name, body) => {
    const runs = await runBoth(recorder.current, { reply: () => ({ body }), run: (stelace) => stelace.assets.list() })
    expectSame(runs)
    for (const run of [runs.ours, runs.upstream]) {
      expect(Array.isArray(run.settled.value)).toBe(true)
      expect(Object.getOwnPropertyDescriptor(run.settled.value, "paginationMeta")?.enumerable).toBe(false)
      expect(Object.getOwnPropertyDescriptor(run.settled.value, "lastResponse")?.enumerable).toBe(false)
    }
  })

  it.each<[string, (stelace: AnyInstance) => Promise<unknown>]>([
    ["documents.getStats", (s) => s.documents.getStats({ type: "review", groupBy: "targetId" })],
    ["events.getStats", (s) => s.events.getStats({ groupBy: "type" })],
    ["ratings.getStats", (s) => s.ratings.getStats({ groupBy: "targetId" })]
  ])("%s is unwrapped like a list", async (_name, call) => {
    expectSame(
      await runBoth(recorder.current, {
        reply: () => ({ body: offsetList([{ groupByField: "x", count: 2 }], { nbResults: 1 }) }),
        run: call
      })
    )
  })

  it("search: paginationMeta adds exhaustiveNbResults", async () => {
    const runs = await runBoth(recorder.current, {
      reply: () => ({ body: { ...offsetList([{ id: "ast_1" }], { nbResults: 10000 }), exhaustiveNbResults: false } }),
      run: (stelace) => stelace.search.results({ query: "bike" })
    })
    expectSame(runs)
    expect(runs.ours.outcome).toMatchObject({ paginationMeta: { nbResults: 10000, exhaustiveNbResults: false } })
  })

  it("search without exhaustiveNbResults in the body: the same meta (0.14.0 has the key, set to undefined; ours leaves it out)", async () => {
    const runs = await runBoth(recorder.current, { reply: () => ({ body: offsetList([{ id: "ast_1" }]) }), run: (stelace) => stelace.search.list({ query: "bike" }) })
    expect(runs.ours.wire).toStrictEqual(runs.upstream.wire)
    expect(runs.ours.outcome).toEqual(runs.upstream.outcome)
    const meta = (run: typeof runs.ours) => (run.outcome as { paginationMeta: object }).paginationMeta
    expect(Object.entries(meta(runs.upstream))).toContainEqual(["exhaustiveNbResults", undefined])
    expect("exhaustiveNbResults" in meta(runs.ours)).toBe(false)
  })
})

const serverErrors: Array<[string, Reply]> = [
  [
    "400 validation error with Joi details",
    {
      status: 400,
      body: {
        message: '"page" is not allowed',
        statusCode: 400,
        data: [{ message: '"page" is not allowed', path: ["page"], type: "object.allowUnknown", context: { key: "page" } }]
      }
    }
  ],
  ["401", { status: 401, body: { message: "Unauthorized", statusCode: 401 } }],
  ["403 with _message and _stack (non-production server)", { status: 403, body: { message: "Forbidden", statusCode: 403, _message: "No appropriate permission", _stack: ["at x"] } }],
  ["404 with data", { status: 404, body: { message: "Asset not found", statusCode: 404, data: { assetId: "ast_1" } } }],
  ["422 with a code", { status: 422, body: { message: "Invalid cursor", statusCode: 422, code: "INVALID_CURSOR" } }],
  ["500", { status: 500, body: { message: "Internal Server Error", statusCode: 500 } }],
  ["400 with an x-request-id header (a proxy's)", { status: 400, headers: { "x-request-id": "proxy_1" }, body: { message: "Bad", statusCode: 400 } }]
]

describe("error responses", () => {
  it.each(serverErrors)("%s on GET: same fields, same lastResponse (requestId undefined)", async (_name, reply) => {
    const runs = await runBoth(recorder.current, { reply: () => reply, run: (stelace) => stelace.assets.list({ page: 1 }) })
    expectSameServerError(runs)
    expect(runs.ours.wire).toHaveLength(1)
  })

  it.each(serverErrors)("%s on POST", async (_name, reply) => {
    expectSameServerError(await runBoth(recorder.current, { reply: () => reply, run: (stelace) => stelace.assets.create({ name: "Bike" }) }))
  })

  it("the error's lastResponse is non-enumerable and the body's fields are its own enumerable properties", async () => {
    const runs = await runBoth(recorder.current, {
      reply: () => ({ status: 404, body: { message: "Asset not found", statusCode: 404, data: { a: 1 } } }),
      run: (stelace) => stelace.assets.read("ast_1")
    })
    expectSameServerError(runs)
    expect(Object.keys(runs.ours.settled.error as object).sort()).toStrictEqual(["data", "message", "statusCode"])
    expect(runs.ours.outcome).toMatchObject({ error: { lastResponse: { requestId: undefined, statusCode: 404 } } })
  })

  it("a restify-style body without statusCode: same message, code and lastResponse; ours also sets statusCode from the HTTP status (0.14.0 left it undefined)", async () => {
    const runs = await runBoth(recorder.current, {
      reply: () => ({ status: 404, body: { code: "ResourceNotFound", message: "/nowhere does not exist" } }),
      run: (stelace) => stelace.forward.get("/nowhere")
    })
    expect(runs.ours.wire).toStrictEqual(runs.upstream.wire)
    const theirs = runs.upstream.settled.error
    const ours = runs.ours.settled.error
    expect(fieldsOf(theirs)).toStrictEqual({ code: "ResourceNotFound", message: "/nowhere does not exist" })
    expect(fieldsOf(ours)).toStrictEqual({ code: "ResourceNotFound", message: "/nowhere does not exist", statusCode: 404 })
    expect((ours as { lastResponse: unknown }).lastResponse).toStrictEqual((theirs as { lastResponse: unknown }).lastResponse)
    expect(ours).toBeInstanceOf(Error)
  })

  it("a body without message: ours says Request failed with status code <status> (0.14.0's error had no message)", async () => {
    const runs = await runBoth(recorder.current, {
      reply: () => ({ status: 409, body: { statusCode: 409, data: { conflict: true } } }),
      run: (stelace) => stelace.assets.create({ name: "Bike" })
    })
    expect(runs.ours.wire).toStrictEqual(runs.upstream.wire)
    expect(runs.upstream.outcome).toStrictEqual({
      status: "rejected",
      error: { message: undefined, statusCode: 409, data: { conflict: true }, lastResponse: { requestId: undefined, statusCode: 409 } }
    })
    expect(runs.ours.outcome).toStrictEqual({
      status: "rejected",
      error: { message: "Request failed with status code 409", statusCode: 409, data: { conflict: true }, lastResponse: { requestId: undefined, statusCode: 409 } }
    })
  })

  it("a non-JSON error body (a proxy's page): ours is a ServerError with the status (0.14.0 spread the text's characters into the error)", async () => {
    const runs = await runBoth(recorder.current, {
      reply: () => ({ status: 502, headers: { "content-type": "text/html" }, body: "<h1>Bad gateway</h1>" }),
      run: (stelace) => stelace.assets.create({ name: "Bike" })
    })
    expect(runs.ours.wire).toStrictEqual(runs.upstream.wire)
    expect(fieldsOf(runs.upstream.settled.error)).toMatchObject({ 0: "<", 1: "h", 2: "1" })
    expect(runs.upstream.outcome).toMatchObject({ error: { message: undefined, statusCode: undefined, lastResponse: { statusCode: 502 } } })
    expect(runs.ours.outcome).toStrictEqual({
      status: "rejected",
      error: { message: "Request failed with status code 502", statusCode: 502, data: undefined, lastResponse: { requestId: undefined, statusCode: 502 } }
    })
    expect((runs.ours.settled.error as { body: unknown }).body).toBe("<h1>Bad gateway</h1>")
  })
})
