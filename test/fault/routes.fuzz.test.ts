/**
 * Every route of the in-memory backend under hostile input, from every kind of caller. The routes
 * come from the backend's own route table, so a new route is fuzzed as soon as it exists; the
 * requests come from its own validation rules (see hostileRequests.ts).
 *
 * For each route, on a new demo backend, through a socket (`startServer`) and in process:
 * 1. Untrusted callers (no key, the publishable key, Chloé's and Alice's tokens, a token whose
 *    claims were rewritten, garbage Authorization headers) send hostile requests. Each answer is
 *    below 500, and a 4xx has the real server's error shape. Afterwards, the data of the users
 *    they are not (Bruno, David, Bruno's organization) and of the platform (config, keys, roles,
 *    asset types...) reads the same with the secret key, Chloé and Alice have the roles and
 *    memberships they had, David's token gains nothing, and `Object.prototype` is clean.
 * 2. The secret key sends hostile requests, which reach deepest into the handlers: again no 5xx
 *    and the error shape, and the backend still answers.
 *
 * Seeded: FC_SEED (and FC_RUNS, the requests per route and caller group) explore other inputs;
 * a failure prints the command that replays it.
 */
import fc from "fast-check"
import { afterEach, describe, expect, it } from "vitest"
import { routes } from "../../src/testing/backend/Backend.js"
import type { Route } from "../../src/testing/backend/Route.js"
import type { Seed, SeedObject } from "../../src/testing/index.js"
import { demo, demoSeed } from "../../src/testing/seeds/demo.js"
import {
  type Answer,
  cleanPrototype,
  closeServers,
  expectNoPermissionGained,
  expectUnpolluted,
  login,
  type Sender,
  ways
} from "./backendHelpers.js"
import { type Caller, type HostileRequest, hostileRequest, type ObjectIds } from "./hostileRequests.js"

const seed = Number(process.env.FC_SEED ?? 20260611)
const numRuns = Number(process.env.FC_RUNS ?? 16)

afterEach(async () => {
  await closeServers()
  expect(cleanPrototype()).toStrictEqual([])
})

/** A token whose payload claims more, under the signature of the real one. */
const withClaims = (token: string, claims: Record<string, unknown>): string => {
  const [header, payload, signature] = token.split(".")
  const decoded = JSON.parse(Buffer.from(payload!, "base64url").toString("utf8"))
  return [header, Buffer.from(JSON.stringify({ ...decoded, ...claims })).toString("base64url"), signature].join(".")
}

/** Who sends the hostile requests: the untrusted callers (with a custom key of the user role), and the secret key. */
const callersOf = async (api: Sender, customKey: string): Promise<{ readonly untrusted: ReadonlyArray<Caller>; readonly secret: Caller }> => {
  const publishable = api.keys.publishableApiKey
  const chloe = await login(api, demo.users.chloe)
  const alice = await login(api, demo.users.alice)
  return {
    untrusted: [
      { name: "no key", key: null },
      { name: "the publishable key", key: publishable },
      { name: "the publishable key as x-api-key", key: null, headers: { "x-api-key": publishable } },
      { name: "Chloé's token", key: publishable, token: chloe.accessToken },
      { name: "Alice's token", key: publishable, token: alice.accessToken },
      { name: "a custom key of the user role", key: customKey },
      {
        name: "Chloé's token claiming the dev role",
        key: publishable,
        token: withClaims(chloe.accessToken, { roles: ["dev"], permissions: ["*"], readNamespaces: ["*"], editNamespaces: ["*"] })
      },
      { name: "a Basic header that is not base64", key: null, headers: { authorization: "Basic !!!" } },
      { name: "a Bearer header that is not a JWT", key: null, headers: { authorization: "Bearer not.a.jwt" } }
    ],
    secret: { name: "the secret key", key: api.keys.secretApiKey }
  }
}

const DAY = 86_400_000

/** A fixed id, as the demo seed makes them: `avl_FuzzTent000...`, 24 characters. */
const fixedId = (prefix: string, name: string): string => `${prefix}_${name}${"0".repeat(23 - prefix.length - name.length)}`

/** Objects of the kinds the demo seed lacks, with fixed ids: some the bystanders', some the callers'. */
const inUse = {
  availabilities: [fixedId("avl", "FuzzTent"), fixedId("avl", "FuzzTesla")],
  savedSearches: [fixedId("sch", "FuzzChloe"), fixedId("sch", "FuzzDavid")],
  documents: [fixedId("doc", "FuzzReview")],
  tasks: [fixedId("task", "FuzzOnce"), fixedId("task", "FuzzWeekly")],
  webhooks: [fixedId("whk", "FuzzHook")],
  workflows: [fixedId("wfw", "FuzzFlow")],
  roles: [fixedId("role", "FuzzEditor")],
  messages: [fixedId("msg", "FuzzThanks")]
}

/** Text only the secret key may read: in the bystanders' private namespaces, the staff's namespace, the private config. */
const hiddenMarkers = {
  brunoPrivate: "bruno-private-note",
  davidPrivate: "david-private-note",
  assetPrivate: "bruno-asset-private-note",
  staffOnly: "staff-only-note",
  privateConfig: "private-config-client-secret"
}

/** Private data of a bystander: their own `_private` namespace, and one no role grants. */
const withHiddenData = (object: SeedObject, marker: string): SeedObject => ({
  ...object,
  metadata: { ...(object.metadata as object | undefined), _private: { note: marker }, _staff: { note: hiddenMarkers.staffOnly } }
})

/** The demo seed, with private data for the bystanders, and {@link inUse}: a marketplace in use. */
const marketplaceInUse: Seed = (now) => {
  const { alice, bruno, chloe, david } = demo.users
  const day = (offset: number) => new Date(now.getTime() + offset * DAY).toISOString()
  const [tentAvailability, teslaAvailability] = inUse.availabilities
  const [chloeSearch, davidSearch] = inUse.savedSearches
  const [onceTask, weeklyTask] = inUse.tasks
  const seed = demoSeed(now)
  return {
    ...seed,
    privateConfig: { stelace: { ssoConnections: { staff: { clientSecret: hiddenMarkers.privateConfig } } } },
    users: seed.users?.map((user) =>
      user.id === bruno.id ? withHiddenData(user, hiddenMarkers.brunoPrivate) : user.id === david.id ? withHiddenData(user, hiddenMarkers.davidPrivate) : user
    ),
    assets: seed.assets?.map((asset) => (asset.ownerId === bruno.id ? withHiddenData(asset, hiddenMarkers.assetPrivate) : asset)),
    availabilities: [
      { id: tentAvailability, assetId: demo.assets.tent, startDate: day(30), endDate: day(32), quantity: 1 },
      { id: teslaAvailability, assetId: demo.assets.tesla, startDate: day(30), endDate: day(32), quantity: 0 }
    ],
    savedSearches: [
      { id: chloeSearch, name: "Bikes", userId: chloe.id, search: { query: "bike" } },
      { id: davidSearch, name: "Tents", userId: david.id, search: { query: "tent" } }
    ],
    documents: [{ id: inUse.documents[0], type: "review", authorId: bruno.id, targetId: alice.id, label: "main:good", data: { text: "ok" } }],
    tasks: [
      { id: onceTask, eventType: "reminder", executionDate: day(1), eventObjectId: demo.assets.tent },
      { id: weeklyTask, eventType: "weekly", recurringPattern: "0 9 * * 1", recurringTimezone: "Europe/Paris" }
    ],
    webhooks: [{ id: inUse.webhooks[0], name: "Hook", targetUrl: "https://example.com/hook", event: "asset__created" }],
    workflows: [
      {
        id: inUse.workflows[0],
        name: "Flow",
        event: "asset__created",
        run: [{ endpointMethod: "PATCH", endpointUri: "/assets/\u0024{asset.id}", endpointPayload: { metadata: { seen: true } } }]
      }
    ],
    roles: [{ id: inUse.roles[0], name: "Editor", value: "editor", permissions: ["asset:list:all"] }],
    messages: [
      ...(seed.messages ?? []),
      { id: inUse.messages[0], topicId: demo.transactions.tentRental, senderId: chloe.id, receiverId: bruno.id, content: "Thanks" }
    ]
  }
}

/**
 * What no seed holds, made with the secret key: orders with lines and moves, assessments, a
 * custom API key of the user role, an event. Their ids by collection path, with those of
 * {@link inUse} and of the platform's API keys, and the custom key.
 */
const furnish = async (api: Sender): Promise<{ readonly ids: Record<string, ReadonlyArray<string>>; readonly customKey: string }> => {
  const { bruno, chloe, david } = demo.users
  const create = async (path: string, json: unknown) => {
    const answer = await api.send({ method: "POST", path, json })
    expect(answer.status, `furnishing ${path}: ${JSON.stringify(answer.body)}`).toBe(200)
    return answer.body
  }
  const orders = [
    await create("/orders", { transactionIds: [demo.transactions.teslaBooking] }),
    await create("/orders", { transactionIds: [demo.transactions.eBikeDraft] })
  ]
  const line = await create("/order-lines", { orderId: orders[0].id, payerId: chloe.id, payerAmount: 5, currency: "EUR" })
  const move = await create("/order-moves", { orderId: orders[1].id, payerId: david.id, payerAmount: 10, currency: "EUR" })
  const assessments = [
    await create("/assessments", { assetId: demo.assets.tent, transactionId: demo.transactions.tentRental, signers: { [bruno.id]: {}, [chloe.id]: {} } }),
    await create("/assessments", { assetId: demo.assets.eBike, transactionId: demo.transactions.eBikeDraft, signers: { [bruno.id]: {}, [david.id]: {} } })
  ]
  const customKey = await create("/api-keys", { name: "Custom", type: "custom", roles: ["user"] })
  const apiKeys = await api.send({ method: "GET", path: "/api-keys?nbResultsPerPage=100" })
  const event = await create("/events", { type: "visited", objectId: demo.assets.tesla })
  const idsOfAll = (objects: ReadonlyArray<{ readonly id: string }>) => objects.map((object) => object.id)
  return {
    customKey: customKey.key,
    ids: {
      "/availabilities": inUse.availabilities,
      "/search": inUse.savedSearches,
      "/documents": inUse.documents,
      "/tasks": inUse.tasks,
      "/webhooks": inUse.webhooks,
      "/workflows": inUse.workflows,
      "/roles": inUse.roles,
      "/messages": inUse.messages,
      "/orders": idsOfAll(orders),
      "/order-lines": [...idsOfAll(orders.flatMap((order) => order.lines)), line.id],
      "/order-moves": [move.id],
      "/assessments": idsOfAll(assessments),
      "/api-keys": idsOfAll(apiKeys.body.results),
      "/events": [event.id]
    }
  }
}

/** The users the untrusted callers are not: what they own must come out of the fuzz as it went in. */
const bystanders = [demo.users.bruno.id, demo.users.david.id, demo.organizations.lyonRentals].join(",")

/**
 * Ratings and saved searches as the guard compares them: who they belong to, not what the real
 * server lets any user but their owner change (its owner check of PATCH /ratings/:id and
 * PATCH /search/:id is inverted, S:plugins/rating/services/rating.js and
 * S:plugins/saved-search/services/savedSearch.js update; the backend reproduces both).
 */
const ownershipOf = (results: ReadonlyArray<Record<string, unknown>>) =>
  results.map(({ authorId, createdDate, id, targetId, userId }) => ({ authorId, createdDate, id, targetId, userId }))

/**
 * What no untrusted caller may change, as the secret key reads it: the platform's objects, and
 * the bystanders' users, assets (and their availabilities), transactions, ratings and messages,
 * including any new one in their name.
 */
const guardedData = async (api: Sender): Promise<Record<string, unknown>> => {
  const read = (path: string) => api.send({ method: "GET", path })
  const assets = await read(`/assets?ownerId=${bystanders}&nbResultsPerPage=100`)
  const assetIds = (assets.body.results as ReadonlyArray<{ readonly id: string }>).map((asset) => asset.id).join(",")
  const paths = [
    "/config",
    "/config/private",
    "/api-keys?nbResultsPerPage=100",
    "/roles?nbResultsPerPage=100",
    "/asset-types?nbResultsPerPage=100",
    "/categories?nbResultsPerPage=100",
    "/custom-attributes?nbResultsPerPage=100",
    "/entries?nbResultsPerPage=100",
    "/webhooks?nbResultsPerPage=100",
    "/workflows?nbResultsPerPage=100",
    "/tasks?nbResultsPerPage=100",
    `/users?id=${bystanders}&nbResultsPerPage=100`,
    `/availabilities?assetId=${assetIds}&nbResultsPerPage=100`,
    `/transactions?takerId=${bystanders}&nbResultsPerPage=100`,
    ...bystanders.split(",").map((id) => `/messages?senderId=${id}&nbResultsPerPage=100`),
    `/orders?payerId=${bystanders}&nbResultsPerPage=100`,
    `/assessments?assetId=${demo.assets.eBike}&nbResultsPerPage=100`,
    "/documents?type=review&nbResultsPerPage=100"
  ]
  const ownedPaths = [`/ratings?authorId=${bystanders}&nbResultsPerPage=100`, `/search?userId=${bystanders}&nbResultsPerPage=100`]
  const answers = await Promise.all([...paths, ...ownedPaths].map(read))
  for (const [index, answer] of answers.entries()) expect(answer.status, [...paths, ...ownedPaths][index]).toBe(200)
  return {
    assets: assets.body,
    ...Object.fromEntries(paths.map((path, index) => [path, answers[index]!.body])),
    ...Object.fromEntries(ownedPaths.map((path, index) => [path, ownershipOf(answers[paths.length + index]!.body.results)]))
  }
}

/**
 * The ids a route's requests name: of its own objects (furnished, and those the list of its
 * collection shows the secret key), and of every kind furnished.
 */
const idsOf = async (api: Sender, route: Route, furnished: Record<string, ReadonlyArray<string>>): Promise<ObjectIds> => {
  const collection = route.path.split("/:")[0]!
  const answer = await api.send({ method: "GET", path: `${collection}?nbResultsPerPage=100` })
  const objects: unknown = Array.isArray(answer.body) ? answer.body : answer.body?.results
  const listed = answer.status === 200 && Array.isArray(objects) ? objects.map((object: { readonly id: string }) => object.id) : []
  return { own: [...new Set([...(furnished[collection] ?? []), ...listed])], known: Object.values(furnished).flat() }
}

interface Rights {
  readonly roles: ReadonlyArray<string>
  readonly organizations: Readonly<Record<string, unknown>>
}

const rightsOf = async (api: Sender, userId: string): Promise<Rights | undefined> => {
  const answer = await api.send({ method: "GET", path: `/users/${userId}` })
  // a caller may delete themself
  if (answer.status === 404) return undefined
  return { roles: answer.body.roles, organizations: answer.body.organizations ?? {} }
}

/** A user kept their roles and memberships; the only organizations they joined are those they created. */
const expectRightsKept = async (api: Sender, userId: string, before: Rights) => {
  const after = await rightsOf(api, userId)
  if (after === undefined) return
  expect(after.roles, `${userId}'s roles`).toStrictEqual(before.roles)
  for (const [organizationId, membership] of Object.entries(after.organizations)) {
    if (organizationId in before.organizations) {
      expect(membership, `${userId} in ${organizationId}`).toStrictEqual(before.organizations[organizationId])
    } else {
      const organization = await api.send({ method: "GET", path: `/users/${organizationId}` })
      expect(organization.body.orgOwnerId, `${userId} joined ${organizationId}`).toBe(userId)
    }
  }
}

/** Restify's own errors carry `{ code, message }` instead of the server's shape. */
const restifyCodes: Readonly<Record<number, string>> = {
  400: "InvalidContent",
  404: "ResourceNotFound",
  405: "MethodNotAllowed",
  413: "PayloadTooLarge"
}

/**
 * 4xx answers the real server sends raw, outside its error shape (its `_rawResponse`), and the
 * backend as it does: each route's raw answer.
 */
const rawErrorAnswers: Readonly<Record<string, (answer: Answer) => boolean>> = {
  // S:src/services/authentication.js getTokenCheckResponse: an unknown token with ?redirect=true and no redirect URL
  "GET /token/check/:token": (answer) =>
    answer.status === 422 && answer.body === "This validation address is invalid, we invite you to contact staff.",
  // S:src/services/batch.js: the batch's report, with the status of the first object that failed
  "POST /batch": (answer) =>
    answer.body?.success === false && Array.isArray(answer.body.completed) && answer.body.errors?.[0]?.error?.statusCode === answer.status
}

/**
 * The 500s the real server answers too, which the backend reproduces so that tests see what
 * production does: the route, and the hidden message (`_message`) of its 500.
 */
const realServerErrors: Readonly<Record<string, RegExp>> = {
  // S:plugins/rating/services/rating.js create: reads `transaction.assetId` when the body names neither an asset nor a transaction
  "POST /ratings": /^Cannot read property 'assetId' of undefined$/,
  // S:src/services/authentication.js confirmPasswordReset: the reset token's user was deleted
  "POST /password/reset/confirm": /^User associated with the reset token not found$/,
  // S:src/services/order.js updateMove: sets real amounts on a move created without `real` (stored as null)
  "PATCH /order-moves/:id": /^Cannot set property '(payer|receiver|platform)Amount' of null$/
}

const isRealServerError = (route: string, answer: Answer): boolean =>
  answer.status === 500 && Object.keys(answer.body ?? {}).join() === "message,statusCode,_message" &&
  answer.body.message === "Internal Server Error" && realServerErrors[route]?.test(answer.body._message) === true

/**
 * Below 500 (but for the real server's own 500s), and a 4xx in the real server's error shape:
 * `{ message, statusCode, data? }` (`_message` when hidden), restify's `{ code, message }`, or
 * the route's raw answer.
 */
const expectServerAnswer = (route: string, answer: Answer) => {
  if (isRealServerError(route, answer)) return
  expect(answer.status, `status, answering ${JSON.stringify(answer.body)?.slice(0, 600)}`).toBeLessThan(500)
  if (answer.status < 400 || rawErrorAnswers[route]?.(answer)) return
  if (answer.body?.code !== undefined) {
    expect(answer.body).toStrictEqual({ code: restifyCodes[answer.status], message: expect.stringMatching(/\S/) })
    return
  }
  expect(answer.body).toMatchObject({ statusCode: answer.status, message: expect.stringMatching(/\S/) })
  expect(Object.keys(answer.body).filter((key) => !["message", "statusCode", "data", "_message"].includes(key))).toStrictEqual([])
}

/**
 * Private data the real server shows callers who may not read it, and the backend shows them too
 * (reported, not changed: code written against the real server may rely on it; the differential
 * test holds the backend to it). Every other answer must show untrusted callers nothing private.
 * - a transaction's `assetSnapshot` is the asset as stored, every namespace of its metadata
 *   included (S:src/services/transaction.js), to the taker, and to anyone through a preview;
 * - a custom event's `object` is exposed with every namespace, private fields included
 *   (S:src/services/event.js create), and the public role holds `event:create:all`.
 */
const withoutRealServerDisclosures = (route: string, body: unknown): unknown => {
  const shown = route === "POST /events" && typeof body === "object" && body !== null ? { ...body, object: null } : body
  return JSON.parse(JSON.stringify(shown ?? null, (key, value) => (key === "assetSnapshot" ? undefined : value)))
}

/**
 * An untrusted caller read nothing it may not: never the secret key, nor (but where the real
 * server shows them) the bystanders' private fields and namespaces and the private config.
 */
const expectNothingHidden = (route: string, answer: Answer, hidden: HiddenData) => {
  const text = JSON.stringify(answer.body) ?? ""
  expect(hidden.secrets.filter((secret) => text.includes(secret)), `a secret in ${text.slice(0, 600)}`).toStrictEqual([])
  const disclosed = JSON.stringify(withoutRealServerDisclosures(route, answer.body))
  expect(hidden.privateData.filter((item) => disclosed.includes(item)), `private data in ${disclosed.slice(0, 600)}`).toStrictEqual([])
}

/** What untrusted callers must not read: secrets, and private data. */
interface HiddenData {
  readonly secrets: ReadonlyArray<string>
  readonly privateData: ReadonlyArray<string>
}

/** A request as a failure message shows it: long values cut. */
const describeRequest = (request: HostileRequest): string => {
  const cut = (value: string) => (value.length > 300 ? `${value.slice(0, 300)}... (${value.length} chars)` : value)
  const body = request.json !== undefined ? JSON.stringify(request.json) : request.text ?? request.form
  return [
    `${request.method} ${cut(request.path)} from ${request.caller}`,
    ...(Object.keys(request.headers ?? {}).length > 0 ? [`headers ${JSON.stringify(request.headers)}`] : []),
    ...(body === undefined ? [] : [`body ${cut(body)}`])
  ].join("\n  ")
}

/** The route's own seed: the same requests for a route whatever the routes around it. */
const seedOf = (label: string): number => {
  let hash = seed >>> 0
  for (const char of label) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0
  return hash | 0
}

/** Sends every generated request, checking each answer; fails with the request and how to replay it. */
const fuzz = async (
  api: Sender,
  route: string,
  callers: string,
  requests: fc.Arbitrary<HostileRequest>,
  runs: number,
  hidden: HiddenData = { secrets: [], privateData: [] }
): Promise<void> => {
  const label = `${route} (${callers})`
  const result = await fc.check(
    fc.asyncProperty(requests, async (request) => {
      const answer = await api.send(request)
      expectServerAnswer(route, answer)
      expectNothingHidden(route, answer, hidden)
    }),
    { seed: seedOf(label), numRuns: runs, endOnFailure: true }
  )
  if (!result.failed) return
  const request = result.counterexample?.[0]
  const why = result.errorInstance instanceof Error ? result.errorInstance.message : String(result.errorInstance)
  expect.fail(
    `${label}, request ${result.numRuns} of ${runs}:\n  ${request === undefined ? "?" : describeRequest(request)}\n${why.slice(0, 1500)}\n` +
      `replay: FC_SEED=${seed} npx vitest run test/fault/routes.fuzz.test.ts -t "${route}:"`
  )
}

const routeCases = routes.map((route): readonly [string, Route] => [`${route.method} ${route.path}`, route])

/**
 * Requests per route and caller group, each way: the in-process backend takes them all; the
 * socket server, whose handlers are the same, a quarter, for what its HTTP layer adds (header
 * and body reading, URL decoding) at a quarter of the time.
 */
const runsThrough: Readonly<Record<(typeof ways)[number][0], number>> = {
  startServer: Math.max(4, Math.ceil(numRuns / 4)),
  "StelaceTest backend": numRuns
}

describe.each(ways)("every route under hostile input (%s)", (way, make) => {
  it.each(routeCases)("%s: no 5xx, the server's error shape, and nothing changed or granted", async (label, route) => {
    const api = await make({ seed: marketplaceInUse })
    const furnished = await furnish(api)
    const callers = await callersOf(api, furnished.customKey)
    const ids = await idsOf(api, route, furnished.ids)
    const before = await guardedData(api)
    const rights = {
      [demo.users.chloe.id]: (await rightsOf(api, demo.users.chloe.id))!,
      [demo.users.alice.id]: (await rightsOf(api, demo.users.alice.id))!
    }

    await fuzz(api, label, "untrusted callers", hostileRequest(route, callers.untrusted, ids), runsThrough[way], {
      secrets: [api.keys.secretApiKey],
      privateData: [demo.users.bruno.username, demo.users.david.username, ...Object.values(hiddenMarkers)]
    })
    expect(await guardedData(api)).toStrictEqual(before)
    for (const [userId, kept] of Object.entries(rights)) await expectRightsKept(api, userId, kept)
    await expectNoPermissionGained(api, { ...demo.users.david, roles: ["user"] })
    expectUnpolluted()

    await fuzz(api, label, "secret key", hostileRequest(route, [callers.secret], ids), runsThrough[way])
    expect((await api.send({ method: "GET", path: "/", key: null })).status).toBe(200)
    expectUnpolluted()
  })
})
