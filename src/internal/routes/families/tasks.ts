import * as Schema from "effect/Schema"
import type * as T from "../../../Types.js"
import { as, del, get, list, patch, post } from "../model.js"
import { customData, DateString, live, OpenRecord, type Resource, resourceOf, stamped } from "../schemaParts.js"
import { TaskId } from "../sharedSchemas.js"

/**
 * Tasks: scheduled or recurring events (`/tasks`).
 *
 * @id TaskId a task (`task_...`)
 * @apiReference Task API
 * @since 0.1.0
 */
export const tasks = {
  /** Lists tasks (`GET /tasks`): one page, with its pagination meta. */
  list: /*#__PURE__*/ list("/tasks", as<T.Task, T.TaskListParams>),
  /** Reads one task (`GET /tasks/:id`). */
  read: /*#__PURE__*/ get("/tasks/:id", as<T.Task>),
  /** Creates a task (`POST /tasks`). */
  create: /*#__PURE__*/ post("/tasks", as<T.Task, T.TaskCreateParams>),
  /** Updates a task (`PATCH /tasks/:id`; metadata and platformData are deep-merged). */
  update: /*#__PURE__*/ patch("/tasks/:id", as<T.Task, T.TaskUpdateParams>),
  /** Removes a task (`DELETE /tasks/:id`); answers `{ id }`. */
  remove: /*#__PURE__*/ del("/tasks/:id", as<T.Deleted>)
}

const taskFields = () => ({
  id: TaskId,
  ...stamped,
  executionDate: Schema.NullOr(DateString),
  /** Cron pattern. */
  recurringPattern: Schema.NullOr(Schema.String),
  recurringTimezone: Schema.NullOr(Schema.String),
  eventType: Schema.String,
  eventMetadata: OpenRecord,
  eventObjectId: Schema.NullOr(Schema.String),
  active: Schema.Boolean,
  ...customData,
  ...live
})
/** A task (`task_`): an event emitted at a date or on a cron schedule. */
export const Task: Resource<ReturnType<typeof taskFields>, T.Task> = /*#__PURE__*/ resourceOf(taskFields)

/** Body of `POST /tasks`. */
export interface TaskCreateParams extends T.CustomDataParams {
  eventType: string
  executionDate?: string | null
  recurringPattern?: string | null
  recurringTimezone?: string | null
  eventMetadata?: Record<string, unknown>
  eventObjectId?: string | null
  active?: boolean
}

/** Body of `PATCH /tasks/:id`. */
export type TaskUpdateParams = Partial<TaskCreateParams>

/** Query of `GET /tasks`; `orderBy` other than the dates works only under 2019-05-20. */
export interface TaskListParams
  extends T.ListParams<"createdDate" | "updatedDate" | "name" | "quantity" | "price" | "validated" | "active", T.TaskId>
{
  eventType?: T.StringFilter
  eventObjectId?: T.IdFilter
  active?: boolean
}
