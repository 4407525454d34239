/**
 * Token checks: one-time links such as email confirmation (`/token/check`).
 *
 * @since 0.1.0
 */
import { call } from "../internal/call.js"
import { tokens as endpoints } from "../internal/endpoints.js"

/** Creates a check token, e.g. for email confirmation (`POST /token/check/request`). */
export const checkRequest = /*#__PURE__*/ call(endpoints, "checkRequest")

/** Confirms a check token (`GET /token/check/:token`). */
export const checkConfirm = /*#__PURE__*/ call(endpoints, "checkConfirm")
