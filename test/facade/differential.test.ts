/**
 * Differential test, every method of every resource: each call of stelace@0.14.0 is made with the
 * same arguments on our facade, against the same recording server, and both must put the same
 * request on the wire and resolve to the same value (with the same hidden `lastResponse` and
 * `paginationMeta`).
 */
import { describe, expect, it } from "vitest"
import { accessToken } from "../support/jwt.js"
import type { RecordedRequest, Reply } from "../support/recorder.js"
import { expectSame, factories, offsetList, runBoth, useRecorder } from "./harness.js"

const recorder = useRecorder()

/** How a method's answer is shaped. */
type Kind =
  | "object" // the body, with `lastResponse`
  | "list" // page-based list: the results, with `lastResponse` and `paginationMeta`
  | "search" // as "list", `paginationMeta` adding `exhaustiveNbResults`
  | "rawList" // the five lists 0.14.0 did not unwrap (see below)

interface Row {
  readonly resource: string
  readonly method: string
  /** Built afresh for each SDK: 0.14.0 mutated some arguments (search's `save`). */
  readonly args: () => Array<unknown>
  /** `METHOD /path` expected on the wire. */
  readonly http: string
  readonly kind: Kind
}

const options = () => ({ stelaceVersion: "2019-05-20", stelaceOrganizationId: "org_call", stelaceUserId: "usr_call" })
const query = () => ({
  page: 2,
  nbResultsPerPage: 2,
  id: ["id_a", "id_b"],
  createdDate: { gte: "2020-01-01T00:00:00.000Z" },
  q: "a b&c",
  skipped: null
})
const body = () => ({ name: "Name", metadata: { nested: [1, "two", { three: true }] }, nothing: null })

/** The basic methods of a resource at `path`. */
const basic = (
  resource: string,
  path: string,
  methods: ReadonlyArray<"list" | "read" | "create" | "update" | "remove">,
  listKind: Kind = "list"
): Array<Row> =>
  // biome-ignore lint/suspicious/useIterableCallbackReturn: the switch covers every method of the union, and tsc checks each case returns a Row
  methods.map((method): Row => {
    switch (method) {
      case "list":
        return { resource, method, args: () => [query(), options()], http: `GET ${path}`, kind: listKind }
      case "read":
        return { resource, method, args: () => ["id_1", { fields: "a,b" }, options()], http: `GET ${path}/id_1`, kind: "object" }
      case "create":
        return { resource, method, args: () => [body(), options()], http: `POST ${path}`, kind: "object" }
      case "update":
        return { resource, method, args: () => ["id_1", body(), options()], http: `PATCH ${path}/id_1`, kind: "object" }
      case "remove":
        return { resource, method, args: () => ["id_1", options()], http: `DELETE ${path}/id_1`, kind: "object" }
    }
  })

const all = ["list", "read", "create", "update", "remove"] as const
const row = (resource: string, method: string, args: () => Array<unknown>, http: string, kind: Kind = "object"): Row => ({
  resource,
  method,
  args,
  http,
  kind
})

/** Every method of stelace.js 0.14.0 (the table of upstream-sdk.md), `auth.info` aside (no request). */
const rows: ReadonlyArray<Row> = [
  ...basic("apiKeys", "/api-keys", all),
  ...basic("assets", "/assets", all),
  ...basic("assetTypes", "/asset-types", all, "rawList"),
  ...basic("availabilities", "/availabilities", ["list", "create", "update", "remove"]),
  row("availabilities", "getGraph", () => [{ assetId: "ast_1" }, options()], "GET /availabilities/graph"),
  ...basic("categories", "/categories", all, "rawList"),
  ...basic("customAttributes", "/custom-attributes", all),
  ...basic("documents", "/documents", all),
  row("documents", "getStats", () => [{ type: "review", groupBy: "targetId" }, options()], "GET /documents/stats", "list"),
  ...basic("entries", "/entries", all),
  ...basic("events", "/events", ["list", "read", "create"]),
  row("events", "getStats", () => [{ groupBy: "type" }, options()], "GET /events/stats", "list"),
  ...basic("messages", "/messages", all),
  ...basic("orderLines", "/order-lines", ["read", "create", "update"]),
  ...basic("orderMoves", "/order-moves", ["read", "create", "update"]),
  ...basic("orders", "/orders", ["list", "read", "create", "update"]),
  row("orders", "preview", () => [{ transactionIds: ["trn_1"] }, options()], "POST /orders/preview"),
  ...basic("ratings", "/ratings", all),
  row("ratings", "getStats", () => [{ groupBy: "targetId" }, options()], "GET /ratings/stats", "list"),
  ...basic("roles", "/roles", all, "rawList"),
  ...basic("tasks", "/tasks", all),
  ...basic("webhooks", "/webhooks", all, "rawList"),
  ...basic("workflows", "/workflows", all, "rawList"),
  ...basic("transactions", "/transactions", ["list", "read", "create", "update"]),
  row("transactions", "createTransition", () => ["trn_1", { name: "accept" }, options()], "POST /transactions/trn_1/transitions"),
  row("transactions", "preview", () => [{ assetId: "ast_1", quantity: 2 }, options()], "POST /transactions/preview"),
  ...basic("users", "/users", all),
  row("users", "checkAvailability", () => [{ username: "jane" }, options()], "GET /users/check-availability"),
  row(
    "users",
    "joinOrganizationOrUpdateRights",
    () => ["usr_1", "org_1", { roles: ["provider"] }, options()],
    "PUT /users/usr_1/organizations/org_1"
  ),
  row("users", "updateOrganization", () => ["usr_1", "org_1", { roles: ["user"] }, options()], "PUT /users/usr_1/organizations/org_1"),
  row("users", "removeFromOrganization", () => ["usr_1", "org_1", options()], "DELETE /users/usr_1/organizations/org_1"),
  ...basic("savedSearch", "/search", ["list", "read", "update", "remove"]),
  row("savedSearch", "create", () => [{ name: "Saved", query: "bike", save: false }, options()], "POST /search"),
  row("search", "results", () => [{ query: "bike", save: true, page: 2 }, options()], "POST /search", "search"),
  row("search", "list", () => [{ query: "bike", save: true }, options()], "POST /search", "search"),
  row("config", "read", () => [options()], "GET /config"),
  row("config", "update", () => [{ stelace: { instant: { locale: "fr" } } }, options()], "PATCH /config"),
  row("config", "readPrivate", () => [options()], "GET /config/private"),
  row("config", "updatePrivate", () => [{ stelace: { secret: "s" } }, options()], "PATCH /config/private"),
  row("auth", "login", () => [{ username: "jane", password: "secret" }], "POST /auth/login"),
  row("auth", "logout", () => [], "POST /auth/logout"),
  row("auth", "getTokens", () => [{ grantType: "refreshToken", refreshToken: "rt_1" }], "POST /auth/token"),
  row("auth", "check", () => [{ apiKey: "pubk_test_x" }, options()], "POST /auth/check"),
  row("password", "change", () => [{ currentPassword: "a", newPassword: "b" }, options()], "POST /password/change"),
  row("password", "resetRequest", () => [{ username: "jane" }, options()], "POST /password/reset/request"),
  row("password", "resetConfirm", () => [{ resetToken: "t", newPassword: "b" }, options()], "POST /password/reset/confirm"),
  row("permissions", "check", () => [{ permissions: ["asset:create"] }, options()], "POST /permissions/check"),
  row("providers", "stripeRequest", () => [{ method: "customers.list" }, options()], "POST /providers/stripe/request"),
  row("tokens", "checkRequest", () => [{ type: "email", userId: "usr_1" }, options()], "POST /token/check/request"),
  row("tokens", "checkConfirm", () => ["tok_1", { redirect: "false" }, options()], "GET /token/check/tok_1"),
  row("forward", "get", () => ["/custom/route", query(), options()], "GET /custom/route"),
  row("forward", "post", () => ["/custom/route", body(), options()], "POST /custom/route"),
  row("forward", "put", () => ["/custom/route/1", body(), options()], "PUT /custom/route/1"),
  row("forward", "patch", () => ["/custom/route/1", body(), options()], "PATCH /custom/route/1"),
  row("forward", "del", () => ["/custom/route/1", options()], "DELETE /custom/route/1"),
  row("forward", "options", () => ["/custom/route", options()], "OPTIONS /custom/route")
]

const tokens = { tokenType: "Bearer", accessToken: accessToken({ userId: "usr_1", expiresIn: 3600 }), refreshToken: "rt_1", userId: "usr_1" }

const answer = (kind: Kind) => (request: RecordedRequest): Reply => {
  if (request.path === "/auth/login" || request.path === "/auth/token") return { body: tokens }
  switch (kind) {
    case "object":
      return { body: { id: "obj_1", echo: `${request.method} ${request.path}` } }
    case "list":
      return { body: offsetList([{ id: "item_1" }, { id: "item_2" }], { nbResults: 6, nbPages: 3, page: 2, nbResultsPerPage: 2 }) }
    case "search":
      return {
        body: {
          ...offsetList([{ id: "ast_1" }], { nbResults: 1001, nbPages: 11, page: 2, nbResultsPerPage: 100 }),
          exhaustiveNbResults: false
        }
      }
    case "rawList":
      // what the server answers for these five lists under 2019-05-20: a plain array
      return { body: [{ id: "item_1" }, { id: "item_2" }] }
  }
}

describe("every method of every stelace.js 0.14.0 resource", () => {
  it("the table covers every method 0.14.0 has, and our instance has each of them", () => {
    const theirs = factories.upstream({})
    const ours = factories.ours({})
    const covered = new Set(rows.map((r) => `${r.resource}.${r.method}`))
    const methods: Array<string> = []
    for (const resource of Object.keys(theirs).filter((key) => !key.startsWith("_"))) {
      for (const method of Object.getOwnPropertyNames(Object.getPrototypeOf(theirs[resource]))) {
        if (method === "constructor") continue
        methods.push(`${resource}.${method}`)
        expect(typeof ours[resource]?.[method], `${resource}.${method}`).toBe("function")
      }
    }
    expect(methods.filter((name) => !covered.has(name))).toStrictEqual(["auth.info"])
    expect(methods).toHaveLength(rows.length + 1)
  })

  for (const r of rows) {
    it(`${r.resource}.${r.method} sends ${r.http} and resolves the same`, async () => {
      const runs = await runBoth(recorder.current, {
        reply: answer(r.kind),
        run: (stelace) => stelace[r.resource][r.method](...r.args())
      })
      const [method, path] = r.http.split(" ")
      expect(runs.upstream.wire.map((w) => `${w.method} ${w.path}`)).toStrictEqual([`${method} ${path}`])
      if (r.kind !== "rawList") {
        expectSame(runs)
        return
      }
      // Better than 0.14.0, which returned these five lists' raw body: an array gets a
      // `paginationMeta` like every other list (one page holding everything).
      expect(runs.ours.wire).toStrictEqual(runs.upstream.wire)
      const { paginationMeta: theirMeta, ...theirs } = runs.upstream.outcome as Extract<typeof runs.upstream.outcome, { status: "resolved" }>
      const { paginationMeta: ourMeta, ...ours } = runs.ours.outcome as Extract<typeof runs.ours.outcome, { status: "resolved" }>
      expect(ours).toStrictEqual(theirs)
      expect(theirMeta).toBeUndefined()
      expect(ourMeta).toStrictEqual({ nbResults: 2, nbPages: 1, page: 1, nbResultsPerPage: 2 })
    })
  }
})
