import * as Schema from "effect/Schema"
import type * as T from "../../../Types.js"
import { as, del, get, list, patch, post, put } from "../model.js"
import { customData, live, type Resource, resourceOf, stamped } from "../schemaParts.js"
import { OrganizationId, UserId } from "../sharedSchemas.js"

/**
 * Users and organizations (`/users`).
 *
 * @id UserId a user (`usr_...`) or an organization (`org_...`): organizations are users
 * @id OrganizationId /organizations = UserId an organization (`org_...`): a `UserId`, since organizations are users
 * @apiReference User API › User
 * @since 0.1.0
 */
export const users = {
  /** Lists users (`GET /users`): one page, with its pagination meta. */
  list: /*#__PURE__*/ list("/users", as<T.User, T.UserListParams>),
  /** Reads one user (`GET /users/:id`). */
  read: /*#__PURE__*/ get("/users/:id", as<T.User>),
  /** Creates a user (`POST /users`). */
  create: /*#__PURE__*/ post("/users", as<T.User, T.UserCreateParams>),
  /** Updates a user (`PATCH /users/:id`; metadata and platformData are deep-merged). */
  update: /*#__PURE__*/ patch("/users/:id", as<T.User, T.UserUpdateParams>),
  /** Removes a user (`DELETE /users/:id`); answers `{ id }`. */
  remove: /*#__PURE__*/ del("/users/:id", as<T.Deleted>),
  /** Whether a username is free (`GET /users/check-availability`). */
  checkAvailability: /*#__PURE__*/ get("/users/check-availability", as<T.UsernameAvailability, T.UsersCheckAvailabilityParams>),
  /** Adds a user to an organization or changes their roles there (`PUT /users/:id/organizations/:organizationId`). */
  joinOrganizationOrUpdateRights: /*#__PURE__*/ put("/users/:id/organizations/:organizationId", as<T.User, T.UserOrganizationRightsParams>),
  /**
   * Deprecated name of `joinOrganizationOrUpdateRights`, kept from stelace.js.
   *
   * @deprecated Use `joinOrganizationOrUpdateRights`.
   */
  updateOrganization: /*#__PURE__*/ put("/users/:id/organizations/:organizationId", as<T.User, T.UserOrganizationRightsParams>),
  /** Removes a user from an organization (`DELETE /users/:id/organizations/:organizationId`). */
  removeFromOrganization: /*#__PURE__*/ del("/users/:id/organizations/:organizationId", as<T.User>)
}

const userOrganizationRightsFields = () => ({
  roles: Schema.optionalKey(Schema.Array(Schema.String))
})
/** A user's rights in one organization. */
export const UserOrganizationRights: Resource<ReturnType<typeof userOrganizationRightsFields>, T.UserOrganizationRights> = /*#__PURE__*/ resourceOf(userOrganizationRightsFields)

const userFields = () => ({
  id: UserId,
  ...stamped,
  /** Left out unless the caller may read the `private` namespace. */
  username: Schema.optionalKey(Schema.NullOr(Schema.String)),
  displayName: Schema.NullOr(Schema.String),
  /** Left out unless the caller may read the `private` namespace. */
  firstname: Schema.optionalKey(Schema.NullOr(Schema.String)),
  /** Left out unless the caller may read the `private` namespace. */
  lastname: Schema.optionalKey(Schema.NullOr(Schema.String)),
  /** Left out unless the caller may read the `private` namespace. */
  email: Schema.optionalKey(Schema.NullOr(Schema.String)),
  description: Schema.NullOr(Schema.String),
  roles: Schema.Array(Schema.String),
  /** Keyed by organization id. */
  organizations: Schema.Record(Schema.String, UserOrganizationRights),
  /** Organizations only. */
  orgOwnerId: Schema.optionalKey(Schema.NullOr(UserId)),
  ...customData,
  ...live
})
/**
 * A user (`usr_`) or organization (`org_`). `username`, `firstname`, `lastname` and `email` are
 * left out unless the caller may read the `private` namespace.
 */
export const User: Resource<ReturnType<typeof userFields>, T.User> = /*#__PURE__*/ resourceOf(userFields)

const organizationFields = () => ({
  ...userFields(),
  id: OrganizationId,
  /** The user who created the organization. */
  orgOwnerId: Schema.NullOr(UserId)
})
/** An organization (`org_`): a user that other users join, with an owner (`orgOwnerId`). */
export const Organization: Resource<ReturnType<typeof organizationFields>, T.Organization> = /*#__PURE__*/ resourceOf(organizationFields)

const usernameAvailabilityFields = () => ({ available: Schema.Boolean })
/** Result of `GET /users/check-availability`. */
export const UsernameAvailability: Resource<ReturnType<typeof usernameAvailabilityFields>, T.UsernameAvailability> = /*#__PURE__*/ resourceOf(usernameAvailabilityFields)

/** The kind of a user object; organizations have `org_` ids. */
export type UserType = "user" | "organization"

/** The profile fields user create and update bodies share. */
export interface UserProfileParams extends T.CustomDataParams {
  displayName?: string | null
  firstname?: string | null
  lastname?: string | null
  email?: string | null
  description?: string | null
  /** Needs `user:config:all` beyond the whitelisted roles. */
  roles?: ReadonlyArray<string>
}

/** Body of `POST /users`: a user needs `username` and `password`, an organization may not have them. */
export type UserCreateParams =
  & UserProfileParams
  & { organizations?: Record<string, { roles?: ReadonlyArray<string> }> }
  & (
    | { type?: "user"; username: string; password: string }
    | { type: "organization"; orgOwnerId?: T.IdInput<T.UserId>; username?: never; password?: never }
  )

/** Body of `PATCH /users/:id`; type, organizations and password cannot change here. */
export interface UserUpdateParams extends UserProfileParams {
  username?: string
  orgOwnerId?: T.IdInput<T.UserId>
}

/** Query of `GET /users`; `orderBy: "name"` works only under 2019-05-20. */
export interface UserListParams extends T.ListParams<"createdDate" | "updatedDate" | "name", T.UserId> {
  /** Exact match on username, email, names or display name. */
  query?: string
  /** `user` by default. */
  type?: UserType | "all"
  userOrganizationId?: T.IdFilter<T.OrganizationId>
}

/** Query of `GET /users/check-availability`. */
export interface UsersCheckAvailabilityParams {
  username: string
}

/** Body of `PUT /users/:id/organizations/:organizationId`: the user's roles within the organization. */
export interface UserOrganizationRightsParams {
  roles?: ReadonlyArray<string>
}
