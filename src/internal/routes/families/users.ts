import type * as T from "../../../Types.js"
import { as, del, get, list, patch, post, put } from "../model.js"

/**
 * Users and organizations (`/users`).
 *
 * @id UserId a user (`usr_...`) or an organization (`org_...`): organizations are users
 * @id OrganizationId /organizations = UserId an organization (`org_...`): a `UserId`, since organizations are users
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
