/**
 * Authentication: login, logout, tokens and checks (`/auth`).
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import { call } from "../internal/call.js"
import { auth as endpoints } from "../internal/endpoints.js"
import { Session } from "../Session.js"

/** Logs a user in (`POST /auth/login`) and stores the returned tokens as the session. */
export const login = /*#__PURE__*/ call(endpoints, "login")

/** Logs out (`POST /auth/logout`, sending the stored refresh token) and removes the session. */
export const logout = /*#__PURE__*/ call(endpoints, "logout")

/** Asks for tokens (`POST /auth/token`: refresh, impersonation or SSO authorization code) and stores the result as the session. */
export const getTokens = /*#__PURE__*/ call(endpoints, "getTokens")

/** Checks an API key or an authorization header (`POST /auth/check`). */
export const check = /*#__PURE__*/ call(endpoints, "check")

/** Whether a user is logged in, and who, from the stored access token (no request). */
export const info = /*#__PURE__*/ (() => Effect.flatMap(Effect.service(Session), (session) => session.info))()
