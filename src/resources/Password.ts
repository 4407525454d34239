/**
 * Password change and reset (`/password`).
 *
 * @since 0.1.0
 */
import { call } from "../internal/call.js"
import { password as endpoints } from "../internal/endpoints.js"

/** Changes the current user's password (`POST /password/change`). */
export const change = /*#__PURE__*/ call(endpoints, "change")

/** Starts a password reset (`POST /password/reset/request`). */
export const resetRequest = /*#__PURE__*/ call(endpoints, "resetRequest")

/** Sets a new password with a reset token (`POST /password/reset/confirm`). */
export const resetConfirm = /*#__PURE__*/ call(endpoints, "resetConfirm")
