import * as Schema from "effect/Schema"
import type * as T from "../../../Types.js"
import { as, post } from "../model.js"
import { type Resource, resource, resourceOf, schemaOf } from "../schemaParts.js"
import { UserId } from "../sharedSchemas.js"

/**
 * Authentication: login, logout, tokens and checks (`/auth`).
 *
 * @apiReference Authentication › Platform User authentication
 * @since 0.1.0
 * @reexport info from "../Session.js"
 * @reexport ssoLoginUrl from "../internal/session/singleSignOn.js"
 * @reexport loginWithCode from "../internal/session/singleSignOn.js"
 * @reexport logoutFromProvider from "../internal/session/singleSignOn.js"
 * @reexport parseSsoReturn from "../internal/session/singleSignOn.js"
 */
export const auth = {
  /** Logs a user in (`POST /auth/login`) and stores the returned tokens as the session. */
  login: /*#__PURE__*/ post("/auth/login", as<T.AuthTokens, T.LoginParams>, { session: "store" }),
  /** Logs out (`POST /auth/logout`, sending the stored refresh token) and removes the session. */
  logout: /*#__PURE__*/ post("/auth/logout", as<T.Success, T.LogoutParams>, { session: "logout" }),
  /** Asks for tokens (`POST /auth/token`: refresh, impersonation or SSO authorization code) and stores the result as the session. */
  getTokens: /*#__PURE__*/ post("/auth/token", as<T.AuthTokens | T.AccessTokenResult, T.TokenParams>, { session: "store" }),
  /** Checks an API key or an authorization header (`POST /auth/check`). */
  check: /*#__PURE__*/ post("/auth/check", as<T.AuthCheckResult, T.AuthCheckParams>)
}

const authTokensFields = () => ({
  tokenType: Schema.Literal("Bearer"),
  /** A JWT valid for one hour. */
  accessToken: Schema.String,
  /** Valid 14 days by default, bound to the User-Agent that logged in; not rotated on refresh. */
  refreshToken: Schema.String,
  userId: UserId
})
/** Result of `POST /auth/login` and of the `authorizationCode` grant. */
export const AuthTokens: Resource<ReturnType<typeof authTokensFields>, T.AuthTokens> = /*#__PURE__*/ resourceOf(authTokensFields)

const accessTokenResultFields = () => ({
  tokenType: Schema.Literal("Bearer"),
  accessToken: Schema.String
})
/** Result of the `refreshToken` and `impersonateToken` grants: a new access token only. */
export const AccessTokenResult: Resource<ReturnType<typeof accessTokenResultFields>, T.AccessTokenResult> = /*#__PURE__*/ resourceOf(accessTokenResultFields)

const parsedApiKeyFields = () => ({
  type: Schema.String,
  env: Schema.String,
  platformId: Schema.String,
  zone: Schema.String,
  hasValidFormat: Schema.Boolean
})
/** An API key taken apart. */
export const ParsedApiKey: Resource<ReturnType<typeof parsedApiKeyFields>, T.ParsedApiKey> = /*#__PURE__*/ resourceOf(parsedApiKeyFields)

/** The claims of a Stelace access token (any claim is kept). */
export const AccessTokenClaims: Schema.Codec<T.AccessTokenClaims> = /*#__PURE__*/ schemaOf(() => resource({
  userId: Schema.optionalKey(Schema.String),
  sub: Schema.optionalKey(Schema.String),
  roles: Schema.optionalKey(Schema.Array(Schema.String)),
  loggedAt: Schema.optionalKey(Schema.NullOr(Schema.Number)),
  sourceUserId: Schema.optionalKey(Schema.String),
  orgRoles: Schema.optionalKey(Schema.NullOr(Schema.Array(Schema.String))),
  permissions: Schema.optionalKey(Schema.Array(Schema.String)),
  orgPermissions: Schema.optionalKey(Schema.Array(Schema.String)),
  scope: Schema.optionalKey(Schema.String),
  readNamespaces: Schema.optionalKey(Schema.Array(Schema.String)),
  editNamespaces: Schema.optionalKey(Schema.Array(Schema.String)),
  iat: Schema.optionalKey(Schema.Number),
  exp: Schema.optionalKey(Schema.Number)
}) as any)

const authCheckResultFields = () => ({
  valid: Schema.Boolean,
  apiKey: Schema.NullOr(ParsedApiKey),
  /** The decoded token, when one was given and is valid. */
  user: Schema.NullOr(AccessTokenClaims),
  tokenExpired: Schema.NullOr(Schema.Boolean)
})
/** Result of `POST /auth/check`. */
export const AuthCheckResult: Resource<ReturnType<typeof authCheckResultFields>, T.AuthCheckResult> = /*#__PURE__*/ resourceOf(authCheckResultFields)

/** Body of `POST /auth/login`. */
export interface LoginParams {
  username: string
  password: string
}

/** Body of `POST /auth/token` for a new access token from a refresh token. */
export interface RefreshTokenGrantParams {
  grantType: "refreshToken"
  refreshToken: string
}

/**
 * Body of `POST /auth/token` to act as another user: needs `auth:impersonate`, or the target must be
 * an organization the caller belongs to. Only system calls may skip the refresh token and set
 * `roles`, `permissions` and `sourceUserId`.
 */
export interface ImpersonateTokenGrantParams {
  grantType: "impersonateToken"
  userId: T.IdInput<T.UserId>
  refreshToken?: string
  sourceUserId?: T.IdInput<T.UserId>
  roles?: ReadonlyArray<string>
  permissions?: ReadonlyArray<string>
}

/** Body of `POST /auth/token` to trade an SSO code (valid one hour, usable once) for tokens. */
export interface AuthorizationCodeGrantParams {
  grantType: "authorizationCode"
  code: string
}

/** Body of `POST /auth/token`, by grant type. */
export type TokenParams = RefreshTokenGrantParams | ImpersonateTokenGrantParams | AuthorizationCodeGrantParams

/** Result of `POST /auth/token` for a given body. */
export type TokenResult<Params extends TokenParams = TokenParams> = Params extends AuthorizationCodeGrantParams
  ? T.AuthTokens
  : T.AccessTokenResult

/** Body of `POST /auth/logout`; with `logoutFromExternalProvider` the server answers with a redirect. */
export interface LogoutParams {
  /** Defaults to the stored session's refresh token. */
  refreshToken?: string
  logoutFromExternalProvider?: boolean
}

/** Body of `POST /auth/check`: an API key, or a whole `Authorization` header value. */
export type AuthCheckParams =
  | { apiKey: string; authorization?: never }
  | { authorization: string; apiKey?: never }

/**
 * The claims of a Stelace access token. Tokens from login and refresh carry `userId`, `roles`,
 * `loggedAt`, `iat` and `exp`; impersonation adds `sourceUserId` and `orgRoles`. The server also
 * accepts tokens signed elsewhere with `sub`, `scope`, `permissions` and namespace claims.
 */
export interface AccessTokenClaims {
  readonly userId?: string
  readonly sub?: string
  readonly roles?: ReadonlyArray<string>
  /** Session start, in seconds; `null` for system impersonation. */
  readonly loggedAt?: number | null
  readonly sourceUserId?: string
  readonly orgRoles?: ReadonlyArray<string> | null
  readonly permissions?: ReadonlyArray<string>
  readonly orgPermissions?: ReadonlyArray<string>
  /** Space-separated permissions. */
  readonly scope?: string
  readonly readNamespaces?: ReadonlyArray<string>
  readonly editNamespaces?: ReadonlyArray<string>
  /** Issued at, in seconds. */
  readonly iat?: number
  /** Expiry, in seconds. */
  readonly exp?: number
  readonly [claim: string]: unknown
}

/**
 * Which single sign-on connection a login goes through: the platform's public id and the
 * connection's name in its private config (`stelace.ssoConnections`).
 */
export interface SsoTarget {
  /**
   * The platform's public id, `<zone><platform number>_<environment>` (`e1_test`, `e1_live`): not
   * an API key, and not the platform's number alone.
   */
  readonly platformId: string
  /** The connection's name in `stelace.ssoConnections` (`google`, `github`, `my-company`...). */
  readonly provider: string
}

/**
 * What `logoutFromProvider` did. Either way the session ended at Stelace: its refresh token was
 * revoked and the stored tokens removed.
 * - `Redirect`: send the browser to `url`, the provider's end-session page; the provider then ends
 *   its own session and sends the browser back to the connection's `afterLogoutUrl` (or
 *   `afterAuthenticationUrl`), by way of the API;
 * - `StelaceOnly`: the provider's session could not be ended from here. A browser hides a
 *   redirect's address from scripts, so this is what a browser gets from the real server; a
 *   session the server will not log out through a provider (a password login's) gets it too.
 */
export type ProviderLogout =
  | { readonly _tag: "Redirect"; readonly url: string }
  | { readonly _tag: "StelaceOnly" }

/**
 * What the API says when it sends the browser back to the app (`afterAuthenticationUrl`, or
 * `afterLogoutUrl` after a logout through the provider), from its query string:
 * - `Code`: a login succeeded; exchange `code` (valid one hour, once) with `loginWithCode`;
 * - `LoggedOut`: a logout through the provider ended (`status=success` without a code);
 * - `Cancelled`: the user cancelled at the provider (`access_denied`). Only a server in a `test`
 *   environment says so (in `details`); in `live` a cancelled login reads as `Failed`;
 * - `Failed`: the login failed; `status` is `configError` (the provider refused, the connection is
 *   misconfigured, the `state` did not match) or `serverError`, and `details` says why in a `test`
 *   environment only.
 */
export type SsoReturn =
  | { readonly _tag: "Code"; readonly code: string }
  | { readonly _tag: "LoggedOut" }
  | { readonly _tag: "Cancelled"; readonly details: string | undefined }
  | { readonly _tag: "Failed"; readonly status: string; readonly details: string | undefined }
