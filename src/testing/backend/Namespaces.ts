/**
 * Namespaces of `metadata` and `platformData`: keys starting with `_` (`_private`, `_protected`,
 * `_shop`...). Who may write and read them follows stelace-server 1.0.0-beta.8:
 *
 * - `_system` and `_stelace` are reserved: no API caller writes them, and only the system sees them.
 * - `_private` and `_protected` are written on users and assets only, by the user themself (or the
 *   asset's owner) or a caller editing every namespace. The user or owner reads both; another user
 *   reads `_protected` once a transaction between them reached `validated` (the asset type's
 *   `namespaces.visibility.protected` can name other statuses), on single reads only.
 * - any other namespace is written and read by callers whose roles or key grant it (`*`: all).
 *
 * @since 0.1.0
 */
import { type ApiError, forbidden, hiddenForbidden } from "./ApiError.js"
import type { Access, RequestContext } from "./Route.js"
import { can } from "./Route.js"
import type { Doc } from "./Store.js"

const systemNamespaces: ReadonlyArray<string> = ["system", "stelace"]
const protectedNamespaces: ReadonlyArray<string> = ["private", "protected"]

const isObject = (value: unknown): value is Doc => typeof value === "object" && value !== null && !Array.isArray(value)

/** The namespaces (without `_`) used by the `metadata` and `platformData` of an object or body. */
export const namespacesOf = (doc: Doc): ReadonlyArray<string> => {
  const found = new Set<string>()
  for (const field of ["metadata", "platformData"]) {
    const data = doc[field]
    if (!isObject(data)) continue
    for (const key of Object.keys(data)) if (key.startsWith("_")) found.add(key.slice(1))
  }
  return [...found]
}

/**
 * What the real server checks on a body with data before running a route: `platformData` needs
 * `platformData:edit:all`, reserved namespaces are refused, `_private`/`_protected` only where the
 * route allows them, and the other namespaces need an edit grant.
 */
export const checkRequestData = (body: unknown, access: Access, editsProtected: boolean): ApiError | undefined => {
  if (!isObject(body)) return undefined
  if (body.platformData !== undefined && body.platformData !== null && !can(access, "platformData:edit:all")) {
    return hiddenForbidden("Forbidden platformData edition")
  }
  const used = namespacesOf(body)
  const reserved = used.filter((namespace) => systemNamespaces.includes(namespace))
  if (reserved.length > 0) {
    return forbidden("Can’t edit Stelace reserved namespace", { forbiddenNamespaces: reserved })
  }
  const restricted = used.filter((namespace) => protectedNamespaces.includes(namespace))
  if (!editsProtected && restricted.length > 0) {
    return forbidden("Can’t edit reserved namespace on this resource", { forbiddenNamespaces: restricted })
  }
  if (access.editNamespaces.includes("*")) return undefined
  const allowed = [...access.editNamespaces, ...protectedNamespaces]
  return used.every((namespace) => allowed.includes(namespace)) ? undefined : hiddenForbidden("Forbidden namespaces edition")
}

/**
 * Can the caller write the namespaces of `delta` on an object of `userId` (the user, or the
 * asset's owner)? `_private` and `_protected` need to be that user.
 */
export const canEditFor = (delta: Doc, userId: unknown, ctx: RequestContext): boolean => {
  if (ctx.access.editNamespaces.includes("*")) return true
  const isSelf = userId !== undefined && userId === ctx.currentUserId
  return namespacesOf(delta).every((namespace) =>
    ctx.access.editNamespaces.includes(namespace) || (protectedNamespaces.includes(namespace) && isSelf)
  )
}

/** Has a transaction between the two users reached a status revealing `_protected`? */
const revealedByTransaction = (userId: string, currentUserId: string, ctx: RequestContext): boolean =>
  ctx.store.all("transaction").some((transaction) => {
    const parties = [transaction.ownerId, transaction.takerId]
    if (!parties.includes(userId) || !parties.includes(currentUserId)) return false
    const steps: ReadonlyArray<string> = transaction.assetType?.namespaces?.visibility?.protected ?? ["validated"]
    return (transaction.statusHistory ?? []).some((step: Doc) => steps.includes(step.status))
  })

/**
 * The namespaces the caller reads on an object of `userId` (a user or an asset's owner):
 * their grants, plus `_private`/`_protected` for themself and `_protected` after a transaction.
 *
 * A caller acting for a user named by `x-stelace-user-id` reads their grants only. The real
 * server reveals the named user's private data to them, and the public role's `:all` read
 * permissions let any publishable key name any user: the backend does not grant that.
 */
export const readNamespacesFor = (
  userId: string | undefined,
  ctx: RequestContext,
  single: boolean
): ReadonlyArray<string> => {
  const granted = ctx.access.readNamespaces
  if (granted.includes("*") || userId === undefined || ctx.currentUserId === undefined || ctx.actsForNamedUser) return granted
  if (userId === ctx.currentUserId) return [...granted, ...protectedNamespaces]
  if (single && revealedByTransaction(userId, ctx.currentUserId, ctx)) return [...granted, "protected"]
  return granted
}

/** Removes the namespaced keys of `metadata` and `platformData` the caller may not read. */
export const hideNamespaces = (doc: Doc, namespaces: ReadonlyArray<string>): Doc => {
  const all = namespaces.includes("*")
  const hidden = (namespace: string) => all ? systemNamespaces.includes(namespace) : !namespaces.includes(namespace)
  let shown = doc
  for (const field of ["metadata", "platformData"]) {
    const data = doc[field]
    if (!isObject(data)) continue
    const keys = Object.keys(data).filter((key) => key.startsWith("_") && hidden(key.slice(1)))
    if (keys.length === 0) continue
    const kept = { ...data }
    for (const key of keys) delete kept[key]
    shown = { ...shown, [field]: kept }
  }
  return shown
}

