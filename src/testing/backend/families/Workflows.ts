/** Workflows (`wfw_`) and their logs (`wfl_`). */
import * as Effect from "effect/Effect"
import { apiVersions } from "../Pagination.js"
import { dataFields, F, type Family } from "../Resources.js"
import * as V from "../Validation.js"
import { checkListenedEvent, withLogs } from "./shared.js"

const workflowStep = V.object({
  name: V.string({ max: 255 }),
  description: V.nullable(V.string({ max: 2048, empty: true })),
  computed: V.record(),
  filter: V.nullable(V.string({ max: 1024, empty: true })),
  stop: V.nullable(V.string({ max: 1024, empty: true })),
  skip: V.nullable(V.string({ max: 1024, empty: true })),
  handleErrors: V.boolean(),
  endpointMethod: V.required(V.string({ valid: ["GET", "PATCH", "POST", "DELETE"] })),
  endpointUri: V.required(V.string({
    pattern: /^(\/|http|\$)/,
    patternName: "full external URL like \"https://your.api.com\" or Stelace endpoint path like \"/assets\""
  })),
  endpointPayload: V.record(),
  endpointHeaders: V.object(undefined, { values: V.string() })
})

const workflowBody = V.object({
  name: V.required(V.string({ max: 255 })),
  description: V.nullable(V.string({ max: 2048, empty: true })),
  context: V.array(V.string(), { single: true }),
  notifyUrl: V.string({ uri: true }),
  event: V.string(),
  computed: V.record(),
  run: V.array(workflowStep, { single: true, max: 10 }),
  apiVersion: V.string({ valid: [...apiVersions] }),
  active: V.boolean(),
  ...dataFields
})

/** Workflows (`wfw_`); they are stored, not run. `?logs` adds their logs. */
export const workflow: Family = {
  name: "workflow",
  path: "/workflows",
  prefix: "wfw",
  operations: ["list", "read", "create", "update", "remove"],
  scope: "all",
  create: workflowBody,
  update: V.extend(workflowBody, { name: V.string({ max: 255 }) }),
  filters: { event: F.in(), active: F.equals("boolean") },
  readQuery: { logs: V.any() },
  defaults: (ctx) => ({
    description: null,
    context: null,
    notifyUrl: null,
    event: null,
    computed: null,
    run: null,
    active: true,
    stats: { nbTimesRun: 0 },
    apiVersion: ctx.version
  }),
  absentUntilRead: ["description", "notifyUrl", "event"],
  mergeFields: ["computed"],
  prepare: (draft, ctx) => checkListenedEvent(ctx.body.event).pipe(Effect.as(draft)),
  expose: withLogs("workflowLog", "workflowId"),
  plainArrayIn2019: { orderBy: "createdDate", order: "desc" }
}

/** Workflow logs (`wfl_`), cursor lists only. */
export const workflowLog: Family = {
  name: "workflowLog",
  path: "/workflow-logs",
  prefix: "wfl",
  operations: ["list", "read"],
  scope: "all",
  filters: { workflowId: F.in(), eventId: F.in(), runId: F.in(), type: F.in() },
  cursorOrderBy: ["createdDate"],
  cursorOnly: true,
  noUpdatedDate: true,
  noPlatformData: true
}
