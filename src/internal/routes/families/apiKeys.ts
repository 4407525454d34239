import type * as T from "../../../Types.js"
import { as, del, get, list, patch, post } from "../model.js"

/**
 * API keys of the platform (`/api-keys`).
 *
 * @id ApiKeyId an API key (`apik_...`)
 * @since 0.1.0
 */
export const apiKeys = {
  /** Lists API keys (`GET /api-keys`): one page, with its pagination meta. */
  list: /*#__PURE__*/ list("/api-keys", as<T.ApiKey, T.ApiKeyListParams>),
  /** Reads one API key (`GET /api-keys/:id`). */
  read: /*#__PURE__*/ get("/api-keys/:id", as<T.ApiKey>),
  /** Creates an API key (`POST /api-keys`). */
  create: /*#__PURE__*/ post("/api-keys", as<T.ApiKey, T.ApiKeyCreateParams>),
  /** Updates an API key (`PATCH /api-keys/:id`; metadata and platformData are deep-merged). */
  update: /*#__PURE__*/ patch("/api-keys/:id", as<T.ApiKey, T.ApiKeyUpdateParams>),
  /** Removes an API key (`DELETE /api-keys/:id`); answers `{ id }`. */
  remove: /*#__PURE__*/ del("/api-keys/:id", as<T.Deleted>)
}
