/**
 * Users and organizations (`/users`).
 *
 * @since 0.1.0
 */
import { call } from "../internal/call.js"
import { users as endpoints } from "../internal/endpoints.js"
import { paginate as pages } from "../internal/paginate.js"

/** Lists users (`GET /users`): one page, with its pagination meta. */
export const list = /*#__PURE__*/ call(endpoints, "list")

/** Every user across all pages, as a stream (page-based or cursor-based, whichever the server answers). */
export const paginate = /*#__PURE__*/ pages(endpoints, "list")

/** Reads one user (`GET /users/:id`). */
export const read = /*#__PURE__*/ call(endpoints, "read")

/** Creates a user (`POST /users`). */
export const create = /*#__PURE__*/ call(endpoints, "create")

/** Updates a user (`PATCH /users/:id`; metadata and platformData are deep-merged). */
export const update = /*#__PURE__*/ call(endpoints, "update")

/** Removes a user (`DELETE /users/:id`); answers `{ id }`. */
export const remove = /*#__PURE__*/ call(endpoints, "remove")

/** Whether a username is free (`GET /users/check-availability`). */
export const checkAvailability = /*#__PURE__*/ call(endpoints, "checkAvailability")

/** Adds a user to an organization or changes their roles there (`PUT /users/:id/organizations/:organizationId`). */
export const joinOrganizationOrUpdateRights = /*#__PURE__*/ call(endpoints, "joinOrganizationOrUpdateRights")

/**
 * Deprecated name of `joinOrganizationOrUpdateRights`, kept from stelace.js.
 *
 * @deprecated Use `joinOrganizationOrUpdateRights`.
 */
export const updateOrganization = /*#__PURE__*/ call(endpoints, "updateOrganization")

/** Removes a user from an organization (`DELETE /users/:id/organizations/:organizationId`). */
export const removeFromOrganization = /*#__PURE__*/ call(endpoints, "removeFromOrganization")
