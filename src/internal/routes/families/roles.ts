import type * as T from "../../../Types.js"
import { as, del, get, list, patch, post } from "../model.js"

/**
 * Roles and their permissions (`/roles`).
 *
 * @id RoleId a role (`role_...`)
 * @since 0.1.0
 */
export const roles = {
  /** Lists roles (`GET /roles`): one page, with its pagination meta. */
  list: /*#__PURE__*/ list("/roles", as<T.Role, T.RoleListParams, "version-or-array">),
  /** Reads one role (`GET /roles/:id`). */
  read: /*#__PURE__*/ get("/roles/:id", as<T.Role>),
  /** Creates a role (`POST /roles`). */
  create: /*#__PURE__*/ post("/roles", as<T.Role, T.RoleCreateParams>),
  /** Updates a role (`PATCH /roles/:id`; metadata and platformData are deep-merged). */
  update: /*#__PURE__*/ patch("/roles/:id", as<T.Role, T.RoleUpdateParams>),
  /** Removes a role (`DELETE /roles/:id`); answers `{ id }`. */
  remove: /*#__PURE__*/ del("/roles/:id", as<T.Deleted>)
}
