import type * as T from "../../../Types.js"
import { as, del, get, list, patch, post } from "../model.js"

/**
 * Availabilities of assets over time, and the availability graph (`/availabilities`).
 *
 * @id AvailabilityId an availability (`avl_...`)
 * @since 0.1.0
 */
export const availabilities = {
  /** Lists availabilities (`GET /availabilities`): one page, with its pagination meta. */
  list: /*#__PURE__*/ list("/availabilities", as<T.Availability, T.AvailabilityListParams>),
  /** Creates an availability (`POST /availabilities`). */
  create: /*#__PURE__*/ post("/availabilities", as<T.Availability, T.AvailabilityCreateParams>),
  /** Updates an availability (`PATCH /availabilities/:id`; metadata and platformData are deep-merged). */
  update: /*#__PURE__*/ patch("/availabilities/:id", as<T.Availability, T.AvailabilityUpdateParams>),
  /** Removes an availability (`DELETE /availabilities/:id`); answers `{ id }`. */
  remove: /*#__PURE__*/ del("/availabilities/:id", as<T.Deleted>),
  /** The availability graph of an asset (`GET /availabilities/graph`). */
  getGraph: /*#__PURE__*/ get("/availabilities/graph", as<T.AvailabilityGraph, T.AvailabilityGraphParams>)
}
