import * as Schema from "effect/Schema"
import type * as T from "../../../Types.js"
import { as, get, list, post } from "../model.js"
import { DateString, live, OpenRecord, type Resource, resourceOf } from "../schemaParts.js"
import { EventId, StatValues } from "../sharedSchemas.js"

/**
 * Events: what happened on the platform, with stats and history (`/events`).
 *
 * @id EventId an event (`evt_...`)
 * @apiReference Event API
 * @since 0.1.0
 */
export const events = {
  /** Lists events (`GET /events`): one page, with its pagination meta. */
  list: /*#__PURE__*/ list("/events", as<T.Event, T.EventListParams>),
  /** Reads one event (`GET /events/:id`). */
  read: /*#__PURE__*/ get("/events/:id", as<T.Event>),
  /** Creates an event (`POST /events`). */
  create: /*#__PURE__*/ post("/events", as<T.Event, T.EventCreateParams>),
  /** Event stats (`GET /events/stats`, deprecated by the server, always page-based): one page. */
  getStats: /*#__PURE__*/ list("/events/stats", as<T.EventStat, T.EventStatsParams, "page">),
  /** Event counts per hour, day or month (`GET /events/history`, cursor-based): one page. */
  getHistory: /*#__PURE__*/ list("/events/history", as<T.HistoryBucket, T.EventHistoryParams, "cursor">)
}

/** Who emitted an event. */
export const EventEmitterType: Schema.Codec<T.EventEmitterType> = /*#__PURE__*/ Schema.Literals(["core", "custom", "task"])

const eventFields = () => ({
  id: EventId,
  /** ISO 8601 date-time. */
  createdDate: DateString,
  /** e.g. `asset__created`; custom types contain no double underscore. */
  type: Schema.String,
  objectType: Schema.NullOr(Schema.String),
  objectId: Schema.NullOr(Schema.String),
  object: Schema.NullOr(OpenRecord),
  changesRequested: Schema.NullOr(OpenRecord),
  /** Ids of related objects, `null` where there is none (e.g. `categoryId` of an asset without category). */
  relatedObjectsIds: Schema.NullOr(Schema.Record(Schema.String, Schema.NullOr(Schema.String))),
  apiVersion: Schema.String,
  emitter: EventEmitterType,
  emitterId: Schema.NullOr(Schema.String),
  metadata: OpenRecord,
  ...live
})
/** An event (`evt_`): an immutable record of something that happened (no `updatedDate`, no `platformData`). */
export const Event: Resource<ReturnType<typeof eventFields>, T.Event> = /*#__PURE__*/ resourceOf(eventFields)

const eventStatFields = () => ({
  ...StatValues.fields,
  groupBy: Schema.String,
  groupByValue: Schema.String
})
/** A row of `GET /events/stats`. */
export const EventStat: Resource<ReturnType<typeof eventStatFields>, T.EventStat> = /*#__PURE__*/ resourceOf(eventStatFields)

/** Who emitted an event. */
export type EventEmitterType = "core" | "custom" | "task"

/** Body of `POST /events` (custom events). */
export interface EventCreateParams {
  type: string
  emitterId?: string
  /** When it names an object, a copy of that object becomes the event's `object`. */
  objectId?: string
  metadata?: Record<string, unknown>
}

/** Filters shared by the event list, stats and history queries. */
export interface EventFilterParams {
  id?: T.IdFilter<T.EventId>
  /** Defaults to the retention period; earlier dates are refused. */
  createdDate?: T.RangeFilter<string>
  type?: T.StringFilter
  objectType?: T.StringFilter
  objectId?: T.IdFilter
  emitter?: EventEmitterType
  emitterId?: T.StringFilter
}

/** Query of `GET /events`; `orderBy` other than `createdDate` works only under 2019-05-20. */
export interface EventListParams
  extends T.PaginationParams, T.OrderParams<"createdDate" | "updatedDate" | "name" | "type">, EventFilterParams
{
  /** Matches events whose `object` contains this object. */
  object?: Record<string, unknown>
  /** Matches events whose `metadata` contains this object. */
  metadata?: Record<string, unknown>
}

/** What `GET /events/stats` can group by: a column or a path into `object` or `metadata`. */
export type EventStatsGroupBy =
  | "type"
  | "objectType"
  | "objectId"
  | "parentId"
  | "emitter"
  | "emitterId"
  | `object.${string}`
  | `object[${string}`
  | `metadata.${string}`
  | `metadata[${string}`

/** Query of `GET /events/stats` (deprecated; always offset-paginated). */
export interface EventStatsParams extends Omit<EventListParams, "orderBy" | "startingAfter" | "endingBefore"> {
  groupBy: EventStatsGroupBy
  /** Numeric path to aggregate, e.g. `"object.price"`. */
  field?: `object.${string}` | `object[${string}` | `metadata.${string}` | `metadata[${string}`
  avgPrecision?: number
  orderBy?: T.StatsOrderBy
}

/** Query of `GET /events/history`; filters other than `type` and dates stop at the retention period. */
export interface EventHistoryParams extends Omit<T.HistoryParams, "id">, EventFilterParams {}
