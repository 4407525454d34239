import * as Schema from "effect/Schema"
import type * as T from "../../../Types.js"
import { as, del, get, list, patch, post } from "../model.js"
import { customData, live, type Resource, resourceOf, stamped } from "../schemaParts.js"
import { RoleId } from "../sharedSchemas.js"

/**
 * Roles and their permissions (`/roles`).
 *
 * @id RoleId a role (`role_...`)
 * @apiReference Role API
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

const roleFields = () => ({
  id: RoleId,
  ...stamped,
  name: Schema.String,
  /** What users and keys refer to, e.g. `"provider"`; cannot change. */
  value: Schema.String,
  customRole: Schema.Boolean,
  parentId: Schema.NullOr(RoleId),
  permissions: Schema.Array(Schema.String),
  readNamespaces: Schema.Array(Schema.String),
  editNamespaces: Schema.Array(Schema.String),
  ...customData,
  ...live
})
/** A role (`role_`): a named set of permissions and namespaces, possibly inheriting a parent. */
export const Role: Resource<ReturnType<typeof roleFields>, T.Role> = /*#__PURE__*/ resourceOf(roleFields)

/** Body of `POST /roles`. */
export interface RoleCreateParams extends T.CustomDataParams {
  name: string
  value: string
  parentId?: T.IdInput<T.RoleId> | null
  permissions?: ReadonlyArray<string>
  readNamespaces?: ReadonlyArray<string>
  editNamespaces?: ReadonlyArray<string>
}

/** Body of `PATCH /roles/:id`. */
export type RoleUpdateParams = Partial<Omit<RoleCreateParams, "value">>

/** Query of `GET /roles` (2020-08-10; under 2019-05-20 the route takes no query). */
export type RoleListParams = Omit<T.ListParams<"createdDate" | "updatedDate", T.RoleId>, "page">
