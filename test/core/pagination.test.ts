/**
 * `paginate` streams: every item across pages, page-based or cursor-based, whichever the server
 * answers (`stelace-api.md` §3 and §5), with the requests each page sends on the wire.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import * as Layer from "effect/Layer"
import * as Stream from "effect/Stream"
import * as HttpClient from "effect/http/HttpClient"
import { StelaceTest } from "../../src/testing/index.js"
import * as Sdk from "../../src/index.js"
import {
  ApiKeys,
  Assessments,
  Assets,
  AssetTypes,
  Availabilities,
  Categories,
  CustomAttributes,
  Documents,
  Entries,
  Events,
  MalformedResponse,
  Messages,
  Orders,
  Ratings,
  Roles,
  SavedSearches,
  Search,
  ServerError,
  Stelace,
  Tasks,
  TokenStore,
  Transactions,
  Users,
  WebhookLogs,
  Webhooks,
  WorkflowLogs,
  Workflows
} from "../../src/index.js"
import type { Options } from "../../src/internal/client/settings.js"
import type { StelaceError } from "../../src/index.js"
import type { StelaceClient } from "../../src/Stelace.js"
import { clientLayer, recorder } from "../support/client.js"
import { scripted, scriptedLayer } from "../support/scripted.js"
import type { RecordedRequest, Recorder } from "../support/recorder.js"
import type { Session as SessionService } from "../../src/Session.js"

type Item = { readonly id: string }

const items = (...ids: ReadonlyArray<string>): Array<Item> => ids.map((id) => ({ id }))

/** A page-based (2019-05-20) list body. */
const offsetPage = (page: number, nbPages: number, ids: ReadonlyArray<string>) => ({
  nbResults: nbPages * 2,
  nbPages,
  page,
  nbResultsPerPage: 2,
  results: items(...ids)
})

/** A cursor-based (2020-08-10) list body. */
const cursorPage = (
  ids: ReadonlyArray<string>,
  cursors: { startCursor: string | null; endCursor: string | null; hasPreviousPage: boolean; hasNextPage: boolean }
) => ({ ...cursors, nbResultsPerPage: 2, results: items(...ids) })

const queryParam = (request: RecordedRequest, name: string) => new URLSearchParams(request.query).get(name)

/** Answers page-based bodies from the `page` of the query (or of the JSON body, for search). */
const servePages = (server: Recorder, pages: ReadonlyArray<ReadonlyArray<string>>) =>
  server.respond((request) => {
    const fromBody = (request.json as { page?: number } | undefined)?.page
    const page = Number(fromBody ?? queryParam(request, "page") ?? 1)
    return { body: offsetPage(page, pages.length, pages[page - 1] ?? []) }
  })

/** Answers three cursor-based pages of two items, `a1`…`a5`, addressed by `startingAfter`. */
const serveCursorPages = (server: Recorder) =>
  server.respond((request) => {
    switch (queryParam(request, "startingAfter")) {
      case null:
        return { body: cursorPage(["a1", "a2"], { startCursor: "cur_a1", endCursor: "cur_a2", hasPreviousPage: false, hasNextPage: true }) }
      case "cur_a2":
        return { body: cursorPage(["a3", "a4"], { startCursor: "cur_a3", endCursor: "cur_a4", hasPreviousPage: true, hasNextPage: true }) }
      default:
        return { body: cursorPage(["a5"], { startCursor: "cur_a5", endCursor: "cur_a5", hasPreviousPage: true, hasNextPage: false }) }
    }
  })

const sent = (server: Recorder) => server.requests.map((request) => `${request.method} ${request.url}`)

const collect = <A>(server: Recorder, stream: Stream.Stream<A, StelaceError, StelaceClient | SessionService>, options?: Options) =>
  Stream.runCollect(stream).pipe(Effect.provide(clientLayer(server, options)))

describe("paginate over page-based lists", () => {
  it.live("streams the items of every page, in order", () =>
    Effect.gen(function*() {
      const server = yield* recorder
      servePages(server, [["a1", "a2"], ["a3", "a4"], ["a5"]])
      const all = yield* collect(server, Assets.paginate({ nbResultsPerPage: 2, id: ["a", "b"] }))
      assert.deepStrictEqual(all, items("a1", "a2", "a3", "a4", "a5"))
    }).pipe(Effect.scoped))

  it.live("asks page=2 then page=3, keeping the rest of the query", () =>
    Effect.gen(function*() {
      const server = yield* recorder
      servePages(server, [["a1", "a2"], ["a3", "a4"], ["a5"]])
      yield* collect(server, Assets.paginate({ nbResultsPerPage: 2, id: ["a", "b"] }))
      assert.deepStrictEqual(sent(server), [
        "GET /assets?nbResultsPerPage=2&id[]=a&id[]=b",
        "GET /assets?nbResultsPerPage=2&id[]=a&id[]=b&page=2",
        "GET /assets?nbResultsPerPage=2&id[]=a&id[]=b&page=3"
      ])
    }).pipe(Effect.scoped))

  it.live("starts from the page the query names", () =>
    Effect.gen(function*() {
      const server = yield* recorder
      servePages(server, [["a1", "a2"], ["a3", "a4"], ["a5"]])
      const all = yield* collect(server, Assets.paginate({ page: 2, nbResultsPerPage: 2 }))
      assert.deepStrictEqual(
        { all, sent: sent(server) },
        {
          all: items("a3", "a4", "a5"),
          sent: ["GET /assets?page=2&nbResultsPerPage=2", "GET /assets?page=3&nbResultsPerPage=2"]
        }
      )
    }).pipe(Effect.scoped))

  it.live("sends one request for an empty list (nbPages 0)", () =>
    Effect.gen(function*() {
      const server = yield* recorder
      server.respond(() => ({ body: { results: [], nbResults: 0, nbPages: 0, page: 1, nbResultsPerPage: 20 } }))
      const all = yield* collect(server, Assets.paginate())
      assert.deepStrictEqual({ all, sent: sent(server) }, { all: [], sent: ["GET /assets"] })
    }).pipe(Effect.scoped))
})

describe("paginate over cursor-based lists", () => {
  it.live("streams the items of every page while hasNextPage", () =>
    Effect.gen(function*() {
      const server = yield* recorder
      serveCursorPages(server)
      const all = yield* collect(server, Assets.paginate({ nbResultsPerPage: 2 }))
      assert.deepStrictEqual(all, items("a1", "a2", "a3", "a4", "a5"))
    }).pipe(Effect.scoped))

  it.live("asks each next page with startingAfter=<endCursor>, keeping the rest of the query", () =>
    Effect.gen(function*() {
      const server = yield* recorder
      serveCursorPages(server)
      yield* collect(server, Assets.paginate({ nbResultsPerPage: 2, ownerId: "usr_1" }))
      assert.deepStrictEqual(sent(server), [
        "GET /assets?nbResultsPerPage=2&ownerId=usr_1",
        "GET /assets?nbResultsPerPage=2&ownerId=usr_1&startingAfter=cur_a2",
        "GET /assets?nbResultsPerPage=2&ownerId=usr_1&startingAfter=cur_a4"
      ])
    }).pipe(Effect.scoped))

  it.live("a null endingBefore walks forward like an absent one", () =>
    Effect.gen(function*() {
      const server = yield* recorder
      serveCursorPages(server)
      const all = yield* collect(server, Assets.paginate({ endingBefore: null, nbResultsPerPage: 2 } as any))
      assert.deepStrictEqual({ all, sent: sent(server) }, {
        all: items("a1", "a2", "a3", "a4", "a5"),
        sent: [
          "GET /assets?nbResultsPerPage=2",
          "GET /assets?nbResultsPerPage=2&startingAfter=cur_a2",
          "GET /assets?nbResultsPerPage=2&startingAfter=cur_a4"
        ]
      })
    }).pipe(Effect.scoped))

  it.live("URL-encodes a base64 cursor in startingAfter", () =>
    Effect.gen(function*() {
      const server = yield* recorder
      server.queue(
        { body: cursorPage(["a1"], { startCursor: "YQ==", endCursor: "Yi8rYw==", hasPreviousPage: false, hasNextPage: true }) },
        { body: cursorPage(["a2"], { startCursor: "ZA==", endCursor: "ZA==", hasPreviousPage: true, hasNextPage: false }) }
      )
      yield* collect(server, Assets.paginate())
      assert.deepStrictEqual(sent(server), ["GET /assets", "GET /assets?startingAfter=Yi8rYw%3D%3D"])
    }).pipe(Effect.scoped))

  it.live("walks backwards from endingBefore, following startCursor while hasPreviousPage", () =>
    Effect.gen(function*() {
      const server = yield* recorder
      server.respond((request) =>
        queryParam(request, "endingBefore") === "cur_a9"
          ? { body: cursorPage(["a7", "a8"], { startCursor: "cur_a7", endCursor: "cur_a8", hasPreviousPage: true, hasNextPage: true }) }
          : { body: cursorPage(["a5", "a6"], { startCursor: "cur_a5", endCursor: "cur_a6", hasPreviousPage: false, hasNextPage: true }) }
      )
      const all = yield* collect(server, Assets.paginate({ endingBefore: "cur_a9", nbResultsPerPage: 2 }))
      assert.deepStrictEqual(
        { all, sent: sent(server) },
        {
          all: items("a7", "a8", "a5", "a6"),
          sent: [
            "GET /assets?endingBefore=cur_a9&nbResultsPerPage=2",
            "GET /assets?endingBefore=cur_a7&nbResultsPerPage=2"
          ]
        }
      )
    }).pipe(Effect.scoped))
})

describe("paginate over plain-array lists", () => {
  it.live("takes a plain-array body as the only page: one request", () =>
    Effect.gen(function*() {
      const server = yield* recorder
      server.respond(() => ({ body: items("typ_1", "typ_2") }))
      const all = yield* collect(server, AssetTypes.paginate())
      assert.deepStrictEqual({ all, sent: sent(server) }, { all: items("typ_1", "typ_2"), sent: ["GET /asset-types"] })
    }).pipe(Effect.scoped))
})

describe("Search.paginate", () => {
  it.live("streams the results of every page", () =>
    Effect.gen(function*() {
      const server = yield* recorder
      servePages(server, [["ast_1", "ast_2"], ["ast_3"]])
      const all = yield* collect(server, Search.paginate({ query: "chair", nbResultsPerPage: 2 }))
      assert.deepStrictEqual(all, items("ast_1", "ast_2", "ast_3"))
    }).pipe(Effect.scoped))

  it.live("POSTs every page to /search with the page in the body", () =>
    Effect.gen(function*() {
      const server = yield* recorder
      servePages(server, [["ast_1", "ast_2"], ["ast_3"]])
      yield* collect(server, Search.paginate({ query: "chair", nbResultsPerPage: 2 }))
      assert.deepStrictEqual(
        server.requests.map((request) => ({ sends: `${request.method} ${request.url}`, body: request.body })),
        [
          { sends: "POST /search", body: `{"query":"chair","nbResultsPerPage":2}` },
          { sends: "POST /search", body: `{"query":"chair","nbResultsPerPage":2,"page":2}` }
        ]
      )
    }).pipe(Effect.scoped))

  it.live("forces save: false on every page when save was true", () =>
    Effect.gen(function*() {
      const server = yield* recorder
      servePages(server, [["ast_1", "ast_2"], ["ast_3"]])
      yield* collect(server, Search.paginate({ query: "chair", save: true }))
      assert.deepStrictEqual(server.requests.map((request) => request.body), [
        `{"query":"chair","save":false}`,
        `{"query":"chair","save":false,"page":2}`
      ])
    }).pipe(Effect.scoped))
})

type PaginateFunction = (...args: any) => Stream.Stream<unknown, StelaceError, StelaceClient | SessionService>

interface Walk {
  readonly paginate: PaginateFunction
  readonly args: ReadonlyArray<unknown>
  /** The first request, `GET /path?query`. */
  readonly first: string
  readonly pagination: "page" | "cursor"
}

const walk = <F extends PaginateFunction>(paginate: F, args: Parameters<F>, first: string, pagination: "page" | "cursor"): Walk => ({
  paginate,
  args,
  first,
  pagination
})

/** `Module.paginate*` of every paginate function the package exports. */
const paginateNames = new Map<unknown, string>()
for (const [moduleName, module] of Object.entries(Sdk as Record<string, unknown>)) {
  if (typeof module !== "object" || module === null) continue
  for (const [name, value] of Object.entries(module)) {
    if (name.startsWith("paginate") && typeof value === "function") paginateNames.set(value, `${moduleName}.${name}`)
  }
}

/** Every other `paginate*` function, with the list route it walks (from `stelace-api.md` §6). */
const walks: ReadonlyArray<Walk> = [
  walk(ApiKeys.paginate, [{ nbResultsPerPage: 2 }], "GET /api-keys?nbResultsPerPage=2", "cursor"),
  walk(Assessments.paginate, [{ assetId: "ast_1" }], "GET /assessments?assetId=ast_1", "cursor"),
  walk(Assets.paginate, [{ ownerId: "usr_1" }], "GET /assets?ownerId=usr_1", "page"),
  walk(AssetTypes.paginate, [{ nbResultsPerPage: 2 }], "GET /asset-types?nbResultsPerPage=2", "cursor"),
  walk(Availabilities.paginate, [{ assetId: "ast_1" }], "GET /availabilities?assetId=ast_1", "page"),
  walk(Categories.paginate, [{ nbResultsPerPage: 2 }], "GET /categories?nbResultsPerPage=2", "cursor"),
  walk(CustomAttributes.paginate, [{ nbResultsPerPage: 2 }], "GET /custom-attributes?nbResultsPerPage=2", "page"),
  walk(Documents.paginate, [{ type: "invoice" }], "GET /documents?type=invoice", "cursor"),
  walk(Documents.paginateStats, [{ type: "invoice", groupBy: "authorId" }], "GET /documents/stats?type=invoice&groupBy=authorId", "page"),
  walk(Entries.paginate, [{ collection: "website" }], "GET /entries?collection=website", "page"),
  walk(Events.paginate, [{ objectId: "ast_1" }], "GET /events?objectId=ast_1", "cursor"),
  walk(Events.paginateStats, [{ groupBy: "type" }], "GET /events/stats?groupBy=type", "page"),
  walk(Events.paginateHistory, [{ groupBy: "day" }], "GET /events/history?groupBy=day", "cursor"),
  walk(Messages.paginate, [{ topicId: "ast_1" }], "GET /messages?topicId=ast_1", "cursor"),
  walk(Orders.paginate, [{ payerId: "usr_1" }], "GET /orders?payerId=usr_1", "page"),
  walk(Ratings.paginate, [{ targetId: "usr_2" }], "GET /ratings?targetId=usr_2", "cursor"),
  walk(Ratings.paginateStats, [{ groupBy: "targetId" }], "GET /ratings/stats?groupBy=targetId", "cursor"),
  walk(Roles.paginate, [{ nbResultsPerPage: 2 }], "GET /roles?nbResultsPerPage=2", "cursor"),
  walk(SavedSearches.paginate, [{ userId: "usr_1" }], "GET /search?userId=usr_1", "page"),
  walk(Tasks.paginate, [{ eventType: "reminder" }], "GET /tasks?eventType=reminder", "cursor"),
  walk(Transactions.paginate, [{ assetId: "ast_1" }], "GET /transactions?assetId=ast_1", "page"),
  walk(Users.paginate, [{ type: "user" }], "GET /users?type=user", "cursor"),
  walk(WebhookLogs.paginate, [{ webhookId: "whk_1" }], "GET /webhook-logs?webhookId=whk_1", "cursor"),
  walk(Webhooks.paginate, [{ nbResultsPerPage: 2 }], "GET /webhooks?nbResultsPerPage=2", "page"),
  walk(WorkflowLogs.paginate, [{ workflowId: "wfw_1" }], "GET /workflow-logs?workflowId=wfw_1", "cursor"),
  walk(WorkflowLogs.paginateHistory, [{ groupBy: "hour" }], "GET /workflow-logs/history?groupBy=hour", "cursor"),
  walk(Workflows.paginate, [{ nbResultsPerPage: 2 }], "GET /workflows?nbResultsPerPage=2", "cursor")
]

describe("every paginate function", () => {
  for (const row of walks) {
    const next = row.pagination === "page" ? "page=2" : "startingAfter=cur_2"
    it.live(`${paginateNames.get(row.paginate) ?? "<not exported>"} walks ${row.first} (${row.pagination}-based), then &${next}`, () =>
      Effect.gen(function*() {
        const server = yield* recorder
        server.queue(
          row.pagination === "page"
            ? { body: offsetPage(1, 2, ["x1", "x2"]) }
            : { body: cursorPage(["x1", "x2"], { startCursor: "cur_1", endCursor: "cur_2", hasPreviousPage: false, hasNextPage: true }) },
          row.pagination === "page"
            ? { body: offsetPage(2, 2, ["x3"]) }
            : { body: cursorPage(["x3"], { startCursor: "cur_3", endCursor: "cur_3", hasPreviousPage: true, hasNextPage: false }) }
        )
        const all = yield* collect(server, row.paginate(...row.args))
        assert.deepStrictEqual(
          { all, sent: sent(server) },
          { all: items("x1", "x2", "x3"), sent: [row.first, `${row.first}&${next}`] }
        )
      }).pipe(Effect.scoped))
  }

  it("has a walk (or its own tests, for Search.paginate) for every exported paginate function", () => {
    const covered = new Set<unknown>([...walks.map((row) => row.paginate), Search.paginate])
    const missing = [...paginateNames].filter(([fn]) => !covered.has(fn)).map(([, name]) => name)
    assert.deepStrictEqual(missing, [])
  })
})

describe("paginate failures", () => {
  it.live("fails with the typed ServerError of page 2 after streaming the items of page 1", () =>
    Effect.gen(function*() {
      const server = yield* recorder
      server.queue(
        { body: cursorPage(["a1", "a2"], { startCursor: "cur_a1", endCursor: "cur_a2", hasPreviousPage: false, hasNextPage: true }) },
        { status: 422, body: { message: "Invalid cursor", statusCode: 422 } }
      )
      const outcomes = yield* collect(server, Stream.result(Assets.paginate()))
      assert.deepStrictEqual(
        outcomes.map((outcome): unknown =>
          Result.isSuccess(outcome)
            ? outcome.success
            : {
              failure: outcome.failure instanceof ServerError ? "ServerError" : String(outcome.failure),
              statusCode: (outcome.failure as ServerError).statusCode,
              message: outcome.failure.message
            }
        ),
        [{ id: "a1" }, { id: "a2" }, { failure: "ServerError", statusCode: 422, message: "Invalid cursor" }]
      )
    }).pipe(Effect.scoped))

  it.live("fails with MalformedResponse when a list answer is not a list", () =>
    Effect.gen(function*() {
      const server = yield* recorder
      server.respond(() => ({ headers: { "x-request-id": "req_odd" }, body: { message: "not a list" } }))
      const error = yield* collect(server, Assets.paginate()).pipe(Effect.flip)
      assert.deepStrictEqual(
        { isMalformed: error instanceof MalformedResponse, tag: error._tag, lastResponse: (error as MalformedResponse).lastResponse },
        { isMalformed: true, tag: "MalformedResponse", lastResponse: { requestId: "req_odd", statusCode: 200 } }
      )
    }).pipe(Effect.scoped))
})

describe("paginate options", () => {
  const headersOf = (server: Recorder) =>
    server.requests.map((request) => ({
      version: request.headers["x-stelace-version"],
      userId: request.headers["x-stelace-user-id"],
      organizationId: request.headers["x-stelace-organization-id"]
    }))

  it.live("applies the options argument to every page", () =>
    Effect.gen(function*() {
      const server = yield* recorder
      servePages(server, [["a1", "a2"], ["a3"]])
      yield* collect(server, Assets.paginate({ nbResultsPerPage: 2 }, { apiVersion: "2019-05-20", organizationId: "org_1", userId: "usr_1" }))
      const expected = { version: "2019-05-20", userId: "usr_1", organizationId: "org_1" }
      assert.deepStrictEqual(headersOf(server), [expected, expected])
    }).pipe(Effect.scoped))

  it.live("applies Stelace.withRequestOptions to every page", () =>
    Effect.gen(function*() {
      const server = yield* recorder
      servePages(server, [["a1", "a2"], ["a3"]])
      yield* collect(server, Assets.paginate({ nbResultsPerPage: 2 })).pipe(
        Stelace.withRequestOptions({ apiVersion: "2019-05-20", organizationId: "org_1", userId: "usr_1" })
      )
      const expected = { version: "2019-05-20", userId: "usr_1", organizationId: "org_1" }
      assert.deepStrictEqual(headersOf(server), [expected, expected])
    }).pipe(Effect.scoped))

  it.live("lets the options argument override the client's organization and Stelace.withRequestOptions", () =>
    Effect.gen(function*() {
      const server = yield* recorder
      servePages(server, [["a1", "a2"], ["a3"]])
      yield* collect(server, Assets.paginate({ nbResultsPerPage: 2 }, { apiVersion: "2020-08-10", organizationId: "org_call" }), {
        organizationId: "org_client"
      }).pipe(Stelace.withRequestOptions({ apiVersion: "2019-05-20", userId: "usr_1" }))
      const expected = { version: "2020-08-10", userId: "usr_1", organizationId: "org_call" }
      assert.deepStrictEqual(headersOf(server), [expected, expected])
    }).pipe(Effect.scoped))
})

describe("partly consumed streams", () => {
  it.effect("fetch only the pages the consumer pulls (Stream.take)", () =>
    Effect.gen(function*() {
      // an in-memory transport: a request fired in the background would be recorded at once
      const pages = [["a1", "a2"], ["a3", "a4"], ["a5", "a6"], ["a7"]]
      const transport = scripted((request) => {
        const page = Number(new URLSearchParams(request.query).get("page") ?? 1)
        return { body: offsetPage(page, pages.length, pages[page - 1] ?? []) }
      })
      const taken = yield* Stream.runCollect(Assets.paginate({ nbResultsPerPage: 2 }).pipe(Stream.take(3))).pipe(
        Effect.provide(scriptedLayer(transport))
      )
      assert.deepStrictEqual(
        { taken, sent: transport.requests.map((request) => `${request.method} ${request.path}?${request.query}`) },
        { taken: items("a1", "a2", "a3"), sent: ["GET /assets?nbResultsPerPage=2", "GET /assets?nbResultsPerPage=2&page=2"] }
      )
    }))
})

describe("paginate follows the API version, against the in-memory backend", () => {
  /** A client of `version` over a fresh demo backend, and every request it sends: `<x-stelace-version> <path?query>`. */
  const versioned = (version: "2019-05-20" | "2020-08-10") => {
    const sent: Array<string> = []
    const recording = Layer.effect(
      HttpClient.HttpClient,
      Effect.map(
        Effect.service(HttpClient.HttpClient),
        HttpClient.tapRequest((request) =>
          Effect.sync(() => {
            sent.push(`${request.headers["x-stelace-version"]} ${new URL(request.url).pathname}${new URL(request.url).search}`)
          })
        )
      )
    ).pipe(Layer.provide(StelaceTest.layer()))
    const layer = Stelace.layer({ apiKey: StelaceTest.demo.secretApiKey, apiVersion: version }).pipe(
      Layer.provide(recording),
      Layer.provide(TokenStore.memory)
    )
    return { sent, layer }
  }

  const ids = (all: Iterable<{ readonly id: string }>) => Array.from(all, (item) => item.id)

  /** Every asset in one big page, and the same walked 4 at a time. */
  const wholeAndWalked = Effect.gen(function*() {
    const whole = yield* Assets.list({ nbResultsPerPage: 100 })
    const all = yield* Stream.runCollect(Assets.paginate({ nbResultsPerPage: 4 }))
    return { all, whole }
  })

  it.effect("under 2019-05-20, pages by page number: every item once, as one big page has them", () =>
    Effect.gen(function*() {
      const { sent, layer } = versioned("2019-05-20")
      const { all, whole } = yield* wholeAndWalked.pipe(Effect.provide(layer))
      assert.deepStrictEqual(ids(all), ids(whole.results))
      assert.strictEqual(whole.results.length, 9)
      assert.deepStrictEqual(sent.slice(1), [
        "2019-05-20 /assets?nbResultsPerPage=4",
        "2019-05-20 /assets?nbResultsPerPage=4&page=2",
        "2019-05-20 /assets?nbResultsPerPage=4&page=3"
      ])
    }))

  it.effect("under 2020-08-10, pages by cursor: every item once, as one big page has them", () =>
    Effect.gen(function*() {
      const { sent, layer } = versioned("2020-08-10")
      const { all, whole } = yield* wholeAndWalked.pipe(Effect.provide(layer))
      assert.deepStrictEqual(ids(all), ids(whole.results))
      const pages = sent.slice(1)
      assert.strictEqual(pages.length, 3)
      assert.strictEqual(pages[0], "2020-08-10 /assets?nbResultsPerPage=4")
      for (const next of pages.slice(1)) assert.match(next, /^2020-08-10 \/assets\?nbResultsPerPage=4&startingAfter=[^&]+$/)
    }))

  it.effect("a call's own version wins over the client's, on every page (a 2020-08-10 client walking pages as 2019-05-20)", () =>
    Effect.gen(function*() {
      const { sent, layer } = versioned("2020-08-10")
      const all = yield* Stream.runCollect(Users.paginate({ nbResultsPerPage: 3 }, { apiVersion: "2019-05-20" })).pipe(Effect.provide(layer))
      assert.strictEqual(new Set(ids(all)).size, all.length)
      assert.deepStrictEqual(sent, ["2019-05-20 /users?nbResultsPerPage=3", "2019-05-20 /users?nbResultsPerPage=3&page=2"])
    }))

  it.effect("lists that are a plain array under 2019-05-20 (categories) are one page there, and cursor pages under 2020-08-10", () =>
    Effect.gen(function*() {
      const old = versioned("2019-05-20")
      const current = versioned("2020-08-10")
      const before = yield* Stream.runCollect(Categories.paginate({ nbResultsPerPage: 4 })).pipe(Effect.provide(old.layer))
      const after = yield* Stream.runCollect(Categories.paginate({ nbResultsPerPage: 4 })).pipe(Effect.provide(current.layer))
      assert.deepStrictEqual(ids(after).sort(), ids(before).sort())
      assert.deepStrictEqual(old.sent, ["2019-05-20 /categories?nbResultsPerPage=4"])
      assert.deepStrictEqual(current.sent.map((line) => line.replace(/startingAfter=[^&]+/, "startingAfter=…")), [
        "2020-08-10 /categories?nbResultsPerPage=4",
        "2020-08-10 /categories?nbResultsPerPage=4&startingAfter=…"
      ])
    }))
})
