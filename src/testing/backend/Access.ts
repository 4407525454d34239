/**
 * API keys, the Authorization header, roles and permissions.
 *
 * - Keys look like `<type>_<env>_<random>`: `seck` (secret, role `dev`: everything), `pubk`
 *   (publishable, role `public` unless a user token is sent), `cntk` (content: entries) or a
 *   custom type of 5-10 characters carrying its own roles and permissions.
 * - `Authorization: Basic base64(key:)`, `Bearer <jwt>` or `Stelace-V1 apiKey=<key>, token=<jwt>`.
 * - A token's permissions are those of its `roles` claim plus the `public` role; an expired or
 *   badly signed token is ignored (the request runs as the public role), as the real server does.
 */
import { forbidden, unauthorized, type ApiError } from "./ApiError.js"
import * as Jwt from "./Jwt.js"
import type { Access } from "./Route.js"
import type { Doc, Store } from "./Store.js"

/** An API key as `POST /auth/check` describes it. */
export interface ParsedKey {
  readonly type: string
  readonly env: string
  readonly platformId: string
  readonly zone: string
  readonly hasValidFormat: boolean
}

const KEY_FORMAT = /^([A-Za-z0-9]{4,10})_(test|live)_([A-Za-z0-9]{20,})$/

/** Parses an API key; `undefined` when it does not have the key format. */
export const parseApiKey = (key: string): ParsedKey | undefined => {
  const match = KEY_FORMAT.exec(key)
  if (match === null || key.length < 32) return undefined
  const type = match[1]!
  if (type.length === 4 && !["seck", "pubk", "cntk"].includes(type)) return undefined
  return { type, env: match[2]!, platformId: "1", zone: "e", hasValidFormat: true }
}

/** What the Authorization header carries. */
export interface Credentials {
  readonly apiKey: string | undefined
  readonly token: string | undefined
}

const decodeBasic = (credentials: string): string => {
  try {
    const bytes = Uint8Array.from(atob(credentials), (char) => char.charCodeAt(0))
    const text = new TextDecoder().decode(bytes)
    return text.endsWith(":") ? text.slice(0, -1) : text
  } catch {
    return ""
  }
}

/**
 * Parses the Authorization header (scheme names are case-insensitive). Fails with 401
 * "Invalid Authorization Header format" for an unknown scheme, and 401 "Unauthorized" when the
 * key does not have the key format or the token is not a JWT.
 */
export const parseAuthorization = (header: string | undefined): Credentials | ApiError => {
  if (header === undefined || header === "") return { apiKey: undefined, token: undefined }
  const space = header.indexOf(" ")
  if (space <= 0) return unauthorized("Invalid Authorization Header format")
  const scheme = header.slice(0, space).toLowerCase()
  const params = header.slice(space + 1).split(",").map((part) => part.trim())
  const param = (name: string): string | undefined => {
    const found = params.find((part) => part.toLowerCase().startsWith(`${name.toLowerCase()}=`))
    if (found === undefined) return undefined
    const value = found.slice(found.indexOf("=") + 1).trim().replace(/^"(.*)"$/, "$1")
    return value === "" ? undefined : value
  }
  let apiKey: string | undefined
  let token: string | undefined
  switch (scheme) {
    case "basic":
      apiKey = decodeBasic(params[0] ?? "") || undefined
      break
    case "bearer":
      token = params[0] || undefined
      break
    case "stelace-v1":
      apiKey = param("apiKey")
      token = param("token")
      break
    default:
      return unauthorized("Invalid Authorization Header format")
  }
  if (apiKey !== undefined && parseApiKey(apiKey) === undefined) return unauthorized()
  if (token !== undefined && Jwt.decode(token) === undefined) return unauthorized()
  return { apiKey, token }
}

/**
 * Was the token issued before its user's password was reset (or, impersonating, its source
 * user's)? Such a token counts as expired: the request runs without a user.
 */
export const isRevoked = (store: Store, claims: Jwt.Claims): boolean => {
  const issuedAt = typeof claims.iat === "number" ? claims.iat : 0
  const revokedBefore = (userId: unknown) =>
    typeof userId === "string" && issuedAt < (store.tokensValidFrom.get(userId) ?? Number.NEGATIVE_INFINITY)
  return revokedBefore(claims.sub ?? claims.userId) || revokedBefore(claims.sourceUserId)
}

/** Permissions of the `public` role. */
export const publicPermissions: ReadonlyArray<string> = [
  "asset:list:all",
  "asset:read:all",
  "assetType:list:all",
  "assetType:read:all",
  "auth:login",
  "availability:list:all",
  "availability:read:all",
  "transaction:preview:all",
  "category:list:all",
  "category:read:all",
  "config:read",
  "customAttribute:list:all",
  "customAttribute:read:all",
  "entry:list:all",
  "entry:read:all",
  "event:create:all",
  "password:reset",
  "rating:stats:all",
  "rating:list:all",
  "rating:read:all",
  "role:list:all",
  "role:read:all",
  "search:list:all",
  "signal:create",
  "user:list:all",
  "user:read:all",
  "user:create"
]

/** Permissions of the `user` role: the public ones (but login and reset) plus own-scope ones. */
export const userPermissions: ReadonlyArray<string> = [
  ...publicPermissions.filter((permission) => permission !== "auth:login" && permission !== "password:reset"),
  "assessment:read",
  "assessment:edit",
  "assessment:sign",
  "transaction:list",
  "transaction:read",
  "transaction:create",
  "transaction:edit",
  "transaction:transition",
  "message:list",
  "message:read",
  "message:create",
  "message:edit",
  "message:remove",
  "organization:create",
  "rating:list",
  "rating:read",
  "rating:create",
  "rating:edit",
  "token:check",
  "order:preview",
  "order:list",
  "order:read",
  "order:create",
  "orderLine:read",
  "orderMove:read",
  "savedSearch:list",
  "savedSearch:read",
  "savedSearch:create",
  "savedSearch:edit",
  "savedSearch:remove",
  "user:read",
  "user:edit",
  "user:remove",
  "user:configOrganization"
]

/** Permissions of the `provider` role: the user ones plus own assets and availabilities. */
export const providerPermissions: ReadonlyArray<string> = [
  ...userPermissions,
  "asset:list",
  "asset:read",
  "asset:create",
  "asset:edit",
  "asset:remove",
  "availability:list",
  "availability:read",
  "availability:create",
  "availability:edit",
  "availability:remove"
]

/** The built-in roles every platform starts with (stored as Role objects, `customRole: false`). */
export const defaultRoles: ReadonlyArray<Doc> = [
  { name: "Developer", value: "dev", permissions: ["*"], readNamespaces: ["*"], editNamespaces: ["*"] },
  { name: "Public", value: "public", permissions: publicPermissions, readNamespaces: [], editNamespaces: [] },
  { name: "User", value: "user", permissions: userPermissions, readNamespaces: [], editNamespaces: [] },
  { name: "Provider", value: "provider", permissions: providerPermissions, readNamespaces: [], editNamespaces: [] },
  { name: "Organization", value: "organization", permissions: [], readNamespaces: [], editNamespaces: [] }
].map((role) => ({ ...role, parentId: null, customRole: false }))

/** The stored API key object for a raw key. */
export const findApiKey = (store: Store, key: string): Doc | undefined =>
  store.all("apiKey").find((apiKey) => apiKey.key === key)

interface Grants {
  readonly permissions: Set<string>
  readonly readNamespaces: Set<string>
  readonly editNamespaces: Set<string>
}

/** Lists of rights, as roles, custom API keys and token claims carry them (missing ones grant nothing). */
interface Rights {
  readonly permissions?: unknown
  readonly readNamespaces?: unknown
  readonly editNamespaces?: unknown
}

const listOf = (value: unknown): ReadonlyArray<string> => (Array.isArray(value) ? value as Array<string> : [])

/** Adds the rights of a role, a custom API key or a token to grants. */
const grant = (grants: Grants, rights: Rights): void => {
  for (const permission of listOf(rights.permissions)) grants.permissions.add(permission)
  for (const namespace of listOf(rights.readNamespaces)) grants.readNamespaces.add(namespace)
  for (const namespace of listOf(rights.editNamespaces)) grants.editNamespaces.add(namespace)
}

/** Permissions and namespaces of roles (role objects of the store, following `parentId`). */
export const grantsOf = (store: Store, roles: ReadonlyArray<string>): Grants => {
  const grants: Grants = { permissions: new Set(), readNamespaces: new Set(), editNamespaces: new Set() }
  const stored = store.all("role")
  const visit = (value: string, seen: Set<string>) => {
    if (seen.has(value)) return
    seen.add(value)
    const role = stored.find((candidate) => candidate.value === value)
    if (role === undefined) return
    grant(grants, role)
    if (role.parentId) {
      const parent = stored.find((candidate) => candidate.id === role.parentId)
      if (parent !== undefined) visit(parent.value, seen)
    }
  }
  for (const role of roles) visit(role, new Set())
  return grants
}

/** Is the user a member of the organization, directly or through a parent organization? */
export const organizationMembership = (store: Store, userId: string, organizationId: string):
  | { readonly _tag: "UserNotFound" }
  | { readonly _tag: "OrganizationNotFound" }
  | { readonly _tag: "NotMember" }
  | { readonly _tag: "Member"; readonly roles: ReadonlyArray<string>; readonly organization: Doc; readonly realOrganizationId: string } =>
{
  const user = store.get("user", userId)
  if (user === undefined) return { _tag: "UserNotFound" }
  const organization = store.get("user", organizationId)
  if (organization === undefined || !isOrganization(organization)) return { _tag: "OrganizationNotFound" }
  let current: Doc | undefined = organization
  for (let level = 0; current !== undefined && level <= 10; level++) {
    const roles = user.organizations?.[current.id]?.roles
    if (user.organizations?.[current.id] !== undefined) {
      return { _tag: "Member", roles: roles ?? [], organization, realOrganizationId: current.id }
    }
    const parentId: string | undefined = Object.keys(current.organizations ?? {})[0]
    current = parentId === undefined ? undefined : store.get("user", parentId)
  }
  return { _tag: "NotMember" }
}

/** Organizations are users with the `organization` role (ids `org_...`). */
export const isOrganization = (doc: Doc): boolean =>
  (Array.isArray(doc.roles) && doc.roles.includes("organization")) || String(doc.id).startsWith("org_")

/** What a member may do as an organization: their grants, limited to what the organization's roles grant. */
const restrict = (member: Grants, organization: Grants): Grants => {
  const within = (items: Set<string>, allowed: Set<string>): Set<string> =>
    allowed.has("*") ? items : items.has("*") ? new Set(allowed) : new Set([...items].filter((item) => allowed.has(item)))
  return {
    permissions: within(member.permissions, organization.permissions),
    readNamespaces: within(member.readNamespaces, organization.readNamespaces),
    editNamespaces: within(member.editNamespaces, organization.editNamespaces)
  }
}

/**
 * Resolves who is calling from the stored API key, the verified token claims and the
 * `x-stelace-organization-id` header. Fails with the real 403s for a bad organization header.
 */
export const resolveAccess = (
  store: Store,
  apiKey: Doc,
  claims: Jwt.Claims | undefined,
  organizationHeader: string | undefined
): Access | ApiError => {
  const keyType = String(apiKey.key).split("_")[0]!
  const userId = claims === undefined ? undefined : (claims.sub ?? claims.userId)
  const base = { keyType, apiKey, claims, userId: typeof userId === "string" ? userId : undefined }
  const accessWith = (roles: ReadonlyArray<string>, grants: Grants, organizationId?: string): Access => ({
    ...base,
    roles,
    permissions: grants.permissions,
    readNamespaces: [...grants.readNamespaces],
    editNamespaces: [...grants.editNamespaces],
    organizationId
  })

  if (keyType !== "pubk" && keyType !== "cntk") {
    const roles: ReadonlyArray<string> = keyType === "seck" ? ["dev"] : (apiKey.roles ?? [])
    const grants = grantsOf(store, roles)
    grant(grants, apiKey)
    return accessWith(roles, grants)
  }

  const extra = keyType === "cntk" ? ["entry:list:all", "entry:read:all"] : []
  if (claims === undefined) {
    const grants = grantsOf(store, ["public"])
    grant(grants, { permissions: extra })
    // without a user, the namespaces of the public role are not granted
    return accessWith(["public"], { permissions: grants.permissions, readNamespaces: new Set(), editNamespaces: new Set() })
  }

  const tokenPermissions = [
    ...(Array.isArray(claims.permissions) ? (claims.permissions as Array<string>) : []),
    ...(typeof claims.scope === "string" ? claims.scope.split(" ") : [])
  ]

  if (organizationHeader !== undefined && organizationHeader !== "") {
    if (base.userId === undefined) {
      return forbidden("Cannot provide the header x-stelace-organization-id if there is no sub or userId in the token")
    }
    const membership = organizationMembership(store, base.userId, organizationHeader)
    if (membership._tag === "UserNotFound") {
      return forbidden("User not found to check organization membership", {
        userId: base.userId,
        organizationId: organizationHeader
      })
    }
    if (membership._tag === "OrganizationNotFound") {
      return forbidden("This organization does not exist", { organizationId: organizationHeader })
    }
    if (membership._tag === "NotMember") {
      return forbidden("User does not belong to this organization", {
        userId: base.userId,
        organizationId: organizationHeader
      })
    }
    const roles = [...new Set([...membership.roles, "public"])]
    const grants = restrict(grantsOf(store, roles), grantsOf(store, membership.organization.roles ?? []))
    return accessWith(roles, grants, organizationHeader)
  }

  const roles = [...new Set([...(claims.roles ?? []), "public"])]
  const grants = grantsOf(store, roles)
  grant(grants, { permissions: tokenPermissions, readNamespaces: claims.readNamespaces, editNamespaces: claims.editNamespaces })
  return accessWith(roles, grants)
}

const BROWSERS: ReadonlyArray<readonly [string, RegExp]> = [
  ["edge", /Edg(?:e|A|iOS)?\/(\d+)/],
  ["opera", /OPR\/(\d+)/],
  ["firefox", /Firefox\/(\d+)/],
  ["chrome", /(?:Chrome|CriOS)\/(\d+)/],
  ["safari", /Version\/(\d+).*Safari\//]
]

const browserOf = (userAgent: string | undefined) => {
  if (userAgent === undefined) return undefined
  for (const [family, pattern] of BROWSERS) {
    const match = pattern.exec(userAgent)
    if (match !== null) return { family, version: Number(match[1]) }
  }
  return undefined
}

/**
 * May a refresh token issued to `issuedTo` be used by `current`? Two recognised browsers must be
 * the same family with a version not older; anything else (e.g. `Stelace/0.14.0`) must match exactly.
 */
export const sameUserAgent = (issuedTo: string | undefined, current: string | undefined): boolean => {
  const before = browserOf(issuedTo)
  const after = browserOf(current)
  if (before !== undefined && after !== undefined) {
    return before.family === after.family && after.version >= before.version
  }
  return (issuedTo ?? "") === (current ?? "")
}
