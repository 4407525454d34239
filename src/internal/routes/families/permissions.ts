import * as Schema from "effect/Schema"
import type * as T from "../../../Types.js"
import { as, post } from "../model.js"
import { schemaOf } from "../schemaParts.js"

/**
 * Permission checks for the current caller (`/permissions/check`).
 *
 * @since 0.1.0
 */
export const permissions = {
  /** Which of the given permissions the caller has (`POST /permissions/check`). */
  check: /*#__PURE__*/ post("/permissions/check", as<T.PermissionsCheckResult, T.PermissionsCheckParams>)
}

/** Result of `POST /permissions/check`: a boolean per asked permission, plus those the plan lacks. */
export const PermissionsCheckResult: Schema.Codec<T.PermissionsCheckResult> = /*#__PURE__*/ schemaOf(() => Schema.StructWithRest(
  Schema.Struct({ missingPlanPermissions: Schema.Array(Schema.String) }),
  [Schema.Record(Schema.String, Schema.Union([Schema.Boolean, Schema.Array(Schema.String)]))]
))

/** Body of `POST /permissions/check`. */
export interface PermissionsCheckParams {
  permissions: ReadonlyArray<string>
}

/** Result of `POST /permissions/check`: a boolean per asked permission, plus those the plan lacks. */
export interface PermissionsCheckResult {
  readonly missingPlanPermissions: ReadonlyArray<string>
  readonly [permission: string]: boolean | ReadonlyArray<string>
}
