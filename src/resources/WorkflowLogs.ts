/**
 * Logs of workflow runs, with history (`/workflow-logs`; absent from stelace.js).
 *
 * @since 0.1.0
 */
import { call } from "../internal/call.js"
import { workflowLogs as endpoints } from "../internal/endpoints.js"
import { paginate as pages } from "../internal/paginate.js"

/** Lists workflow logs (`GET /workflow-logs`): one page, with its pagination meta. */
export const list = /*#__PURE__*/ call(endpoints, "list")

/** Every workflow log across all pages, as a stream (page-based or cursor-based, whichever the server answers). */
export const paginate = /*#__PURE__*/ pages(endpoints, "list")

/** Reads one workflow log (`GET /workflow-logs/:id`). */
export const read = /*#__PURE__*/ call(endpoints, "read")

/** Workflow log counts per hour, day or month (`GET /workflow-logs/history`, cursor-based): one page. */
export const getHistory = /*#__PURE__*/ call(endpoints, "getHistory")

/** Every item across all pages, as a stream (page-based or cursor-based, whichever the server answers). */
export const paginateHistory = /*#__PURE__*/ pages(endpoints, "getHistory")
