import type * as T from "../../../Types.js"
import { as, del, get, list, patch, post } from "../model.js"

/**
 * Webhooks: event notifications sent to your URLs (`/webhooks`).
 *
 * @id WebhookId a webhook (`whk_...`)
 * @since 0.1.0
 */
export const webhooks = {
  /** Lists webhooks (`GET /webhooks`): one page, with its pagination meta. */
  list: /*#__PURE__*/ list("/webhooks", as<T.Webhook, T.WebhookListParams, "version-or-array">),
  /** Reads one webhook (`GET /webhooks/:id`). */
  read: /*#__PURE__*/ get("/webhooks/:id", as<T.Webhook, T.WebhookReadParams>),
  /** Creates a webhook (`POST /webhooks`). */
  create: /*#__PURE__*/ post("/webhooks", as<T.Webhook, T.WebhookCreateParams>),
  /** Updates a webhook (`PATCH /webhooks/:id`; metadata and platformData are deep-merged). */
  update: /*#__PURE__*/ patch("/webhooks/:id", as<T.Webhook, T.WebhookUpdateParams>),
  /** Removes a webhook (`DELETE /webhooks/:id`); answers `{ id }`. */
  remove: /*#__PURE__*/ del("/webhooks/:id", as<T.Deleted>)
}
