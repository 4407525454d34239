/**
 * Users (`usr_`) and organizations (`org_`), and membership of organizations.
 *
 * An organization is a user with the `organization` role; its owner (`orgOwnerId`) joins it with
 * the role `dev`. `username`, `firstname`, `lastname` and `email` are private: shown to the user
 * themself (and in the answer to their sign-up) and to callers reading every namespace (secret
 * keys), removed for everybody else. New users get the roles of config `stelace.roles.default`
 * (`['user', 'provider']` by default).
 */
import * as Effect from "effect/Effect"
import { isOrganization, organizationMembership, resolveAccess } from "./Access.js"
import { type ApiError, badRequest, forbidden, hiddenForbidden, notFound, unprocessable } from "./ApiError.js"
import { recordEvent } from "./EventLog.js"
import { canEditFor } from "./Namespaces.js"
import * as R from "./Resources.js"
import { F, dataFields, type Family } from "./Resources.js"
import { can, type RequestContext, route, type Route } from "./Route.js"
import { type Doc, newId } from "./Store.js"
import * as V from "./Validation.js"

export { isOrganization } from "./Access.js"

const PRIVATE_FIELDS = ["username", "firstname", "lastname", "email"] as const

/** The order of a user's fields in the real server's answers. */
const FIELD_ORDER = [
  "id",
  "createdDate",
  "updatedDate",
  "username",
  "displayName",
  "firstname",
  "lastname",
  "email",
  "description",
  "roles",
  "organizations",
  "orgOwnerId",
  "metadata",
  "platformData"
] as const

const DEFAULT_ROLES: ReadonlyArray<string> = ["user", "provider"]

const textContains = (doc: Doc, query: string): boolean => {
  const needle = query.toLowerCase()
  return ["displayName", "firstname", "lastname", "username", "email"].some((field) =>
    typeof doc[field] === "string" && doc[field].toLowerCase().includes(needle)
  )
}

const optionalText = (max: number) => V.nullable(V.string({ max, empty: true }))

const commonFields = {
  displayName: optionalText(255),
  firstname: optionalText(255),
  lastname: optionalText(255),
  email: V.nullable(V.string({ max: 255, email: true })),
  description: optionalText(3000),
  roles: V.array(V.string()),
  organizations: V.object(undefined, { values: V.object({ roles: V.array(V.string()) }) })
}

const usernameOrPassword = V.when("type", "organization", V.forbidden(), V.required(V.string({ max: 255 })))

const createBody = V.object({
  type: V.string({ valid: ["organization", "user"] }),
  username: usernameOrPassword,
  password: usernameOrPassword,
  ...commonFields,
  orgOwnerId: V.when("type", "organization", V.string({ max: 255 }), V.forbidden()),
  ...dataFields
})

const updateBody = V.object({
  type: V.forbidden(),
  username: V.string({ max: 255 }),
  password: V.forbidden(),
  ...commonFields,
  organizations: V.forbidden(),
  orgOwnerId: V.string({ max: 255 }),
  ...dataFields
})

/** Does the caller read the user's private fields? Themself (not a caller acting for them), or a reader of every namespace. */
const readsPrivate = (doc: Doc, ctx: RequestContext): boolean =>
  ctx.access.readNamespaces.includes("*") || ctx.access.readNamespaces.includes("private") ||
  (ctx.currentUserId === doc.id && !ctx.actsForNamedUser)

/** Users and organizations. */
export const user: Family = {
  name: "user",
  path: "/users",
  prefix: "usr",
  operations: ["read"],
  scope: "own",
  owners: (doc) => [doc.id],
  namespacesOwner: (doc) => doc.id,
  create: createBody,
  update: updateBody,
  filters: {
    query: F.custom(V.string(), (doc, value) => textContains(doc, String(value))),
    type: F.custom(V.string({ valid: ["organization", "user", "all"] }), () => true),
    userOrganizationId: F.custom(V.ids(), (doc, value) =>
      String(value).split(",").some((id) => doc.organizations != null && Object.hasOwn(doc.organizations, id)))
  },
  offsetOrderBy: ["name", "createdDate", "updatedDate"],
  expose: (doc, ctx) => {
    const shown: Doc = {}
    for (const field of FIELD_ORDER) if (field in doc) shown[field] = doc[field]
    if (!readsPrivate(doc, ctx)) for (const field of PRIVATE_FIELDS) delete shown[field]
    if (String(doc.id).startsWith("org_")) shown.orgOwnerId = doc.orgOwnerId ?? null
    else delete shown.orgOwnerId
    return shown
  },
  event: "user"
}

const checkRolesExist = (ctx: RequestContext, roles: ReadonlyArray<string>): Effect.Effect<void, ApiError> => {
  const known = new Set(ctx.store.all("role").map((role) => role.value))
  const invalid = roles.filter((role) => !known.has(role))
  return invalid.length === 0 ? Effect.void : Effect.fail(unprocessable(`Invalid roles: ${invalid.join(", ")}`))
}

/** The roles of a new user or organization. */
const rolesOnCreate = Effect.fnUntraced(function*(ctx: RequestContext, roles: ReadonlyArray<string> | undefined, organization: boolean) {
  let result: Array<string>
  if (roles !== undefined) {
    if (!can(ctx.access, "user:config:all")) {
      const whitelist: ReadonlyArray<string> = ctx.store.config.stelace?.roles?.whitelist ?? DEFAULT_ROLES
      if (roles.includes("dev")) return yield* Effect.fail(forbidden("Cannot provide the role \"dev\""))
      const outside = roles.filter((role) => !whitelist.includes(role))
      if (outside.length > 0) {
        return yield* Effect.fail(unprocessable(`The following roles are not whitelisted: ${outside.join(", ")}`))
      }
    }
    result = [...roles]
    yield* checkRolesExist(ctx, roles)
  } else {
    result = [...(ctx.store.config.stelace?.roles?.default ?? DEFAULT_ROLES)]
  }
  if (organization && !result.includes("organization")) result.push("organization")
  return result
})

const organizationEvent = (ctx: RequestContext, type: string, member: Doc, organizationId: string, extra: Doc = {}) =>
  recordEvent(ctx, {
    type,
    objectType: "user",
    objectId: member.id,
    object: R.expose(user, member, { ...ctx, currentUserId: member.id, actsForNamedUser: false }),
    relatedObjectsIds: { organizationId },
    ...extra
  })

/** The user the token belongs to (or `x-stelace-user-id`), never the organization acted as. */
const realUserId = (ctx: RequestContext): string | undefined =>
  ctx.access.organizationId === undefined ? ctx.currentUserId : ctx.access.userId

/** POST /users: sign-up, or a new organization owned by the caller (or by `orgOwnerId`). */
const createUser = Effect.fnUntraced(function*(ctx: RequestContext) {
  const isOrg = ctx.body.type === "organization"
  const currentUserId = ctx.currentUserId
  if (isOrg) {
    const canAny = can(ctx.access, "organization:create:all")
    if (!canAny &&
      (!can(ctx.access, "organization:create") || !currentUserId ||
        (ctx.body.orgOwnerId !== undefined && ctx.body.orgOwnerId !== currentUserId))) {
      return yield* Effect.fail(forbidden())
    }
  } else if (!can(ctx.access, "user:create:all") && currentUserId !== undefined) {
    return yield* Effect.fail(forbidden())
  }

  const { password, type: _type, orgOwnerId, ...fields } = ctx.body
  const roles = yield* rolesOnCreate(ctx, fields.roles, isOrg)
  const organizations: Doc = fields.organizations ?? {}
  const parents = Object.keys(organizations)
  if (parents.length > 0) {
    if (!isOrg) return yield* Effect.fail(unprocessable("Cannot specify the \"organizations\" object when creating a user"))
    if (parents.length > 1) return yield* Effect.fail(unprocessable("An organization cannot belong to multiple parent organizations"))
    const ownerId = orgOwnerId ?? realUserId(ctx)
    if (ownerId === undefined) {
      return yield* Effect.fail(forbidden(`Missing organization owner for the organization with ID "${parents[0]}"`))
    }
    if (organizationMembership(ctx.store, ownerId, parents[0]!)._tag !== "Member") {
      return yield* Effect.fail(
        forbidden(`The current user does not belong to the parent organization with ID "${parents[0]}"`)
      )
    }
  }
  let owner: Doc | undefined
  if (isOrg) {
    const ownerId = orgOwnerId ?? realUserId(ctx)
    owner = ownerId === undefined ? undefined : ctx.store.get("user", ownerId)
    if (owner === undefined) return yield* Effect.fail(unprocessable("The user to promote as org owner is not found."))
  }
  if (fields.username !== undefined && ctx.store.all("user").some((doc) => doc.username === fields.username)) {
    return yield* Effect.fail(unprocessable("Unavailable username"))
  }

  const built = yield* R.build(user, ctx, {
    username: null,
    displayName: null,
    firstname: null,
    lastname: null,
    email: null,
    description: null,
    ...fields,
    roles,
    organizations
  })
  const doc: Doc = isOrg ? { ...built, id: newId("org"), orgOwnerId: owner!.id } : built
  ctx.store.put("user", doc)
  if (password !== undefined) ctx.store.passwords.set(doc.id, password)
  R.emit(user, "created", doc, { ...ctx, currentUserId: doc.id, actsForNamedUser: false })
  if (owner !== undefined) {
    const joined = {
      ...owner,
      organizations: { ...owner.organizations, [doc.id]: { roles: ["dev"] } },
      updatedDate: ctx.store.timestamp(ctx.now)
    }
    ctx.store.put("user", joined)
    organizationEvent(ctx, "user__organization_joined", joined, doc.id)
  }
  // the new user sees their own private fields in the answer
  return R.expose(user, doc, { ...ctx, currentUserId: doc.id, actsForNamedUser: false })
})

/** PATCH /users/:id: oneself, or with `user:edit:all`; roles need `user:config:all`. */
const updateUser = Effect.fnUntraced(function*(ctx: RequestContext) {
  const previous = ctx.store.get("user", ctx.params.id!)
  if (previous === undefined) return yield* Effect.fail(notFound())
  const isOrg = isOrganization(previous)
  if (isOrg && ctx.body.username) return yield* Effect.fail(badRequest("An organization cannot have a username"))
  if (!can(ctx.access, "user:edit:all") && ctx.currentUserId !== previous.id) return yield* Effect.fail(forbidden())
  const { orgOwnerId, ...patch } = ctx.body
  if (isOrg && orgOwnerId !== undefined) {
    const actor = realUserId(ctx)
    if (!(actor !== undefined && previous.orgOwnerId === actor) && !can(ctx.access, "user:edit:all")) {
      return yield* Effect.fail(forbidden(
        "Must be owner of the organization to transfer ownership, or have \"user:edit:all\" permission",
        { userId: actor, organizationId: previous.id }
      ))
    }
  }
  if (patch.roles !== undefined) {
    const hasOrganizationRole = (patch.roles as ReadonlyArray<string>).includes("organization")
    if (isOrg && !hasOrganizationRole) return yield* Effect.fail(unprocessable("Cannot transform an organization into a normal user"))
    if (!isOrg && hasOrganizationRole) return yield* Effect.fail(unprocessable("Cannot transform a normal user into an organization"))
    if (!can(ctx.access, "user:config:all")) {
      return yield* Effect.fail(forbidden("Roles cannot be updated without \"user:config:all\" permission."))
    }
    yield* checkRolesExist(ctx, patch.roles)
  }
  let newOwner: Doc | undefined
  if (isOrg && orgOwnerId !== undefined) {
    newOwner = ctx.store.get("user", orgOwnerId)
    if (newOwner === undefined) return yield* Effect.fail(unprocessable("The user to promote as org owner is not found."))
  }
  if (patch.username !== undefined && patch.username !== previous.username &&
    ctx.store.all("user").some((doc) => doc.username === patch.username)) {
    return yield* Effect.fail(unprocessable("Unavailable username"))
  }
  if (!canEditFor(ctx.body, previous.id, ctx)) return yield* Effect.fail(forbidden("Invalid namespace"))
  const doc = R.applyPatch(user, previous, { ...patch, ...(newOwner === undefined ? {} : { orgOwnerId: newOwner.id }) }, ctx)
  ctx.store.put("user", doc)
  R.emitUpdate(user, doc, previous, ctx.body, ctx)
  if (newOwner !== undefined) {
    const roles: ReadonlyArray<string> | undefined = newOwner.organizations?.[doc.id]?.roles
    if (roles === undefined || !roles.includes("dev")) {
      const newRoles = [...(roles ?? []), "dev"]
      const promoted = {
        ...newOwner,
        organizations: { ...newOwner.organizations, [doc.id]: { roles: newRoles } },
        updatedDate: ctx.store.timestamp(ctx.now)
      }
      ctx.store.put("user", promoted)
      if (roles === undefined) organizationEvent(ctx, "user__organization_joined", promoted, doc.id)
      else organizationEvent(ctx, "user__organization_rights_changed", promoted, doc.id, { changesRequested: { roles: newRoles } })
    }
  }
  return R.expose(user, doc, ctx)
})

/** GET /users: users only, unless `type` or `id` says otherwise. */
const listUsers = (ctx: RequestContext) =>
  Effect.sync(() => {
    const type = ctx.query.type ?? (ctx.query.id === undefined ? "user" : "all")
    const docs = R.applyFilters(user, ctx.store.all("user"), ctx)
      .filter((doc) => type === "all" || (type === "organization") === isOrganization(doc))
    return R.respondList(user, docs, ctx)
  })

/** DELETE /users/:id, also ending the user's sessions. */
const removeUser = Effect.fnUntraced(function*(ctx: RequestContext) {
  const doc = ctx.store.get("user", ctx.params.id!)
  if (doc === undefined) return { id: ctx.params.id! }
  const isOrg = isOrganization(doc)
  const actor = realUserId(ctx)
  const allowed = actor === doc.id || can(ctx.access, "user:remove:all")
  if (!allowed && isOrg && actor !== undefined) {
    if (actor !== doc.orgOwnerId) {
      return yield* Effect.fail(forbidden(
        "Must be owner of the organization to delete, or have \"user:remove:all\" permission",
        { userId: actor, organizationId: doc.id }
      ))
    }
  } else if (!allowed) return yield* Effect.fail(forbidden("Can’t delete this user."))
  const nbAssets = ctx.store.all("asset").filter((asset) => asset.ownerId === doc.id).length
  if (nbAssets > 0) {
    return yield* Effect.fail(unprocessable(
      `${nbAssets} Asset${nbAssets > 1 ? "s" : ""} still belong to ${doc.id}. Please delete all User Assets before deleting this User.`
    ))
  }
  const others = ctx.store.all("user").filter((other) => other.id !== doc.id)
  if (isOrg) {
    const children = others.filter((other) => isOrganization(other) && other.organizations?.[doc.id] !== undefined)
    if (children.length > 0) {
      return yield* Effect.fail(unprocessable(`${children.length} children organizations still reference this organization`))
    }
  } else {
    const owned = others.filter((other) => other.orgOwnerId === doc.id).map((other) => other.id)
    if (owned.length > 0) {
      return yield* Effect.fail(unprocessable(
        "This user owns organizations. Please delete these first or transfer ownership.",
        { ownedOrganizationIds: owned }
      ))
    }
  }
  ctx.store.delete("user", doc.id)
  ctx.store.passwords.delete(doc.id)
  for (const [token, row] of ctx.store.refreshTokens) if (row.userId === doc.id) ctx.store.refreshTokens.delete(token)
  if (isOrg) {
    for (const member of others.filter((other) => other.organizations?.[doc.id] !== undefined)) {
      const { [doc.id]: _left, ...organizations } = member.organizations
      const left = { ...member, organizations, updatedDate: ctx.store.timestamp(ctx.now) }
      ctx.store.put("user", left)
      organizationEvent(ctx, "user__organization_left", left, doc.id, { metadata: { stelaceComment: "Organization deleted" } })
    }
  }
  R.emit(user, "deleted", doc, ctx)
  return { id: doc.id }
})

/**
 * May the caller change memberships of this organization? API keys need
 * `user:configOrganization:all`; a member needs `user:configOrganization` within the
 * organization; anybody else `user:configOrganization:all`.
 */
const checkMembershipRights = (ctx: RequestContext, organizationId: string): Effect.Effect<void, ApiError> => {
  const permissions = ["user:configOrganization", "user:configOrganization:all"]
  const actor = realUserId(ctx)
  const denied = (access: ReturnType<typeof resolveAccess>, accepted: ReadonlyArray<string>): Effect.Effect<void, ApiError> => {
    if (access instanceof Error) return Effect.fail(access)
    if (!permissions.some((permission) => can(access, permission))) return Effect.fail(hiddenForbidden("No appropriate permission"))
    return accepted.some((permission) => can(access, permission)) ? Effect.void : Effect.fail(forbidden())
  }
  if (actor === undefined) return denied(ctx.access, ["user:configOrganization:all"])
  const member = organizationMembership(ctx.store, actor, organizationId)._tag === "Member"
  const access = resolveAccess(ctx.store, ctx.access.apiKey, ctx.access.claims, member ? organizationId : undefined)
  return denied(access, member ? permissions : ["user:configOrganization:all"])
}

const membershipTargets = Effect.fnUntraced(function*(ctx: RequestContext, join: boolean) {
  const target = ctx.store.get("user", ctx.params.id!)
  if (target === undefined) return yield* Effect.fail(notFound())
  const organizationId = ctx.params.organizationId!
  const organization = ctx.store.get("user", organizationId)
  if (join && (organization === undefined || !isOrganization(organization))) {
    return yield* Effect.fail(unprocessable(`Unknown organization "${organizationId}"`))
  }
  if (isOrganization(target)) {
    if (!join) return yield* Effect.fail(forbidden("Cannot update the \"organizations\" config of a child organization"))
    const parents = Object.keys(target.organizations ?? {})
    if (parents.length > 0) {
      return yield* Effect.fail(forbidden("Cannot update the \"organizations\" config of a child organization", {
        parentOrganizationId: parents[0]
      }))
    }
  }
  yield* checkMembershipRights(ctx, organizationId)
  return { target, organizationId }
})

/** What the membership routes answer: the user, private fields shown to themself only. */
const exposeMember = (ctx: RequestContext, doc: Doc) => R.expose(user, doc, { ...ctx, currentUserId: realUserId(ctx) })

/** PUT (and the deprecated PATCH) /users/:id/organizations/:organizationId: joins or changes roles. */
const joinOrganization = Effect.fnUntraced(function*(ctx: RequestContext) {
  const { target, organizationId } = yield* membershipTargets(ctx, true)
  const roles: ReadonlyArray<string> | undefined = ctx.body.roles
  if (roles !== undefined) yield* checkRolesExist(ctx, roles)
  const doc: Doc = {
    ...target,
    organizations: { ...target.organizations, [organizationId]: roles === undefined ? {} : { roles: [...roles] } },
    updatedDate: ctx.store.timestamp(ctx.now)
  }
  ctx.store.put("user", doc)
  organizationEvent(ctx, "user__organization_rights_changed", doc, organizationId, {
    changesRequested: roles === undefined ? {} : { roles }
  })
  return exposeMember(ctx, doc)
})

/** DELETE /users/:id/organizations/:organizationId: leaves an organization. */
const leaveOrganization = Effect.fnUntraced(function*(ctx: RequestContext) {
  const { target, organizationId } = yield* membershipTargets(ctx, false)
  const { [organizationId]: _left, ...organizations } = target.organizations ?? {}
  const doc: Doc = { ...target, organizations, updatedDate: ctx.store.timestamp(ctx.now) }
  ctx.store.put("user", doc)
  organizationEvent(ctx, "user__organization_left", doc, organizationId)
  return exposeMember(ctx, doc)
})

/** The user routes. */
export const routes: ReadonlyArray<Route> = [
  route("GET", "/users/check-availability", {
    permissions: ["user:list:all"],
    query: V.object({ username: V.required(V.string()) })
  }, (ctx) =>
    Effect.succeed({ available: !ctx.store.all("user").some((doc) => doc.username === ctx.query.username) })),
  route("GET", "/users", { permissions: ["user:list:all"], query: R.listQueryRule(user) }, listUsers),
  route("POST", "/users", {
    permissions: ["user:create", "user:create:all", "organization:create", "organization:create:all"],
    body: V.required(createBody),
    editsProtectedNamespaces: true
  }, createUser),
  ...R.routes(user),
  route("PATCH", "/users/:id", {
    permissions: ["user:edit", "user:edit:all"],
    body: updateBody,
    editsProtectedNamespaces: true
  }, updateUser),
  route("DELETE", "/users/:id", { permissions: ["user:remove", "user:remove:all"] }, removeUser),
  route("PUT", "/users/:id/organizations/:organizationId", {
    body: V.required(V.object({ roles: V.array(V.string()) }))
  }, joinOrganization),
  // deprecated, and never validated by the real server
  route("PATCH", "/users/:id/organizations/:organizationId", {}, joinOrganization),
  route("DELETE", "/users/:id/organizations/:organizationId", {}, leaveOrganization)
]
