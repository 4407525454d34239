/**
 * Single sign-on through identity providers, as stelace-server 1.0.0-beta.8 runs it: the routes
 * `/auth/sso/:platformId/:provider` (login, callback, logout callback, keys), the logout through
 * the provider, and the connections of the private config. Their work is in SsoFlow.ts, loaded
 * when a request needs it, which the package's CommonJS build leaves out to keep its size.
 */
import * as Effect from "effect/Effect"
import { ApiError } from "./ApiError.js"
import { type Handler, type RequestContext, route, type Route } from "./Route.js"
import type { Doc } from "./Store.js"

/** How the real server names a platform in SSO URLs (`getPublicPlatformId`): zone `e`, platform 1, environment. @internal */
export const publicPlatformId = (env: string): string => `e1_${env}`

type Flow = typeof import("./SsoFlow.js")

const flow: Effect.Effect<Flow, ApiError> = Effect.tryPromise({
  try: () => import("./SsoFlow.js"),
  catch: () =>
    new ApiError({
      statusCode: 501,
      message: "The local backend's single sign-on runs from its ES module build: import stelace-effect/testing, do not require it",
      expose: true
    })
})

const withFlow = (handler: (flow: Flow) => Handler): Handler => (ctx) => Effect.flatMap(flow, (loaded) => handler(loaded)(ctx))

/** Checks and completes the connections of a `PATCH /config/private` body, as the real server does (400 when refused). @internal */
export const prepareConnections = (body: Doc): Effect.Effect<void, ApiError> =>
  body.stelace?.ssoConnections === undefined ? Effect.void : Effect.flatMap(flow, (loaded) => loaded.prepareConnections(body))

/** `POST /auth/logout` with `logoutFromExternalProvider: true`: 301 to the provider's end-session page. @internal */
export const logoutFromProvider = (ctx: RequestContext, refreshToken: string) =>
  Effect.flatMap(flow, (loaded) => loaded.logoutFromProvider(ctx, refreshToken))

/** The SSO routes (the browser reaches them without an API key). @internal */
export const routes: ReadonlyArray<Route> = [
  route("GET", "/auth/sso/:platformId/:provider", { auth: "none" }, withFlow((loaded) => loaded.startLogin)),
  route("GET", "/auth/sso/:platformId/:provider/callback", { auth: "none" }, withFlow((loaded) => loaded.loginCallback)),
  route("GET", "/auth/sso/:platformId/:provider/logout/callback", { auth: "none" }, withFlow((loaded) => loaded.logoutCallback)),
  route("GET", "/auth/sso/:platformId/:provider/jwks", { auth: "none" }, withFlow((loaded) => loaded.jwks))
]
