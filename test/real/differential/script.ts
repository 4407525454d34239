/**
 * The scripted requests of the differential test: a marketplace built from nothing and used by
 * several roles (the secret key, the publishable key alone, owners, takers, an organization),
 * with good and bad input, over every route the real server serves without Elasticsearch.
 *
 * The same script runs on the real server and on the in-memory backend (`run` makes usernames
 * and names unique on the shared real server; both servers get the same `run`).
 */
import type { Step, Vars } from "./transcript.js"

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
    { name: "users: private and protected metadata", as: "alice", method: "PATCH", path: "/users/{{alice}}", body: { metadata: { _private: { phone: "0600" }, _protected: { iban: "FR76" } } } },
    { name: "users: a namespace one's roles do not grant", as: "alice", method: "PATCH", path: "/users/{{alice}}", body: { metadata: { _custom: { a: 1 } } } },
    { name: "users: a custom namespace with the secret key", method: "PATCH", path: "/users/{{alice}}", body: { metadata: { _custom: { a: 1 } }, platformData: { _system: { b: 2 } } } },
    { name: "users: a custom namespace with the secret key, without reserved ones", method: "PATCH", path: "/users/{{alice}}", body: { metadata: { _custom: { a: 1 } }, platformData: { _shop: { b: 2 } } } },
    { name: "users: namespaced metadata seen by themself", as: "alice", method: "GET", path: "/users/{{alice}}" },
    { name: "users: namespaced metadata seen by another user", as: "chloe", method: "GET", path: "/users/{{alice}}" },
    { name: "users: namespaced metadata seen with the secret key", method: "GET", path: "/users/{{alice}}" },
    { name: "users: a user cannot write a reserved namespace", as: "alice", method: "PATCH", path: "/users/{{alice}}", body: { metadata: { _system: { a: 1 } } } },
    { name: "users: platformData needs the secret key", as: "alice", method: "PATCH", path: "/users/{{alice}}", body: { platformData: { tier: "gold" } } },
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
  { name: "assets: the owner writes protected metadata", as: "alice", method: "PATCH", path: "/assets/{{kayak}}", body: { metadata: { _protected: { lockCode: "1234" }, _private: { cost: 80 } } } },
  { name: "assets: protected metadata are not for the public", as: "public", method: "GET", path: "/assets/{{kayak}}" },
  { name: "assets: protected metadata are not for other users yet", as: "chloe", method: "GET", path: "/assets/{{kayak}}" },
  { name: "assets: the secret key cannot write a reserved namespace", method: "PATCH", path: "/assets/{{kayak}}", body: { metadata: { _stelace: { a: 1 } } } },
  { name: "assets: the secret key writes for the owner", method: "PATCH", path: "/assets/{{kayak}}", body: { metadata: { _private: { serial: "K-1" } } } },
  { name: "asset types: no protected namespace", method: "PATCH", path: "/asset-types/{{daily}}", body: { metadata: { _protected: { a: 1 } } } },
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
  { name: "transactions: a validated transaction reveals the owner's protected metadata", as: "chloe", method: "GET", path: "/users/{{alice}}" },
  { name: "transactions: and the asset's", as: "chloe", method: "GET", path: "/assets/{{kayak}}" },
  { name: "transactions: but not in lists", as: "chloe", method: "GET", path: "/assets", query: { id: "{{kayak}}" } },
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

/** Orders built from transactions or lines, their lines and moves. */
const orders = (): Array<Step> => [
  { name: "orders: the taker previews an order", as: "chloe", method: "POST", path: "/orders/preview", body: { transactionIds: ["{{booking}}"] } },
  { name: "orders: the owner cannot preview the taker's order", as: "alice", method: "POST", path: "/orders/preview", body: { transactionIds: ["{{booking}}"] } },
  { name: "orders: a user must give transactions", as: "chloe", method: "POST", path: "/orders/preview", body: { lines: [{ payerId: "{{chloe}}", payerAmount: 1, currency: "EUR" }] } },
  { name: "orders: the taker orders", as: "chloe", method: "POST", path: "/orders", body: { transactionIds: ["{{booking}}"], metadata: { ref: "A1" } }, save: { order: "id", payerLine: "lines.0.id", receiverLine: "lines.1.id" } },
  { name: "orders: the secret key orders lines and moves", method: "POST", path: "/orders", body: { lines: [{ payerId: "{{chloe}}", payerAmount: 10, currency: "EUR" }, { receiverId: "{{alice}}", receiverAmount: 8, platformAmount: 2, currency: "EUR" }], moves: [{ payerId: "{{chloe}}", payerAmount: 4, currency: "EUR" }] }, save: { manualOrder: "id", manualMove: "moves.0.id" } },
  { name: "orders: two payers", method: "POST", path: "/orders", body: { transactionIds: ["{{booking}}", "{{rival}}"] } },
  { name: "orders: lines and transactions", method: "POST", path: "/orders", body: { transactionIds: ["{{booking}}"], lines: [{ payerId: "{{chloe}}", currency: "EUR" }] } },
  { name: "orders: an amount without its payer", method: "POST", path: "/orders", body: { lines: [{ payerAmount: 3, currency: "EUR" }] } },
  { name: "orders: the payer reads", as: "chloe", method: "GET", path: "/orders/{{order}}" },
  { name: "orders: a receiver reads", as: "alice", method: "GET", path: "/orders/{{order}}" },
  { name: "orders: a stranger cannot read", as: "bruno", method: "GET", path: "/orders/{{order}}" },
  { name: "orders: the payer lists", as: "chloe", method: "GET", path: "/orders", query: { payerId: "{{chloe}}" } },
  { name: "orders: a receiver lists", as: "alice", method: "GET", path: "/orders", query: { receiverId: "{{alice}}" } },
  { name: "orders: a user lists without filter", as: "chloe", method: "GET", path: "/orders" },
  { name: "orders: the payer updates metadata", as: "chloe", method: "PATCH", path: "/orders/{{order}}", body: { metadata: { note: "paid soon" } } },
  { name: "order lines: the payer reads a line", as: "chloe", method: "GET", path: "/order-lines/{{payerLine}}" },
  { name: "order lines: the receiver reads its line", as: "alice", method: "GET", path: "/order-lines/{{receiverLine}}" },
  { name: "order lines: the receiver cannot read the payer's line", as: "alice", method: "GET", path: "/order-lines/{{payerLine}}" },
  { name: "order lines: add a line", method: "POST", path: "/order-lines", body: { orderId: "{{order}}", payerId: "{{chloe}}", payerAmount: 3, currency: "EUR", metadata: { reason: "insurance" } }, save: { extraLine: "id" } },
  { name: "order lines: another currency", method: "POST", path: "/order-lines", body: { orderId: "{{order}}", payerId: "{{chloe}}", payerAmount: 3, currency: "USD" } },
  { name: "order lines: update amounts", method: "PATCH", path: "/order-lines/{{extraLine}}", body: { payerAmount: 5, metadata: { reason: "insurance+" } } },
  { name: "order moves: pay", method: "POST", path: "/order-moves", body: { orderId: "{{order}}", payerId: "{{chloe}}", payerAmount: 20, currency: "EUR", real: { payerAmount: 21.5, currency: "USD" } }, save: { move: "id" } },
  { name: "order moves: an unknown receiver", method: "POST", path: "/order-moves", body: { orderId: "{{order}}", receiverId: "{{bruno}}", receiverAmount: 1, currency: "EUR" } },
  { name: "order moves: the payer reads", as: "chloe", method: "GET", path: "/order-moves/{{move}}" },
  { name: "order moves: update the metadata", method: "PATCH", path: "/order-moves/{{move}}", body: { metadata: { bank: "ok" } } },
  { name: "order lines: no more lines once paid", method: "POST", path: "/order-lines", body: { orderId: "{{order}}", payerId: "{{chloe}}", payerAmount: 1, currency: "EUR" } },
  { name: "order lines: amounts are fixed once paid", method: "PATCH", path: "/order-lines/{{extraLine}}", body: { payerAmount: 6 } },
  { name: "orders: after payment", method: "GET", path: "/orders/{{order}}" },
  { name: "orders: the manual order", method: "GET", path: "/orders/{{manualOrder}}" }
]

/** Messages and ratings between owner and taker. */
const conversations = (): Array<Step> => [
  { name: "messages: the taker writes", as: "chloe", method: "POST", path: "/messages", body: { topicId: "{{booking}}", receiverId: "{{alice}}", content: "Is there a paddle?", metadata: { lang: "en" } }, save: { question: "id", conversation: "conversationId" } },
  { name: "messages: the owner answers", as: "alice", method: "POST", path: "/messages", body: { topicId: "{{booking}}", receiverId: "{{chloe}}", content: "Yes", conversationId: "{{conversation}}" }, save: { answer: "id" } },
  { name: "messages: an empty message with attachments", as: "chloe", method: "POST", path: "/messages", body: { topicId: "{{kayak}}", receiverId: "{{alice}}", content: "", attachments: [{ name: "photo.jpg" }] }, save: { attachment: "id" } },
  { name: "messages: missing receiver", as: "chloe", method: "POST", path: "/messages", body: { topicId: "{{booking}}", content: "Hello" } },
  { name: "messages: sending as someone else", as: "chloe", method: "POST", path: "/messages", body: { topicId: "{{booking}}", receiverId: "{{alice}}", senderId: "{{david}}", content: "Hi" } },
  { name: "messages: the owner lists", as: "alice", method: "GET", path: "/messages", query: { userId: "{{alice}}" } },
  { name: "messages: list a conversation", method: "GET", path: "/messages", query: { conversationId: "{{conversation}}" } },
  { name: "messages: list a topic", method: "GET", path: "/messages", query: { topicId: "{{booking}}", order: "asc" } },
  { name: "messages: a stranger cannot read", as: "bruno", method: "GET", path: "/messages/{{question}}" },
  { name: "messages: the receiver marks read", as: "alice", method: "PATCH", path: "/messages/{{question}}", body: { read: true } },
  { name: "messages: content cannot change", as: "chloe", method: "PATCH", path: "/messages/{{question}}", body: { content: "edited" } },
  { name: "messages: the sender deletes", as: "chloe", method: "DELETE", path: "/messages/{{attachment}}" },
  { name: "ratings: the taker rates the owner", as: "chloe", method: "POST", path: "/ratings", body: { score: 80, comment: "Great kayak", targetId: "{{alice}}", assetId: "{{kayak}}", transactionId: "{{booking}}" }, save: { rating: "id" } },
  { name: "ratings: the owner rates the taker", as: "alice", method: "POST", path: "/ratings", body: { score: 100, targetId: "{{chloe}}", transactionId: "{{booking}}", label: "taker" }, save: { ownerRating: "id" } },
  { name: "ratings: a score over 100", as: "chloe", method: "POST", path: "/ratings", body: { score: 120, targetId: "{{alice}}" } },
  { name: "ratings: read as the public", as: "public", method: "GET", path: "/ratings/{{rating}}" },
  { name: "ratings: list about the owner", as: "public", method: "GET", path: "/ratings", query: { targetId: "{{alice}}" } },
  { name: "ratings: stats about the owner", as: "public", method: "GET", path: "/ratings/stats", query: { groupBy: "targetId", targetId: ["{{alice}}", "{{chloe}}"] }, select: byField("avg") },
  // as the demo's listing cards and profiles ask: one asset, one target (the average over 80 and 120 is not whole)
  { name: "ratings: stats about one asset", as: "public", method: "GET", path: "/ratings/stats", query: { groupBy: "assetId", assetId: "{{kayak}}", targetId: "{{alice}}" }, select: byField("avg") },
  { name: "ratings: stats about one target", as: "public", method: "GET", path: "/ratings/stats", query: { groupBy: "targetId", targetId: "{{alice}}" } },
  { name: "ratings: the author updates", as: "chloe", method: "PATCH", path: "/ratings/{{rating}}", body: { score: 60 } },
  { name: "ratings: the target cannot update", as: "alice", method: "PATCH", path: "/ratings/{{rating}}", body: { score: 100 } },
  { name: "ratings: the author deletes", as: "alice", method: "DELETE", path: "/ratings/{{ownerRating}}" }
]

/** Documents, entries, tasks, webhooks, workflows, roles, API keys and custom attributes. */
const platformData = (run: string): Array<Step> => [
  { name: "documents: create", method: "POST", path: "/documents", body: { type: `diff_${run}`, label: "main:first", targetId: "{{alice}}", data: { a: 1, nested: { b: 2 } } }, save: { doc: "id" } },
  { name: "documents: create another", method: "POST", path: "/documents", body: { type: `diff_${run}`, label: "other", authorId: "{{chloe}}", targetId: "{{alice}}", data: { a: 3 } }, save: { doc2: "id" } },
  { name: "documents: type is required", method: "POST", path: "/documents", body: { data: {} } },
  { name: "documents: list by type", method: "GET", path: "/documents", query: { type: `diff_${run}` } },
  { name: "documents: list by label", method: "GET", path: "/documents", query: { type: `diff_${run}`, label: "main:*" } },
  { name: "documents: list needs a type", method: "GET", path: "/documents" },
  { name: "documents: stats", method: "GET", path: "/documents/stats", query: { type: `diff_${run}`, groupBy: "targetId", field: "data.a" } },
  { name: "documents: replace a property", method: "PATCH", path: "/documents/{{doc}}", body: { data: { c: 1, nested: { d: 4 } }, replaceDataProperties: ["nested"] } },
  { name: "documents: read", method: "GET", path: "/documents/{{doc}}" },
  { name: "documents: delete", method: "DELETE", path: "/documents/{{doc2}}" },
  { name: "entries: create", method: "POST", path: "/entries", body: { collection: `diff_${run}`, locale: "en", name: `home-${run}`, fields: { title: "Hello", blocks: [1, 2] } }, save: { entry: "id" } },
  { name: "entries: same locale and name in another collection", method: "POST", path: "/entries", body: { collection: `other_${run}`, locale: "en", name: `home-${run}` } },
  { name: "entries: list as the public", as: "public", method: "GET", path: "/entries", query: { collection: `diff_${run}` } },
  { name: "entries: update fields", method: "PATCH", path: "/entries/{{entry}}", body: { fields: { subtitle: "World" } } },
  { name: "entries: read", as: "public", method: "GET", path: "/entries/{{entry}}" },
  { name: "tasks: create", method: "POST", path: "/tasks", body: { eventType: `diff_${run}`, executionDate: day("2031-01-01"), eventObjectId: "{{kayak}}", eventMetadata: { a: 1 } }, save: { task: "id" } },
  { name: "tasks: a recurring task", method: "POST", path: "/tasks", body: { eventType: `diff_${run}`, recurringPattern: "0 8 * * *", recurringTimezone: "Europe/Paris", active: false }, save: { recurringTask: "id" } },
  { name: "tasks: an invalid pattern", method: "POST", path: "/tasks", body: { eventType: `diff_${run}`, recurringPattern: "every day" } },
  { name: "tasks: list by event type", method: "GET", path: "/tasks", query: { eventType: `diff_${run}` } },
  { name: "tasks: update", method: "PATCH", path: "/tasks/{{task}}", body: { active: false, eventMetadata: { b: 2 } } },
  { name: "tasks: read", method: "GET", path: "/tasks/{{task}}" },
  { name: "tasks: delete", method: "DELETE", path: "/tasks/{{recurringTask}}" },
  { name: "webhooks: create with the name only", method: "POST", path: "/webhooks", body: { name: `Hook ${run}` }, save: { hook: "id" } },
  { name: "webhooks: create with every field", method: "POST", path: "/webhooks", body: { name: `Full hook ${run}`, targetUrl: "https://example.com/hooks", event: "nothing__happened", apiVersion: "2019-05-20", active: false, metadata: { a: 1 } }, save: { fullHook: "id" } },
  { name: "webhooks: an invalid URL", method: "POST", path: "/webhooks", body: { name: "Bad", targetUrl: "not a url" } },
  { name: "webhooks: read with logs", method: "GET", path: "/webhooks/{{fullHook}}", query: { logs: "" } },
  { name: "webhooks: update", method: "PATCH", path: "/webhooks/{{hook}}", body: { event: "nothing__changed", active: false } },
  { name: "webhooks: the target cannot change", method: "PATCH", path: "/webhooks/{{hook}}", body: { targetUrl: "https://example.com/other" } },
  { name: "webhooks: list", method: "GET", path: "/webhooks", ownObjectsOnly: true },
  { name: "webhooks: delete", method: "DELETE", path: "/webhooks/{{hook}}" },
  // biome-ignore lint/suspicious/noTemplateCurlyInString: `${objectId}` is a Stelace workflow placeholder, which the server fills in
  { name: "workflows: create", method: "POST", path: "/workflows", body: { name: `Flow ${run}`, description: "Nothing", event: "nothing__happened", active: false, run: [{ endpointMethod: "PATCH", endpointUri: "/assets/${objectId}", endpointPayload: { metadata: { seen: true } } }] }, save: { flow: "id" } },
  { name: "workflows: a step without endpoint", method: "POST", path: "/workflows", body: { name: "Broken", run: [{ name: "x" }] } },
  { name: "workflows: read", method: "GET", path: "/workflows/{{flow}}" },
  { name: "workflows: update", method: "PATCH", path: "/workflows/{{flow}}", body: { computed: { a: "1" }, description: "Still nothing" } },
  { name: "workflows: list", method: "GET", path: "/workflows", ownObjectsOnly: true },
  { name: "workflows: delete", method: "DELETE", path: "/workflows/{{flow}}" },
  { name: "roles: create", method: "POST", path: "/roles", body: { name: `Lister ${run}`, value: `lister-${run}`, permissions: ["asset:list:all"], readNamespaces: ["extra"] }, save: { customRole: "id" } },
  { name: "roles: same value", method: "POST", path: "/roles", body: { name: "Twin", value: `lister-${run}` } },
  { name: "roles: update", method: "PATCH", path: "/roles/{{customRole}}", body: { permissions: ["asset:list:all", "asset:read:all"] } },
  { name: "roles: a built-in role cannot change", method: "PATCH", path: "/roles/{{role:user}}", body: { name: "Renamed" } },
  { name: "roles: list", method: "GET", path: "/roles", ownObjectsOnly: true },
  { name: "roles: a built-in role cannot be deleted", method: "DELETE", path: "/roles/{{role:provider}}" },
  { name: "roles: delete", method: "DELETE", path: "/roles/{{customRole}}" },
  { name: "api keys: create a secret key", method: "POST", path: "/api-keys", body: { name: `Backend ${run}`, metadata: { a: 1 } }, save: { secretKeyId: "id" } },
  { name: "api keys: create a custom key", method: "POST", path: "/api-keys", body: { name: `Custom ${run}`, type: "custm", roles: ["user"], permissions: ["asset:list:all"] }, save: { customKeyId: "id" } },
  { name: "api keys: an unknown type", method: "POST", path: "/api-keys", body: { name: "Odd", type: "x" } },
  { name: "api keys: read, obfuscated", method: "GET", path: "/api-keys/{{secretKeyId}}" },
  { name: "api keys: update", method: "PATCH", path: "/api-keys/{{customKeyId}}", body: { name: `Renamed ${run}`, roles: ["provider"] } },
  { name: "api keys: list", method: "GET", path: "/api-keys", query: { nbResultsPerPage: 100 }, ownObjectsOnly: true },
  { name: "api keys: the public cannot list", as: "public", method: "GET", path: "/api-keys" },
  { name: "api keys: delete", method: "DELETE", path: "/api-keys/{{secretKeyId}}" },
  { name: "api keys: delete another", method: "DELETE", path: "/api-keys/{{customKeyId}}" },
  { name: "custom attributes: list", method: "GET", path: "/custom-attributes", ownObjectsOnly: true }
]

/** Sessions: tokens, impersonation, checks, passwords, check tokens, permissions. */
const sessions = (run: string): Array<Step> => {
  const { david } = people(run)
  return [
    { name: "auth: refresh a session", as: "public", method: "POST", path: "/auth/token", body: { grantType: "refreshToken", refreshToken: "{{session:alice.refreshToken}}" } },
    { name: "auth: refresh with an unknown token", as: "public", method: "POST", path: "/auth/token", body: { grantType: "refreshToken", refreshToken: "unknown-token" } },
    { name: "auth: refresh without a token", as: "public", method: "POST", path: "/auth/token", body: { grantType: "refreshToken" } },
    { name: "auth: an unknown grant", as: "public", method: "POST", path: "/auth/token", body: { grantType: "password" } },
    { name: "auth: refresh from another user agent", as: "public", method: "POST", path: "/auth/token", headers: { "user-agent": "another-agent" }, body: { grantType: "refreshToken", refreshToken: "{{session:alice.refreshToken}}" } },
    { name: "auth: a member impersonates the organization", as: "bruno", method: "POST", path: "/auth/token", body: { grantType: "impersonateToken", refreshToken: "{{session:bruno.refreshToken}}", userId: "{{shop}}" }, session: "shop" },
    { name: "auth: act with the impersonation token", as: "shop", method: "GET", path: "/users/{{shop}}" },
    { name: "auth: a user cannot impersonate another", as: "chloe", method: "POST", path: "/auth/token", body: { grantType: "impersonateToken", refreshToken: "{{session:chloe.refreshToken}}", userId: "{{alice}}" } },
    { name: "auth: check a publishable key", as: "public", method: "POST", path: "/auth/check", body: { apiKey: "{{publishableKey}}" } },
    { name: "auth: check a malformed key", as: "public", method: "POST", path: "/auth/check", body: { apiKey: "nonsense" } },
    { name: "auth: check an authorization header", as: "public", method: "POST", path: "/auth/check", body: { authorization: "{{authorization:alice}}" } },
    { name: "auth: check both key and header", as: "public", method: "POST", path: "/auth/check", body: { apiKey: "{{publishableKey}}", authorization: "Basic x" } },
    { name: "permissions: a user checks permissions", as: "alice", method: "POST", path: "/permissions/check", body: { permissions: ["asset:create", "asset:create:all", "transaction:list"] } },
    { name: "permissions: the public checks permissions", as: "public", method: "POST", path: "/permissions/check", body: { permissions: ["auth:login", "asset:create"] } },
    { name: "password: change", as: "david", method: "POST", path: "/password/change", body: { currentPassword: david.password, newPassword: "david-password-2" } },
    { name: "password: change with a wrong password", as: "david", method: "POST", path: "/password/change", body: { currentPassword: "wrong-password", newPassword: "david-password-3" } },
    { name: "password: change without a user", as: "public", method: "POST", path: "/password/change", body: { currentPassword: "x", newPassword: "long-enough" } },
    { name: "password: too short", as: "david", method: "POST", path: "/password/change", body: { currentPassword: "david-password-2", newPassword: "short" } },
    { name: "password: request a reset", as: "public", method: "POST", path: "/password/reset/request", body: { username: david.username } },
    { name: "password: request a reset for nobody", as: "public", method: "POST", path: "/password/reset/request", body: { username: `nobody-${run}` } },
    { name: "password: the reset token", method: "GET", path: "/events", query: { type: "password__reset_requested", objectId: "{{david}}" }, settle: { timeoutMs: 15_000 }, save: { resetToken: "results.0.metadata.resetToken" } },
    { name: "password: confirm the reset", as: "public", method: "POST", path: "/password/reset/confirm", body: { resetToken: "{{resetToken}}", newPassword: "david-password-4" } },
    { name: "password: confirm with an unknown token", as: "public", method: "POST", path: "/password/reset/confirm", body: { resetToken: "unknown", newPassword: "david-password-5" } },
    { name: "auth: log in with the new password", as: "public", method: "POST", path: "/auth/login", body: { username: david.username, password: "david-password-4" }, session: "david" },
    { name: "tokens: request a check", method: "POST", path: "/token/check/request", body: { type: "email", userId: "{{david}}", redirectUrl: "https://example.com/checked", data: { email: "david@example.com" } } },
    { name: "tokens: a check needs a type", method: "POST", path: "/token/check/request", body: { userId: "{{david}}" } },
    { name: "tokens: the check token", method: "GET", path: "/events", query: { type: "token__check_requested", objectId: "{{david}}" }, settle: { timeoutMs: 15_000 }, save: { checkToken: "results.0.metadata.token" } },
    { name: "tokens: confirm", as: "none", method: "GET", path: "/token/check/{{checkToken}}" },
    { name: "tokens: confirm again", as: "none", method: "GET", path: "/token/check/{{checkToken}}" },
    { name: "tokens: confirm with a redirection", as: "none", method: "GET", path: "/token/check/{{checkToken}}", query: { redirect: "true" } },
    { name: "tokens: an unknown token", as: "none", method: "GET", path: "/token/check/unknown-token" },
    // single sign-on with a provider runs in sso.real.ts, on both sides; here, what needs none
    { name: "sso: a login on no platform", as: "none", method: "GET", path: "/auth/sso/bad/local-id" },
    { name: "sso: a callback on no platform", as: "none", method: "GET", path: "/auth/sso/bad/local-id/callback" },
    { name: "sso: a logout callback on no platform", as: "none", method: "GET", path: "/auth/sso/bad/local-id/logout/callback" },
    { name: "sso: the keys of no platform", as: "none", method: "GET", path: "/auth/sso/bad/local-id/jwks" },
    { name: "auth: log out", as: "public", method: "POST", path: "/auth/logout", body: { refreshToken: "{{session:david.refreshToken}}" } },
    { name: "auth: refresh after logout", as: "public", method: "POST", path: "/auth/token", body: { grantType: "refreshToken", refreshToken: "{{session:david.refreshToken}}" } },
    { name: "auth: log out without a token", as: "public", method: "POST", path: "/auth/logout", body: {} }
  ]
}

/** Routes stelace.js never had: assessments, batches, signals, emails; and saved searches. */
const others = (run: string): Array<Step> => [
  { name: "assessments: create", method: "POST", path: "/assessments", body: { assetId: "{{kayak}}", transactionId: "{{booking}}", ownerId: "{{alice}}", takerId: "{{chloe}}", status: "draft", statement: "pass", signers: { "{{alice}}": null, "{{chloe}}": { comment: "ok" } }, signCodes: { "{{chloe}}": "1234" }, nbSigners: 2 }, save: { assessment: "id" } },
  { name: "assessments: an unknown asset", method: "POST", path: "/assessments", body: { assetId: "ast_unknown00000000000000" } },
  { name: "assessments: the owner reads", as: "alice", method: "GET", path: "/assessments/{{assessment}}" },
  { name: "assessments: a stranger cannot read", as: "bruno", method: "GET", path: "/assessments/{{assessment}}" },
  { name: "assessments: list by asset", method: "GET", path: "/assessments", query: { assetId: "{{kayak}}" } },
  { name: "assessments: update", method: "PATCH", path: "/assessments/{{assessment}}", body: { statement: "challenge", metadata: { note: "scratch" } } },
  { name: "assessments: signing needs a body", as: "alice", method: "POST", path: "/assessments/{{assessment}}/signatures" },
  { name: "assessments: the owner signs", as: "alice", method: "POST", path: "/assessments/{{assessment}}/signatures", body: {} },
  { name: "assessments: the owner signs again", as: "alice", method: "POST", path: "/assessments/{{assessment}}/signatures", body: {} },
  { name: "assessments: a wrong sign code", as: "chloe", method: "POST", path: "/assessments/{{assessment}}/signatures", body: { signCode: "0000" } },
  { name: "assessments: the taker signs", as: "chloe", method: "POST", path: "/assessments/{{assessment}}/signatures", body: { signCode: "1234" } },
  { name: "assessments: a signed one cannot be deleted", method: "DELETE", path: "/assessments/{{assessment}}" },
  { name: "batch: update assets", method: "POST", path: "/batch", body: { objectType: "asset", method: "PATCH", objects: [{ objectId: "{{paddle}}", payload: { description: "Batched" } }, { objectId: "{{canoe}}", payload: { price: 9 } }] } },
  { name: "batch: one object fails", method: "POST", path: "/batch", body: { objectType: "asset", method: "PATCH", objects: [{ objectId: "{{paddle}}", payload: { price: -1 } }] } },
  { name: "batch: an unknown object type", method: "POST", path: "/batch", body: { objectType: "order", method: "PATCH", objects: [] } },
  { name: "signal: broadcast", method: "POST", path: "/signal", body: { message: { text: "hello" }, event: "greeting" } },
  { name: "signal: an unknown destination", method: "POST", path: "/signal", body: { message: "hi", destination: `nowhere-${run}` } },
  { name: "emails: no email configuration", method: "POST", path: "/emails/send", body: { to: "someone@example.com", subject: "Hi", text: "Hello" } },
  { name: "emails: a template without configuration", method: "POST", path: "/emails/send-template", body: { name: "welcome", to: "someone@example.com" } },
  { name: "saved searches: the taker saves a search", as: "chloe", method: "POST", path: "/search", body: { save: true, name: `Kayaks ${run}`, query: "kayak", categoryId: "{{kayaks}}" }, save: { savedSearch: "id" } },
  { name: "saved searches: a name is needed", as: "chloe", method: "POST", path: "/search", body: { save: true, query: "kayak" } },
  { name: "saved searches: list one's own", as: "chloe", method: "GET", path: "/search", query: { userId: "{{chloe}}" } },
  { name: "saved searches: read", as: "chloe", method: "GET", path: "/search/{{savedSearch}}" },
  { name: "saved searches: someone else cannot read", as: "david", method: "GET", path: "/search/{{savedSearch}}" },
  { name: "saved searches: update", as: "chloe", method: "PATCH", path: "/search/{{savedSearch}}", body: { name: `Sea kayaks ${run}`, active: false } },
  { name: "saved searches: delete", as: "chloe", method: "DELETE", path: "/search/{{savedSearch}}" }
]

/** Routes the release cannot answer like the backend (see `deliberate.ts`), and system-only routes. */
const limits = (run: string): Array<Step> => [
  { name: "search: needs Elasticsearch", as: "public", method: "POST", path: "/search", body: { query: "kayak" } },
  { name: "custom attributes: creating needs Elasticsearch", method: "POST", path: "/custom-attributes", body: { name: `size${run}`, type: "number" } },
  { name: "custom attributes: read an unknown one", method: "GET", path: "/custom-attributes/attr_unknown000000000000" },
  { name: "custom attributes: update an unknown one", method: "PATCH", path: "/custom-attributes/attr_unknown000000000000", body: { listValues: ["a"] } },
  { name: "custom attributes: delete an unknown one", method: "DELETE", path: "/custom-attributes/attr_unknown000000000000" },
  { name: "2020-08-10 only: events history", method: "GET", path: "/events/history", query: { groupBy: "day" } },
  { name: "2020-08-10 only: webhook logs", method: "GET", path: "/webhook-logs" },
  { name: "2020-08-10 only: a webhook log", method: "GET", path: "/webhook-logs/whl_unknown00000000000000" },
  { name: "2020-08-10 only: workflow logs", method: "GET", path: "/workflow-logs" },
  { name: "2020-08-10 only: a workflow log", method: "GET", path: "/workflow-logs/wfl_unknown00000000000000" },
  { name: "2020-08-10 only: workflow logs history", method: "GET", path: "/workflow-logs/history", query: { groupBy: "day" } },
  { name: "system: checking a token needs the system key", method: "POST", path: "/auth/token/check", body: { tokenType: "refreshToken", token: "x" } },
  { name: "system: reading the system config needs the system key", method: "GET", path: "/config/system" },
  { name: "system: updating the system config needs the system key", method: "PATCH", path: "/config/system", body: { custom: {} } },
  { name: "config: set the refresh token lifetime", method: "PATCH", path: "/config/private", body: { stelace: { stelaceAuthRefreshTokenExpiration: { d: 14 } } }, select: (body) => body?.stelace?.stelaceAuthRefreshTokenExpiration },
  { name: "config: a lifetime of two units", method: "PATCH", path: "/config/private", body: { stelace: { stelaceAuthRefreshTokenExpiration: { d: 14, h: 1 } } } },
  { name: "organizations: the deprecated PATCH on memberships", as: "bruno", method: "PATCH", path: "/users/{{chloe}}/organizations/{{shop}}", body: { roles: ["user"] } },
  { name: "entries: delete", method: "DELETE", path: "/entries/{{entry}}" },
  { name: "robots: robots.txt", as: "none", method: "GET", path: "/robots.txt" }
]

/** Events: custom ones, and every event the script caused. */
const events = (run: string): Array<Step> => {
  const ids = (vars: Vars, names: ReadonlyArray<string>) => names.map((name) => vars[name]).filter((id) => typeof id === "string")
  const byObjects = (names: ReadonlyArray<string>) => (vars: Vars) => ({ objectId: ids(vars, names), nbResultsPerPage: 100 })
  const settled = { settle: { timeoutMs: 20_000 }, select: sortEvents }
  return [
    { name: "events: a custom event", as: "public", method: "POST", path: "/events", body: { type: `visited_${run}`, objectId: "{{kayak}}", emitterId: "web", metadata: { page: "/kayak" } }, save: { customEvent: "id" } },
    { name: "events: a core event type is refused", method: "POST", path: "/events", body: { type: "asset__created" } },
    { name: "events: read", method: "GET", path: "/events/{{customEvent}}" },
    { name: "events: of the catalogue", method: "GET", path: "/events", query: byObjects(["daily", "sale", "hourly", "boats", "kayaks"]), ...settled },
    { name: "events: of the users", method: "GET", path: "/events", query: byObjects(["alice", "bruno", "chloe", "david", "shop"]), ...settled },
    { name: "events: of the assets", method: "GET", path: "/events", query: byObjects(["kayak", "paddle", "stove", "canoe", "trailer", "closed", "extra"]), ...settled },
    { name: "events: of the transactions", method: "GET", path: "/events", query: byObjects(["booking", "purchase", "rival", "toCancel", "hourlyBooking", "priced"]), ...settled },
    { name: "events: of orders, messages and the rest", method: "GET", path: "/events", query: byObjects(["order", "manualOrder", "question", "answer", "attachment", "rating", "entry", "task", "customRole", "secretKeyId", "assessment"]), ...settled },
    { name: "events: stats by type", method: "GET", path: "/events/stats", query: (vars: Vars) => ({ groupBy: "type", objectId: ids(vars, ["booking", "kayak", "alice"]) }), settle: { timeoutMs: 20_000 }, select: byField("groupByValue") }
  ]
}

/** Results in a stable order: the server orders ties (equal counts) as it likes. */
const byField = (field: string) => (body: any) =>
  Array.isArray(body?.results)
    ? { ...body, results: [...body.results].sort((a: any, b: any) => String(a[field]).localeCompare(String(b[field]))) }
    : body

/**
 * Events in a stable order: by type, then by the name of their object (the real server runs a
 * batch's updates concurrently, so their events come in any order), then as listed (newest first).
 */
const sortEvents = (body: any) => {
  if (!Array.isArray(body?.results)) return body
  const key = (event: any) => `${event.type}\u0000${event.object?.name ?? ""}`
  const indexed = body.results.map((event: any, index: number) => ({ event, index }))
  indexed.sort((a: any, b: any) => key(a.event).localeCompare(key(b.event)) || a.index - b.index)
  return { ...body, results: indexed.map((item: any) => item.event) }
}

/** Removals, and what the server refuses to remove. */
const removals = (): Array<Step> => [
  { name: "removals: a category with assets", method: "DELETE", path: "/categories/{{kayaks}}" },
  { name: "removals: a category with children", method: "DELETE", path: "/categories/{{boats}}" },
  { name: "removals: an asset type with assets", method: "DELETE", path: "/asset-types/{{daily}}" },
  { name: "removals: a user with assets", method: "DELETE", path: "/users/{{alice}}" },
  { name: "removals: a user owning an organization", method: "DELETE", path: "/users/{{bruno}}" },
  { name: "removals: someone else's asset", as: "chloe", method: "DELETE", path: "/assets/{{kayak}}" },
  { name: "removals: an availability", as: "alice", method: "DELETE", path: "/availabilities/{{extra}}" },
  { name: "removals: the owner deletes an asset", as: "alice", method: "DELETE", path: "/assets/{{paddle}}" },
  { name: "removals: an unknown asset", method: "DELETE", path: "/assets/ast_unknown00000000000000" },
  { name: "removals: a message of someone else", as: "bruno", method: "DELETE", path: "/messages/{{answer}}" },
  { name: "removals: the organization, by its owner", as: "bruno", method: "DELETE", path: "/users/{{shop}}" },
  { name: "removals: a user deletes themself", as: "david", method: "DELETE", path: "/users/{{david}}" },
  { name: "removals: the deleted user", method: "GET", path: "/users/{{david}}" }
]

/** The whole script. */
export const script = (run: string): ReadonlyArray<Step> => [
  ...platform(run),
  ...catalogue(run),
  ...users(run),
  ...assets(run),
  ...transactions(),
  ...orders(),
  ...conversations(),
  ...platformData(run),
  ...sessions(run),
  ...others(run),
  ...limits(run),
  ...events(run),
  ...removals()
]
