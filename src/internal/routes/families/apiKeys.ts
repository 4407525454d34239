import * as Schema from "effect/Schema"
import type * as T from "../../../Types.js"
import { as, del, get, list, patch, post } from "../model.js"
import { customData, live, type OtherString, type Resource, resourceOf, stamped } from "../schemaParts.js"
import { ApiKeyId } from "../sharedSchemas.js"

/**
 * API keys of the platform (`/api-keys`).
 *
 * @id ApiKeyId an API key (`apik_...`)
 * @apiReference Authentication › API keys
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

const apiKeyFields = () => ({
  id: ApiKeyId,
  ...stamped,
  name: Schema.String,
  /** Obfuscated for secret and custom keys unless read with `reveal: 1`; in full once, on create. */
  key: Schema.String,
  roles: Schema.Array(Schema.String),
  permissions: Schema.Array(Schema.String),
  readNamespaces: Schema.Array(Schema.String),
  editNamespaces: Schema.Array(Schema.String),
  ...customData,
  ...live
})
/** An API key (`apik_`). */
export const ApiKey: Resource<ReturnType<typeof apiKeyFields>, T.ApiKey> = /*#__PURE__*/ resourceOf(apiKeyFields)

/** A key type: secret, publishable, content, or a custom type of 5-10 alphanumeric characters. */
export type ApiKeyType = "seck" | "pubk" | "cntk" | OtherString

/** Body of `POST /api-keys`. Roles, permissions and namespaces apply to custom types only. */
export interface ApiKeyCreateParams extends T.CustomDataParams {
  name: string
  type?: ApiKeyType
  roles?: ReadonlyArray<string>
  permissions?: ReadonlyArray<string>
  readNamespaces?: ReadonlyArray<string>
  editNamespaces?: ReadonlyArray<string>
}

/** Body of `PATCH /api-keys/:id`. */
export type ApiKeyUpdateParams = Partial<Omit<ApiKeyCreateParams, "type">>

/** Query of `GET /api-keys/:id`. */
export interface ApiKeyReadParams {
  /** `1` shows the full key (system calls, or `apiKey:create:all` / `apiKey:edit:all`). */
  reveal?: 0 | 1
}

/** Query of `GET /api-keys`; `orderBy: "name"` works only under 2019-05-20. */
export interface ApiKeyListParams extends T.ListParams<"createdDate" | "updatedDate" | "name", T.ApiKeyId>, ApiKeyReadParams {
  type?: ApiKeyType
}
