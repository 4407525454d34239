/**
 * Opt-in decoding with the exported schemas: per call (`Schemas.decodeAs`) and for a whole client
 * (`Schemas.layerDecoding`). Bodies are the Postman collection's documented responses.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import * as HttpClient from "effect/http/HttpClient"
import * as HttpClientResponse from "effect/http/HttpClientResponse"
import type { AssetId, TransactionId, UserId } from "../../src/index.js"
import { Assets, DecodeError, Forward, Search, Stelace, TokenStore, Transactions } from "../../src/index.js"
import * as Schemas from "../../src/Schemas.js"
import { SECRET_KEY } from "../support/jwt.js"
import { loadFixture } from "../testing/postman.js"

// Decoding is registered for the whole type-check of the tests (an augmentation is program-wide):
// every route's error type names DecodeError there. test/types/consumer checks an app without it.
declare module "../../src/index.js" {
  interface Register {
    decoding: true
  }
}

const documented = (method: string, path: string): Record<string, any> => {
  const example = loadFixture().find((e) => e.collection === "2020-08-10" && e.method === method && e.path === path)
  if (!example) throw new Error(`no documented ${method} ${path}`)
  return example.response as Record<string, any>
}

/** An asset as documented; `deposit` is a field the current schemas do not name. */
const asset = documented("GET", "/assets/ast_2l7fQps1I3a1gJYz2I3a")
/** A transaction as documented, with `timeUnit`, which the example predates. */
const transaction: Record<string, any> = { ...documented("GET", "/transactions/trn_a3BfQps1I3a1gJYz2I3a"), timeUnit: "d" }
const searchPage = documented("POST", "/search")

const assetPage = {
  results: [asset, { ...asset, id: "ast_second", price: 12 }],
  startCursor: "c1",
  endCursor: "c2",
  hasPreviousPage: false,
  hasNextPage: true,
  nbResultsPerPage: 2
}

/** A client whose HTTP transport answers `reply(path)` with a request id. */
const clientAnswering = (reply: (path: string) => unknown) =>
  Stelace.layer({ apiKey: SECRET_KEY }).pipe(
    Layer.provide(Layer.succeed(
      HttpClient.HttpClient,
      HttpClient.make((request, url) =>
        Effect.succeed(HttpClientResponse.fromWeb(request, Response.json(reply(url.pathname), { headers: { "x-request-id": "req_1" } })))
      )
    )),
    Layer.provide(TokenStore.memory)
  )

/** The same client, decoding every result. */
const decodingClientAnswering = (reply: (path: string) => unknown) =>
  clientAnswering(reply).pipe(Layer.provide(Schemas.layerDecoding))

describe("decoding one call with Schemas.decodeAs", () => {
  it.effect("decodes a page of assets, keeping the fields the schemas do not name", () =>
    Effect.gen(function*() {
      const page = yield* Assets.list({ nbResultsPerPage: 2 }).pipe(Schemas.decodeAs(Schemas.Page(Schemas.Asset)))
      const id: AssetId = page.results[0]!.id
      assert.strictEqual(id, "ast_2l7fQps1I3a1gJYz2I3a")
      assert.strictEqual(page.results[1]!.price, 12)
      assert.strictEqual((page.results[0] as unknown as { deposit: number }).deposit, 150)
      assert.deepStrictEqual(page.results[0]!.locations, [{ latitude: 34.099426, longitude: -118.337097 }])
      assert.deepStrictEqual(page.paginationMeta, {
        startCursor: "c1",
        endCursor: "c2",
        hasPreviousPage: false,
        hasNextPage: true,
        nbResultsPerPage: 2
      })
      assert.deepStrictEqual(page.lastResponse, { requestId: "req_1", statusCode: 200 })
    }).pipe(Effect.provide(clientAnswering(() => assetPage))))

  it.effect("decodes a transaction, its snapshots kept whole", () =>
    Effect.gen(function*() {
      const decoded = yield* Transactions.read("trn_a3BfQps1I3a1gJYz2I3a").pipe(Schemas.decodeAs(Schemas.Transaction))
      const id: TransactionId = decoded.id
      const takerId: UserId = decoded.takerId
      assert.strictEqual(id, "trn_a3BfQps1I3a1gJYz2I3a")
      assert.strictEqual(takerId, "usr_Y0tfQps1I3a1gJYz2I3a")
      assert.deepStrictEqual(decoded.duration, { d: 8 })
      assert.deepStrictEqual(decoded.statusHistory, [{ status: "draft", date: "2018-04-13T12:45:23.351Z" }])
      assert.strictEqual(decoded.assetSnapshot.name, "Delorean")
      assert.strictEqual((decoded.assetSnapshot as Record<string, unknown>).deposit, 150)
      assert.deepStrictEqual(decoded, transaction as unknown as typeof decoded)
      assert.strictEqual(decoded.lastResponse.requestId, "req_1")
    }).pipe(Effect.provide(clientAnswering(() => transaction))))

  it.effect("fails with a DecodeError whose path points at the first mismatch", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(Assets.list().pipe(Schemas.decodeAs(Schemas.Page(Schemas.Asset))))
      if (!(error instanceof DecodeError)) return assert.fail(`expected a DecodeError, got ${error._tag}`)
      assert.deepStrictEqual(error.path, ["results", 1, "price"])
      // the value itself stays out of the message, which may end in logs
      assert.strictEqual(error.message, `Expected number at ["results"][1]["price"]`)
      assert.isTrue(Schema.isSchemaError(error.cause))
    }).pipe(Effect.provide(clientAnswering(() => ({ ...assetPage, results: [asset, { ...asset, price: "12" }] })))))

  it.effect("names a missing field by its path", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(Transactions.read("trn_1").pipe(Schemas.decodeAs(Schemas.Transaction)))
      if (error._tag !== "DecodeError") return assert.fail(`expected a DecodeError, got ${error._tag}`)
      assert.deepStrictEqual(error.path, ["takerId"])
      assert.strictEqual(error.message, `Missing key at ["takerId"]`)
    }).pipe(Effect.provide(clientAnswering(() => {
      const { takerId: _, ...withoutTaker } = transaction
      return withoutTaker
    }))))
})

describe("decoding every call of a client with Schemas.layerDecoding", () => {
  it.effect("gives each route's result its schema's shape, lastResponse included", () =>
    Effect.gen(function*() {
      const read = yield* Assets.read("ast_2l7fQps1I3a1gJYz2I3a")
      assert.deepStrictEqual(read, asset as unknown as typeof read)
      assert.deepStrictEqual(read.lastResponse, { requestId: "req_1", statusCode: 200 })
      const list = yield* Assets.list()
      assert.strictEqual(list.results.length, 2)
      const found = yield* Search.results({ query: "DMC" })
      assert.strictEqual(found.paginationMeta.exhaustiveNbResults, true)
    }).pipe(Effect.provide(decodingClientAnswering((path) =>
      path === "/assets" ? assetPage : path === "/search" ? searchPage : asset
    ))))

  it.effect("fails a call whose body does not match, naming the route and the path", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(Assets.read("ast_1"))
      if (error._tag !== "DecodeError") return assert.fail(`expected a DecodeError, got ${error._tag}`)
      assert.deepStrictEqual(error.path, ["locations", 0, "latitude"])
      assert.strictEqual(error.message, `GET /assets/:id: Expected number at ["locations"][0]["latitude"]`)
    }).pipe(Effect.provide(decodingClientAnswering(() => ({ ...asset, locations: [{ latitude: "north", longitude: 2 }] })))))

  it.effect("decodes as well when merged beside the client layer or provided to the program (never silently off)", () =>
    Effect.gen(function*() {
      const malformed = () => ({ ...asset, locations: [{ latitude: "north", longitude: 2 }] })
      const beside = yield* Effect.flip(Assets.read("ast_1").pipe(Effect.provide(Layer.mergeAll(clientAnswering(malformed), Schemas.layerDecoding))))
      assert.strictEqual(beside._tag, "DecodeError")
      const onProgram = yield* Effect.flip(
        Assets.read("ast_1").pipe(Effect.provide(Schemas.layerDecoding), Effect.provide(clientAnswering(malformed)))
      )
      assert.strictEqual(onProgram._tag, "DecodeError")
    }))

  it.effect("lets calls without a route schema through as they came", () =>
    Effect.gen(function*() {
      const raw = yield* Forward.get<{ readonly anything: string }>("/plugins/custom")
      assert.deepStrictEqual({ ...raw }, { anything: "goes" })
    }).pipe(Effect.provide(decodingClientAnswering(() => ({ anything: "goes" })))))

  it.effect("is off unless provided: a malformed body is returned as it came", () =>
    Effect.gen(function*() {
      const read = yield* Assets.read("ast_1")
      assert.strictEqual(read.price as unknown, "ten")
    }).pipe(Effect.provide(clientAnswering(() => ({ ...asset, price: "ten" })))))
})

describe("the exported schemas", () => {
  it("keep unknown fields, at every depth", () => {
    const body = { ...transaction, newTopLevel: 1, assetType: { ...transaction.assetType, extra: true } }
    const decoded = Schema.decodeUnknownSync(Schemas.Transaction)(body)
    assert.deepStrictEqual(decoded, body as unknown as typeof decoded)
    const location = Schema.decodeUnknownSync(Schemas.AssetLocation)({ latitude: 1, longitude: 2, city: "Lyon" })
    assert.deepStrictEqual<unknown>(location, { latitude: 1, longitude: 2, city: "Lyon" })
  })

  it("keep metadata and platformData open, and narrow them with extend", () => {
    const open = Schema.decodeUnknownSync(Schemas.Asset)({ ...asset, metadata: { anything: [1, 2] } })
    assert.deepStrictEqual(open.metadata, { anything: [1, 2] })

    const MyAsset = Schemas.extend(Schemas.Asset, {
      metadata: Schemas.resource({ color: Schema.String, size: Schema.optionalKey(Schema.Number) })
    })
    const decoded = Schema.decodeUnknownSync(MyAsset)({ ...asset, metadata: { color: "red", note: "kept" } })
    const color: string = decoded.metadata.color
    assert.strictEqual(color, "red")
    assert.deepStrictEqual<unknown>(decoded.metadata, { color: "red", note: "kept" })
    assert.strictEqual((decoded as unknown as { deposit: number }).deposit, 150)
    assert.throws(() => Schema.decodeUnknownSync(MyAsset)({ ...asset, metadata: { color: 1 } }), /Expected string/)
  })

  it("decode search results with their page-based meta", () => {
    const page = Schema.decodeUnknownSync(Schemas.Page(Schemas.SearchResult, Schemas.SearchPagination))({
      results: searchPage.results,
      paginationMeta: { nbResults: 1, nbPages: 1, page: 1, nbResultsPerPage: 20, exhaustiveNbResults: true }
    })
    assert.strictEqual(page.paginationMeta.exhaustiveNbResults, true)
    assert.strictEqual(page.results[0]!.name, "Delorean")
  })

  it("refuse a duration with several units", () => {
    assert.deepStrictEqual(Schema.decodeUnknownSync(Schemas.Duration)({ d: 2 }), { d: 2 })
    assert.throws(() => Schema.decodeUnknownSync(Schemas.Duration)({ d: 2, h: 1 }), /one time unit/)
  })
})
