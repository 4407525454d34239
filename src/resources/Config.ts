/**
 * The platform's configuration, public and private (`/config`).
 *
 * @since 0.1.0
 */
import { call } from "../internal/call.js"
import { config as endpoints } from "../internal/endpoints.js"

/** Reads the public configuration (`GET /config`). */
export const read = /*#__PURE__*/ call(endpoints, "read")

/** Updates the public configuration (`PATCH /config`, deep-merged). */
export const update = /*#__PURE__*/ call(endpoints, "update")

/** Reads the private configuration (`GET /config/private`). */
export const readPrivate = /*#__PURE__*/ call(endpoints, "readPrivate")

/** Updates the private configuration (`PATCH /config/private`). */
export const updatePrivate = /*#__PURE__*/ call(endpoints, "updatePrivate")
