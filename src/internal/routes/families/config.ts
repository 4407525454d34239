import type * as T from "../../../Types.js"
import { as, get, patch } from "../model.js"

/**
 * The platform's configuration, public and private (`/config`).
 *
 * @module Configuration
 * @since 0.1.0
 */
export const config = {
  /** Reads the public configuration (`GET /config`). */
  read: /*#__PURE__*/ get("/config", as<T.PlatformConfig>),
  /** Updates the public configuration (`PATCH /config`, deep-merged). */
  update: /*#__PURE__*/ patch("/config", as<T.PlatformConfig, T.ConfigUpdateParams>),
  /** Reads the private configuration (`GET /config/private`). */
  readPrivate: /*#__PURE__*/ get("/config/private", as<T.PrivateConfig>),
  /** Updates the private configuration (`PATCH /config/private`). */
  updatePrivate: /*#__PURE__*/ patch("/config/private", as<T.PrivateConfig, T.PrivateConfigUpdateParams>)
}
