/**
 * Every response the Postman collections document (both API versions) decodes with the schema of
 * its route, the one `Schemas.layerDecoding` uses. Where an example is older than the server, the
 * correction is named here with its source, and the corrected body must decode.
 */
import * as Schema from "effect/Schema"
import { describe, expect, it } from "vitest"
import type { AnyEndpoint } from "../../src/internal/routes/model.js"
import * as E from "../../src/internal/routes/table.js"
import { toPage } from "../../src/internal/pipeline/results.js"
import { routeSchemas } from "../../src/internal/routes/resultSchemas.js"
import type { Example } from "../testing/postman.js"
import { loadFixture } from "../testing/postman.js"

type Body = Record<string, any>

const routes: ReadonlyArray<readonly [string, AnyEndpoint]> = Object.entries(E).flatMap(([family, members]) =>
  Object.entries(members as Record<string, AnyEndpoint>).map(([name, endpoint]) => [`${family}.${name}`, endpoint] as const)
)

/** Examples whose path is not enough to tell the route. */
const byName: Record<string, string> = {
  "Asset API / Availability / Get availability graph": "availabilities.getGraph",
  "Saved search API / Create saved search": "savedSearches.create",
  "Search API / Get search results": "search.results",
  "User API / Organization / Add user to an organization or update roles within": "users.joinOrganizationOrUpdateRights"
}

const routeOf = (example: Example): string | undefined => {
  if (byName[example.name]) return byName[example.name]
  const path = example.path.split("?")[0]!
  const matches = routes.filter(([, endpoint]) =>
    endpoint.method === example.method && new RegExp(`^${endpoint.path.replace(/:[A-Za-z]+/g, "[^/]+")}$`).test(path)
  )
  // a fixed segment (`/users/check-availability`) wins over a parameter (`/users/:id`)
  return matches.sort(([, a], [, b]) => a.path.split(":").length - b.path.split(":").length)[0]?.[0]
}

const add = (fields: Body) => (body: Body) => ({ ...fields, ...body })

/** Where the documentation predates the server (stelace/stelace `dev`, src/models), and how. */
const corrections: Record<string, { readonly why: string; readonly fix: (body: Body) => Body }> = {
  "users.read": { why: "every exposed object has livemode (models/Base.js)", fix: add({ livemode: false }) },
  "assetTypes.read": { why: "asset types have isDefault (models/AssetType.js)", fix: add({ isDefault: false }) },
  "assetTypes.create": { why: "asset types have isDefault (models/AssetType.js)", fix: add({ isDefault: false }) },
  "assetTypes.update": {
    why: "the example shows the request's fields, not the asset type the server answers with",
    fix: add({
      id: "typ_MGsfQps1I3a1gJYz2I3a",
      createdDate: "2018-03-12T18:26:55.717Z",
      updatedDate: "2018-04-13T16:20:54.648Z",
      isDefault: false,
      metadata: {},
      platformData: {},
      livemode: false
    })
  },
  "transactions.read": { why: "transactions have timeUnit (models/Transaction.js)", fix: add({ timeUnit: null }) },
  "transactions.create": { why: "transactions have timeUnit (models/Transaction.js)", fix: add({ timeUnit: null }) },
  "transactions.update": { why: "transactions have timeUnit (models/Transaction.js)", fix: add({ timeUnit: null }) },
  "transactions.preview": { why: "transactions have timeUnit (models/Transaction.js)", fix: add({ timeUnit: null }) },
  "transactions.createTransition": { why: "transactions have timeUnit (models/Transaction.js)", fix: add({ timeUnit: null }) },
  "orders.update": {
    why: "orders have a payerId; the example's senderId predates it",
    fix: ({ senderId, ...body }) => ({ ...body, payerId: senderId ?? null })
  },
  "events.read": { why: "events have emitterId and livemode (models/Event.js)", fix: add({ emitterId: null, livemode: false }) },
  "events.create": {
    why: "events have emitter, emitterId and livemode (models/Event.js)",
    fix: add({ emitter: "custom", emitterId: null, livemode: false })
  },
  "events.getHistory": {
    why: "history is cursor-based (fact sheet §3); the example shows page-based fields",
    fix: ({ page: _p, nbPages: _n, nbResults: _r, ...body }) => ({
      ...body,
      startCursor: null,
      endCursor: null,
      hasPreviousPage: false,
      hasNextPage: false
    })
  },
  "workflows.read": { why: "workflows have apiVersion (models/Workflow.js)", fix: add({ apiVersion: "2020-08-10" }) },
  ...Object.fromEntries(["workflows.create", "workflows.update"].map((route) => [route, {
    why: "steps have endpointMethod and endpointUri (the example's action and endpointPath are older names); stats default to an object",
    fix: ({ run, stats, ...body }: Body) => ({
      ...body,
      stats: stats ?? { nbTimesRun: 0 },
      run: run.map(({ action, endpointPath, ...step }: Body) => ({ ...step, endpointMethod: action, endpointUri: endpointPath }))
    })
  }]))
}

const decode = (schema: Schema.Top, body: unknown, kind: AnyEndpoint["kind"]) =>
  Schema.decodeUnknownExit(schema as Schema.Codec<unknown>)(
    kind === "list" ? toPage(body, { requestId: undefined, statusCode: 200 }) : body,
    { errors: "all" }
  )

describe("the route schemas, on every response the Postman collections document", () => {
  const examples = loadFixture().filter((example) => example.response !== null && typeof example.response === "object")
  const schemas = routeSchemas()

  it("cover the documented responses of both API versions", () => {
    expect(examples.filter((example) => example.collection === "2019-05-20").length).toBeGreaterThan(80)
    expect(examples.filter((example) => example.collection === "2020-08-10").length).toBeGreaterThan(80)
  })

  for (const example of examples) {
    const route = routeOf(example)
    it(`${example.collection} ${example.method} ${example.path.split("?")[0]} (${route})`, () => {
      expect(route, example.name).toBeDefined()
      const endpoint = routes.find(([name]) => name === route)![1]
      const schema = schemas.get(endpoint)
      expect(schema, `${route} has a schema`).toBeDefined()
      const correction = corrections[route!]
      const body = correction ? correction.fix(example.response as Body) : example.response
      const exit = decode(schema!, body, endpoint.kind)
      expect(exit._tag === "Success" ? "decoded" : String(exit.cause), correction?.why ?? "as documented").toBe("decoded")
    })
  }
})
