import * as Schema from "effect/Schema"
import type * as T from "../../../Types.js"
import { as, post } from "../model.js"
import { resource, type Resource, resourceOf } from "../schemaParts.js"

/**
 * Batch updates of assets or users in one request (`POST /batch`; absent from stelace.js).
 *
 * @since 0.1.0
 */
export const batch = {
  /** Runs a batch of updates (`POST /batch`). */
  run: /*#__PURE__*/ post("/batch", as<T.BatchResult, T.BatchParams>)
}

const batchObjectErrorFields = () => ({
  objectId: Schema.String,
  error: resource({
    message: Schema.optionalKey(Schema.String),
    statusCode: Schema.optionalKey(Schema.Number),
    data: Schema.optionalKey(Schema.Unknown)
  })
})
/** The error of one failed batch object: the error body its PATCH got. */
export const BatchObjectError: Resource<ReturnType<typeof batchObjectErrorFields>, T.BatchObjectError> = /*#__PURE__*/ resourceOf(batchObjectErrorFields)

const batchResultFields = () => ({
  /** In milliseconds. */
  processingTime: Schema.Number,
  success: Schema.Boolean,
  /** Ids of the objects updated. */
  completed: Schema.Array(Schema.String),
  errors: Schema.Array(BatchObjectError)
})
/** Result of `POST /batch`; the HTTP status is that of the first failed object, or 200. */
export const BatchResult: Resource<ReturnType<typeof batchResultFields>, T.BatchResult> = /*#__PURE__*/ resourceOf(batchResultFields)

/** One object of a batch: its id and the PATCH body to apply. */
export interface BatchObject<Payload> {
  objectId: string
  payload: Payload
}

/** Body of `POST /batch`: up to 100 PATCHes of assets or users, checked one by one. */
export type BatchParams =
  | { objectType: "asset"; method: "PATCH"; objects: ReadonlyArray<BatchObject<T.AssetUpdateParams>> }
  | { objectType: "user"; method: "PATCH"; objects: ReadonlyArray<BatchObject<T.UserUpdateParams>> }
