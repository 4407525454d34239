import type * as T from "../../../Types.js"
import { as, del, get, list, patch, post } from "../model.js"

/**
 * Tasks: scheduled or recurring events (`/tasks`).
 *
 * @id TaskId a task (`task_...`)
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
