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
import { demo } from "../../src/testing/seeds/demo.js"
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
import { type Caller, type HostileRequest, hostileRequest } from "./hostileRequests.js"

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

/** Who sends the hostile requests: the untrusted callers, and the secret key. */
const callersOf = async (api: Sender): Promise<{ readonly untrusted: ReadonlyArray<Caller>; readonly secret: Caller }> => {
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

/** The users the untrusted callers are not: what they own must come out of the fuzz as it went in. */
const bystanders = [demo.users.bruno.id, demo.users.david.id, demo.organizations.lyonRentals].join(",")

/**
 * A rating as the guard compares it: without what the real server lets any user but its author
 * change (S:plugins/rating/services/rating.js update: its author check is inverted, and the
 * backend reproduces it).
 */
const ratingAsGuarded = ({ comment: _comment, metadata: _metadata, score: _score, updatedDate: _updatedDate, ...guarded }: Record<string, unknown>) =>
  guarded

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
    ...bystanders.split(",").map((id) => `/messages?senderId=${id}&nbResultsPerPage=100`)
  ]
  const ratingsPath = `/ratings?authorId=${bystanders}&nbResultsPerPage=100`
  const [ratings, ...answers] = await Promise.all([ratingsPath, ...paths].map(read))
  for (const [index, answer] of [ratings!, ...answers].entries()) expect(answer.status, [ratingsPath, ...paths][index]).toBe(200)
  return {
    assets: assets.body,
    ...Object.fromEntries(paths.map((path, index) => [path, answers[index]!.body])),
    [ratingsPath]: ratings!.body.results.map(ratingAsGuarded)
  }
}

/** The ids of a route's own objects, from the list of its collection as the secret key reads it (none when there is no such list). */
const idsOf = async (api: Sender, route: Route): Promise<ReadonlyArray<string>> => {
  const collection = route.path.split("/:")[0]!
  const answer = await api.send({ method: "GET", path: `${collection}?nbResultsPerPage=100` })
  const objects: unknown = Array.isArray(answer.body) ? answer.body : answer.body?.results
  return answer.status === 200 && Array.isArray(objects) ? objects.map((object: { readonly id: string }) => object.id) : []
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
const realServerErrors: Readonly<Record<string, string>> = {
  // S:plugins/rating/services/rating.js create: reads `transaction.assetId` when the body names neither an asset nor a transaction
  "POST /ratings": "Cannot read property 'assetId' of undefined",
  // S:src/services/authentication.js confirmPasswordReset: the reset token's user was deleted
  "POST /password/reset/confirm": "User associated with the reset token not found"
}

const isRealServerError = (route: string, answer: Answer): boolean =>
  answer.status === 500 && realServerErrors[route] !== undefined &&
  JSON.stringify(answer.body) === JSON.stringify({ message: "Internal Server Error", statusCode: 500, _message: realServerErrors[route] })

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
const fuzz = async (api: Sender, route: string, callers: string, requests: fc.Arbitrary<HostileRequest>): Promise<void> => {
  const label = `${route} (${callers})`
  const result = await fc.check(
    fc.asyncProperty(requests, async (request) => expectServerAnswer(route, await api.send(request))),
    { seed: seedOf(label), numRuns, endOnFailure: true }
  )
  if (!result.failed) return
  const request = result.counterexample?.[0]
  const why = result.errorInstance instanceof Error ? result.errorInstance.message : String(result.errorInstance)
  expect.fail(
    `${label}, request ${result.numRuns} of ${numRuns}:\n  ${request === undefined ? "?" : describeRequest(request)}\n${why.slice(0, 1500)}\n` +
      `replay: FC_SEED=${seed} npx vitest run test/fault/routes.fuzz.test.ts -t "${route}:"`
  )
}

const routeCases = routes.map((route): readonly [string, Route] => [`${route.method} ${route.path}`, route])

describe.each(ways)("every route under hostile input (%s)", (_way, make) => {
  it.each(routeCases)("%s: no 5xx, the server's error shape, and nothing changed or granted", async (label, route) => {
    const api = await make()
    const callers = await callersOf(api)
    const ids = await idsOf(api, route)
    const before = await guardedData(api)
    const rights = {
      [demo.users.chloe.id]: (await rightsOf(api, demo.users.chloe.id))!,
      [demo.users.alice.id]: (await rightsOf(api, demo.users.alice.id))!
    }

    await fuzz(api, label, "untrusted callers", hostileRequest(route, callers.untrusted, ids))
    expect(await guardedData(api)).toStrictEqual(before)
    for (const [userId, kept] of Object.entries(rights)) await expectRightsKept(api, userId, kept)
    await expectNoPermissionGained(api, { ...demo.users.david, roles: ["user"] })
    expectUnpolluted()

    await fuzz(api, label, "secret key", hostileRequest(route, [callers.secret], ids))
    expect((await api.send({ method: "GET", path: "/", key: null })).status).toBe(200)
    expectUnpolluted()
  })
})
