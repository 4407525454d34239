import type * as T from "../../../Types.js"
import { as, get, list } from "../model.js"

/**
 * Logs of workflow runs, with history (`/workflow-logs`; absent from stelace.js).
 *
 * @id WorkflowLogId a workflow log (`wfl_...`)
 * @since 0.1.0
 */
export const workflowLogs = {
  /** Lists workflow logs (`GET /workflow-logs`): one page, with its pagination meta. */
  list: /*#__PURE__*/ list("/workflow-logs", as<T.WorkflowLog, T.WorkflowLogListParams, "cursor">),
  /** Reads one workflow log (`GET /workflow-logs/:id`). */
  read: /*#__PURE__*/ get("/workflow-logs/:id", as<T.WorkflowLog>),
  /** Workflow log counts per hour, day or month (`GET /workflow-logs/history`, cursor-based): one page. */
  getHistory: /*#__PURE__*/ list("/workflow-logs/history", as<T.HistoryBucket, T.WorkflowLogHistoryParams, "cursor">)
}
