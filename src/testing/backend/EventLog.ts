/**
 * Recording events (`evt_...`), as the real server does for its main actions: `asset__created`,
 * `transaction__status_changed`, `assets__searched`, `password__reset_requested`...
 *
 * Fields follow the real server's rules: a core event's `objectType` comes from its type
 * (`asset_type__created` → `assetType`) and its `objectId` from its object; `relatedObjectsIds`
 * picks the ids of related objects from the object (`assetId`, `ownerId`...), is `{}` for the
 * types that always have it and `null` otherwise.
 */
import type { RequestContext } from "./Route.js"
import { newId, type Doc } from "./Store.js"

/** What an event is about. */
export interface EventInput {
  /** A chosen id (a parent event named by its derived events before it is recorded). */
  readonly id?: string
  readonly type: string
  readonly objectType?: string | null
  readonly objectId?: string | null
  readonly object?: Doc | null
  readonly changesRequested?: Doc | null
  /** Related ids given directly (otherwise picked from `object`, then from `related`). */
  readonly relatedObjectsIds?: Doc | null
  /** An object to pick related ids from when the event has no object (delta events). */
  readonly related?: Doc
  readonly emitter?: "core" | "custom" | "task"
  readonly emitterId?: string | null
  /** The `__updated` event a delta event (`asset__name_changed`) derives from; stored, never shown. */
  readonly parentId?: string | null
  readonly metadata?: Doc
}

const RELATED_FIELDS = ["assetId", "categoryId", "assetTypeId", "ownerId", "takerId", "transactionId", "organizationId"]

/** Types whose events always have `relatedObjectsIds` (possibly empty). */
const HAS_RELATED = /^assets?__|_created$|_updated$|_deleted$|^password__|^token__|^assessment__signed|transaction__status_changed$|^user__organization_/

const pickRelated = (object: Doc | null | undefined): Doc | undefined => {
  if (object === null || object === undefined) return undefined
  const picked = Object.fromEntries(RELATED_FIELDS.filter((field) => object[field] !== undefined).map((field) => [field, object[field]]))
  return Object.keys(picked).length === 0 ? undefined : picked
}

const camelCase = (text: string): string => text.replace(/_([a-z\d])/g, (_match, char: string) => char.toUpperCase())

/** Stores an event and returns it. Core events by default. */
export const recordEvent = (ctx: Pick<RequestContext, "store" | "now" | "version">, input: EventInput): Doc => {
  const emitter = input.emitter ?? "core"
  const object = input.object ?? null
  const relatedObjectsIds = input.relatedObjectsIds ?? pickRelated(object) ?? pickRelated(input.related) ??
    (HAS_RELATED.test(input.type) ? {} : null)
  const changesRequested = input.changesRequested === undefined || input.changesRequested === null
    ? null
    : withoutLivemode(input.changesRequested)
  const event = ctx.store.put("event", {
    id: input.id ?? newId("evt"),
    createdDate: ctx.store.timestamp(ctx.now),
    type: input.type,
    objectType: input.objectType ?? (emitter === "core" ? camelCase(input.type.split("__")[0]!) : null),
    objectId: input.objectId ?? (emitter === "core" ? (object?.id ?? null) : null),
    object,
    changesRequested,
    relatedObjectsIds,
    apiVersion: ctx.version,
    parentId: input.parentId ?? null,
    emitter,
    emitterId: input.emitterId ?? null,
    metadata: input.metadata ?? {},
    livemode: false
  })
  // as `GET /events` shows it: the parent of a derived event stays inside
  const { parentId: _parentId, ...shown } = event
  for (const listener of ctx.store.eventListeners) {
    try {
      listener(structuredClone(shown))
    } catch (error) {
      // an observer's bug changes nothing of what the backend answers, but is told
      console.error(`stelace-effect/testing: an onEvent listener threw on ${event.type}:`, error)
    }
  }
  return event
}

const withoutLivemode = (doc: Doc): Doc => {
  const { livemode: _livemode, ...rest } = doc
  return rest
}
