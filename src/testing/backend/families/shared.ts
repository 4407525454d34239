/** Helpers the resource families share: references, uniqueness, label filters, event types. */
import * as Effect from "effect/Effect"
import { type ApiError, unprocessable } from "../ApiError.js"
import { F } from "../Resources.js"
import { type RequestContext } from "../Route.js"
import { type Doc } from "../Store.js"
import * as V from "../Validation.js"

/** A list of strings. */
export const strings = () => V.array(V.string())

/** Fails with 422 unless the referenced object exists. */
export const requireRef = (
  ctx: RequestContext,
  collection: string,
  id: unknown,
  message: string
): Effect.Effect<Doc | undefined, ApiError> => {
  if (id === undefined || id === null) return Effect.succeed(undefined)
  const doc = ctx.store.get(collection, String(id))
  return doc === undefined ? Effect.fail(unprocessable(message)) : Effect.succeed(doc)
}

/** Fails with 422 when another object of the collection has the same values for `keys`. */
export const unique = (
  ctx: RequestContext,
  collection: string,
  draft: Doc,
  keys: ReadonlyArray<string>,
  message: string
): Effect.Effect<void, ApiError> =>
  ctx.store.all(collection).some((doc) => doc.id !== draft.id && keys.every((key) => doc[key] === draft[key]))
    ? Effect.fail(unprocessable(message))
    : Effect.void

/** Label filters accept `*` wildcards (`main:*`). */
export const labelFilter = F.custom(V.ids(), (doc, value) => {
  const labels = Array.isArray(value) ? value.map(String) : String(value).split(",")
  return labels.some((label) => {
    if (label === "*") return true
    const pattern = new RegExp(`^${label.split("*").map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join(".*")}$`)
    return typeof doc.label === "string" && pattern.test(doc.label)
  })
})

/** Events and their objects show every namespace of the data. */
export const allNamespaces = (ctx: RequestContext): RequestContext => ({ ...ctx, access: { ...ctx.access, readNamespaces: ["*"] } })

/** Core event types (two underscores) belong to the server: custom events and tasks use others. */
export const CORE_EVENT_FORMAT = /^[a-z\d_]+__[a-z\d_]+$/i

/** The real server's message when a custom event type looks like a core one. */
export const BAD_CUSTOM_EVENT_TYPE = "Cannot provide a type with 2 underscore characters to help distinguishing custom event types from core ones"

/** The core events webhooks and workflows may listen to. */
const CORE_EVENTS = new Set(`api_key__created api_key__updated api_key__deleted category__created category__updated
  category__deleted asset__created asset__name_changed asset__description_changed asset__category_switched
  asset__type_switched asset__custom_attribute_changed asset__locations_changed asset__quantity_changed
  asset__pricing_changed asset__activated asset__deactivated asset__validated asset__updated asset__deleted
  asset_type__created asset_type__updated asset_type__deleted availability__created availability__updated
  availability__deleted assets__searched custom_attribute__created custom_attribute__updated custom_attribute__deleted
  message__created assessment__created assessment__draft_updated assessment__signed_once assessment__signed
  assessment__deleted entry__created entry__updated entry__deleted order__created order__updated token__check_requested
  token__check_confirmed transaction__created transaction__updated transaction__status_changed user__created
  user__updated user__deleted user__organization_joined user__organization_left user__organization_rights_changed
  password__changed password__reset_requested password__reset_confirmed`.split(/\s+/))

/** A listened event must be a known core event, or a custom one. */
export const checkListenedEvent = (event: unknown): Effect.Effect<void, ApiError> =>
  typeof event === "string" && event !== "" && CORE_EVENT_FORMAT.test(event) && !CORE_EVENTS.has(event)
    ? Effect.fail(unprocessable(`Invalid ${event} event`))
    : Effect.void

/** An `expose` that adds the object's logs (`logCollection` objects whose `key` is its id) to `GET /<family>/:id?logs`. */
export const withLogs = (logCollection: string, key: string) => (doc: Doc, ctx: RequestContext): Doc =>
  ctx.query.logs !== undefined && ctx.method === "GET" && ctx.params.id !== undefined
    ? { ...doc, logs: ctx.store.all(logCollection).filter((log) => log[key] === doc.id) }
    : { ...doc }
