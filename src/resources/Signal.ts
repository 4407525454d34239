/**
 * Signals: real-time messages relayed to connected clients (`POST /signal`; absent from stelace.js).
 *
 * @since 0.1.0
 */
import { call } from "../internal/call.js"
import { signal as endpoints } from "../internal/endpoints.js"

/** Sends a signal to a channel or to everyone (`POST /signal`). */
export const send = /*#__PURE__*/ call(endpoints, "send")
