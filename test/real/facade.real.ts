/**
 * The Promise facade against the real server, beyond the marketplace flow (`sdks.real.ts`): the
 * session (refresh after expiry, user-agent binding, logout, impersonation, organizations), every
 * typed failure from real answers, page-based pagination and `paginate`, and the routes
 * stelace@0.14.0 lacked.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import {
  createInstance,
  InvalidArgument,
  MalformedResponse,
  NetworkError,
  RequestAborted,
  ServerError,
  SessionExpired
} from "../../src/index.js"
import { realServer } from "./server.js"
import { claimsOf, memoryTokenStore, poll, type RecordingProxy, recordingProxy, runId } from "./support.js"

const server = realServer()
const run = runId()

/** A facade instance on the real server (or on `port`, a proxy in front of it). */
const facade = (options: Record<string, unknown> = {}, port = server.port): any =>
  (createInstance as (config: unknown) => any)({
    apiKey: server.publishableApiKey,
    tokenStore: memoryTokenStore(),
    host: port === server.port ? server.host : "127.0.0.1",
    port,
    protocol: port === server.port ? server.protocol : "http",
    ...options
  })

const admin = facade({ apiKey: server.secretApiKey })

/**
 * An asset type of this run: assets always name one, since whether the platform has a default
 * asset type depends on what ran before on the same server.
 */
let simpleType: Promise<string> | undefined
const assetTypeId = () =>
  (simpleType ??= admin.assetTypes.create({ name: `Simple ${run}`, timeBased: false, isDefault: false }).then((type: any) => type.id))

/** A new user (created with the secret key) and a facade logged in as them. */
const newUser = async (name: string, options: Record<string, unknown> = {}, port?: number) => {
  const username = `${name}-${run}`
  const password = `${name}-password`
  const user = await admin.users.create({ username, password, firstname: name })
  const client = facade(options, port)
  const tokens = await client.auth.login({ username, password })
  return { id: user.id as string, username, password, client, tokens }
}

/** The rejection of a promise (fails when it resolves). */
const rejection = async (promise: Promise<unknown>): Promise<any> => {
  try {
    const value = await promise
    throw new Error(`expected a rejection, got ${JSON.stringify(value)}`)
  } catch (error) {
    return error
  }
}

describe("the facade's session against the real server", () => {
  let proxy: RecordingProxy

  beforeAll(async () => {
    proxy = await recordingProxy(server)
  })
  afterAll(async () => {
    await proxy.close()
  })

  it("refreshes an expiring access token with the refresh-token grant, then calls with the new token", async () => {
    // the server's access tokens live 1 h: a margin above that makes the session see it as expiring now
    const user = await newUser("refresher", { refreshMargin: 3_700_000 }, proxy.port)
    const from = proxy.requests.length
    const read = await user.client.users.read(user.id)
    expect(read).toMatchObject({ id: user.id, username: user.username })

    const sent = proxy.requests.slice(from)
    const refresh = sent.find((request) => request.method === "POST" && request.path === "/auth/token")
    expect(refresh, "no POST /auth/token reached the server").toBeDefined()
    expect(JSON.parse(refresh!.body)).toEqual({ grantType: "refreshToken", refreshToken: user.tokens.refreshToken })
    expect(refresh!.status).toBe(200)
    const refreshed = JSON.parse(refresh!.answer)
    expect(claimsOf(refreshed.accessToken)).toMatchObject({ userId: user.id })

    const call = sent.find((request) => request.method === "GET" && request.path === `/users/${user.id}`)
    expect(call!.status).toBe(200)
    expect(call!.authorization).toContain(`token=${refreshed.accessToken}`)
    expect(sent.indexOf(refresh!)).toBeLessThan(sent.indexOf(call!))
    expect(user.client.getTokenStore().getTokens()).toMatchObject({
      accessToken: refreshed.accessToken,
      refreshToken: user.tokens.refreshToken
    })
  })

  it("rejects with SessionExpired when the server refuses the refresh token of another user agent", async () => {
    const user = await newUser("traveller")
    const elsewhere = facade({ userAgent: "Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0", refreshMargin: 3_700_000 })
    elsewhere.getTokenStore().setTokens(user.client.getTokenStore().getTokens())
    const expired: Array<unknown> = []
    elsewhere.onError("userSessionExpired", (error: unknown) => expired.push(error))

    const error = await rejection(elsewhere.users.read(user.id))
    expect(error).toBeInstanceOf(SessionExpired)
    expect(error).toMatchObject({ message: "User session expired", statusCode: 403 })
    expect(expired).toHaveLength(1)
    expect(elsewhere.getTokenStore().getTokens()).toBeNull()
    // the session of the user agent that logged in still refreshes
    const again = facade({ refreshMargin: 3_700_000 })
    again.getTokenStore().setTokens(user.client.getTokenStore().getTokens())
    expect(await again.users.read(user.id)).toMatchObject({ id: user.id })
  })

  it("logs out: the tokens are removed and the refresh token is revoked", async () => {
    const user = await newUser("leaver")
    const tokens = user.client.getTokenStore().getTokens()
    await user.client.auth.logout()
    expect(user.client.getTokenStore().getTokens()).toBeNull()
    expect(await user.client.auth.info()).toMatchObject({ isAuthenticated: false })

    const stale = facade({ refreshMargin: 3_700_000 })
    stale.getTokenStore().setTokens(tokens)
    expect(await rejection(stale.users.read(user.id))).toBeInstanceOf(SessionExpired)
  })

  it("acts as an organization: by impersonation, and with the organization header", async () => {
    const user = await newUser("founder")
    const organization = await user.client.users.create({ type: "organization", displayName: `Shop ${run}` })
    expect(organization.id).toMatch(/^org_/)
    expect(organization.orgOwnerId).toBe(user.id)

    // the organization header: the call acts as the organization
    user.client.setOrganizationId(organization.id)
    const asOrganization = await user.client.assets.create({ assetTypeId: await assetTypeId(), name: `Shop asset ${run}` })
    expect(asOrganization.ownerId).toBe(organization.id)
    user.client.setOrganizationId(null)
    expect((await user.client.assets.create({ assetTypeId: await assetTypeId(), name: `Own asset ${run}` })).ownerId).toBe(user.id)

    const outsider = await newUser("outsider")
    outsider.client.setOrganizationId(organization.id)
    const refused = await rejection(outsider.client.assets.list({ ownerId: organization.id }))
    expect(refused).toBeInstanceOf(ServerError)
    expect(refused).toMatchObject({ statusCode: 403, message: "User does not belong to this organization" })

    // impersonation: a member gets an access token of the organization
    const impersonated = await user.client.auth.getTokens({
      grantType: "impersonateToken",
      refreshToken: user.tokens.refreshToken,
      userId: organization.id
    })
    expect(claimsOf(impersonated.accessToken)).toMatchObject({ userId: organization.id, sourceUserId: user.id })
    const info = await user.client.auth.info()
    expect(info).toMatchObject({ isAuthenticated: true, userId: organization.id })
    const impersonating = await user.client.assets.create({ assetTypeId: await assetTypeId(), name: `Impersonated asset ${run}` })
    expect(impersonating.ownerId).toBe(organization.id)
  })

  it("refuses impersonating someone else without auth:impersonate", async () => {
    const user = await newUser("impostor")
    const error = await rejection(user.client.auth.getTokens({
      grantType: "impersonateToken",
      refreshToken: user.tokens.refreshToken,
      userId: (await newUser("victim")).id
    }))
    expect(error).toBeInstanceOf(ServerError)
    expect(error.statusCode).toBe(403)
  })
})

describe("the facade's typed failures from real answers", () => {
  it("rejects with ServerError carrying the body's fields and the request id", async () => {
    const invalid = await rejection(admin.assets.create({ assetTypeId: await assetTypeId(), name: 3, price: -1 }))
    expect(invalid).toBeInstanceOf(ServerError)
    expect(invalid).toMatchObject({ statusCode: 400, message: "\"name\" must be a string. \"price\" must be larger than or equal to 0" })

    const unknown = await rejection(admin.assets.read("ast_unknown00000000000000"))
    expect(unknown).toMatchObject({ statusCode: 404, message: "Not Found" })

    // a key of this platform that does not exist (a made-up key may name another platform: 500)
    const badKey = facade({ apiKey: `${server.secretApiKey.slice(0, -4)}zzzz` })
    expect(await rejection(badKey.assets.list())).toMatchObject({ statusCode: 401 })

    const anonymous = facade()
    const forbidden = await rejection(anonymous.assets.create({ assetTypeId: await assetTypeId(), name: "Nope" }))
    expect(forbidden).toMatchObject({ statusCode: 403, message: "Forbidden" })

    const currency = await rejection(admin.assets.create({ assetTypeId: await assetTypeId(), name: "Odd", currency: "XYZ" }))
    expect(currency).toMatchObject({ statusCode: 400, message: "Invalid currency" })

    await admin.users.create({ username: `twin-${run}`, password: "twin-password" })
    const unprocessable = await rejection(admin.users.create({ username: `twin-${run}`, password: "twin-password" }))
    expect(unprocessable).toMatchObject({ statusCode: 422, message: "Unavailable username" })
    expect(unprocessable.lastResponse.statusCode).toBe(422)
  })

  it("rejects with NetworkError when nothing answers, or after the timeout", async () => {
    const proxy = await recordingProxy(server)
    const port = proxy.port
    await proxy.close()
    const closed = facade({ maxRetries: 0 }, port)
    const refused = await rejection(closed.assets.list())
    expect(refused).toBeInstanceOf(NetworkError)
    // "Network Error", with the reason after a colon
    expect(refused.message).toMatch(/^Network Error\b/)

    const hurried = facade({ apiKey: server.secretApiKey, timeout: 1, maxRetries: 0 })
    const timedOut = await rejection(hurried.assets.list())
    expect(timedOut).toBeInstanceOf(NetworkError)
    expect(timedOut.message).toMatch(/^timeout of 1ms exceeded\b/)
  })

  it("rejects with InvalidArgument, MalformedResponse and RequestAborted", async () => {
    expect(await rejection(admin.assets.read(42))).toBeInstanceOf(InvalidArgument)
    expect(await rejection(admin.forward.get("https://example.com/assets"))).toBeInstanceOf(InvalidArgument)

    // the real server answers its robots.txt as text
    const malformed = await rejection(admin.forward.get("/robots.txt"))
    expect(malformed).toBeInstanceOf(MalformedResponse)
    expect(malformed).toMatchObject({ statusCode: 200 })
    expect(malformed.body).toContain("Disallow")

    const controller = new AbortController()
    const pending = admin.assets.list({}, { signal: controller.signal })
    controller.abort()
    expect(await rejection(pending)).toBeInstanceOf(RequestAborted)
  })
})

describe("the facade's pagination against the real server", () => {
  const owner = `pager-${run}`
  let ownerId: string

  beforeAll(async () => {
    ownerId = (await admin.users.create({ username: owner, password: "pager-password" })).id
    for (const name of ["A", "B", "C", "D", "E"]) {
      await admin.assets.create({ assetTypeId: await assetTypeId(), name: `${name} ${run}`, ownerId })
    }
  })

  it("reads page by page with page-based metadata", async () => {
    const second = await admin.assets.list({ ownerId, nbResultsPerPage: 2, page: 2, orderBy: "createdDate", order: "asc" })
    expect(second.map((asset: any) => asset.name)).toEqual([`C ${run}`, `D ${run}`])
    expect(second.paginationMeta).toEqual({ nbResults: 5, nbPages: 3, page: 2, nbResultsPerPage: 2 })
    expect(second.lastResponse).toMatchObject({ statusCode: 200, requestId: expect.stringMatching(/^[0-9a-f-]{36}$/) })
  })

  it("walks every page with paginate", async () => {
    const names: Array<string> = []
    for await (const asset of admin.assets.paginate({ ownerId, nbResultsPerPage: 2, orderBy: "createdDate", order: "asc" })) {
      names.push(asset.name)
    }
    expect(names).toEqual(["A", "B", "C", "D", "E"].map((name) => `${name} ${run}`))
  })

  it("gives the plain-array lists of 2019-05-20 as one page", async () => {
    const categories = await admin.categories.list()
    expect(Array.isArray(categories)).toBe(true)
    expect(categories.paginationMeta).toMatchObject({ page: 1, nbPages: 1, nbResults: categories.length })
  })
})

describe("routes stelace@0.14.0 lacked, through the facade", () => {
  it("runs assessments, batches, signals and emails, and reports the routes this release lacks", async () => {
    const owner = await newUser("assessor")
    const asset = await admin.assets.create({ assetTypeId: await assetTypeId(), name: `Assessed ${run}`, ownerId: owner.id })
    const assessment = await admin.assessments.create({
      assetId: asset.id,
      ownerId: owner.id,
      status: "draft",
      statement: "pass",
      signers: { [owner.id]: null },
      nbSigners: 1
    })
    expect(assessment).toMatchObject({ assetId: asset.id, status: "draft", signers: { [owner.id]: expect.any(Object) } })
    const signed = await owner.client.assessments.sign(assessment.id, { signCode: "1234" })
    expect(signed.signedDate).toEqual(expect.any(String))
    const listed = await admin.assessments.list({ assetId: asset.id })
    expect(listed.map((item: any) => item.id)).toEqual([assessment.id])

    const batch = await admin.batch.run({
      objectType: "asset",
      method: "PATCH",
      objects: [{ objectId: asset.id, payload: { description: "Batched" } }]
    })
    expect(batch).toMatchObject({ success: true, completed: [asset.id], errors: [] })
    expect((await admin.assets.read(asset.id)).description).toBe("Batched")

    expect(await admin.signal.send({ message: { text: "hello" }, event: "greeting" })).toMatchObject({ message: { text: "hello" }, event: "greeting" })
    expect(await rejection(admin.emails.send({ to: "someone@example.com", subject: "Hi", text: "Hello" })))
      .toMatchObject({ statusCode: 422 })

    // events history and webhook and workflow logs came with API version 2020-08-10
    for (const call of [() => admin.events.getHistory({ groupBy: "day" }), () => admin.webhookLogs.list(), () => admin.workflowLogs.list()]) {
      expect(await rejection(call())).toMatchObject({ statusCode: 404 })
    }
  })

  it("SDK bug: assessments.sign without a sign code must send a body (the server requires one)", async () => {
    // POST /assessments/:id/signatures needs a JSON object body, even empty: the facade sends none for
    // sign(id) or sign(id, {}), and the server answers 400 "\"body\" is required"
    const owner = await newUser("signer")
    const asset = await admin.assets.create({ assetTypeId: await assetTypeId(), name: `Signed ${run}`, ownerId: owner.id })
    const assessment = await admin.assessments.create({ assetId: asset.id, ownerId: owner.id, status: "draft", signers: { [owner.id]: null } })
    const signed = await owner.client.assessments.sign(assessment.id, {})
    expect(signed.signers[owner.id].signedDate).toEqual(expect.any(String))
  })

  it("reads the events of a change once the server has recorded them", async () => {
    const asset = await admin.assets.create({ assetTypeId: await assetTypeId(), name: `Evented ${run}` })
    await admin.assets.update(asset.id, { name: `Renamed ${run}` })
    const events = await poll(
      () => admin.events.list({ objectId: asset.id }),
      (list: Array<any>) => list.length >= 3
    )
    expect(events.map((event: any) => event.type).sort()).toEqual(["asset__created", "asset__name_changed", "asset__updated"])
  })
})
