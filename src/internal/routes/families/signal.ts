import type * as T from "../../../Types.js"
import { as, post } from "../model.js"

/**
 * Signals: real-time messages relayed to connected clients (`POST /signal`; absent from stelace.js).
 *
 * @since 0.1.0
 */
export const signal = {
  /** Sends a signal to a channel or to everyone (`POST /signal`). */
  send: /*#__PURE__*/ post("/signal", as<T.SignalResult, T.SignalParams>)
}
