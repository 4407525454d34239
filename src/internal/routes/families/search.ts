import type * as T from "../../../Types.js"
import { as, post } from "../model.js"

const noSave = (input: Record<string, unknown>) => (input.save ? { ...input, save: false } : input)

/**
 * Asset search (`POST /search`).
 *
 * @since 0.1.0
 */
export const search = {
  /**
   * Searches assets (`POST /search`, `save: false` forced): one page of results, page-based in
   * every API version (`exhaustiveNbResults` tells whether `nbResults` is exact).
   *
   * @alias list
   */
  results: /*#__PURE__*/ post("/search", as<T.SearchResult, T.SearchParams, "search">, { kind: "list", prepare: noSave, pageIn: "body" })
}
