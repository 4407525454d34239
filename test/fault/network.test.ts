/**
 * Faults on real sockets, through each built-in transport (`Stelace.layerNode`, `Stelace.layerFetch`)
 * and through the Promise facade: connections dropped mid-body, bodies that are huge, HTML, empty
 * or malformed, bodies trickling past the timeout, and 100 concurrent calls over a server that
 * drops connections. Every test checks the five invariants of `support/invariants.ts`.
 *
 * Real time passes here only for sockets to do their part (a body trickling, a retry's backoff);
 * nothing asserts on how long anything took.
 */
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import { describe, expect, it } from "vitest"
import { Assets, createInstance, MalformedResponse, NetworkError, Stelace, TokenStore } from "../../src/index.js"
import {
  expectNoCredential,
  expectNoSocketLeftOpen,
  expectOnlyApiHost,
  expectTypedError,
  openTcpSockets,
  typedFailureOf,
  watch
} from "../support/invariants.js"
import { accessToken, PUBLISHABLE_KEY } from "../support/jwt.js"
import type { RecordedRequest, Recorder, Reply } from "../support/recorder.js"
import { useApiAndOtherHost } from "../support/recorder.js"

const token = accessToken({ userId: "usr_1", expiresIn: 3600 })
const session = { tokenType: "Bearer", accessToken: token, refreshToken: "rt_secret_1", userId: "usr_1" }
const credentials = [PUBLISHABLE_KEY, token, "rt_secret_1"]

/** One call of a scenario: a GET (`read(id)`) or a POST (`create({ name: id })`). */
interface Call {
  readonly method: "GET" | "POST"
  readonly id: string
}

/** The options a scenario sets, on a layer or on the facade. */
interface ScenarioOptions {
  readonly timeout?: number
}

type Settled = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly error: unknown }

/** A way to make calls: an Effect layer over a built-in transport, or the facade. */
interface Runner {
  readonly name: string
  readonly run: (target: Recorder, options: ScenarioOptions, calls: ReadonlyArray<Call>) => Promise<Array<Settled>>
}

const effectRunner = (name: string, make: typeof Stelace.layerNode): Runner => ({
  name,
  run: async (target, options, calls) => {
    const layer = make({ apiKey: PUBLISHABLE_KEY, host: target.host, port: target.port, protocol: "http", ...options }).pipe(
      Layer.provide(TokenStore.make({ getTokens: () => session, setTokens: () => undefined, removeTokens: () => undefined }))
    )
    const program = Effect.all(
      calls.map((call) => Effect.exit(call.method === "GET" ? Assets.read(call.id) : Assets.create({ name: call.id }))),
      { concurrency: "unbounded" }
    )
    const exits = await Effect.runPromise(program.pipe(Effect.provide(layer)))
    return exits.map((exit) => Exit.isSuccess(exit) ? { ok: true, value: exit.value } : { ok: false, error: typedFailureOf(exit) })
  }
})

const facadeRunner: Runner = {
  name: "facade",
  run: async (target, options, calls) => {
    const stelace = createInstance({ apiKey: PUBLISHABLE_KEY, ...options })
    stelace.setHost(target.host, target.port, "http")
    stelace.getTokenStore().setTokens(session)
    const settled = await Promise.allSettled(
      calls.map((call) => call.method === "GET" ? stelace.assets.read(call.id) : stelace.assets.create({ name: call.id }))
    )
    await stelace.dispose()
    return settled.map((result) => result.status === "fulfilled" ? { ok: true, value: result.value } : { ok: false, error: result.reason })
  }
}

const runners: ReadonlyArray<Runner> = [
  effectRunner("layerNode", Stelace.layerNode),
  effectRunner("layerFetch", Stelace.layerFetch),
  facadeRunner
]

let api: Recorder
let other: Recorder

useApiAndOtherHost((hosts) => ({ api, other } = hosts))

/**
 * Runs `calls` with `runner` against the API host answering with `reply`, and checks the
 * invariants: typed failures without credentials, no unhandled rejection, nothing logged with a
 * credential, no socket left open, no request to another host.
 */
const scenario = async (
  runner: Runner,
  reply: (request: RecordedRequest, index: number) => Reply,
  calls: ReadonlyArray<Call>,
  options: ScenarioOptions = {}
): Promise<Array<Settled>> => {
  const watched = watch()
  const baseline = openTcpSockets()
  api.respond(reply)
  try {
    const results = await runner.run(api, options, calls)
    for (const result of results) {
      if (!result.ok) {
        expectTypedError(result.error)
        expectNoCredential(result.error, credentials)
      }
    }
    await expectNoSocketLeftOpen([api, other], baseline)
    expectOnlyApiHost(api, other)
    await watched.check(credentials)
    return results
  } finally {
    watched.stop()
  }
}

const errorOf = (result: Settled | undefined): any => {
  expect(result?.ok, "expected the call to fail").toBe(false)
  return (result as { error: unknown }).error
}

const valueOf = (result: Settled | undefined): any => {
  if (!result?.ok) expect.fail(`expected a result, got ${String((result as { error: unknown })?.error)}`)
  return result.value
}

const idOf = (request: RecordedRequest) => request.method === "GET" ? request.path.split("/").pop() : (request.json as { name: string }).name

const okBody = (request: RecordedRequest) => ({ body: { id: idOf(request) } })

/** Headers and half the body, then the connection closes. */
const dropMidBody: Reply = { chunks: [`{"id":"ast_1","name":"Bi`], body: { id: "ast_1", name: "Bike" }, dropAfterChunks: true }

describe.each(runners)("$name", (runner) => {
  describe("a connection dropped mid-body", () => {
    it("a GET is retried (1 + maxRetries attempts), then fails with NetworkError(reset) naming the request", async () => {
      const [result] = await scenario(runner, () => dropMidBody, [{ method: "GET", id: "ast_1" }])
      const error = errorOf(result)
      expect(error).toBeInstanceOf(NetworkError)
      expect(error).toMatchObject({ reason: { _tag: "Reset" }, method: "GET", url: `${api.url}/assets/ast_1` })
      expect(api.requests.map((r) => `${r.method} ${r.path}`)).toStrictEqual(Array(3).fill("GET /assets/ast_1"))
    })

    it("a GET succeeds when a retry gets the whole answer", async () => {
      const [result] = await scenario(runner, (request, index) => index === 0 ? dropMidBody : okBody(request), [{ method: "GET", id: "ast_1" }])
      expect(valueOf(result)).toMatchObject({ id: "ast_1" })
      expect(api.requests).toHaveLength(2)
    })

    it("a POST is never retried", async () => {
      const [result] = await scenario(runner, () => dropMidBody, [{ method: "POST", id: "ast_1" }])
      expect(errorOf(result)).toMatchObject({ _tag: "NetworkError", reason: { _tag: "Reset" }, method: "POST" })
      expect(api.requests.map((r) => `${r.method} ${r.path}`)).toStrictEqual(["POST /assets"])
    })

    it("a POST whose connection closes before any answer is never retried", async () => {
      const [result] = await scenario(runner, () => ({ destroy: true }), [{ method: "POST", id: "ast_1" }])
      expect(errorOf(result)).toMatchObject({ _tag: "NetworkError", reason: { _tag: "Reset" } })
      expect(api.requests).toHaveLength(1)
    })
  })

  describe("bodies", () => {
    it("a huge JSON body (20 MB) is parsed", async () => {
      const items = Array.from({ length: 200_000 }, (_, i) => ({ id: `ast_${i}`, name: "x".repeat(80) }))
      const body = JSON.stringify({ id: "ast_1", items })
      expect(body.length).toBeGreaterThan(20_000_000)
      const [result] = await scenario(runner, () => ({ body, headers: { "content-type": "application/json" } }), [{ method: "GET", id: "ast_1" }])
      const value = valueOf(result)
      expect(value.items).toHaveLength(200_000)
      expect(value.items[199_999]).toStrictEqual({ id: "ast_199999", name: "x".repeat(80) })
    })

    it("an HTML page answered 200 fails with MalformedResponse keeping the status, request id and text", async () => {
      const html = "<!doctype html><html><body>Maintenance</body></html>"
      const [result] = await scenario(
        runner,
        () => ({ body: html, headers: { "content-type": "text/html", "x-request-id": "req_html" } }),
        [{ method: "GET", id: "ast_1" }]
      )
      const error = errorOf(result)
      expect(error).toBeInstanceOf(MalformedResponse)
      expect(error).toMatchObject({ statusCode: 200, requestId: "req_html", body: html })
      expect(error.message).toBe("Expected a JSON body, got text/html (status 200)")
    })

    it("an empty body answered 200 is an empty object", async () => {
      const [result] = await scenario(runner, () => ({ body: "" }), [{ method: "GET", id: "ast_1" }])
      expect({ ...valueOf(result) }).toStrictEqual({})
      expect(valueOf(result).lastResponse.statusCode).toBe(200)
    })

    it("malformed JSON answered 200 fails with MalformedResponse", async () => {
      const [result] = await scenario(
        runner,
        () => ({ body: `{"id":"ast_1",`, headers: { "content-type": "application/json" } }),
        [{ method: "GET", id: "ast_1" }]
      )
      expect(errorOf(result)).toMatchObject({ _tag: "MalformedResponse", statusCode: 200, body: `{"id":"ast_1",` })
    })

    it("a body trickling past the timeout fails with NetworkError(timeout), and the connection is closed", async () => {
      // 100 pieces, 100 ms apart: ten seconds of body, far beyond the 150 ms timeout
      const trickle: Reply = { chunks: Array.from({ length: 100 }, () => " "), every: 100 }
      const [result] = await scenario(runner, () => trickle, [{ method: "POST", id: "ast_1" }], { timeout: 150 })
      const error = errorOf(result)
      expect(error).toBeInstanceOf(NetworkError)
      expect(error).toMatchObject({ reason: { _tag: "Timeout" }, message: `timeout of 150ms exceeded on POST ${api.url}/assets` })
      expect(api.aborted).toHaveLength(1)
    })
  })

  describe("100 concurrent calls over a server that drops connections", () => {
    it("every call settles with a result or a typed error; GETs are retried, POSTs never", async () => {
      const calls: Array<Call> = Array.from({ length: 100 }, (_, i) => ({ method: i % 2 === 0 ? "GET" : "POST", id: `c${i}` }))
      // the first attempt of every call is dropped; the GETs of every fourth call are dropped each time
      const seen = new Map<string, number>()
      const results = await scenario(runner, (request) => {
        const id = idOf(request)!
        const attempt = (seen.get(id) ?? 0) + 1
        seen.set(id, attempt)
        const alwaysDropped = Number(id.slice(1)) % 4 === 0
        if (attempt === 1 || alwaysDropped) return attempt % 2 === 0 ? { destroy: true } : dropMidBody
        return okBody(request)
      }, calls)
      const attempts = (id: string) => api.requests.filter((request) => idOf(request) === id).length
      calls.forEach((call, i) => {
        const n = Number(call.id.slice(1))
        if (call.method === "POST") {
          expect(attempts(call.id), call.id).toBe(1)
          expect(errorOf(results[i])).toMatchObject({ _tag: "NetworkError", reason: { _tag: "Reset" }, method: "POST" })
        } else if (n % 4 === 0) {
          expect(attempts(call.id), call.id).toBe(3)
          expect(errorOf(results[i])).toMatchObject({ _tag: "NetworkError", reason: { _tag: "Reset" }, method: "GET" })
        } else {
          expect(attempts(call.id), call.id).toBe(2)
          expect(valueOf(results[i])).toMatchObject({ id: call.id })
        }
      })
    })
  })
})
