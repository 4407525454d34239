import * as Schema from "effect/Schema"
import type * as T from "../../../Types.js"
import { as, del, get, list, patch, post } from "../model.js"
import { customData, live, resource, type Resource, resourceOf, stamped } from "../schemaParts.js"
import { WebhookId } from "../sharedSchemas.js"
import { WebhookLog } from "./webhookLogs.js"

/**
 * Webhooks: event notifications sent to your URLs (`/webhooks`).
 *
 * @id WebhookId a webhook (`whk_...`)
 * @apiReference Webhooks API
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

/** A log as the server stores it, without `livemode`. */
const storedWebhookLogFields = () => {
  const { livemode: _livemode, ...fields } = WebhookLog.fields
  return fields
}

const webhookFields = () => ({
  id: WebhookId,
  ...stamped,
  name: Schema.String,
  targetUrl: Schema.optionalKey(Schema.NullOr(Schema.String)),
  event: Schema.optionalKey(Schema.NullOr(Schema.String)),
  apiVersion: Schema.String,
  active: Schema.Boolean,
  /** With the `logs` query parameter: the last 100 logs, as stored (without `livemode`). */
  logs: Schema.optionalKey(Schema.Array(resource(storedWebhookLogFields()))),
  ...customData,
  ...live
})
/** A webhook (`whk_`): events of a type posted to a URL. */
export const Webhook: Resource<ReturnType<typeof webhookFields>, T.Webhook> = /*#__PURE__*/ resourceOf(webhookFields)

/** Query of `GET /webhooks/:id`. */
export type WebhookReadParams = T.LogsParams

/** Body of `POST /webhooks`. */
export interface WebhookCreateParams extends T.CustomDataParams {
  name: string
  targetUrl?: string
  event?: string
  /** Defaults to the platform's version. */
  apiVersion?: T.ApiVersion
  active?: boolean
}

/** Body of `PATCH /webhooks/:id`; the target URL cannot change. */
export type WebhookUpdateParams = Partial<Omit<WebhookCreateParams, "targetUrl">>

/** Query of `GET /webhooks` (2020-08-10; under 2019-05-20 the route takes no query). */
export interface WebhookListParams extends Omit<T.ListParams<"createdDate" | "updatedDate", T.WebhookId>, "page"> {
  event?: T.StringFilter
  active?: boolean
}
