/**
 * The in-memory Stelace backend: one store, the route table, and the request pipeline the real
 * server runs (routing, API key, API version, access token, permissions, validation, handler,
 * response envelope). Both the HTTP server and the `HttpClient` layer call {@link Backend.handle}.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import { defaultKeys, type Seed, type SeedData } from "../Seed.js"
import { demoSeed } from "../seeds/demo.js"
import { findApiKey, isRevoked, parseApiKey, parseAuthorization, resolveAccess } from "./Access.js"
import { ApiError, apiError, badRequest, forbidden, hiddenForbidden, RawResponse, reasonPhrase, unauthorized } from "./ApiError.js"
import * as Assessments from "./Assessments.js"
import * as Auth from "./Auth.js"
import * as Availabilities from "./Availabilities.js"
import * as Families from "./Families.js"
import * as Jwt from "./Jwt.js"
import { defaultMaxBodySize, exceedsBytes, maxBodySizeProblem, parseCheckedJson, payloadTooLarge } from "./Limits.js"
import { checkRequestData } from "./Namespaces.js"
import * as Orders from "./Orders.js"
import { type ApiVersion, apiVersions, latestVersion } from "./Pagination.js"
import * as Platform from "./Platform.js"
import { parseQuery } from "./QueryString.js"
import * as Resources from "./Resources.js"
import { type Access, can, type Method, type RequestContext, route, type Route } from "./Route.js"
import { makeRouter } from "./Router.js"
import * as Search from "./Search.js"
import * as Sso from "./Sso.js"
import { loadBasics, loadSeed } from "./SeedLoader.js"
import * as Stats from "./Stats.js"
import { type Doc, randomString, Store, uuid } from "./Store.js"
import * as Transactions from "./Transactions.js"
import * as Users from "./Users.js"
import * as V from "./Validation.js"
import * as SignalService from "../signal/Service.js"

/** A request, as both adapters see it. */
export interface BackendRequest {
  readonly method: string
  /** Path and query (`/assets?nbResultsPerPage=2`), or an absolute URL. */
  readonly url: string
  readonly headers: Readonly<Record<string, string | undefined>>
  readonly body?: string | undefined
}

/** A response: status, headers (lower-case names) and the body text (`''` when none). */
export interface BackendResponse {
  readonly status: number
  readonly headers: Readonly<Record<string, string>>
  readonly body: string
}

/** How to start a backend. */
export interface BackendOptions {
  /** `'demo'` (default), `'empty'`, or seed data. */
  readonly seed?: Seed | undefined
  /** Access token lifetime in seconds (default 3600). */
  readonly accessTokenTtl?: number | undefined
  /** The largest request body accepted, in bytes (default 5 MiB); larger ones answer 413. */
  readonly maxBodySize?: number | undefined
  /**
   * The `/signal` clients one publishable key may hold from one address (default 100 of the
   * platform's 1,000), so that one process cannot take every slot.
   */
  readonly maxSignalClientsPerCaller?: number | undefined
  /**
   * Where browsers reach the backend, for the URLs it gives identity providers; by default the
   * origin of a request's absolute URL, else `http://localhost`.
   */
  readonly apiUrl?: (() => string) | undefined
}

/** A running in-memory backend. */
export interface Backend {
  /** Answers one request. Never fails: errors become error responses. */
  readonly handle: (request: BackendRequest) => Effect.Effect<BackendResponse>
  /** The secret API key (`seck_test_...`). */
  readonly secretApiKey: string
  /** The publishable API key (`pubk_test_...`). */
  readonly publishableApiKey: string
  /** The platform's id in single sign-on URLs, as the real server forms it: `e1_test`. */
  readonly publicPlatformId: string
  /** The largest request body accepted, in bytes. */
  readonly maxBodySize: number
  /** The 413 answer to a body above {@link maxBodySize}, for servers that stop reading it early. */
  readonly payloadTooLarge: () => BackendResponse
  /**
   * Issues a one-time code for `POST /auth/token` with `grantType: 'authorizationCode'`, as the
   * real server does after an SSO login, without going through an identity provider.
   */
  readonly issueAuthorizationCode: (userId: string) => Effect.Effect<string>
  /** The backend's data, for assertions tests cannot make through the API (e.g. emails sent). */
  readonly store: Store
  /** The `/signal` socket.io namespace, for the server's WebSocket endpoint. */
  readonly signal: SignalService.SignalService
  /**
   * Calls `listener` with a copy of each event the backend records from now on (`asset__created`,
   * `password__reset_requested` with its `metadata.resetToken`...), until the returned function is
   * called: the real server's webhooks and workflows react to the same events, which tests and
   * development tools watch here (`npm start` prints password reset links from it). What the
   * listener throws is logged (`console.error`) and changes nothing of the answer.
   */
  readonly onEvent: (listener: (event: Doc) => void) => () => void
}

const home: ReadonlyArray<Route> = [
  route("GET", "/", { auth: "none" }, () =>
    Effect.succeed(
      new RawResponse(200, {}, {
        message: "Welcome to Stelace API. Please have a look at https://stelace.com/docs to see what we can build together."
      })
    )),
  route("GET", "/robots.txt", { auth: "none" }, () =>
    Effect.succeed(new RawResponse(200, { "content-type": "text/plain" }, "User-Agent: *\nDisallow: /")))
]

/** Every route of the backend. */
export const routes: ReadonlyArray<Route> = [
  ...home,
  ...Auth.routes,
  ...Sso.routes,
  ...Users.routes,
  ...Transactions.routes,
  ...Availabilities.routes,
  ...Search.routes,
  ...Orders.routes,
  ...Stats.routes,
  ...Platform.routes,
  ...Families.genericFamilies.flatMap(Resources.routes),
  ...Families.familyRoutes,
  ...Assessments.routes
]

const router = makeRouter(routes)

const JSON_HEADERS = { "content-type": "application/json" }

/**
 * Set by the real server on every request that gets past routing and body parsing (restify's own
 * 404, 405 and invalid-JSON answers come earlier and lack it).
 */
const CREDENTIALS_HEADER = { "access-control-allow-credentials": "true" }

/** Hidden messages: 5xx errors, and those the server creates with `expose: false`. */
const isExposed = (error: ApiError): boolean => error.expose ?? error.statusCode < 500

const errorResponse = (error: ApiError, requestId: string): BackendResponse => {
  const body = error.body ?? {
    message: isExposed(error) ? error.message : reasonPhrase(error.statusCode),
    statusCode: error.statusCode,
    ...(error.data === undefined ? {} : { data: error.data }),
    ...(isExposed(error) ? {} : { _message: error.message })
  }
  return {
    status: error.statusCode,
    headers: {
      ...JSON_HEADERS,
      ...(error.body === undefined ? CREDENTIALS_HEADER : {}),
      // the real server sets it on successes only; here every answer has one, to quote in bug reports
      "x-request-id": requestId,
      ...(error.allow === undefined ? {} : { allow: error.allow.join(", ") }),
      ...(error.statusCode === 401
        ? {
          "www-authenticate":
            "Basic realm=\"Stelace API\", Bearer realm=\"Stelace API as a user\", Stelace-v1 realm=\"Stelace API as a user\""
        }
        : {})
    },
    body: JSON.stringify(body)
  }
}

const rawResponse = (raw: RawResponse, requestId: string): BackendResponse => ({
  status: raw.status,
  headers: {
    ...(raw.body === undefined || typeof raw.body === "string" ? {} : JSON_HEADERS),
    ...CREDENTIALS_HEADER,
    "x-request-id": requestId,
    ...raw.headers
  },
  body: raw.body === undefined ? "" : typeof raw.body === "string" ? raw.body : JSON.stringify(raw.body)
})

const parseBody = (text: string | undefined, contentType: string | undefined): unknown => {
  if (text === undefined || text.trim() === "") return undefined
  if (contentType?.includes("application/x-www-form-urlencoded")) return parseQuery(new URLSearchParams(text))
  try {
    return parseCheckedJson(text, "Request body")
  } catch (error) {
    if (error instanceof ApiError) throw error
    // restify's body parser answers with JSON.parse's own message
    const message = `Invalid JSON: ${error instanceof Error ? error.message : String(error)}`
    throw new ApiError({ statusCode: 400, message, body: { code: "InvalidContent", message } })
  }
}

const checkRule = (value: unknown, rule: Route["query"], version: ApiVersion, root: string): unknown => {
  if (rule === undefined) return value
  const resolved = typeof rule === "function" ? rule(version) : rule
  const result = V.validate(value, resolved, root)
  if (result.details.length > 0) throw V.validationError(result.details)
  return result.value
}

/** The API key a route runs with: the stored key named by the request, or a public pseudo-key. */
const apiKeyOf = (store: Store, route: Route, raw: string | undefined): Doc => {
  if (raw === undefined) {
    if (route.auth === "apiKey") throw unauthorized("Please provide a secret or publishable API key")
    return { id: null, key: "pubk_test_none" }
  }
  const stored = parseApiKey(raw) === undefined ? undefined : findApiKey(store, raw)
  if (stored === undefined) {
    // a key of the right format that the platform does not have
    if (route.auth === "apiKey") throw unauthorized(parseApiKey(raw) === undefined ? "Invalid API key" : undefined)
    return { id: null, key: "pubk_test_none" }
  }
  return stored
}

/** Is `x-stelace-user-id` honoured? Only with the route's `:all` permissions (or any permission for a secret key). */
const allowsTargetUser = (route: Route, access: Access, matched: ReadonlySet<string>): boolean => {
  const allPermissions = route.permissions.filter((permission) => permission.endsWith(":all"))
  if (allPermissions.length === 0) return route.permissions.length === 0 && can(access, "*")
  return allPermissions.every((permission) => matched.has(permission))
}

/** Creates a backend with its own store (seed `'demo'` unless told otherwise). */
export const make = Effect.fnUntraced(function*(options: BackendOptions = {}) {
  const now = yield* Clock.currentTimeMillis
  const store = new Store()
  const seedOption = options.seed ?? "demo"
  const seed: SeedData = seedOption === "empty"
    ? {}
    : seedOption === "demo"
    ? demoSeed(new Date(now))
    : typeof seedOption === "function"
    ? seedOption(new Date(now))
    : seedOption
  const keys = {
    secret: seed.apiKeys?.secret ?? defaultKeys.secretApiKey,
    publishable: seed.apiKeys?.publishable ?? defaultKeys.publishableApiKey
  }
  if (parseApiKey(keys.secret)?.type !== "seck" || parseApiKey(keys.publishable)?.type !== "pubk") {
    return yield* Effect.die(new Error("Seed API keys must look like seck_test_<24+ chars> and pubk_test_<24+ chars>"))
  }
  const bodySizeProblem = maxBodySizeProblem(options.maxBodySize)
  if (bodySizeProblem !== undefined) return yield* Effect.die(new TypeError(bodySizeProblem))
  const maxBodySize = options.maxBodySize ?? defaultMaxBodySize
  const perCaller = options.maxSignalClientsPerCaller
  if (perCaller !== undefined && !(Number.isInteger(perCaller) && perCaller >= 1)) {
    return yield* Effect.die(new TypeError(`maxSignalClientsPerCaller must be a whole number above 0, got ${String(perCaller)}`))
  }
  const ttl = options.accessTokenTtl
  if (ttl !== undefined && !(Number.isInteger(ttl) && ttl > 0)) {
    return yield* Effect.die(new TypeError(`accessTokenTtl must be a whole number of seconds above 0, got ${String(ttl)}`))
  }
  const settings = {
    accessTokenTtl: ttl ?? 3600,
    signingKey: yield* Jwt.importKey(randomString(40)),
    env: parseApiKey(keys.secret)!.env
  }
  loadBasics(store, now, keys)
  yield* loadSeed(store, settings, now, seed).pipe(Effect.orDie)

  /**
   * Routing, API key, version, token, validation and permissions, in the real server's order.
   * Pure steps throw `ApiError`s; `handle` turns them (and handler failures) into error responses.
   */
  const prepare = Effect.fnUntraced(function*(request: BackendRequest, requestId: string) {
    const now = yield* Clock.currentTimeMillis
    const url = new URL(request.url, "http://localhost")
    const method = request.method.toUpperCase() as Method
    const headers: Record<string, string> = {}
    for (const [name, value] of Object.entries(request.headers)) if (value !== undefined) headers[name.toLowerCase()] = value

    const match = router(method, url.pathname)
    if (match._tag === "NotFound") {
      const message = `${url.pathname} does not exist`
      throw new ApiError({ statusCode: 404, message, body: { code: "ResourceNotFound", message } })
    }
    if (match._tag === "MethodNotAllowed") {
      const message = `${method} is not allowed`
      throw new ApiError({ statusCode: 405, message, body: { code: "MethodNotAllowed", message }, allow: match.allowed })
    }
    const { route, params } = match

    const parsed = parseAuthorization(headers.authorization)
    if (parsed instanceof ApiError && route.auth === "apiKey") throw parsed
    const credentials = parsed instanceof ApiError ? { apiKey: undefined, token: undefined } : parsed
    const apiKey = apiKeyOf(store, route, credentials.apiKey ?? headers["x-api-key"])

    const versionHeader = headers["x-stelace-version"]
    if (versionHeader !== undefined && !(apiVersions as ReadonlyArray<string>).includes(versionHeader)) {
      throw badRequest(`Invalid Stelace version '${versionHeader}'`, { versionsAvailable: apiVersions })
    }
    const version = (versionHeader ?? latestVersion) as ApiVersion

    // An expired, revoked or badly signed token is ignored: the request runs without a user.
    let claims: Jwt.Claims | undefined
    if (credentials.token !== undefined) {
      claims = yield* Jwt.verify(credentials.token, settings.signingKey)
      if (claims !== undefined && typeof claims.exp === "number" && claims.exp * 1000 <= now) claims = undefined
      if (claims !== undefined && isRevoked(store, claims)) claims = undefined
    }

    const rawBody = method === "GET" || method === "DELETE" ? undefined : parseBody(request.body, headers["content-type"])
    // the real server validates the body, then the query, and reports the first that fails
    const body = checkRule(rawBody, route.body, version, "body")
    const query = checkRule(parseQuery(url.searchParams), method === "GET" ? route.query : undefined, version, "query")

    const access = resolveAccess(store, apiKey, claims, headers["x-stelace-organization-id"])
    if (access instanceof ApiError) throw access
    if (route.auth === "system") throw forbidden()
    const matched = new Set(route.permissions.filter((permission) => can(access, permission)))
    if (route.permissions.length > 0 && matched.size === 0) throw hiddenForbidden("No appropriate permission")
    if (route.checksData) {
      const refused = checkRequestData(rawBody, access, route.editsProtectedNamespaces)
      if (refused !== undefined) throw refused
    }

    const targetUserId = headers["x-stelace-user-id"]
    const actsForNamedUser = targetUserId !== undefined && targetUserId !== "" && allowsTargetUser(route, access, matched)
    const currentUserId = actsForNamedUser ? targetUserId : (access.organizationId ?? access.userId)

    const ctx: RequestContext = {
      method,
      path: url.pathname,
      params,
      query: query as Doc,
      body: (typeof body === "object" && body !== null ? body : {}) as Doc,
      headers,
      version,
      apiUrl: options.apiUrl?.() ?? (/^https?:\/\//i.test(request.url) ? url.origin : "http://localhost"),
      now,
      requestId,
      store,
      settings,
      access,
      matched,
      currentUserId,
      actsForNamedUser
    }
    return { ctx, route }
  })

  const respond = ({ ctx, route }: { readonly ctx: RequestContext; readonly route: Route }) =>
    route.handler(ctx).pipe(
      Effect.map((result): BackendResponse =>
        result instanceof RawResponse
          ? rawResponse(result, ctx.requestId)
          : {
            status: 200,
            headers: {
              ...JSON_HEADERS,
              ...CREDENTIALS_HEADER,
              "cache-control": route.cache && ctx.method === "GET" ? "max-age=60" : "no-store",
              "x-stelace-version": ctx.version,
              "x-request-id": ctx.requestId
            },
            body: JSON.stringify(result)
          }
      )
    )

  const handle = (request: BackendRequest): Effect.Effect<BackendResponse> => {
    const requestId = uuid()
    if (request.body !== undefined && exceedsBytes(request.body, maxBodySize)) {
      return Effect.succeed(errorResponse(payloadTooLarge(maxBodySize), requestId))
    }
    return prepare(request, requestId).pipe(
      Effect.flatMap(respond),
      Effect.catchDefect((defect) =>
        Effect.fail(
          defect instanceof ApiError
            ? defect
            : apiError(500, defect instanceof Error ? defect.message : String(defect))
        )
      ),
      Effect.catchTag("StelaceTestApiError", (error) => Effect.succeed(errorResponse(error, requestId)))
    )
  }

  const issueAuthorizationCode = (userId: string) =>
    Effect.map(Clock.currentTimeMillis, (time) => {
      const code = randomString(40)
      store.authorizationCodes.set(code, { userId, expiresAt: time + 3_600_000, used: false })
      return code
    })

  return {
    handle,
    secretApiKey: keys.secret,
    publishableApiKey: keys.publishable,
    publicPlatformId: Sso.publicPlatformId(settings.env),
    maxBodySize,
    payloadTooLarge: () => errorResponse(payloadTooLarge(maxBodySize), uuid()),
    issueAuthorizationCode,
    store,
    signal: SignalService.make({
      store,
      signingKey: settings.signingKey,
      maxBacklog: 2 * maxBodySize,
      maxClientsPerCaller: options.maxSignalClientsPerCaller
    }),
    onEvent: (listener) => {
      store.eventListeners.add(listener)
      return () => store.eventListeners.delete(listener)
    }
  } satisfies Backend as Backend
})
