/**
 * The marketplace the route fuzz (routes.fuzz.test.ts) runs in, and what it checks afterwards.
 *
 * The demo seed in use: objects of every kind, some of the bystanders (Bruno, David, Bruno's
 * organization), some of the callers (Chloé, Alice), and private data only the secret key may
 * read. The callers: untrusted ones, from no key to rewritten tokens, and the secret key. The
 * guard: what no untrusted caller may change, as the secret key reads it.
 */
import { expect } from "vitest"
import type { Route } from "../../src/testing/backend/Route.js"
import type { Seed, SeedObject } from "../../src/testing/index.js"
import { demo, demoSeed } from "../../src/testing/seeds/demo.js"
import { login, type Sender } from "./backendHelpers.js"
import type { Caller, ObjectIds } from "./hostileRequests.js"

/** A token whose payload claims more, under the signature of the real one. */
const withClaims = (token: string, claims: Record<string, unknown>): string => {
  const [header, payload, signature] = token.split(".")
  const decoded = JSON.parse(Buffer.from(payload!, "base64url").toString("utf8"))
  return [header, Buffer.from(JSON.stringify({ ...decoded, ...claims })).toString("base64url"), signature].join(".")
}

/** Who sends the hostile requests: the untrusted callers (with a custom key of the user role), and the secret key. */
export const callersOf = async (api: Sender, customKey: string): Promise<{ readonly untrusted: ReadonlyArray<Caller>; readonly secret: Caller }> => {
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
export const hiddenMarkers = {
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
export const marketplaceInUse: Seed = (now) => {
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
export const furnish = async (api: Sender): Promise<{ readonly ids: Record<string, ReadonlyArray<string>>; readonly customKey: string }> => {
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
 * What no untrusted caller may change, as the secret key reads it: the platform's objects, and
 * the bystanders' users, assets (and their availabilities), transactions, ratings and messages,
 * including any new one in their name.
 */
export const guardedData = async (api: Sender): Promise<Record<string, unknown>> => {
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
    "/documents?type=review&nbResultsPerPage=100",
    // whole: the real server lets any user but their owner rewrite them (its owner check of
    // PATCH /ratings/:id and PATCH /search/:id is inverted), the backend lets nobody but `:edit:all`
    `/ratings?authorId=${bystanders}&nbResultsPerPage=100`,
    `/search?userId=${bystanders}&nbResultsPerPage=100`
  ]
  const answers = await Promise.all(paths.map(read))
  for (const [index, answer] of answers.entries()) expect(answer.status, paths[index]).toBe(200)
  return {
    assets: assets.body,
    ...Object.fromEntries(paths.map((path, index) => [path, answers[index]!.body]))
  }
}

/**
 * The ids a route's requests name: of its own objects (furnished, and those the list of its
 * collection shows the secret key), and of every kind furnished.
 */
export const idsOf = async (api: Sender, route: Route, furnished: Record<string, ReadonlyArray<string>>): Promise<ObjectIds> => {
  const collection = route.path.split("/:")[0]!
  const answer = await api.send({ method: "GET", path: `${collection}?nbResultsPerPage=100` })
  const objects: unknown = Array.isArray(answer.body) ? answer.body : answer.body?.results
  const listed = answer.status === 200 && Array.isArray(objects) ? objects.map((object: { readonly id: string }) => object.id) : []
  return { own: [...new Set([...(furnished[collection] ?? []), ...listed])], known: Object.values(furnished).flat() }
}

/** What a user may do: their roles, and their organizations with their roles in each. */
export interface Rights {
  readonly roles: ReadonlyArray<string>
  readonly organizations: Readonly<Record<string, unknown>>
}

/** A user's rights, as the secret key reads them; `undefined` once they deleted themself. */
export const rightsOf = async (api: Sender, userId: string): Promise<Rights | undefined> => {
  const answer = await api.send({ method: "GET", path: `/users/${userId}` })
  // a caller may delete themself
  if (answer.status === 404) return undefined
  return { roles: answer.body.roles, organizations: answer.body.organizations ?? {} }
}

/** A user kept their roles and memberships; the only organizations they joined are those they created. */
export const expectRightsKept = async (api: Sender, userId: string, before: Rights) => {
  const after = await rightsOf(api, userId)
  if (after === undefined) return
  expect(after.roles, `${userId}'s roles`).toStrictEqual(before.roles)
  for (const [organizationId, membership] of Object.entries(after.organizations)) {
    if (Object.hasOwn(before.organizations, organizationId)) {
      expect(membership, `${userId} in ${organizationId}`).toStrictEqual(before.organizations[organizationId])
    } else {
      const organization = await api.send({ method: "GET", path: `/users/${organizationId}` })
      expect(organization.body.orgOwnerId, `${userId} joined ${organizationId}`).toBe(userId)
    }
  }
}
