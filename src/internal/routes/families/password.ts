import type * as T from "../../../Types.js"
import { as, post } from "../model.js"

/**
 * Password change and reset (`/password`).
 *
 * @apiReference User API › Password
 * @since 0.1.0
 */
export const password = {
  /** Changes the current user's password (`POST /password/change`). */
  change: /*#__PURE__*/ post("/password/change", as<T.Success, T.PasswordChangeParams>),
  /** Starts a password reset (`POST /password/reset/request`). */
  resetRequest: /*#__PURE__*/ post("/password/reset/request", as<T.Success, T.PasswordResetRequestParams>),
  /** Sets a new password with a reset token (`POST /password/reset/confirm`). */
  resetConfirm: /*#__PURE__*/ post("/password/reset/confirm", as<T.Success, T.PasswordResetConfirmParams>)
}

/** Body of `POST /password/change` (needs a user token). */
export interface PasswordChangeParams {
  currentPassword: string
  /** 8 to 255 characters. */
  newPassword: string
}

/** Body of `POST /password/reset/request`; the token goes to a `password__reset_requested` event, not an email. */
export interface PasswordResetRequestParams {
  username: string
}

/** Body of `POST /password/reset/confirm`. */
export interface PasswordResetConfirmParams {
  resetToken: string
  /** 8 to 255 characters. */
  newPassword: string
}
