import * as Schema from "effect/Schema"
import type * as T from "../../../Types.js"
import { as, get, list } from "../model.js"
import { DateString, live, OpenRecord, type Resource, resourceOf } from "../schemaParts.js"
import { EventId, WebhookId, WebhookLogId } from "../sharedSchemas.js"

/**
 * Logs of webhook deliveries (`/webhook-logs`; absent from stelace.js).
 *
 * @id WebhookLogId a webhook log (`whl_...`)
 * @apiReference Webhooks API
 * @since 0.1.0
 */
export const webhookLogs = {
  /** Lists webhook logs (`GET /webhook-logs`): one page, with its pagination meta. */
  list: /*#__PURE__*/ list("/webhook-logs", as<T.WebhookLog, T.WebhookLogListParams, "cursor">),
  /** Reads one webhook log (`GET /webhook-logs/:id`). */
  read: /*#__PURE__*/ get("/webhook-logs/:id", as<T.WebhookLog>)
}

const webhookLogFields = () => ({
  id: WebhookLogId,
  /** ISO 8601 date-time. */
  createdDate: DateString,
  webhookId: WebhookId,
  eventId: EventId,
  /** `success`, `error`, ... */
  status: Schema.String,
  metadata: OpenRecord,
  ...live
})
/** A webhook log (`whl_`): one delivery attempt (no `updatedDate`, no `platformData`). */
export const WebhookLog: Resource<ReturnType<typeof webhookLogFields>, T.WebhookLog> = /*#__PURE__*/ resourceOf(webhookLogFields)

/** Query of `GET /webhook-logs` (2020-08-10, cursor-paginated). */
export interface WebhookLogListParams extends Omit<T.PaginationParams, "page">, T.OrderParams<"createdDate"> {
  id?: T.IdFilter<T.WebhookLogId>
  createdDate?: T.RangeFilter<string>
  webhookId?: T.IdFilter<T.WebhookId>
  eventId?: T.IdFilter<T.EventId>
}
