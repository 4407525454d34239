import * as Schema from "effect/Schema"
import type * as T from "../../../Types.js"
import { as, del, get, list, patch, post } from "../model.js"
import { customData, live, type Resource, resource, resourceOf, schemaOf, stamped, statRanking } from "../schemaParts.js"
import { AssetId, RatingId, StatValues, TransactionId, UserId } from "../sharedSchemas.js"

/**
 * Ratings users give each other, with stats (`/ratings`).
 *
 * @id RatingId a rating (`rtg_...`)
 * @apiReference Ratings API
 * @since 0.1.0
 */
export const ratings = {
  /** Lists ratings (`GET /ratings`): one page, with its pagination meta. */
  list: /*#__PURE__*/ list("/ratings", as<T.Rating, T.RatingListParams>),
  /** Reads one rating (`GET /ratings/:id`). */
  read: /*#__PURE__*/ get("/ratings/:id", as<T.Rating>),
  /** Creates a rating (`POST /ratings`). */
  create: /*#__PURE__*/ post("/ratings", as<T.Rating, T.RatingCreateParams>),
  /** Updates a rating (`PATCH /ratings/:id`; metadata and platformData are deep-merged). */
  update: /*#__PURE__*/ patch("/ratings/:id", as<T.Rating, T.RatingUpdateParams>),
  /** Removes a rating (`DELETE /ratings/:id`); answers `{ id }`. */
  remove: /*#__PURE__*/ del("/ratings/:id", as<T.Deleted>),
  /** Rating stats grouped by author, target, asset or transaction (`GET /ratings/stats`): one page. */
  getStats: /*#__PURE__*/ list("/ratings/stats", as<T.RatingStat, T.RatingStatsParams>)
}

const ratingFields = () => ({
  id: RatingId,
  ...stamped,
  /** Integer from 0 to 100. */
  score: Schema.Number,
  comment: Schema.NullOr(Schema.String),
  authorId: Schema.NullOr(UserId),
  targetId: UserId,
  assetId: Schema.NullOr(AssetId),
  transactionId: Schema.NullOr(TransactionId),
  label: Schema.NullOr(Schema.String),
  ...customData,
  ...live
})
/** A rating (`rtg_`) a user gives another, optionally about an asset or a transaction. */
export const Rating: Resource<ReturnType<typeof ratingFields>, T.Rating> = /*#__PURE__*/ resourceOf(ratingFields)

const ratingStatRow = <const Key extends string>(key: Key) =>
  resource({ ...StatValues.fields, ...statRanking, ...({ [key]: Schema.NullOr(Schema.String) } as { [K in Key]: Schema.NullOr<Schema.String> }) })

/** A row of `GET /ratings/stats`: score stats, under the grouped field's own name (e.g. `targetId`). */
export const RatingStat: Schema.Codec<T.RatingStat> = /*#__PURE__*/ schemaOf(() => Schema.Union([
  ratingStatRow("authorId"),
  ratingStatRow("targetId"),
  ratingStatRow("assetId"),
  ratingStatRow("transactionId")
]))

/** Body of `POST /ratings`. */
export interface RatingCreateParams extends T.CustomDataParams {
  score: number
  targetId: T.IdInput<T.UserId>
  comment?: string | null
  /** Defaults to the current user. */
  authorId?: T.IdInput<T.UserId>
  assetId?: T.IdInput<T.AssetId>
  transactionId?: T.IdInput<T.TransactionId>
  label?: string
}

/** Body of `PATCH /ratings/:id` (the server validates `label` too but does not save it). */
export interface RatingUpdateParams extends T.CustomDataParams {
  score?: number
  comment?: string | null
}

/** Query of `GET /ratings`. */
export interface RatingListParams extends T.PaginationParams, T.OrderParams<"createdDate" | "updatedDate"> {
  id?: T.IdFilter<T.RatingId>
  authorId?: T.IdFilter<T.UserId>
  targetId?: T.IdFilter<T.UserId>
  assetId?: T.IdFilter<T.AssetId>
  transactionId?: T.IdFilter<T.TransactionId>
  /** Labels, `*` wildcards allowed; several match any. */
  label?: T.StringFilter
}

/** What `GET /ratings/stats` can group by. */
export type RatingStatsGroupBy = "authorId" | "targetId" | "assetId" | "transactionId"

/** Query of `GET /ratings/stats`; sorted by `avg` by default. */
export interface RatingStatsParams extends Omit<RatingListParams, "id" | "orderBy"> {
  groupBy: RatingStatsGroupBy
  orderBy?: T.StatsOrderBy
  computeRanking?: boolean
}

/** A row of `GET /ratings/stats`: score stats, under the grouped field's own name (e.g. `targetId`). */
export type RatingStat<GroupBy extends RatingStatsGroupBy = RatingStatsGroupBy> = GroupBy extends
  RatingStatsGroupBy ? T.StatValues & T.StatRanking & { readonly [K in GroupBy]: string | null }
  : never
