/**
 * Permission checks for the current caller (`/permissions/check`).
 *
 * @since 0.1.0
 */
import { call } from "../internal/call.js"
import { permissions as endpoints } from "../internal/endpoints.js"

/** Which of the given permissions the caller has (`POST /permissions/check`). */
export const check = /*#__PURE__*/ call(endpoints, "check")
