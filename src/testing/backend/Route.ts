/**
 * What a route is and what its handler receives.
 *
 * A route is data: method, path, the permissions of which at least one must match, validation
 * rules, and an Effect handler. The backend matches the route, authenticates, checks permissions
 * and validates before the handler runs; the handler returns the JSON body (or a
 * {@link RawResponse}) and fails with {@link ApiError}.
 */
import type * as Effect from "effect/Effect"
import type { ApiError, RawResponse } from "./ApiError.js"
import type { Claims, SigningKey } from "./Jwt.js"
import type { ApiVersion } from "./Pagination.js"
import type { Query } from "./QueryString.js"
import type { Doc, Store } from "./Store.js"
import type { Rule } from "./Validation.js"

/** HTTP methods the API uses. */
export type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE"

/** Who is calling, after the API key, the token and the organization header are resolved. */
export interface Access {
  /** The kind of API key: `seck`, `pubk`, `cntk` or a custom type. */
  readonly keyType: string
  /** The stored API key object. */
  readonly apiKey: Doc
  /** The verified, unexpired access token claims, when a token was sent. */
  readonly claims: Claims | undefined
  /** The user of the token. */
  readonly userId: string | undefined
  /** Roles the permissions come from. */
  readonly roles: ReadonlyArray<string>
  /** Granted permissions (`*` grants everything). */
  readonly permissions: ReadonlySet<string>
  /** Namespaces of metadata the caller may read (`*` for all). */
  readonly readNamespaces: ReadonlyArray<string>
  /** Namespaces of metadata the caller may write (`*` for all). */
  readonly editNamespaces: ReadonlyArray<string>
  /** The organization named by `x-stelace-organization-id`, when the caller belongs to it. */
  readonly organizationId: string | undefined
}

/** Settings of the backend instance a handler may need. */
export interface BackendSettings {
  /** Access token lifetime in seconds. */
  readonly accessTokenTtl: number
  /** Key signing and verifying access tokens. */
  readonly signingKey: SigningKey
  /** The environment of the platform (`test` or `live`, from the secret key). */
  readonly env: string
}

/** Everything a handler knows about the request. */
export interface RequestContext {
  readonly method: Method
  readonly path: string
  readonly params: Readonly<Record<string, string>>
  readonly query: Query
  /** The validated JSON body (`{}` when none was sent). */
  readonly body: Doc
  readonly headers: Readonly<Record<string, string>>
  readonly version: ApiVersion
  /** Where browsers reach this backend (`http://127.0.0.1:4100`), for the URLs it gives identity providers. */
  readonly apiUrl: string
  /** Milliseconds since the epoch, from Effect's `Clock` when the request arrived. */
  readonly now: number
  readonly requestId: string
  readonly store: Store
  readonly settings: BackendSettings
  readonly access: Access
  /** The route permissions the caller has. */
  readonly matched: ReadonlySet<string>
  /** The user acting: `x-stelace-user-id` (with an `:all` permission), the organization, or the token's user. */
  readonly currentUserId: string | undefined
  /**
   * `currentUserId` comes from `x-stelace-user-id`: the caller acts for that user, but is not
   * them, and does not read what is private to them (see `Namespaces.readNamespacesFor`).
   */
  readonly actsForNamedUser: boolean
}

/** A route handler. */
export type Handler = (ctx: RequestContext) => Effect.Effect<unknown | RawResponse, ApiError>

/** A rule, or a rule depending on the API version. */
export type VersionedRule = Rule | ((version: ApiVersion) => Rule)

/** One route of the API. */
export interface Route {
  readonly method: Method
  readonly path: string
  /** At least one must be granted (403 "No appropriate permission" otherwise). Empty: none needed. */
  readonly permissions: ReadonlyArray<string>
  /** `none`: no API key required (token check links, SSO); `system`: system key only (always 403 here). */
  readonly auth: "apiKey" | "none" | "system"
  readonly query: VersionedRule | undefined
  readonly body: VersionedRule | undefined
  /** Answers `cache-control: max-age=60` instead of `no-store` (the real server caches a few public reads). */
  readonly cache: boolean
  /** The body's `platformData` and namespaces are checked (see `Namespaces.checkRequestData`). */
  readonly checksData: boolean
  /** `_private` and `_protected` may be written (users and assets). */
  readonly editsProtectedNamespaces: boolean
  readonly handler: Handler
}

/** Declares a route. */
export const route = (
  method: Method,
  path: string,
  options: {
    readonly permissions?: ReadonlyArray<string>
    readonly auth?: Route["auth"]
    readonly query?: VersionedRule
    readonly body?: VersionedRule
    readonly cache?: boolean
    readonly checksData?: boolean
    readonly editsProtectedNamespaces?: boolean
  },
  handler: Handler
): Route => ({
  method,
  path,
  permissions: options.permissions ?? [],
  auth: options.auth ?? "apiKey",
  query: options.query,
  body: options.body,
  cache: options.cache ?? false,
  checksData: options.checksData ?? (method === "POST" || method === "PATCH" || method === "PUT"),
  editsProtectedNamespaces: options.editsProtectedNamespaces ?? false,
  handler
})

/** Is a permission granted? */
export const can = (access: Access, permission: string): boolean =>
  access.permissions.has("*") || access.permissions.has(permission)
