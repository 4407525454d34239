/**
 * Batch updates of assets or users in one request (`POST /batch`; absent from stelace.js).
 *
 * @since 0.1.0
 */
import { call } from "../internal/call.js"
import { batch as endpoints } from "../internal/endpoints.js"

/** Runs a batch of updates (`POST /batch`). */
export const run = /*#__PURE__*/ call(endpoints, "run")
