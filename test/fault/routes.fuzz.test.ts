/**
 * Every route of the in-memory backend under hostile input, from every kind of caller. The routes
 * come from the backend's own route table, so a new route is fuzzed as soon as it exists; the
 * requests come from its own validation rules (hostileRequests.ts).
 *
 * For each route, on a new backend holding a marketplace in use (marketplaceInUse.ts), through a
 * socket (`startServer`) and in process:
 * 1. Untrusted callers (no key, the publishable key, a custom key of the user role, Chloé's and
 *    Alice's tokens, a token whose claims were rewritten, garbage Authorization headers) send
 *    hostile requests. Each answer is below 500, a 4xx has the real server's error shape, and
 *    none shows the secret key or the bystanders' private data. Afterwards, the data of the users
 *    they are not (Bruno, David, Bruno's organization) and of the platform (config, keys, roles,
 *    asset types...) reads the same with the secret key, Chloé and Alice have the roles and
 *    memberships they had, David's token gains nothing, and `Object.prototype` is clean.
 * 2. The secret key sends hostile requests, which reach deepest into the handlers: again no 5xx
 *    and the error shape, and the backend still answers.
 *
 * Seeded: FC_SEED (and FC_RUNS, the requests per route and caller group) explore other inputs;
 * a failure prints the command that replays it. routes.regressions.test.ts holds the bugs found.
 */
import fc from "fast-check"
import { afterEach, describe, expect, it } from "vitest"
import { routes } from "../../src/testing/backend/Backend.js"
import type { Route } from "../../src/testing/backend/Route.js"
import { demo } from "../../src/testing/seeds/demo.js"
import { type Answer, cleanPrototype, closeServers, expectNoPermissionGained, expectUnpolluted, type Sender, ways } from "./backendHelpers.js"
import { type HostileRequest, hostileRequest } from "./hostileRequests.js"
import {
  callersOf,
  expectRightsKept,
  furnish,
  guardedData,
  hiddenMarkers,
  idsOf,
  marketplaceInUse,
  rightsOf
} from "./marketplaceInUse.js"

const seed = Number(process.env.FC_SEED ?? 20260611)
const numRuns = Number(process.env.FC_RUNS ?? 16)

afterEach(async () => {
  await closeServers()
  expect(cleanPrototype()).toStrictEqual([])
})

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
 * An untrusted caller read nothing it may not: never the secret key, nor the bystanders' private
 * fields and namespaces, nor the private config. (Where the real server shows some of them, a
 * custom event's object and a transaction's asset snapshot, the backend does not: docs/testing.md.)
 */
const expectNothingHidden = (answer: Answer, hidden: HiddenData) => {
  const text = JSON.stringify(answer.body) ?? ""
  expect(hidden.secrets.filter((secret) => text.includes(secret)), `a secret in ${text.slice(0, 600)}`).toStrictEqual([])
  expect(hidden.privateData.filter((item) => text.includes(item)), `private data in ${text.slice(0, 600)}`).toStrictEqual([])
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
      expectNothingHidden(answer, hidden)
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
