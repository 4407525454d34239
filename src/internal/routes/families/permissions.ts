import type * as T from "../../../Types.js"
import { as, post } from "../model.js"

/**
 * Permission checks for the current caller (`/permissions/check`).
 *
 * @since 0.1.0
 */
export const permissions = {
  /** Which of the given permissions the caller has (`POST /permissions/check`). */
  check: /*#__PURE__*/ post("/permissions/check", as<T.PermissionsCheckResult, T.PermissionsCheckParams>)
}
