/**
 * Single sign-on's work (see Sso.ts): the connections' checks, the logins and logouts with
 * identity providers through openid-client, and the users they create or fill in. Loaded when a
 * flow needs it.
 */
import * as Effect from "effect/Effect"
import type * as OpenId from "openid-client"
import { ApiError, apiError, RawResponse, unprocessable } from "./ApiError.js"
import * as Jwt from "./Jwt.js"
import * as R from "./Resources.js"
import type { RequestContext } from "./Route.js"
import { publicPlatformId } from "./Sso.js"
import { type Doc, jsonbMerge, newId, randomString, type SsoState, type Store } from "./Store.js"
import { user as userFamily } from "./Users.js"
import * as V from "./Validation.js"

const HOUR = 3_600_000

/** How long the backend waits for each answer of a provider, as openid-client 3 (the server's) does. */
const PROVIDER_TIMEOUT = "2500 millis"

/** Logins and logouts under way that the backend remembers; beyond, the oldest is forgotten. */
const MAX_PENDING_STATES = 1000

const isPlainObject = (value: unknown): value is Doc => typeof value === "object" && value !== null && !Array.isArray(value)

// --- connections in the private config -----------------------------------------------------------

const flat = V.nullable(V.object(undefined, { values: V.alternatives([V.boolean(), V.number(), V.nullable(V.string({ empty: true }))]) }))

const uri = V.string({ uri: true })
const optional = V.nullable(V.string({ empty: true }))

/** One connection of `stelace.ssoConnections`, as the real server's Joi schema has it. */
const connectionRule = V.nullable(V.object({
  protocol: V.when("authorizationUrl", (value: unknown) => typeof value === "string", V.required(V.string({ valid: ["oauth2", "openid"] })), V.string()),
  authorizationQueryParams: flat,
  tokenBodyParams: flat,
  clientId: V.string(),
  clientSecret: V.string(),
  afterAuthenticationUrl: uri,
  userInfoMapping: flat,
  userMapProperties: flat,
  scope: V.string(),
  active: V.boolean(),
  endSessionUrl: uri,
  afterLogoutUrl: uri,
  jwksUrl: V.nullable(V.string({ uri: true, empty: true })),
  jwks: V.nullable(V.record()),
  idTokenSignedResponseAlg: optional,
  tokenEndpointAuthSigningAlg: optional,
  issuer: V.string(),
  pkceEnabled: V.boolean(),
  isCustom: V.boolean(),
  authorizationUrl: uri,
  tokenUrl: uri,
  userInfoUrl: uri
}))

/** The providers the real server knows the endpoints of (Facebook's, GitHub's, Google's): the backend reaches none. */
const builtIns = ["facebook", "github", "google"]

const isBuiltIn = (provider: string, connection: Doc): boolean => builtIns.includes(provider) && !connection.isCustom

/**
 * The connections of a `PATCH /config/private`, checked and completed as the real server does:
 * Joi's rules (names of at most 64 characters), no endpoints for a built-in provider, and
 * `isCustom: true` on the others. Fails (400), or changes `body`.
 * @internal
 */
export const prepareConnections = (body: Doc): Effect.Effect<void, ApiError> => Effect.suspend(() => {
  const names = Object.keys(body.stelace.ssoConnections)
  const rules = Object.fromEntries(names.filter((name) => name.length <= 64).map((name) => [name, connectionRule]))
  const checked = V.validate(body, V.object({ stelace: V.object({ ssoConnections: V.object(rules) }, { unknown: true }) }, { unknown: true }), "body")
  if (checked.details.length > 0) return Effect.fail(V.validationError(checked.details))
  const connections: Doc = (checked.value as Doc).stelace.ssoConnections
  for (const [provider, connection] of Object.entries(connections)) {
    if (connection === null) continue
    const endpoints = ["authorizationUrl", "tokenUrl", "userInfoUrl"].filter((key) => Object.hasOwn(connection, key))
    if (isBuiltIn(provider, connection) && endpoints.length > 0) {
      return Effect.fail(apiError(400, `Bad Request: ${endpoints.join(",")} cannot be set with ${provider} built-in connection.`))
    }
    if (!builtIns.includes(provider)) connection.isCustom = true
  }
  body.stelace.ssoConnections = connections
  return Effect.void
})

// --- what a flow needs ---------------------------------------------------------------------------

/** 422 "Unprocessable Entity" unless the path names this backend's platform (`e1_test`). */
const checkPlatform = (ctx: RequestContext): Effect.Effect<void, ApiError> =>
  ctx.params.platformId === publicPlatformId(ctx.settings.env) ? Effect.void : Effect.fail(apiError(422))

/** The connection named by the path: 422 "Missing connection configuration" when there is none. */
const connectionOf = (ctx: RequestContext, provider: string): Effect.Effect<Doc, ApiError> => {
  const connections = ctx.store.privateConfig.stelace?.ssoConnections
  const connection = isPlainObject(connections) && Object.hasOwn(connections, provider) ? connections[provider] : undefined
  return isPlainObject(connection) ? Effect.succeed(connection) : Effect.fail(unprocessable("Missing connection configuration"))
}

/**
 * The connection's protocol, once the connection is checked as the real server checks it: known,
 * complete, active. A built-in provider's connection is refused: its endpoints are another site's.
 */
const usable = (connection: Doc, provider: string): Effect.Effect<"oauth2" | "openid", ApiError> => {
  const protocol = connection.protocol
  if (protocol !== "oauth2" && protocol !== "openid") return Effect.fail(unprocessable("Unknown protocol"))
  if (isBuiltIn(provider, connection)) {
    return Effect.fail(unprocessable(`The local backend does not reach ${provider}: give the connection its endpoints and isCustom: true`))
  }
  const c = connection
  const complete = protocol === "oauth2"
    ? c.clientId && c.clientSecret && c.afterAuthenticationUrl && c.authorizationUrl && c.tokenUrl && c.userInfoUrl
    : c.clientId && c.afterAuthenticationUrl && c.issuer && (c.jwksUrl || c.jwks || c.clientSecret) && c.authorizationUrl && c.tokenUrl
  if (!complete) return Effect.fail(unprocessable(`Invalid config for provider "${provider}"`))
  return c.active ? Effect.succeed(protocol) : Effect.fail(unprocessable("SSO connection inactive"))
}

/** The SSO URLs of a connection on this backend. */
const ssoUrl = (ctx: RequestContext, provider: string, suffix: "callback" | "logout/callback" | "jwks"): string =>
  `${ctx.apiUrl}/auth/sso/${publicPlatformId(ctx.settings.env)}/${encodeURIComponent(provider)}/${suffix}`

/** openid-client, or 501 saying how to install it. */
const loadOpenId = Effect.tryPromise({
  try: () => import("openid-client"),
  catch: () =>
    new ApiError({
      statusCode: 501,
      message: "The local backend's single sign-on needs the openid-client package: npm install openid-client",
      expose: true
    })
})

/** A failure of the flow, shown as `details` of `status=configError` (the test environment's). */
const configError = (message: string): ApiError => unprocessable(message)

/** What openid-client (or fetch under it) threw, in openid-client 3's words where they differ. */
const describe = (error: unknown): string => {
  const problem = error as { error?: unknown; error_description?: unknown; cause?: { message?: unknown }; message?: unknown }
  // a provider's error answer (`error=access_denied`), as openid-client 3's OPError words it
  if (typeof problem?.error === "string") return problem.error_description ? `${problem.error} (${problem.error_description})` : problem.error
  // fetch's "fetch failed" hides the reason (connect ECONNREFUSED 127.0.0.1:1) in its cause
  if (problem?.message === "fetch failed" && typeof problem.cause?.message === "string") return problem.cause.message
  return typeof problem?.message === "string" && problem.message !== "" ? problem.message : String(error)
}

/** Where the `fetch` of a configuration finds the signal of the call under way, to stop with it. */
interface CallSignal {
  current?: AbortSignal
}

/**
 * Calls a provider through openid-client, with {@link PROVIDER_TIMEOUT} to answer: the
 * configuration's `fetch` stops when the call is interrupted. Whatever it throws becomes a config error.
 */
const callProvider = <A>(what: string, signal: CallSignal, call: () => Promise<A>): Effect.Effect<A, ApiError> =>
  Effect.tryPromise({
    try: (interrupted) => {
      signal.current = interrupted
      return call()
    },
    catch: (error) => configError(describe(error))
  }).pipe(
    Effect.timeoutOrElse({
      duration: PROVIDER_TIMEOUT,
      orElse: () => Effect.fail(configError(`The identity provider did not answer the ${what} within 2.5 seconds`))
    })
  )

/**
 * openid-client's configuration of a connection, as the real server builds its client: the
 * endpoints given (no discovery), `client_secret_basic`, plain HTTP allowed (local providers).
 * With `jwks` (an object) and no `jwksUrl`, the keys are read from the connection itself, where the
 * real server serves them at `.../jwks` for its client to fetch.
 */
const configurationOf = (
  openid: typeof OpenId,
  ctx: RequestContext,
  connection: Doc,
  provider: string,
  protocol: "oauth2" | "openid",
  signal: CallSignal
): OpenId.Configuration => {
  const ownJwks = ssoUrl(ctx, provider, "jwks")
  const jwksUri = protocol === "openid" && (connection.jwksUrl || connection.jwks) ? (connection.jwksUrl || ownJwks) as string : undefined
  const server: OpenId.ServerMetadata = {
    // an OAuth 2 provider may have no issuer; openid-client needs one, and checks it only against an `iss` the provider sends
    issuer: typeof connection.issuer === "string" && connection.issuer !== "" ? connection.issuer : new URL(String(connection.authorizationUrl)).origin,
    authorization_endpoint: connection.authorizationUrl,
    token_endpoint: connection.tokenUrl,
    ...(connection.userInfoUrl ? { userinfo_endpoint: connection.userInfoUrl } : {}),
    ...(protocol === "openid" && connection.endSessionUrl ? { end_session_endpoint: connection.endSessionUrl } : {}),
    ...(jwksUri === undefined ? {} : { jwks_uri: jwksUri })
  }
  const secret = typeof connection.clientSecret === "string" && connection.clientSecret !== "" ? connection.clientSecret : undefined
  const config = new openid.Configuration(
    server,
    String(connection.clientId),
    {
      ...(secret === undefined ? {} : { client_secret: secret }),
      ...(protocol === "openid" && connection.idTokenSignedResponseAlg ? { id_token_signed_response_alg: connection.idTokenSignedResponseAlg } : {})
    },
    secret === undefined ? openid.None() : openid.ClientSecretBasic(secret)
  )
  openid.allowInsecureRequests(config)
  config[openid.customFetch] = (url, options) => {
    if (jwksUri === ownJwks && url === ownJwks) {
      return Promise.resolve(new Response(JSON.stringify(connection.jwks ?? {}), { headers: { "content-type": "application/json" } }))
    }
    const signals = [options.signal, signal.current].filter((item): item is AbortSignal => item !== undefined && item !== null)
    return fetch(url, { ...options, signal: signals.length > 1 ? AbortSignal.any(signals) : signals[0] } as RequestInit)
  }
  // the ID token's signature, checked against the provider's keys, as openid-client 3 always did
  if (jwksUri !== undefined) openid.enableNonRepudiationChecks(config)
  return config
}

/** The connection's openid-client configuration, failing as a config error when the connection cannot make one. */
const configure = (
  openid: typeof OpenId,
  ctx: RequestContext,
  connection: Doc,
  provider: string,
  protocol: "oauth2" | "openid",
  signal: CallSignal = {}
): Effect.Effect<OpenId.Configuration, ApiError> =>
  Effect.try({
    try: () => configurationOf(openid, ctx, connection, provider, protocol, signal),
    catch: (error) => configError(describe(error))
  })

/** `url` with `params` set, as the real server's `setSearchParams` (an existing one replaced, others appended). */
const withParams = (url: string, params: Readonly<Record<string, unknown>>): string => {
  const target = new URL(url)
  for (const [key, value] of Object.entries(params)) {
    if (target.searchParams.has(key)) target.searchParams.set(key, String(value))
    else target.searchParams.append(key, String(value))
  }
  return target.toString()
}

const redirect = (url: string): RawResponse => new RawResponse(301, { location: url }, null)

/** Forgets expired states and, past {@link MAX_PENDING_STATES}, the oldest; then keeps a new one. */
const keepState = (store: Store, now: number, state: SsoState): string => {
  for (const [value, kept] of store.ssoStates) if (kept.expiresAt <= now) store.ssoStates.delete(value)
  while (store.ssoStates.size >= MAX_PENDING_STATES) store.ssoStates.delete(store.ssoStates.keys().next().value!)
  const value = randomString(40)
  store.ssoStates.set(value, state)
  return value
}

/**
 * The state of a flow, used once: the real server's checks (another provider's state, an expired
 * one), and an unknown state refused where the real server goes on without it.
 */
const takeState = (ctx: RequestContext, value: unknown, kind: SsoState["kind"], provider: string): Effect.Effect<SsoState, ApiError> => {
  const state = typeof value === "string" ? ctx.store.ssoStates.get(value) : undefined
  if (state === undefined || state.kind !== kind) return Effect.fail(configError("Invalid state: No authToken"))
  ctx.store.ssoStates.delete(value as string)
  if (state.expiresAt < ctx.now) return Effect.fail(configError("Invalid state: authToken expired"))
  if (state.provider !== provider) return Effect.fail(configError("Invalid state: Providers don’t match."))
  return Effect.succeed(state)
}

// --- the login -----------------------------------------------------------------------------------

/** GET /auth/sso/:platformId/:provider: 301 to the provider. @internal */
export const startLogin = Effect.fnUntraced(function*(ctx: RequestContext) {
  yield* checkPlatform(ctx)
  const provider = ctx.params.provider!
  const connection = yield* connectionOf(ctx, provider)
  const protocol = yield* usable(connection, provider)
  const openid = yield* loadOpenId
  const config = yield* configure(openid, ctx, connection, provider, protocol)
  const codeVerifier = protocol === "openid" && connection.pkceEnabled ? openid.randomPKCECodeVerifier() : undefined
  const codeChallenge = codeVerifier === undefined
    ? undefined
    : yield* Effect.promise(() => openid.calculatePKCECodeChallenge(codeVerifier))
  const nonce = protocol === "openid" ? openid.randomNonce() : undefined
  const state = keepState(ctx.store, ctx.now, {
    kind: "login",
    provider,
    expiresAt: ctx.now + HOUR,
    ...(codeVerifier === undefined ? {} : { codeVerifier }),
    ...(nonce === undefined ? {} : { nonce })
  })
  // in the real server's order: openid-client 6 would put `client_id` last unless it is there already
  const params: Record<string, string> = {
    client_id: String(connection.clientId),
    ...(typeof connection.scope === "string" ? { scope: connection.scope } : {}),
    response_type: "code",
    redirect_uri: ssoUrl(ctx, provider, "callback"),
    state,
    ...(codeChallenge === undefined ? {} : { code_challenge: codeChallenge, code_challenge_method: "S256" }),
    ...(nonce === undefined ? {} : { nonce })
  }
  const url = yield* Effect.try({
    try: () => {
      const built = openid.buildAuthorizationUrl(config, params).href
      const extra = connection.authorizationQueryParams
      return extra !== null && typeof extra === "object" && Object.keys(extra).length > 0 ? withParams(built, extra) : built
    },
    catch: (error) => configError(describe(error))
  })
  return redirect(url)
})

/** The callback's parameters as the provider sent them (the flat ones: a repeated or nested one is dropped). */
const callbackUrl = (ctx: RequestContext, provider: string): URL => {
  const url = new URL(ssoUrl(ctx, provider, "callback"))
  for (const [key, value] of Object.entries(ctx.query)) if (typeof value === "string") url.searchParams.set(key, value)
  return url
}

/** Lodash's `get` on a dotted path, own properties only. */
const getPath = (source: unknown, path: string): unknown => {
  let value: unknown = source
  for (const part of path.split(".")) {
    if (!isPlainObject(value) || !Object.hasOwn(value, part)) return undefined
    value = value[part]
  }
  return value
}

const FORBIDDEN_KEYS = new Set(["__proto__", "constructor", "prototype"])

/** Lodash's `set` on a dotted path, creating objects on the way; a path through a prototype name is skipped. */
const setPath = (target: Doc, path: string, value: unknown): void => {
  const parts = path.split(".")
  if (parts.some((part) => FORBIDDEN_KEYS.has(part) || part === "")) return
  let node = target
  for (const part of parts.slice(0, -1)) {
    if (!isPlainObject(node[part])) node[part] = {}
    node = node[part]
  }
  node[parts.at(-1)!] = value
}

/** The user attributes from the provider's user info, through the default mapping and the connection's. */
const mapUserInfo = (userInfo: Doc, mapping: Doc): Doc => {
  const all: Doc = {
    email: "email",
    firstname: "given_name",
    lastname: "family_name",
    displayName: "name",
    id: Object.hasOwn(userInfo, "sub") && userInfo.sub !== undefined ? "sub" : "id",
    ...mapping
  }
  const attributes: Doc = {}
  for (const [attribute, claim] of Object.entries(all)) {
    if (typeof claim !== "string") continue
    const value = getPath(userInfo, claim)
    if (value !== undefined) setPath(attributes, attribute, structuredClone(value))
  }
  return attributes
}

/** Lodash's `isEmpty`: nothing, an empty string, array or object, and every number or boolean. */
const isEmpty = (value: unknown): boolean =>
  value === null || value === undefined ||
  (typeof value === "string" ? value === "" : Array.isArray(value) ? value.length === 0 : isPlainObject(value) ? Object.keys(value).length === 0 : true)

/** The user's text fields a provider may fill in, with the longest text the API takes. */
const TEXT_FIELDS: Readonly<Record<string, number>> = { username: 255, displayName: 255, firstname: 255, lastname: 255, email: 255, description: 3000 }

/**
 * The attributes that may go onto a user: its text fields as text (numbers and booleans written
 * out, no longer than the API takes), `metadata` and `platformData` as objects. What does not fit
 * fails the login, as the database refuses it on the real server; roles, organizations and the
 * rest are never taken from a provider.
 */
const userFields = (attributes: Doc): Effect.Effect<Doc, ApiError> => {
  const fields: Doc = {}
  for (const [field, value] of Object.entries(attributes)) {
    const max = Object.hasOwn(TEXT_FIELDS, field) ? TEXT_FIELDS[field]! : undefined
    const text = ["string", "number", "boolean"].includes(typeof value) ? String(value) : value
    const fits = max !== undefined
      ? text === null || (typeof text === "string" && text.length <= max)
      : field !== "metadata" && field !== "platformData" ? undefined : isPlainObject(value)
    if (fits === false) return Effect.fail(configError(`The user info of the identity provider does not fit the user's ${field}`))
    if (fits) fields[field] = text
  }
  return Effect.succeed(fields)
}

/** The SSO identity's key: provider and the provider's user id. */
const identityKey = (provider: string, identifier: string) => `${provider}\u0000${identifier}`

/** Creates the user of a first login, with the platform's default roles. */
const createUser = (ctx: RequestContext, provider: string, fields: Doc): Doc => {
  const date = ctx.store.timestamp(ctx.now)
  const doc: Doc = {
    id: newId("usr"),
    createdDate: date,
    updatedDate: date,
    username: null,
    displayName: null,
    firstname: null,
    lastname: null,
    email: null,
    description: null,
    roles: [...(ctx.store.config.stelace?.roles?.default ?? ["user", "provider"])],
    organizations: {},
    ...fields,
    metadata: fields.metadata ?? {},
    platformData: { ...fields.platformData, ssoProviders: [provider] }
  }
  ctx.store.put("user", doc)
  R.emit(userFamily, "created", doc, { ...ctx, currentUserId: doc.id, actsForNamedUser: false })
  return doc
}

/**
 * Fills in an existing user as the real server does: a field is written only where the user's own
 * is empty (lodash's `isEmpty`, so numbers and booleans are always rewritten), at the top level and
 * at each path of the connection's mapping; metadata and platform data merge; the provider joins
 * `platformData.ssoProviders`. The update is recorded (`user__updated`) even when nothing changed.
 */
const updateUser = (ctx: RequestContext, provider: string, previous: Doc, fields: Doc, mapping: Doc): Doc => {
  const changes: Doc = {}
  for (const [key, value] of Object.entries(fields)) if (isEmpty(previous[key])) changes[key] = value
  for (const path of Object.keys(mapping)) {
    const [top] = path.split(".")
    if (!Object.hasOwn(fields, top!) || !isEmpty(getPath(previous, path))) continue
    setPath(changes, path, getPath(fields, path))
  }
  const providers = previous.platformData?.ssoProviders
  if (!Array.isArray(providers)) setPath(changes, "platformData.ssoProviders", [provider])
  else if (!providers.includes(provider)) setPath(changes, "platformData.ssoProviders", [provider, ...providers])
  const next: Doc = { ...previous, updatedDate: ctx.store.timestamp(ctx.now) }
  for (const [key, value] of Object.entries(changes)) {
    next[key] = key === "metadata" || key === "platformData" ? jsonbMerge(previous[key] ?? {}, value) : structuredClone(value)
  }
  ctx.store.put("user", next)
  R.emitUpdate(userFamily, next, previous, changes, { ...ctx, currentUserId: next.id, actsForNamedUser: false })
  return next
}

/**
 * What openid-client 6 leaves to its caller of an ID token's signature, checked as openid-client 3
 * (the real server's) checks it: a token signed with the client secret (`HS256`) against that
 * secret; any other, against the provider's keys, which a connection without `jwks` or `jwksUrl`
 * does not have (openid-client 6 checks those keys once told where they are).
 */
const checkSignature = (connection: Doc, idToken: string): Effect.Effect<void, ApiError> => {
  let alg: unknown
  try {
    alg = JSON.parse(atob(idToken.split(".")[0]!.replace(/-/g, "+").replace(/_/g, "/"))).alg
  } catch {
    return Effect.fail(configError("The ID token of the identity provider is not a JWT"))
  }
  // HS256 only: another HMAC fails the check
  if (typeof alg === "string" && alg.startsWith("HS")) {
    const secret = typeof connection.clientSecret === "string" ? connection.clientSecret : ""
    return Jwt.importKey(secret).pipe(
      Effect.flatMap((key) => Jwt.verify(idToken, key)),
      Effect.flatMap((verified) => (verified === undefined ? Effect.fail(configError("JWT signature verification failed")) : Effect.void))
    )
  }
  return connection.jwksUrl || connection.jwks ? Effect.void : Effect.fail(configError("jwks_uri must be configured on the issuer"))
}

/** The provider's user info of an OAuth 2 connection: its user info URL's JSON object. */
const oauth2UserInfo = (openid: typeof OpenId, config: OpenId.Configuration, signal: CallSignal, connection: Doc, accessToken: string) =>
  callProvider("user info request", signal, async () => {
    const response = await openid.fetchProtectedResource(config, accessToken, new URL(String(connection.userInfoUrl)), "GET")
    const info: unknown = response.ok ? await response.json().catch(() => undefined) : undefined
    if (!isPlainObject(info)) throw configError("Unable to retrieve user info")
    return info
  })

/** The login after the provider's answer: the user and a one-time code, or why not. */
const completeLogin = Effect.fnUntraced(function*(ctx: RequestContext, connection: Doc, provider: string) {
  const stateValue = ctx.query.state
  if (stateValue === undefined || stateValue === "") return yield* Effect.fail(configError("Missing state"))
  const state = yield* takeState(ctx, stateValue, "login", provider)
  const protocol = yield* usable(connection, provider)
  const openid = yield* loadOpenId

  const signal: CallSignal = {}
  const config = yield* configure(openid, ctx, connection, provider, protocol, signal)
  const body: Record<string, string> = {}
  for (const [key, value] of Object.entries(connection.tokenBodyParams ?? {})) if (value !== null) body[key] = String(value)
  const tokens = yield* callProvider("token request", signal, () =>
    openid.authorizationCodeGrant(config, callbackUrl(ctx, provider), {
      expectedState: String(stateValue),
      ...(state.codeVerifier === undefined ? {} : { pkceCodeVerifier: state.codeVerifier }),
      ...(state.nonce === undefined ? {} : { expectedNonce: state.nonce }),
      idTokenExpected: protocol === "openid"
    }, { ...body, redirect_uri: ssoUrl(ctx, provider, "callback") }))

  let userInfo: Doc
  let idToken: string | undefined
  if (protocol === "oauth2") {
    userInfo = yield* oauth2UserInfo(openid, config, signal, connection, tokens.access_token)
  } else {
    const claims = tokens.claims()
    if (claims === undefined || tokens.id_token === undefined) return yield* Effect.fail(configError("The identity provider sent no ID token"))
    idToken = tokens.id_token
    yield* checkSignature(connection, idToken)
    userInfo = { ...claims }
    if (connection.userInfoUrl) {
      const more = yield* callProvider("user info request", signal, () => openid.fetchUserInfo(config, tokens.access_token, claims.sub))
      userInfo = { ...userInfo, ...more }
    }
  }

  const mapping: Doc = { ...(isPlainObject(connection.userMapProperties) ? connection.userMapProperties : {}), ...(isPlainObject(connection.userInfoMapping) ? connection.userInfoMapping : {}) }
  const attributes = mapUserInfo(userInfo, mapping)
  const identifier = attributes.id
  if (!((typeof identifier === "string" && identifier !== "") || typeof identifier === "number")) {
    return yield* Effect.fail(configError("The identity provider sent no user id (sub, or id for OAuth 2)"))
  }
  const { id: _id, role: _role, ...rest } = attributes
  const fields = yield* userFields(rest)
  const key = identityKey(provider, String(identifier))
  const linkedId = ctx.store.ssoIdentities.get(key)
  // a user deleted since is no longer linked: the next login creates one, as on the real server
  const existing = linkedId === undefined ? undefined : ctx.store.get("user", linkedId)
  const username = existing === undefined || isEmpty(existing.username) ? fields.username : undefined
  if (typeof username === "string" && ctx.store.all("user").some((doc) => doc.username === username && doc.id !== existing?.id)) {
    return yield* Effect.fail(configError(`The username ${JSON.stringify(username)} from the identity provider belongs to another user`))
  }
  const account = existing === undefined ? createUser(ctx, provider, fields) : updateUser(ctx, provider, existing, fields, mapping)
  ctx.store.ssoIdentities.set(key, account.id)

  for (const [value, kept] of ctx.store.authorizationCodes) if (kept.expiresAt <= ctx.now) ctx.store.authorizationCodes.delete(value)
  const code = randomString(40)
  ctx.store.authorizationCodes.set(code, {
    userId: account.id,
    expiresAt: ctx.now + HOUR,
    used: false,
    provider,
    ...(idToken === undefined ? {} : { idToken })
  })
  return code
})

/** The page a flow ends on, with its outcome; `null` (200) when the connection has no such page, as the real server answers. */
const finish = (page: unknown, outcome: Readonly<Record<string, string>>): Effect.Effect<unknown, ApiError> => {
  if (typeof page !== "string" || page === "") return Effect.succeed(null)
  return Effect.try({ try: () => redirect(withParams(page, outcome)), catch: () => unprocessable(`Invalid redirection URL ${JSON.stringify(page)}`) })
}

/** The outcome of a failed flow: `serverError` for the backend's own failures, `configError` (with `details`) for the others. */
const failure = (ctx: RequestContext, error: ApiError): Readonly<Record<string, string>> =>
  error.statusCode >= 500
    ? { status: "serverError" }
    : { status: "configError", ...(ctx.settings.env === "test" ? { details: error.message } : {}) }

/** GET /auth/sso/:platformId/:provider/callback: 301 to `afterAuthenticationUrl`, with a code or the failure. @internal */
export const loginCallback = Effect.fnUntraced(function*(ctx: RequestContext) {
  yield* checkPlatform(ctx)
  const provider = ctx.params.provider!
  const connection = yield* connectionOf(ctx, provider)
  const outcome = yield* Effect.result(completeLogin(ctx, connection, provider))
  return yield* finish(
    connection.afterAuthenticationUrl,
    outcome._tag === "Success" ? { status: "success", code: outcome.success } : failure(ctx, outcome.failure)
  )
})

// --- the logout ----------------------------------------------------------------------------------

/**
 * POST /auth/logout with `logoutFromExternalProvider: true`: 301 to the provider's end-session URL,
 * with the session's ID token as hint and a state naming the session, which `.../logout/callback`
 * then ends. The session stays open until then, as on the real server.
 * @internal
 */
export const logoutFromProvider = Effect.fnUntraced(function*(ctx: RequestContext, refreshToken: string) {
  const session = ctx.store.refreshTokens.get(refreshToken)
  if (session === undefined) return yield* Effect.fail(unprocessable("Invalid refresh token"))
  if (session.provider === undefined || session.idToken === undefined) {
    return yield* Effect.fail(unprocessable("This refresh token cannot be used to logout from external authentication provider"))
  }
  const provider = session.provider
  const connection = yield* connectionOf(ctx, provider)
  if (!connection.active) return yield* Effect.fail(unprocessable("SSO connection inactive"))
  if (!connection.endSessionUrl) {
    return yield* Effect.fail(unprocessable(`The connection "${provider}" has no endSessionUrl: logging out from its provider needs one`))
  }
  const openid = yield* loadOpenId
  const config = yield* configure(openid, ctx, connection, provider, "openid")
  const state = keepState(ctx.store, ctx.now, { kind: "logout", provider, expiresAt: ctx.now + HOUR, refreshToken })
  const url = yield* Effect.try({
    try: () =>
      openid.buildEndSessionUrl(config, {
        id_token_hint: session.idToken!,
        post_logout_redirect_uri: ssoUrl(ctx, provider, "logout/callback"),
        state
      }).href,
    catch: (error) => configError(describe(error))
  })
  return redirect(url)
})

/** GET /auth/sso/:platformId/:provider/logout/callback: ends the session, 301 to `afterLogoutUrl` (else `afterAuthenticationUrl`). @internal */
export const logoutCallback = Effect.fnUntraced(function*(ctx: RequestContext) {
  yield* checkPlatform(ctx)
  const provider = ctx.params.provider!
  const connection = yield* connectionOf(ctx, provider)
  const ended = yield* Effect.result(Effect.gen(function*() {
    // the real server's plain `createError(message)`: a 500, so `serverError`
    if (connection.protocol !== "openid") return yield* Effect.fail(apiError(500, "Logout is only allowed if the protocol is openid"))
    const state = yield* takeState(ctx, ctx.query.state, "logout", provider)
    if (state.refreshToken !== undefined) ctx.store.refreshTokens.delete(state.refreshToken)
  }))
  return yield* ended._tag === "Success"
    ? finish(connection.afterLogoutUrl || connection.afterAuthenticationUrl, { status: "success" })
    : finish(connection.afterAuthenticationUrl, failure(ctx, ended.failure))
})

/** GET /auth/sso/:platformId/:provider/jwks: the connection's `jwks`, for providers whose keys are configured rather than served. @internal */
export const jwks = Effect.fnUntraced(function*(ctx: RequestContext) {
  yield* checkPlatform(ctx)
  const connection = yield* connectionOf(ctx, ctx.params.provider!)
  return isPlainObject(connection.jwks) ? connection.jwks : {}
})
