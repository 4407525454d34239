import type * as T from "../../../Types.js"
import { as, get, post } from "../model.js"

/**
 * Token checks: one-time links such as email confirmation (`/token/check`).
 *
 * @since 0.1.0
 */
export const tokens = {
  /** Creates a check token, e.g. for email confirmation (`POST /token/check/request`). */
  checkRequest: /*#__PURE__*/ post("/token/check/request", as<T.Success, T.TokenCheckRequestParams>),
  /** Confirms a check token (`GET /token/check/:token`). */
  checkConfirm: /*#__PURE__*/ get("/token/check/:token", as<T.TokenCheckResult, T.TokenCheckConfirmParams>)
}
