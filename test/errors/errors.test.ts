/**
 * The errors as users meet them: one base (`instanceof StelaceError`, in the Effect API and the
 * facade), a `ServerError` reason that follows the status, reasons `Effect.catchReason` handles,
 * `_tag` in JSON, and schemas that carry each error through JSON and back to its class.
 */
import { assert, describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import {
  Assets,
  AuthorizationCodeError,
  createInstance,
  DecodeError,
  HookError,
  InvalidArgument,
  isStelaceError,
  MalformedResponse,
  NetworkError,
  RequestAborted,
  ServerError,
  SessionExpired,
  SignalError,
  StelaceError
} from "../../src/index.js"
import * as Schemas from "../../src/Schemas.js"
import { platformError, scripted, scriptedLayer } from "../support/scripted.js"
import { startServer } from "../../src/testing/index.js"

const oneOfEach = (): ReadonlyArray<StelaceError> => [
  ServerError.fromResponse({
    status: 429,
    requestId: "req_1",
    headers: { "retry-after": "30" },
    body: { message: "Too many requests", statusCode: 429, data: { limit: 10 }, code: "RATE" }
  }),
  new NetworkError({ message: "Network Error: connection refused on GET https://api.test/assets", reason: { _tag: "Refused" }, method: "GET", url: "https://api.test/assets" }),
  new SessionExpired({ message: "User session expired", reason: { _tag: "RefreshTokenRefused" }, statusCode: 403, data: { reason: "expired" } }),
  new AuthorizationCodeError({ message: "Code already used", reason: { _tag: "AlreadyUsed" }, statusCode: 422 }),
  new HookError({ message: "Stelace: getTokens failed: boom", hook: "getTokens", reason: { _tag: "Failed" } }),
  new InvalidArgument({ message: "Stelace: bad", reason: { _tag: "Argument" } }),
  MalformedResponse.fromAnswer({
    reason: { _tag: "NotJson" },
    message: "Expected a JSON body, got text/html (status 200)",
    lastResponse: { statusCode: 200, requestId: "req_2" },
    body: "<html>"
  }),
  new RequestAborted({ message: "Request aborted", reason: { _tag: "Signal" } }),
  new DecodeError({ message: "GET /assets/:id: Expected number", reason: { _tag: "SchemaMismatch" }, path: ["locations", 0, "latitude"] }),
  new SignalError({ message: "Stelace Signal: the server disconnected this client: Invalid API key", reason: { _tag: "InvalidApiKey" } })
]

describe("one base", () => {
  it.each(oneOfEach().map((error) => [error._tag, error] as const))("a %s is an instance of StelaceError and of Error", (_, error) => {
    expect(error).toBeInstanceOf(StelaceError)
    expect(error).toBeInstanceOf(Error)
    expect(isStelaceError(error)).toBe(true)
  })

  it.each(oneOfEach().map((error) => [error._tag, error] as const))("a %s has a tagged reason and is named after its tag", (tag, error) => {
    expect(typeof error.reason._tag).toBe("string")
    expect([error.name, error.constructor.name]).toEqual([tag, tag])
  })

  it("another library's error of the same tag is not a StelaceError", () => {
    class OtherServerError extends Error {
      readonly _tag = "ServerError"
    }
    expect(new OtherServerError("x")).not.toBeInstanceOf(StelaceError)
    expect(isStelaceError(new OtherServerError("x"))).toBe(false)
  })

  it("the facade rejects with StelaceErrors: a 404 from the local backend", async () => {
    const server = await startServer({ seed: "empty" })
    try {
      const stelace = createInstance({ apiKey: "seck_test_LocalStelaceSecretKey0001", host: "127.0.0.1", port: server.port, protocol: "http" })
      const error = await stelace.assets.read("ast_missing").then(() => undefined, (e: unknown) => e)
      expect(error).toBeInstanceOf(StelaceError)
      expect(error).toMatchObject({ _tag: "ServerError", statusCode: 404, reason: { _tag: "NotFound" } })
      // stelace.js's errors were copies of the body: the reason adds no own enumerable key
      expect(Object.keys(error as object)).not.toContain("reason")
    } finally {
      await server.close()
    }
  })
})

describe("ServerError's reason", () => {
  it.each([
    [400, "Validation"],
    [401, "Unauthorized"],
    [403, "Forbidden"],
    [404, "NotFound"],
    [409, "Conflict"],
    [422, "Validation"],
    [500, "Internal"],
    [502, "Unavailable"],
    [503, "Unavailable"],
    [504, "Unavailable"],
    [507, "Internal"],
    [418, "Other"]
  ])("status %i is %s", (status, tag) => {
    expect(ServerError.fromResponse({ status, requestId: undefined, body: { message: "x" } }).reason).toEqual({ _tag: tag })
    expect(new ServerError({ message: "x", statusCode: status }).reason).toEqual({ _tag: tag })
  })

  it("429 is RateLimited, with the retry-after header's seconds when it has some", () => {
    const answer = (headers: Record<string, string>) => ServerError.fromResponse({ status: 429, requestId: undefined, headers, body: {} }).reason
    expect(answer({ "retry-after": "30" })).toEqual({ _tag: "RateLimited", retryAfter: 30 })
    expect(answer({})).toEqual({ _tag: "RateLimited", retryAfter: undefined })
    expect(answer({ "retry-after": "Wed, 21 Oct 2026 07:28:00 GMT" })).toEqual({ _tag: "RateLimited", retryAfter: undefined })
  })

  it("a body's own `reason` field does not replace it", () => {
    const error = ServerError.fromResponse({ status: 404, requestId: undefined, body: { message: "x", reason: "gone" } })
    expect(error.reason).toEqual({ _tag: "NotFound" })
  })
})

describe("catching by reason", () => {
  it.effect("Effect.catchReason handles a 404 as NotFound and leaves a 403 to the caller", () =>
    Effect.gen(function*() {
      const transport = scripted((request) =>
        request.path.endsWith("ast_1") ? { status: 404, body: { message: "Asset not found" } } : { status: 403, body: { message: "Forbidden" } }
      )
      const read = (id: string) =>
        Assets.read(id).pipe(
          Effect.map(() => "found"),
          Effect.catchReason("ServerError", "NotFound", (reason, error) => Effect.succeed(`${reason._tag}: ${error.message}`)),
          Effect.provide(scriptedLayer(transport))
        )
      assert.strictEqual(yield* read("ast_1"), "NotFound: Asset not found")
      const other = yield* Effect.flip(read("ast_2"))
      assert.strictEqual(other._tag, "ServerError")
      assert.deepStrictEqual(other._tag === "ServerError" ? other.reason : undefined, { _tag: "Forbidden" })
    }))

  it.effect("Effect.catchReasons tells a refused connection from a reset one", () =>
    Effect.gen(function*() {
      const transport = scripted((request) => ({ fail: platformError(request.path.endsWith("ast_1") ? "ECONNREFUSED" : "ECONNRESET") }))
      const read = (id: string) =>
        Assets.read(id).pipe(
          Effect.map(() => "found"),
          Effect.catchReasons("NetworkError", {
            Refused: () => Effect.succeed("nothing listens"),
            Reset: () => Effect.succeed("cut off")
          }),
          Effect.provide(scriptedLayer(transport, { maxRetries: 0 }))
        )
      assert.deepStrictEqual([yield* read("ast_1"), yield* read("ast_2")], ["nothing listens", "cut off"])
    }))
})

describe("JSON", () => {
  it.each(oneOfEach().map((error) => [error._tag, error] as const))("JSON.stringify(%s) has its _tag, message and reason, never its cause", (tag, error) => {
    const json = JSON.parse(JSON.stringify(error))
    expect(json._tag).toBe(tag)
    expect(json.message).toBe(error.message)
    if ("reason" in error) expect(json.reason).toEqual(error.reason)
    expect(json).not.toHaveProperty("cause")
  })

  it("a ServerError's JSON is its body's fields, its _tag and its reason", () => {
    const error = ServerError.fromResponse({ status: 404, requestId: "req_1", body: { message: "Asset not found", statusCode: 404, data: { id: "ast_1" } } })
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      _tag: "ServerError",
      message: "Asset not found",
      statusCode: 404,
      data: { id: "ast_1" },
      requestId: "req_1",
      reason: { _tag: "NotFound" }
    })
  })

  it("a NetworkError's JSON leaves out the platform's error", () => {
    const cause = Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" })
    const error = new NetworkError({ message: "Network Error", reason: { _tag: "Refused" }, method: "GET", url: "https://api.test/assets", cause })
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      _tag: "NetworkError",
      message: "Network Error",
      reason: { _tag: "Refused" },
      method: "GET",
      url: "https://api.test/assets"
    })
  })
})

describe("schemas of the errors (stelace-effect/Schemas)", () => {
  const encode = Schema.encodeUnknownSync(Schemas.StelaceError)
  const decode = Schema.decodeUnknownSync(Schemas.StelaceError)

  it.each(oneOfEach().map((error) => [error._tag, error] as const))("a %s goes through JSON and back to its class", (_, error) => {
    const wire = JSON.parse(JSON.stringify(encode(error)))
    const back = decode(wire)
    expect(back).toBeInstanceOf(error.constructor)
    expect(back).toBeInstanceOf(StelaceError)
    expect(back._tag).toBe(error._tag)
    expect(back.message).toBe(error.message)
    expect(JSON.parse(JSON.stringify(back))).toEqual(JSON.parse(JSON.stringify(error)))
  })

  it("a ServerError keeps its status, request id, retry-after, and so its reason", () => {
    const [error] = oneOfEach()
    const back = decode(JSON.parse(JSON.stringify(encode(error)))) as ServerError
    expect(back.reason).toEqual({ _tag: "RateLimited", retryAfter: 30 })
    expect([back.statusCode, back.requestId, back.data, back.code]).toEqual([429, "req_1", { limit: 10 }, "RATE"])
    expect(back.lastResponse).toEqual({ requestId: "req_1", statusCode: 429 })
  })

  it("refuses what is not one of the errors", () => {
    expect(() => decode({ _tag: "ServerError", message: "x" })).toThrow()
    expect(() => decode({ _tag: "TeapotError", message: "x" })).toThrow()
    expect(() => decode({ _tag: "InvalidArgument", message: "x" })).toThrow()
  })

  it("a schema of one error refuses another's JSON", () => {
    const wire = JSON.parse(JSON.stringify(oneOfEach()[1]))
    expect(Schema.decodeUnknownSync(Schemas.NetworkError)(wire)).toBeInstanceOf(NetworkError)
    expect(() => Schema.decodeUnknownSync(Schemas.ServerError)(wire)).toThrow()
  })
})
