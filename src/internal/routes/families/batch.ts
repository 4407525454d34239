import type * as T from "../../../Types.js"
import { as, post } from "../model.js"

/**
 * Batch updates of assets or users in one request (`POST /batch`; absent from stelace.js).
 *
 * @since 0.1.0
 */
export const batch = {
  /** Runs a batch of updates (`POST /batch`). */
  run: /*#__PURE__*/ post("/batch", as<T.BatchResult, T.BatchParams>)
}
