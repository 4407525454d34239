/**
 * The scripted requests of the differential test: a marketplace built from nothing and used by
 * several roles (the secret key, the publishable key alone, owners, takers, an organization),
 * with good and bad input, over every route the real server serves without Elasticsearch.
 *
 * The same script runs on the real server and on the in-memory backend (`run` makes usernames
 * and names unique on the shared real server; both servers get the same `run`).
 */
import type { Step } from "./transcript.js"

const day = (date: string) => `${date}T00:00:00.000Z`

/** Users of the script, with their passwords. */
const people = (run: string) => ({
  alice: { username: `alice-${run}@example.com`, password: "alice-password", displayName: "Alice" },
  bruno: { username: `bruno-${run}@example.com`, password: "bruno-password", displayName: "Bruno" },
  chloe: { username: `chloe-${run}@example.com`, password: "chloe-password", displayName: "Chloé" },
  david: { username: `david-${run}@example.com`, password: "david-password", displayName: "David" }
})

/** What this script sets in the shared configuration, and the configuration's shape. */
const ofConfig = (body: any) => ({ keys: Object.keys(body ?? {}), differential: body?.custom?.differential })

const builtInRoles = ["dev", "public", "user", "provider", "organization"]

/** The built-in roles, the public configuration, and errors that happen before any route. */
const platform = (run: string): Array<Step> => [
  {
    name: "roles: list the built-in roles",
    method: "GET",
    path: "/roles",
    save: Object.fromEntries(builtInRoles.map((value) => [`role:${value}`, `[value=${value}].id`]))
  },
  { name: "roles: the built-in roles only", method: "GET", path: "/roles", ownObjectsOnly: true },
  { name: "roles: read the public role", method: "GET", path: "/roles/{{role:public}}" },
  {
    name: "config: update the custom part",
    method: "PATCH",
    path: "/config",
    body: { custom: { differential: { run } } },
    select: ofConfig
  },
  { name: "config: read as the public", as: "public", method: "GET", path: "/config", select: ofConfig },
  {
    name: "config: refuse an unknown key",
    method: "PATCH",
    path: "/config",
    body: { unknown: true }
  },
  { name: "config: the public cannot update", as: "public", method: "PATCH", path: "/config", body: { custom: { a: 1 } } },
  { name: "config: read the private part", method: "GET", path: "/config/private", select: (body) => Object.keys(body ?? {}) },
  { name: "config: the public cannot read the private part", as: "public", method: "GET", path: "/config/private" },
  { name: "errors: unknown route", method: "GET", path: "/unknown-route" },
  { name: "errors: wrong method", method: "PUT", path: "/assets" },
  { name: "errors: no API key", as: "none", method: "GET", path: "/assets" },
  { name: "errors: malformed authorization header", as: "none", method: "GET", path: "/assets", headers: { authorization: "Nonsense" } },
  { name: "errors: unknown scheme", as: "none", method: "GET", path: "/assets", headers: { authorization: "Digest abc" } },
  {
    name: "errors: API key of the wrong format",
    as: "none",
    method: "GET",
    path: "/assets",
    headers: { authorization: `Basic ${btoa("not-a-key:")}` }
  },
  {
    name: "errors: unknown API key",
    as: "none",
    method: "GET",
    path: "/assets",
    headers: { authorization: `Basic ${btoa("seck_test_wakWA41rBTUXs1Y5oNRjeY5o:")}` }
  },
  { name: "errors: unknown API version", method: "GET", path: "/assets", version: "2000-01-01" },
  { name: "errors: malformed JSON body", method: "POST", path: "/assets", rawBody: "{\"name\":" },
  { name: "errors: unknown query parameter", method: "GET", path: "/assets", query: { nope: 1 } },
  { name: "errors: page size over 100", method: "GET", path: "/assets", query: { nbResultsPerPage: 101 } },
  { name: "home: welcome message", as: "none", method: "GET", path: "/" }
]

/** Asset types and categories. */
const catalogue = (run: string): Array<Step> => [
  {
    name: "asset types: create a daily rental type with fees",
    method: "POST",
    path: "/asset-types",
    body: {
      name: `Daily ${run}`,
      // explicit: the real server is shared, so whether this is the platform's first asset type varies
      isDefault: false,
      timeBased: true,
      infiniteStock: false,
      pricing: { ownerFeesPercent: 7, takerFeesPercent: 13 },
      timing: { timeUnit: "d", minDuration: { d: 1 }, maxDuration: { d: 30 } }
    },
    save: { daily: "id" }
  },
  {
    name: "asset types: create a sale type with the fewest fields",
    method: "POST",
    path: "/asset-types",
    body: { name: `Sale ${run}`, timeBased: false, isDefault: false },
    save: { sale: "id" }
  },
  {
    name: "asset types: create an hourly type with its own process",
    method: "POST",
    path: "/asset-types",
    body: {
      name: `Hourly ${run}`,
      isDefault: false,
      timeBased: true,
      timing: { timeUnit: "h" },
      unavailableWhen: ["booked"],
      transactionProcess: {
        initStatus: "requested",
        cancelStatus: "refused",
        transitions: [
          { name: "book", from: "requested", to: "booked", actors: ["owner"] },
          { name: "refuse", from: "requested", to: "refused", actors: ["owner"] },
          { name: "finish", from: "booked", to: "done" }
        ]
      }
    },
    save: { hourly: "id" }
  },
  { name: "asset types: missing timeBased", method: "POST", path: "/asset-types", body: { name: "No timing" } },
  {
    name: "asset types: fees over 100%",
    method: "POST",
    path: "/asset-types",
    body: { name: "Greedy", timeBased: false, pricing: { ownerFeesPercent: 120 } }
  },
  { name: "asset types: a user cannot create", as: "public", method: "POST", path: "/asset-types", body: { name: "X", timeBased: false } },
  { name: "asset types: read", as: "public", method: "GET", path: "/asset-types/{{daily}}" },
  { name: "asset types: read an unknown one", method: "GET", path: "/asset-types/typ_unknown0000000000000" },
  {
    name: "asset types: update the pricing",
    method: "PATCH",
    path: "/asset-types/{{sale}}",
    body: { pricing: { takerFeesPercent: 3 }, metadata: { note: "sale" } }
  },
  { name: "asset types: list", method: "GET", path: "/asset-types", ownObjectsOnly: true },
  { name: "categories: create a parent", method: "POST", path: "/categories", body: { name: `Boats ${run}` }, save: { boats: "id" } },
  {
    name: "categories: create a child",
    method: "POST",
    path: "/categories",
    body: { name: `Kayaks ${run}`, parentId: "{{boats}}" },
    save: { kayaks: "id" }
  },
  {
    name: "categories: unknown parent",
    method: "POST",
    path: "/categories",
    body: { name: "Orphan", parentId: "ctgy_unknown000000000000" }
  },
  { name: "categories: make a cycle", method: "PATCH", path: "/categories/{{boats}}", body: { parentId: "{{kayaks}}" } },
  { name: "categories: rename", method: "PATCH", path: "/categories/{{kayaks}}", body: { name: `Sea kayaks ${run}` } },
  { name: "categories: read", as: "public", method: "GET", path: "/categories/{{kayaks}}" },
  { name: "categories: list", as: "public", method: "GET", path: "/categories", ownObjectsOnly: true }
]

/** Sign-up, login, private fields, organizations. */
const users = (run: string): Array<Step> => {
  const { alice, bruno, chloe, david } = people(run)
  return [
    { name: "users: sign up as the public", as: "public", method: "POST", path: "/users", body: alice, save: { alice: "id" } },
    { name: "users: create a user with the secret key", method: "POST", path: "/users", body: { ...bruno, firstname: "Bruno", email: "bruno@example.com" }, save: { bruno: "id" } },
    { name: "users: create a taker", method: "POST", path: "/users", body: chloe, save: { chloe: "id" } },
    { name: "users: create another taker", method: "POST", path: "/users", body: { ...david, roles: ["user"] }, save: { david: "id" } },
    { name: "users: username already used", method: "POST", path: "/users", body: alice },
    { name: "users: sign up without a password", as: "public", method: "POST", path: "/users", body: { username: `nopass-${run}` } },
    { name: "users: sign up with a role outside the whitelist", as: "public", method: "POST", path: "/users", body: { username: `dev-${run}`, password: "password1", roles: ["dev"] } },
    { name: "users: username availability (taken)", method: "GET", path: "/users/check-availability", query: { username: alice.username } },
    { name: "users: username availability (free)", as: "public", method: "GET", path: "/users/check-availability", query: { username: `free-${run}` } },
    { name: "auth: wrong password", as: "public", method: "POST", path: "/auth/login", body: { username: alice.username, password: "wrong-password" } },
    { name: "auth: unknown user", as: "public", method: "POST", path: "/auth/login", body: { username: `ghost-${run}`, password: "password" } },
    { name: "auth: missing password", as: "public", method: "POST", path: "/auth/login", body: { username: alice.username } },
    { name: "auth: log in the owner", as: "public", method: "POST", path: "/auth/login", body: { username: alice.username, password: alice.password }, session: "alice" },
    { name: "auth: log in the second owner", as: "public", method: "POST", path: "/auth/login", body: { username: bruno.username, password: bruno.password }, session: "bruno" },
    { name: "auth: log in the taker", as: "public", method: "POST", path: "/auth/login", body: { username: chloe.username, password: chloe.password }, session: "chloe" },
    { name: "auth: log in the second taker", as: "public", method: "POST", path: "/auth/login", body: { username: david.username, password: david.password }, session: "david" },
    { name: "users: read oneself", as: "alice", method: "GET", path: "/users/{{alice}}" },
    { name: "users: read another user as a user", as: "chloe", method: "GET", path: "/users/{{alice}}" },
    { name: "users: read as the public", as: "public", method: "GET", path: "/users/{{bruno}}" },
    { name: "users: read with the secret key", method: "GET", path: "/users/{{bruno}}" },
    { name: "users: update oneself", as: "alice", method: "PATCH", path: "/users/{{alice}}", body: { description: "Kayaks and canoes", metadata: { city: "Lyon" } } },
    { name: "users: update someone else", as: "chloe", method: "PATCH", path: "/users/{{alice}}", body: { description: "hacked" } },
    { name: "users: change one's own roles", as: "chloe", method: "PATCH", path: "/users/{{chloe}}", body: { roles: ["dev"] } },
    { name: "users: cannot change the password by PATCH", as: "alice", method: "PATCH", path: "/users/{{alice}}", body: { password: "new-password" } },
    { name: "users: list by ids", method: "GET", path: "/users", query: { id: ["{{alice}}", "{{bruno}}", "{{chloe}}", "{{david}}"] } },
    { name: "users: list by ids as the public", as: "public", method: "GET", path: "/users", query: { id: ["{{alice}}", "{{chloe}}"], nbResultsPerPage: 1 } },
    { name: "organizations: create as a user", as: "bruno", method: "POST", path: "/users", body: { type: "organization", displayName: `Bruno Rentals ${run}` }, save: { shop: "id" } },
    { name: "organizations: read", as: "bruno", method: "GET", path: "/users/{{shop}}" },
    { name: "organizations: the owner is a member", as: "bruno", method: "GET", path: "/users/{{bruno}}" },
    { name: "organizations: cannot have a username", method: "POST", path: "/users", body: { type: "organization", username: `org-${run}`, password: "password1" } },
    { name: "organizations: add a member", as: "bruno", method: "PUT", path: "/users/{{david}}/organizations/{{shop}}", body: { roles: ["provider"] } },
    { name: "organizations: change the member's rights", as: "bruno", method: "PUT", path: "/users/{{david}}/organizations/{{shop}}", body: { roles: ["user"] } },
    { name: "organizations: a non-member cannot add members", as: "chloe", method: "PUT", path: "/users/{{chloe}}/organizations/{{shop}}", body: { roles: ["provider"] } },
    { name: "organizations: list members", method: "GET", path: "/users", query: { userOrganizationId: "{{shop}}" } },
    { name: "organizations: list organizations", method: "GET", path: "/users", query: { type: "organization", id: "{{shop}}" } },
    { name: "organizations: remove the member", as: "bruno", method: "DELETE", path: "/users/{{david}}/organizations/{{shop}}" },
    { name: "organizations: act as the organization", as: "bruno", method: "GET", path: "/users/{{shop}}", headers: { "x-stelace-organization-id": "{{shop}}" } },
    { name: "organizations: a non-member cannot act as it", as: "chloe", method: "GET", path: "/assets", query: { ownerId: "{{shop}}" }, headers: { "x-stelace-organization-id": "{{shop}}" } },
    { name: "organizations: unknown organization", as: "chloe", method: "GET", path: "/assets", query: { ownerId: "{{shop}}" }, headers: { "x-stelace-organization-id": "org_unknown0000000000000" } }
  ]
}

/** Assets and availabilities. */
const assets = (run: string): Array<Step> => [
  {
    name: "assets: an owner creates an asset",
    as: "alice",
    method: "POST",
    path: "/assets",
    body: { name: `Kayak ${run}`, assetTypeId: "{{daily}}", categoryId: "{{kayaks}}", price: 12.35, currency: "EUR", quantity: 2, locations: [{ latitude: 45.76, longitude: 4.83 }] },
    save: { kayak: "id" }
  },
  {
    name: "assets: an owner creates a cheap asset",
    as: "alice",
    method: "POST",
    path: "/assets",
    body: { name: `Paddle ${run}`, assetTypeId: "{{daily}}", price: 1.15, currency: "EUR" },
    save: { paddle: "id" }
  },
  {
    name: "assets: the secret key creates for another owner",
    method: "POST",
    path: "/assets",
    body: { name: `Stove ${run}`, ownerId: "{{bruno}}", assetTypeId: "{{sale}}", price: 35, currency: "USD", quantity: 3 },
    save: { stove: "id" }
  },
  {
    name: "assets: an hourly asset",
    as: "alice",
    method: "POST",
    path: "/assets",
    body: { name: `Canoe ${run}`, assetTypeId: "{{hourly}}", price: 8, currency: "EUR" },
    save: { canoe: "id" }
  },
  {
    name: "assets: an organization's asset",
    as: "bruno",
    method: "POST",
    path: "/assets",
    headers: { "x-stelace-organization-id": "{{shop}}" },
    body: { name: `Trailer ${run}`, assetTypeId: "{{daily}}", price: 40, currency: "EUR" },
    save: { trailer: "id" }
  },
  { name: "assets: unknown currency", as: "alice", method: "POST", path: "/assets", body: { name: "Odd", assetTypeId: "{{daily}}", price: 1, currency: "XYZ" } },
  { name: "assets: lower-case currency", as: "alice", method: "POST", path: "/assets", body: { name: "Odd", assetTypeId: "{{daily}}", price: 1, currency: "eur" } },
  { name: "assets: missing name", as: "alice", method: "POST", path: "/assets", body: { price: 3 } },
  { name: "assets: wrong types", as: "alice", method: "POST", path: "/assets", body: { name: 3, price: "free", quantity: -1 } },
  { name: "assets: unknown asset type", as: "alice", method: "POST", path: "/assets", body: { name: "Lost", assetTypeId: "typ_unknown0000000000000", currency: "EUR" } },
  { name: "assets: unknown category", as: "alice", method: "POST", path: "/assets", body: { name: "Lost", assetTypeId: "{{daily}}", categoryId: "ctgy_unknown000000000000", currency: "EUR" } },
  { name: "assets: the public cannot create", as: "public", method: "POST", path: "/assets", body: { name: "Nope" } },
  { name: "assets: a taker cannot create for an owner", as: "chloe", method: "POST", path: "/assets", body: { name: "Nope", ownerId: "{{alice}}", assetTypeId: "{{daily}}" } },
  { name: "assets: read as the public", as: "public", method: "GET", path: "/assets/{{kayak}}" },
  { name: "assets: read an unknown one", method: "GET", path: "/assets/ast_unknown00000000000000" },
  { name: "assets: the owner updates", as: "alice", method: "PATCH", path: "/assets/{{kayak}}", body: { description: "Two seats", metadata: { colour: "red" }, customAttributes: {} } },
  { name: "assets: someone else cannot update", as: "chloe", method: "PATCH", path: "/assets/{{kayak}}", body: { description: "Mine" } },
  { name: "assets: the owner cannot change", as: "alice", method: "PATCH", path: "/assets/{{kayak}}", body: { ownerId: "{{chloe}}" } },
  { name: "assets: list an owner's assets", as: "public", method: "GET", path: "/assets", query: { ownerId: "{{alice}}" } },
  { name: "assets: list pages", method: "GET", path: "/assets", query: { ownerId: ["{{alice}}", "{{bruno}}"], nbResultsPerPage: 2, page: 2, orderBy: "createdDate", order: "asc" } },
  { name: "assets: list beyond the last page", method: "GET", path: "/assets", query: { ownerId: "{{alice}}", page: 9 } },
  { name: "assets: filter on price ranges", method: "GET", path: "/assets", query: { ownerId: ["{{alice}}", "{{bruno}}"], price: { gte: 5, lt: 20 } } },
  { name: "assets: filter on the category", method: "GET", path: "/assets", query: { ownerId: "{{alice}}", categoryId: "{{kayaks}}" } },
  { name: "availabilities: the owner closes a period", as: "alice", method: "POST", path: "/availabilities", body: { assetId: "{{kayak}}", startDate: day("2031-04-01"), endDate: day("2031-04-10"), quantity: 0 }, save: { closed: "id" } },
  { name: "availabilities: the owner adds one unit", as: "alice", method: "POST", path: "/availabilities", body: { assetId: "{{kayak}}", startDate: day("2031-05-01"), endDate: day("2031-05-03"), quantity: "+1" }, save: { extra: "id" } },
  { name: "availabilities: a taker cannot", as: "chloe", method: "POST", path: "/availabilities", body: { assetId: "{{kayak}}", startDate: day("2031-04-01"), endDate: day("2031-04-02"), quantity: 0 } },
  { name: "availabilities: end before start", as: "alice", method: "POST", path: "/availabilities", body: { assetId: "{{kayak}}", startDate: day("2031-04-10"), endDate: day("2031-04-01"), quantity: 0 } },
  { name: "availabilities: missing quantity", as: "alice", method: "POST", path: "/availabilities", body: { assetId: "{{kayak}}", startDate: day("2031-04-01"), endDate: day("2031-04-02") } },
  { name: "availabilities: unknown asset", method: "POST", path: "/availabilities", body: { assetId: "ast_unknown00000000000000", startDate: day("2031-04-01"), endDate: day("2031-04-02"), quantity: 1 } },
  { name: "availabilities: list", as: "public", method: "GET", path: "/availabilities", query: { assetId: "{{kayak}}" } },
  { name: "availabilities: list needs an asset", method: "GET", path: "/availabilities" },
  { name: "availabilities: update", as: "alice", method: "PATCH", path: "/availabilities/{{extra}}", body: { quantity: 3 } },
  { name: "availabilities: graph", as: "public", method: "GET", path: "/availabilities/graph", query: { assetId: "{{kayak}}" } }
]

/** Transactions, their process and their amounts. */
const transactions = (): Array<Step> => [
  { name: "transactions: preview as the public", as: "public", method: "POST", path: "/transactions/preview", body: { assetId: "{{kayak}}", startDate: day("2031-03-01"), duration: { d: 3 } } },
  { name: "transactions: preview a cheap asset", as: "public", method: "POST", path: "/transactions/preview", body: { assetId: "{{paddle}}", startDate: day("2031-03-01"), duration: { d: 1 } } },
  { name: "transactions: preview a sale", as: "chloe", method: "POST", path: "/transactions/preview", body: { assetId: "{{stove}}", quantity: 2 } },
  { name: "transactions: preview with an end date", as: "chloe", method: "POST", path: "/transactions/preview", body: { assetId: "{{kayak}}", startDate: day("2031-03-01"), endDate: day("2031-03-08") } },
  { name: "transactions: preview too long", as: "chloe", method: "POST", path: "/transactions/preview", body: { assetId: "{{kayak}}", startDate: day("2031-03-01"), duration: { d: 40 } } },
  { name: "transactions: preview both end date and duration", as: "chloe", method: "POST", path: "/transactions/preview", body: { assetId: "{{kayak}}", startDate: day("2031-03-01"), endDate: day("2031-03-08"), duration: { d: 2 } } },
  { name: "transactions: preview without an asset", as: "chloe", method: "POST", path: "/transactions/preview", body: {} },
  { name: "transactions: a taker books", as: "chloe", method: "POST", path: "/transactions", body: { assetId: "{{kayak}}", startDate: day("2031-03-01"), duration: { d: 3 }, metadata: { note: "first" } }, save: { booking: "id" } },
  { name: "transactions: a taker books a sale", as: "chloe", method: "POST", path: "/transactions", body: { assetId: "{{stove}}", quantity: 2 }, save: { purchase: "id" } },
  { name: "transactions: the second taker books", as: "david", method: "POST", path: "/transactions", body: { assetId: "{{kayak}}", startDate: day("2031-03-02"), endDate: day("2031-03-04") }, save: { rival: "id" } },
  { name: "transactions: a booking to cancel", as: "chloe", method: "POST", path: "/transactions", body: { assetId: "{{paddle}}", startDate: day("2031-06-01"), duration: { d: 2 } }, save: { toCancel: "id" } },
  { name: "transactions: a booking of the custom process", as: "chloe", method: "POST", path: "/transactions", body: { assetId: "{{canoe}}", startDate: day("2031-06-01"), duration: { h: 5 } }, save: { hourlyBooking: "id" } },
  { name: "transactions: an owner cannot book its own asset", as: "alice", method: "POST", path: "/transactions", body: { assetId: "{{kayak}}", startDate: day("2031-03-01"), duration: { d: 1 } } },
  { name: "transactions: a closed period", as: "chloe", method: "POST", path: "/transactions", body: { assetId: "{{kayak}}", startDate: day("2031-04-02"), duration: { d: 1 } } },
  { name: "transactions: too many units", as: "chloe", method: "POST", path: "/transactions", body: { assetId: "{{stove}}", quantity: 5 } },
  { name: "transactions: booking for someone else", as: "chloe", method: "POST", path: "/transactions", body: { assetId: "{{kayak}}", takerId: "{{david}}", startDate: day("2031-03-01"), duration: { d: 1 } } },
  { name: "transactions: a taker cannot set the price", as: "chloe", method: "POST", path: "/transactions", body: { assetId: "{{kayak}}", startDate: day("2031-03-01"), duration: { d: 1 }, value: 1 } },
  { name: "transactions: the secret key sets the price", method: "POST", path: "/transactions", body: { assetId: "{{kayak}}", takerId: "{{david}}", startDate: day("2031-08-01"), duration: { d: 2 }, value: 100, takerAmount: 111.11 }, save: { priced: "id" } },
  { name: "transactions: the secret key needs a taker", method: "POST", path: "/transactions", body: { assetId: "{{kayak}}", startDate: day("2031-03-01"), duration: { d: 1 } } },
  { name: "transactions: unknown asset", as: "chloe", method: "POST", path: "/transactions", body: { assetId: "ast_unknown00000000000000" } },
  { name: "transactions: read as the taker", as: "chloe", method: "GET", path: "/transactions/{{booking}}" },
  { name: "transactions: read as the owner", as: "alice", method: "GET", path: "/transactions/{{booking}}" },
  { name: "transactions: read as a stranger", as: "bruno", method: "GET", path: "/transactions/{{booking}}" },
  { name: "transactions: the owner lists by owner", as: "alice", method: "GET", path: "/transactions", query: { ownerId: "{{alice}}" } },
  { name: "transactions: the owner lists by asset", as: "alice", method: "GET", path: "/transactions", query: { assetId: "{{kayak}}" } },
  { name: "transactions: the taker lists by taker", as: "chloe", method: "GET", path: "/transactions", query: { takerId: "{{chloe}}" } },
  { name: "transactions: a user lists without filter", as: "chloe", method: "GET", path: "/transactions" },
  { name: "transactions: list by asset with the secret key", method: "GET", path: "/transactions", query: { assetId: ["{{kayak}}", "{{stove}}"], orderBy: "createdDate", order: "asc" } },
  { name: "transactions: the taker changes metadata", as: "chloe", method: "PATCH", path: "/transactions/{{booking}}", body: { metadata: { note: "second" } } },
  { name: "transactions: the taker cannot change the status", as: "chloe", method: "PATCH", path: "/transactions/{{booking}}", body: { status: "validated" } },
  { name: "transactions: the taker cannot change the dates", as: "chloe", method: "PATCH", path: "/transactions/{{booking}}", body: { duration: { d: 2 } } },
  { name: "transactions: the owner cannot update", as: "alice", method: "PATCH", path: "/transactions/{{booking}}", body: { metadata: { note: "owner" } } },
  { name: "transactions: the taker cannot accept", as: "chloe", method: "POST", path: "/transactions/{{booking}}/transitions", body: { name: "accept" } },
  { name: "transactions: the owner accepts", as: "alice", method: "POST", path: "/transactions/{{booking}}/transitions", body: { name: "accept" } },
  { name: "transactions: an unknown transition", as: "alice", method: "POST", path: "/transactions/{{booking}}/transitions", body: { name: "teleport" } },
  { name: "transactions: a transition not allowed now", as: "chloe", method: "POST", path: "/transactions/{{booking}}/transitions", body: { name: "complete" } },
  { name: "transactions: the taker pays", as: "chloe", method: "POST", path: "/transactions/{{booking}}/transitions", body: { name: "pay", data: { method: "card" } } },
  { name: "transactions: the rival booking is cancelled by the conflict", as: "david", method: "GET", path: "/transactions/{{rival}}" },
  { name: "transactions: the secret key completes", method: "POST", path: "/transactions/{{booking}}/transitions", body: { name: "complete" } },
  { name: "transactions: cancel without a reason", as: "chloe", method: "POST", path: "/transactions/{{toCancel}}/transitions", body: { name: "cancel" } },
  { name: "transactions: cancel with a reason", as: "chloe", method: "POST", path: "/transactions/{{toCancel}}/transitions", body: { name: "cancel", data: { cancellationReason: "changed my mind" } } },
  { name: "transactions: the sale is paid", as: "chloe", method: "POST", path: "/transactions/{{purchase}}/transitions", body: { name: "pay" } },
  { name: "transactions: the stove owner accepts the sale", as: "bruno", method: "POST", path: "/transactions/{{purchase}}/transitions", body: { name: "accept" } },
  { name: "transactions: the stove's quantity after the sale", method: "GET", path: "/assets/{{stove}}" },
  { name: "transactions: the custom process: the taker cannot book", as: "chloe", method: "POST", path: "/transactions/{{hourlyBooking}}/transitions", body: { name: "book" } },
  { name: "transactions: the custom process: the owner books", as: "alice", method: "POST", path: "/transactions/{{hourlyBooking}}/transitions", body: { name: "book" } },
  { name: "transactions: the custom process: finish", as: "chloe", method: "POST", path: "/transactions/{{hourlyBooking}}/transitions", body: { name: "finish" } },
  { name: "transactions: the secret key sets a status", method: "PATCH", path: "/transactions/{{priced}}", body: { status: "validated" } },
  { name: "transactions: the graph after bookings", method: "GET", path: "/availabilities/graph", query: { assetId: "{{kayak}}" } }
]

/** The whole script. */
export const script = (run: string): ReadonlyArray<Step> => [
  ...platform(run),
  ...catalogue(run),
  ...users(run),
  ...assets(run),
  ...transactions()
]
