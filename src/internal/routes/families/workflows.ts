import * as Schema from "effect/Schema"
import type * as T from "../../../Types.js"
import { as, del, get, list, patch, post } from "../model.js"
import { customData, live, OpenRecord, type Resource, resource, resourceOf, stamped } from "../schemaParts.js"
import { WorkflowId } from "../sharedSchemas.js"
import { WorkflowLog } from "./workflowLogs.js"

/**
 * Workflows: server-side automations triggered by events (`/workflows`).
 *
 * @id WorkflowId a workflow (`wfw_...`)
 * @apiReference Workflows API
 * @since 0.1.0
 */
export const workflows = {
  /** Lists workflows (`GET /workflows`): one page, with its pagination meta. */
  list: /*#__PURE__*/ list("/workflows", as<T.Workflow, T.WorkflowListParams, "version-or-array">),
  /** Reads one workflow (`GET /workflows/:id`). */
  read: /*#__PURE__*/ get("/workflows/:id", as<T.Workflow, T.WorkflowReadParams>),
  /** Creates a workflow (`POST /workflows`). */
  create: /*#__PURE__*/ post("/workflows", as<T.Workflow, T.WorkflowCreateParams>),
  /** Updates a workflow (`PATCH /workflows/:id`; metadata and platformData are deep-merged). */
  update: /*#__PURE__*/ patch("/workflows/:id", as<T.Workflow, T.WorkflowUpdateParams>),
  /** Removes a workflow (`DELETE /workflows/:id`); answers `{ id }`. */
  remove: /*#__PURE__*/ del("/workflows/:id", as<T.Deleted>)
}

/** An HTTP method a workflow step may call. */
export const WorkflowEndpointMethod: Schema.Codec<T.WorkflowEndpointMethod> = /*#__PURE__*/ Schema.Literals(["GET", "PATCH", "POST", "DELETE"])

const workflowStepFields = () => ({
  name: Schema.optionalKey(Schema.String),
  description: Schema.optionalKey(Schema.NullOr(Schema.String)),
  computed: Schema.optionalKey(OpenRecord),
  filter: Schema.optionalKey(Schema.NullOr(Schema.String)),
  stop: Schema.optionalKey(Schema.NullOr(Schema.String)),
  skip: Schema.optionalKey(Schema.NullOr(Schema.String)),
  handleErrors: Schema.optionalKey(Schema.Boolean),
  endpointMethod: WorkflowEndpointMethod,
  /** A Stelace path (`/assets`), a full URL, or a `${...}` template. */
  endpointUri: Schema.String,
  endpointPayload: Schema.optionalKey(OpenRecord),
  endpointHeaders: Schema.optionalKey(Schema.Record(Schema.String, Schema.String))
})
/** A workflow step; string fields other than names hold JavaScript expressions. */
export const WorkflowStep: Resource<ReturnType<typeof workflowStepFields>, T.WorkflowStep> = /*#__PURE__*/ resourceOf(workflowStepFields)

/** A log as the server stores it, without `livemode`. */
const storedWorkflowLogFields = () => {
  const { livemode: _livemode, ...fields } = WorkflowLog.fields
  return fields
}

const workflowFields = () => ({
  id: WorkflowId,
  ...stamped,
  name: Schema.String,
  description: Schema.optionalKey(Schema.NullOr(Schema.String)),
  /** Names of the private-config contexts whose variables the workflow uses. */
  context: Schema.NullOr(Schema.Array(Schema.String)),
  notifyUrl: Schema.optionalKey(Schema.NullOr(Schema.String)),
  event: Schema.optionalKey(Schema.NullOr(Schema.String)),
  run: Schema.NullOr(Schema.Array(WorkflowStep)),
  computed: Schema.NullOr(OpenRecord),
  active: Schema.Boolean,
  stats: OpenRecord,
  apiVersion: Schema.String,
  /** With the `logs` query parameter: recent logs, as stored. */
  logs: Schema.optionalKey(Schema.Array(resource(storedWorkflowLogFields()))),
  ...customData,
  ...live
})
/** A workflow (`wfw_`): steps run, or a URL notified, when an event happens. */
export const Workflow: Resource<ReturnType<typeof workflowFields>, T.Workflow> = /*#__PURE__*/ resourceOf(workflowFields)

/** An HTTP method a workflow step may call. */
export type WorkflowEndpointMethod = "GET" | "PATCH" | "POST" | "DELETE"

/** Query of `GET /workflows/:id`. */
export type WorkflowReadParams = T.LogsParams

/** Body of `POST /workflows`. */
export interface WorkflowCreateParams extends T.CustomDataParams {
  name: string
  description?: string | null
  context?: T.StringFilter
  notifyUrl?: string
  event?: string
  /** At most 20 keys. */
  computed?: Record<string, unknown>
  /** At most 10 steps. */
  run?: T.WorkflowStep | ReadonlyArray<T.WorkflowStep>
  apiVersion?: T.ApiVersion
  active?: boolean
}

/** Body of `PATCH /workflows/:id`. */
export type WorkflowUpdateParams = Partial<WorkflowCreateParams>

/** Query of `GET /workflows` (2020-08-10; under 2019-05-20 the route takes no query). */
export interface WorkflowListParams extends Omit<T.ListParams<"createdDate" | "updatedDate", T.WorkflowId>, "page"> {
  event?: T.StringFilter
  active?: boolean
}
