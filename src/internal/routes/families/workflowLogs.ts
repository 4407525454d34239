import * as Schema from "effect/Schema"
import type * as T from "../../../Types.js"
import { as, get, list } from "../model.js"
import { DateString, live, OpenRecord, type Resource, resourceOf } from "../schemaParts.js"
import { EventId, WorkflowId, WorkflowLogId } from "../sharedSchemas.js"

/**
 * Logs of workflow runs, with history (`/workflow-logs`; absent from stelace.js).
 *
 * @id WorkflowLogId a workflow log (`wfl_...`)
 * @apiReference Workflows API
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

const workflowLogStepFields = () => ({
  name: Schema.optionalKey(Schema.NullOr(Schema.String)),
  error: Schema.optionalKey(Schema.Boolean),
  stopped: Schema.optionalKey(Schema.Boolean),
  skipped: Schema.optionalKey(Schema.Boolean),
  handleErrors: Schema.optionalKey(Schema.Boolean)
})
/** The step details of a workflow log. */
export const WorkflowLogStep: Resource<ReturnType<typeof workflowLogStepFields>, T.WorkflowLogStep> = /*#__PURE__*/ resourceOf(workflowLogStepFields)

const workflowLogFields = () => ({
  id: WorkflowLogId,
  /** ISO 8601 date-time. */
  createdDate: DateString,
  workflowId: WorkflowId,
  eventId: EventId,
  /** Filterable, but the server leaves it out of the exposed fields. */
  runId: Schema.optionalKey(Schema.String),
  type: Schema.String,
  statusCode: Schema.NullOr(Schema.Number),
  step: WorkflowLogStep,
  metadata: OpenRecord,
  ...live
})
/** A workflow log (`wfl_`): one step of a run (no `updatedDate`, no `platformData`). */
export const WorkflowLog: Resource<ReturnType<typeof workflowLogFields>, T.WorkflowLog> = /*#__PURE__*/ resourceOf(workflowLogFields)

/** Query of `GET /workflow-logs/history`. */
export interface WorkflowLogHistoryParams extends T.HistoryParams {
  workflowId?: T.IdFilter<T.WorkflowId>
  eventId?: T.IdFilter<T.EventId>
  runId?: T.IdFilter
  type?: T.StringFilter
}

/** Query of `GET /workflow-logs` (2020-08-10, cursor-paginated). */
export interface WorkflowLogListParams extends Omit<T.PaginationParams, "page">, T.OrderParams<"createdDate"> {
  id?: T.IdFilter<T.WorkflowLogId>
  createdDate?: T.RangeFilter<string>
  workflowId?: T.IdFilter<T.WorkflowId>
  eventId?: T.IdFilter<T.EventId>
  runId?: T.IdFilter
  type?: T.StringFilter
}
