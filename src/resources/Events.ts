/**
 * Events: what happened on the platform, with stats and history (`/events`).
 *
 * @since 0.1.0
 */
import { call } from "../internal/call.js"
import { events as endpoints } from "../internal/endpoints.js"
import { paginate as pages } from "../internal/paginate.js"

/** Lists events (`GET /events`): one page, with its pagination meta. */
export const list = /*#__PURE__*/ call(endpoints, "list")

/** Every event across all pages, as a stream (page-based or cursor-based, whichever the server answers). */
export const paginate = /*#__PURE__*/ pages(endpoints, "list")

/** Reads one event (`GET /events/:id`). */
export const read = /*#__PURE__*/ call(endpoints, "read")

/** Creates an event (`POST /events`). */
export const create = /*#__PURE__*/ call(endpoints, "create")

/** Event stats (`GET /events/stats`, deprecated by the server, always page-based): one page. */
export const getStats = /*#__PURE__*/ call(endpoints, "getStats")

/** Every item across all pages, as a stream (page-based or cursor-based, whichever the server answers). */
export const paginateStats = /*#__PURE__*/ pages(endpoints, "getStats")

/** Event counts per hour, day or month (`GET /events/history`, cursor-based): one page. */
export const getHistory = /*#__PURE__*/ call(endpoints, "getHistory")

/** Every item across all pages, as a stream (page-based or cursor-based, whichever the server answers). */
export const paginateHistory = /*#__PURE__*/ pages(endpoints, "getHistory")
