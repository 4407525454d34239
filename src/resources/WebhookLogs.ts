/**
 * Logs of webhook deliveries (`/webhook-logs`; absent from stelace.js).
 *
 * @since 0.1.0
 */
import { call } from "../internal/call.js"
import { webhookLogs as endpoints } from "../internal/endpoints.js"
import { paginate as pages } from "../internal/paginate.js"

/** Lists webhook logs (`GET /webhook-logs`): one page, with its pagination meta. */
export const list = /*#__PURE__*/ call(endpoints, "list")

/** Every webhook log across all pages, as a stream (page-based or cursor-based, whichever the server answers). */
export const paginate = /*#__PURE__*/ pages(endpoints, "list")

/** Reads one webhook log (`GET /webhook-logs/:id`). */
export const read = /*#__PURE__*/ call(endpoints, "read")
