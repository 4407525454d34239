/** Webhooks (`whk_`) and their logs (`whl_`). */
import * as Effect from "effect/Effect"
import { apiVersions } from "../Pagination.js"
import { dataFields, F, type Family } from "../Resources.js"
import * as V from "../Validation.js"
import { checkListenedEvent, withLogs } from "./shared.js"

const webhookBody = V.object({
  name: V.required(V.string({ max: 255 })),
  targetUrl: V.string({ uri: true }),
  event: V.string(),
  apiVersion: V.string({ valid: [...apiVersions] }),
  active: V.boolean(),
  ...dataFields
})

/** Webhooks (`whk_`); `?logs` adds their logs. Fields given no value are `null` once stored. */
export const webhook: Family = {
  name: "webhook",
  path: "/webhooks",
  prefix: "whk",
  operations: ["list", "read", "create", "update", "remove"],
  scope: "all",
  create: webhookBody,
  update: V.extend(webhookBody, { name: V.string({ max: 255 }), targetUrl: V.forbidden() }),
  filters: { event: F.in(), active: F.equals("boolean") },
  readQuery: { logs: V.any() },
  defaults: (ctx) => ({ targetUrl: null, event: null, apiVersion: ctx.version, active: true }),
  absentUntilRead: ["targetUrl", "event"],
  prepare: (draft, ctx) => checkListenedEvent(ctx.body.event).pipe(Effect.as(draft)),
  expose: withLogs("webhookLog", "webhookId"),
  plainArrayIn2019: { orderBy: "createdDate", order: "desc" }
}

/** Webhook logs (`whl_`), cursor lists only. */
export const webhookLog: Family = {
  name: "webhookLog",
  path: "/webhook-logs",
  prefix: "whl",
  operations: ["list", "read"],
  scope: "all",
  filters: { webhookId: F.in(), eventId: F.in(), status: F.in() },
  cursorOrderBy: ["createdDate"],
  cursorOnly: true,
  noUpdatedDate: true,
  noPlatformData: true
}
