import type * as T from "../../../Types.js"
import { as, get, list } from "../model.js"

/**
 * Logs of webhook deliveries (`/webhook-logs`; absent from stelace.js).
 *
 * @id WebhookLogId a webhook log (`whl_...`)
 * @since 0.1.0
 */
export const webhookLogs = {
  /** Lists webhook logs (`GET /webhook-logs`): one page, with its pagination meta. */
  list: /*#__PURE__*/ list("/webhook-logs", as<T.WebhookLog, T.WebhookLogListParams, "cursor">),
  /** Reads one webhook log (`GET /webhook-logs/:id`). */
  read: /*#__PURE__*/ get("/webhook-logs/:id", as<T.WebhookLog>)
}
