/**
 * Webhooks: event notifications sent to your URLs (`/webhooks`).
 *
 * @since 0.1.0
 */
import { call } from "../internal/call.js"
import { webhooks as endpoints } from "../internal/endpoints.js"
import { paginate as pages } from "../internal/paginate.js"

/** Lists webhooks (`GET /webhooks`): one page, with its pagination meta. */
export const list = /*#__PURE__*/ call(endpoints, "list")

/** Every webhook across all pages, as a stream (page-based or cursor-based, whichever the server answers). */
export const paginate = /*#__PURE__*/ pages(endpoints, "list")

/** Reads one webhook (`GET /webhooks/:id`). */
export const read = /*#__PURE__*/ call(endpoints, "read")

/** Creates a webhook (`POST /webhooks`). */
export const create = /*#__PURE__*/ call(endpoints, "create")

/** Updates a webhook (`PATCH /webhooks/:id`; metadata and platformData are deep-merged). */
export const update = /*#__PURE__*/ call(endpoints, "update")

/** Removes a webhook (`DELETE /webhooks/:id`); answers `{ id }`. */
export const remove = /*#__PURE__*/ call(endpoints, "remove")
