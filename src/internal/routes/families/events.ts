import type * as T from "../../../Types.js"
import { as, get, list, post } from "../model.js"

/**
 * Events: what happened on the platform, with stats and history (`/events`).
 *
 * @id EventId an event (`evt_...`)
 * @since 0.1.0
 */
export const events = {
  /** Lists events (`GET /events`): one page, with its pagination meta. */
  list: /*#__PURE__*/ list("/events", as<T.Event, T.EventListParams>),
  /** Reads one event (`GET /events/:id`). */
  read: /*#__PURE__*/ get("/events/:id", as<T.Event>),
  /** Creates an event (`POST /events`). */
  create: /*#__PURE__*/ post("/events", as<T.Event, T.EventCreateParams>),
  /** Event stats (`GET /events/stats`, deprecated by the server, always page-based): one page. */
  getStats: /*#__PURE__*/ list("/events/stats", as<T.EventStat, T.EventStatsParams, "page">),
  /** Event counts per hour, day or month (`GET /events/history`, cursor-based): one page. */
  getHistory: /*#__PURE__*/ list("/events/history", as<T.HistoryBucket, T.EventHistoryParams, "cursor">)
}
