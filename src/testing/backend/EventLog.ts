/**
 * Recording events (`evt_...`), as the real server does for its main actions: `asset__created`,
 * `transaction__status_changed`, `assets__searched`, `password__reset_requested`...
 */
import type { RequestContext } from "./Route.js"
import { newId, type Doc } from "./Store.js"

/** What an event is about. */
export interface EventInput {
  readonly type: string
  readonly objectType?: string | null
  readonly objectId?: string | null
  readonly object?: Doc | null
  readonly changesRequested?: Doc | null
  readonly relatedObjectsIds?: Doc | null
  readonly emitter?: "core" | "custom" | "task"
  readonly emitterId?: string | null
  readonly parentId?: string | null
  readonly metadata?: Doc
}

/** Stores an event and returns it. Core events by default. */
export const recordEvent = (ctx: Pick<RequestContext, "store" | "now" | "version">, input: EventInput): Doc =>
  ctx.store.put("event", {
    id: newId("evt"),
    createdDate: ctx.store.timestamp(ctx.now),
    type: input.type,
    objectType: input.objectType ?? null,
    objectId: input.objectId ?? null,
    object: input.object ?? null,
    changesRequested: input.changesRequested ?? null,
    relatedObjectsIds: input.relatedObjectsIds ?? null,
    apiVersion: ctx.version,
    parentId: input.parentId ?? null,
    emitter: input.emitter ?? "core",
    emitterId: input.emitterId ?? null,
    metadata: input.metadata ?? {},
    livemode: false
  })
