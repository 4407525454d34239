/**
 * Users (`usr_`) and organizations (`org_`), and membership of organizations.
 *
 * `username`, `firstname`, `lastname` and `email` are private: shown to the user themself and to
 * callers reading every namespace (secret keys), removed for everybody else. New users get the
 * roles of config `stelace.roles.default` (`['user', 'provider']` by default).
 */
import * as Effect from "effect/Effect"
import { type ApiError, forbidden, notFound, unprocessable } from "./ApiError.js"
import { recordEvent } from "./EventLog.js"
import * as R from "./Resources.js"
import { F, dataFields, type Family } from "./Resources.js"
import { can, type RequestContext, route, type Route } from "./Route.js"
import { type Doc, newId } from "./Store.js"
import * as V from "./Validation.js"

const PRIVATE_FIELDS = ["username", "firstname", "lastname", "email"] as const

const textContains = (doc: Doc, query: string): boolean => {
  const needle = query.toLowerCase()
  return ["displayName", "username", "firstname", "lastname", "email", "description"].some((field) =>
    typeof doc[field] === "string" && doc[field].toLowerCase().includes(needle)
  )
}

const createBody = V.object({
  type: V.string({ valid: ["user", "organization"] }),
  username: V.string({ max: 255 }),
  password: V.string({ max: 255 }),
  displayName: V.nullable(V.string({ max: 255, empty: true })),
  firstname: V.nullable(V.string({ max: 255, empty: true })),
  lastname: V.nullable(V.string({ max: 255, empty: true })),
  email: V.nullable(V.string({ max: 255, empty: true })),
  description: V.nullable(V.string({ max: 3000, empty: true })),
  roles: V.array(V.string()),
  organizations: V.record(),
  orgOwnerId: V.nullable(V.string()),
  ...dataFields
})

/** Users and organizations. */
export const user: Family = {
  name: "user",
  path: "/users",
  prefix: "usr",
  operations: ["read", "update"],
  scope: "own",
  owners: (doc) => [doc.id, doc.orgOwnerId],
  create: createBody,
  update: V.extend(V.partial(createBody), {
    type: V.forbidden(),
    organizations: V.forbidden(),
    password: V.forbidden()
  }),
  filters: {
    query: F.custom(V.string({ empty: true }), (doc, value) => textContains(doc, String(value))),
    type: F.custom(V.string({ valid: ["user", "organization", "all"] }), (doc, value) =>
      value === "all" || doc.type === value),
    userOrganizationId: F.custom(V.ids(), (doc, value) =>
      String(value).split(",").some((id) => doc.organizations?.[id] !== undefined))
  },
  offsetOrderBy: ["createdDate", "updatedDate"],
  expose: (doc, ctx) => {
    const { type, orgOwnerId, ...shown } = doc
    const readsPrivate = ctx.access.readNamespaces.includes("*") ||
      (ctx.currentUserId !== undefined && (ctx.currentUserId === doc.id || ctx.currentUserId === orgOwnerId))
    if (!readsPrivate) for (const field of PRIVATE_FIELDS) delete shown[field]
    return type === "organization" ? { ...shown, type, orgOwnerId } : shown
  },
  prepare: Effect.fnUntraced(function*(draft, ctx, previous) {
    if (previous !== undefined && draft.username !== previous.username) yield* checkUsername(ctx, draft.username)
    if (previous !== undefined && ctx.body.roles !== undefined) yield* checkRoles(ctx, ctx.body.roles)
    return draft
  }),
  event: "user"
}

const checkUsername = (ctx: RequestContext, username: unknown): Effect.Effect<void, ApiError> =>
  username !== undefined && ctx.store.all("user").some((doc) => doc.username === username)
    ? Effect.fail(unprocessable("Username already used"))
    : Effect.void

const checkRoles = (ctx: RequestContext, roles: ReadonlyArray<string>): Effect.Effect<void, ApiError> => {
  if (can(ctx.access, "user:config:all")) return Effect.void
  const whitelist: ReadonlyArray<string> = ctx.store.config.stelace?.roles?.whitelist ?? ["user", "provider"]
  const invalid = roles.filter((role) => !whitelist.includes(role))
  return invalid.length === 0 ? Effect.void : Effect.fail(forbidden("Invalid roles", { invalidRoles: invalid }))
}

const defaultRoles = (ctx: RequestContext): Array<string> => [...(ctx.store.config.stelace?.roles?.default ?? ["user", "provider"])]

/** GET /users: users only unless `type` says otherwise. */
const listUsers = (ctx: RequestContext) =>
  Effect.sync(() => {
    const type = ctx.query.type ?? "user"
    const docs = R.applyFilters(user, ctx.store.all("user"), ctx).filter((doc) => type === "all" || doc.type === type)
    return R.respondList(user, docs, ctx)
  })

/** POST /users: signup (users need a username and a password) or a new organization. */
const createUser = Effect.fnUntraced(function*(ctx: RequestContext) {
  const isOrganization = ctx.body.type === "organization"
  const allowed = isOrganization
    ? can(ctx.access, "organization:create") || can(ctx.access, "organization:create:all")
    : can(ctx.access, "user:create") || can(ctx.access, "user:create:all")
  if (!allowed) return yield* Effect.fail(forbidden("No appropriate permission"))

  const rule = isOrganization
    ? V.extend(createBody, { username: V.forbidden(), password: V.forbidden() })
    : V.extend(createBody, {
      username: V.required(V.string({ max: 255 })),
      password: V.required(V.string({ max: 255 })),
      orgOwnerId: V.forbidden()
    })
  const checked = V.validate(ctx.body, rule, "body")
  if (checked.details.length > 0) return yield* Effect.fail(V.validationError(checked.details))

  const { password, ...fields } = ctx.body
  if (!isOrganization) yield* checkUsername(ctx, fields.username)
  if (fields.roles !== undefined) yield* checkRoles(ctx, fields.roles)
  if (fields.organizations !== undefined && !can(ctx.access, "user:config:all")) {
    return yield* Effect.fail(forbidden())
  }

  const base = yield* R.build(user, ctx, {
    displayName: null,
    firstname: null,
    lastname: null,
    email: null,
    description: null,
    organizations: {},
    ...fields,
    type: isOrganization ? "organization" : "user",
    roles: fields.roles ?? defaultRoles(ctx)
  })
  const orgOwnerId = can(ctx.access, "organization:create:all") && fields.orgOwnerId !== undefined
    ? fields.orgOwnerId
    : (ctx.currentUserId ?? null)
  const doc: Doc = isOrganization ? { ...base, id: newId("org"), orgOwnerId } : base
  if (isOrganization) {
    const owner = doc.orgOwnerId === null ? undefined : ctx.store.get("user", doc.orgOwnerId)
    if (doc.orgOwnerId !== null && owner === undefined) return yield* Effect.fail(unprocessable("Owner not found"))
    if (owner !== undefined) {
      ctx.store.put("user", { ...owner, organizations: { ...owner.organizations, [doc.id]: { roles: [...doc.roles] } } })
    }
  }
  ctx.store.put("user", doc)
  if (password !== undefined) ctx.store.passwords.set(doc.id, password)
  R.emit(user, "created", doc, ctx)
  return R.expose(user, doc, ctx)
})

/** DELETE /users/:id, also ending the user's sessions. */
const removeUser = Effect.fnUntraced(function*(ctx: RequestContext) {
  const result = yield* R.remove(user, ctx)
  ctx.store.passwords.delete(result.id)
  for (const [token, row] of ctx.store.refreshTokens) if (row.userId === result.id) ctx.store.refreshTokens.delete(token)
  return result
})

/** May the caller manage the membership of `userId` in `organization`? */
const canManageMembership = (ctx: RequestContext, organization: Doc): boolean =>
  can(ctx.access, "user:configOrganization:all") ||
  (ctx.currentUserId !== undefined &&
    (organization.orgOwnerId === ctx.currentUserId || organization.id === ctx.currentUserId))

const membershipTargets = Effect.fnUntraced(function*(ctx: RequestContext) {
  const target = ctx.store.get("user", ctx.params.id!)
  const organization = ctx.store.get("user", ctx.params.organizationId!)
  if (target === undefined) return yield* Effect.fail(notFound("User not found"))
  if (organization === undefined || organization.type !== "organization") {
    return yield* Effect.fail(notFound("Organization not found"))
  }
  if (!canManageMembership(ctx, organization)) return yield* Effect.fail(forbidden())
  return { target, organization }
})

/** PUT /users/:id/organizations/:organizationId: joins an organization or changes one's roles in it. */
const joinOrganization = Effect.fnUntraced(function*(ctx: RequestContext) {
  const { target, organization } = yield* membershipTargets(ctx)
  const joined = target.organizations?.[organization.id] === undefined
  const roles: ReadonlyArray<string> = ctx.body.roles ?? target.organizations?.[organization.id]?.roles ?? []
  const doc: Doc = {
    ...target,
    organizations: { ...target.organizations, [organization.id]: { roles: [...roles] } },
    updatedDate: ctx.store.timestamp(ctx.now)
  }
  ctx.store.put("user", doc)
  recordEvent(ctx, {
    type: joined ? "user__organization_joined" : "user__organization_rights_changed",
    objectType: "user",
    objectId: doc.id,
    object: R.expose(user, doc, ctx),
    relatedObjectsIds: { organizationId: organization.id }
  })
  return R.expose(user, doc, ctx)
})

/** DELETE /users/:id/organizations/:organizationId: leaves an organization. */
const leaveOrganization = Effect.fnUntraced(function*(ctx: RequestContext) {
  const { target, organization } = yield* membershipTargets(ctx)
  if (target.organizations?.[organization.id] === undefined) {
    return yield* Effect.fail(unprocessable("User does not belong to this organization"))
  }
  const { [organization.id]: _left, ...organizations } = target.organizations
  const doc: Doc = { ...target, organizations, updatedDate: ctx.store.timestamp(ctx.now) }
  ctx.store.put("user", doc)
  recordEvent(ctx, {
    type: "user__organization_left",
    objectType: "user",
    objectId: doc.id,
    object: R.expose(user, doc, ctx),
    relatedObjectsIds: { organizationId: organization.id }
  })
  return R.expose(user, doc, ctx)
})

const membershipBody = V.object({ roles: V.array(V.string()) })

/** The user routes. */
export const routes: ReadonlyArray<Route> = [
  route("GET", "/users/check-availability", {
    permissions: ["user:list:all"],
    query: V.object({ username: V.required(V.string({ max: 255 })) })
  }, (ctx) =>
    Effect.succeed({ available: !ctx.store.all("user").some((doc) => doc.username === ctx.query.username) })),
  route("GET", "/users", { permissions: ["user:list:all"], query: R.listQueryRule(user) }, listUsers),
  route("POST", "/users", {
    permissions: ["user:create", "user:create:all", "organization:create", "organization:create:all"],
    body: V.required(createBody)
  }, createUser),
  ...R.routes(user),
  route("DELETE", "/users/:id", { permissions: ["user:remove", "user:remove:all"] }, removeUser),
  route("PUT", "/users/:id/organizations/:organizationId", { body: membershipBody }, joinOrganization),
  route("PATCH", "/users/:id/organizations/:organizationId", { body: membershipBody }, joinOrganization),
  route("DELETE", "/users/:id/organizations/:organizationId", {}, leaveOrganization)
]
