import * as Schema from "effect/Schema"
import type * as T from "../../../Types.js"
import { as, del, get, list, patch, post } from "../model.js"
import { customData, DateString, live, type Resource, resourceOf, schemaOf, stamped } from "../schemaParts.js"
import { AssetId, AvailabilityId, Duration } from "../sharedSchemas.js"

/**
 * Availabilities of assets over time, and the availability graph (`/availabilities`).
 *
 * @id AvailabilityId an availability (`avl_...`)
 * @apiReference Asset API › Availability
 * @since 0.1.0
 */
export const availabilities = {
  /** Lists availabilities (`GET /availabilities`): one page, with its pagination meta. */
  list: /*#__PURE__*/ list("/availabilities", as<T.Availability, T.AvailabilityListParams>),
  /** Creates an availability (`POST /availabilities`). */
  create: /*#__PURE__*/ post("/availabilities", as<T.Availability, T.AvailabilityCreateParams>),
  /** Updates an availability (`PATCH /availabilities/:id`; metadata and platformData are deep-merged). */
  update: /*#__PURE__*/ patch("/availabilities/:id", as<T.Availability, T.AvailabilityUpdateParams>),
  /** Removes an availability (`DELETE /availabilities/:id`); answers `{ id }`. */
  remove: /*#__PURE__*/ del("/availabilities/:id", as<T.Deleted>),
  /** The availability graph of an asset (`GET /availabilities/graph`). */
  getGraph: /*#__PURE__*/ get("/availabilities/graph", as<T.AvailabilityGraph, T.AvailabilityGraphParams>)
}

/** A relative quantity change such as `"+1"` or `"-2"`. */
export const RelativeQuantity: Schema.Codec<T.RelativeQuantity> = /*#__PURE__*/ schemaOf(() => Schema.Union([
  Schema.TemplateLiteral(["+", Schema.Number]),
  Schema.TemplateLiteral(["-", Schema.Number])
]))

const availabilityFields = () => ({
  id: AvailabilityId,
  ...stamped,
  assetId: AssetId,
  startDate: DateString,
  endDate: DateString,
  /** A number when absolute, a signed string when relative. */
  quantity: Schema.Union([Schema.Number, RelativeQuantity]),
  /** Cron pattern. */
  recurringPattern: Schema.NullOr(Schema.String),
  recurringTimezone: Schema.NullOr(Schema.String),
  recurringDuration: Schema.NullOr(Duration),
  ...customData,
  ...live
})
/** An availability (`avl_`): the quantity of an asset over a period, possibly recurring. */
export const Availability: Resource<ReturnType<typeof availabilityFields>, T.Availability> = /*#__PURE__*/ resourceOf(availabilityFields)

const availabilityGraphDateFields = () => ({
  date: DateString,
  usedQuantity: Schema.Number,
  availableQuantity: Schema.Number
})
/** One step of an availability graph. */
export const AvailabilityGraphDate: Resource<ReturnType<typeof availabilityGraphDateFields>, T.AvailabilityGraphDate> = /*#__PURE__*/ resourceOf(availabilityGraphDateFields)

const availabilityGraphFields = () => ({
  graphDates: Schema.Array(AvailabilityGraphDate),
  defaultQuantity: Schema.Number,
  totalUsedQuantity: Schema.Number
})
/** Result of `GET /availabilities/graph`: the asset's quantity over time. */
export const AvailabilityGraph: Resource<ReturnType<typeof availabilityGraphFields>, T.AvailabilityGraph> = /*#__PURE__*/ resourceOf(availabilityGraphFields)

/** A relative quantity change such as `"+1"` or `"-2"`. */
export type RelativeQuantity = `+${number}` | `-${number}`

/** Body of `POST /availabilities`. */
export interface AvailabilityCreateParams extends T.CustomDataParams {
  assetId: T.IdInput<T.AssetId>
  startDate: string
  endDate: string
  quantity: number | RelativeQuantity
  recurringPattern?: string | null
  recurringTimezone?: string | null
  /** Required when `recurringPattern` is set. */
  recurringDuration?: T.Duration | null
}

/** Body of `PATCH /availabilities/:id`; the asset cannot change. */
export type AvailabilityUpdateParams = Partial<Omit<AvailabilityCreateParams, "assetId">>

/** Query of `GET /availabilities`: `assetId` is required and is the only filter. */
export interface AvailabilityListParams extends T.PaginationParams, T.OrderParams<"createdDate" | "updatedDate"> {
  assetId: T.IdInput<T.AssetId>
}

/** Query of `GET /availabilities/graph`. */
export interface AvailabilityGraphParams {
  assetId: T.IdInput<T.AssetId>
}
