import type * as T from "../../../Types.js"
import { as, post } from "../model.js"

/**
 * Authentication: login, logout, tokens and checks (`/auth`).
 *
 * @since 0.1.0
 * @reexport info from "../internal/session/authInfo.js"
 */
export const auth = {
  /** Logs a user in (`POST /auth/login`) and stores the returned tokens as the session. */
  login: /*#__PURE__*/ post("/auth/login", as<T.AuthTokens, T.LoginParams>, { session: "store" }),
  /** Logs out (`POST /auth/logout`, sending the stored refresh token) and removes the session. */
  logout: /*#__PURE__*/ post("/auth/logout", as<T.Success, T.LogoutParams>, { session: "logout" }),
  /** Asks for tokens (`POST /auth/token`: refresh, impersonation or SSO authorization code) and stores the result as the session. */
  getTokens: /*#__PURE__*/ post("/auth/token", as<T.AuthTokens | T.AccessTokenResult, T.TokenParams>, { session: "store" }),
  /** Checks an API key or an authorization header (`POST /auth/check`). */
  check: /*#__PURE__*/ post("/auth/check", as<T.AuthCheckResult, T.AuthCheckParams>)
}
