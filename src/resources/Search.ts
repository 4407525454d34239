/**
 * Asset search (`POST /search`).
 *
 * @since 0.1.0
 */
import { call } from "../internal/call.js"
import { search as endpoints } from "../internal/endpoints.js"
import { paginate as pages } from "../internal/paginate.js"

/** Searches assets (`POST /search`, `save: false` forced): one page of results. */
export const results = /*#__PURE__*/ call(endpoints, "results")

/** Every search result across all pages, as a stream. */
export const paginate = /*#__PURE__*/ pages(endpoints, "results")
