import * as Schema from "effect/Schema"
import type * as T from "../../../Types.js"
import { as, del, get, list, patch, post } from "../model.js"
import { customData, DateString, live, type Resource, resourceOf, stamped } from "../schemaParts.js"
import { AssessmentId, AssetId, TransactionId, UserId } from "../sharedSchemas.js"

/**
 * Assessments: check-in and check-out statements signed by the parties of a transaction (`/assessments`; absent from stelace.js).
 *
 * @id AssessmentId an assessment (`assm_...`)
 * @since 0.1.0
 */
export const assessments = {
  /** Lists assessments (`GET /assessments`): one page, with its pagination meta. */
  list: /*#__PURE__*/ list("/assessments", as<T.Assessment, T.AssessmentListParams>),
  /** Reads one assessment (`GET /assessments/:id`). */
  read: /*#__PURE__*/ get("/assessments/:id", as<T.Assessment>),
  /** Creates an assessment (`POST /assessments`). */
  create: /*#__PURE__*/ post("/assessments", as<T.Assessment, T.AssessmentCreateParams>),
  /** Updates an assessment (`PATCH /assessments/:id`; metadata and platformData are deep-merged). */
  update: /*#__PURE__*/ patch("/assessments/:id", as<T.Assessment, T.AssessmentUpdateParams>),
  /** Signs an assessment (`POST /assessments/:id/signatures`). */
  sign: /*#__PURE__*/ post("/assessments/:id/signatures", as<T.Assessment, T.AssessmentSignParams>, { bodyRequired: true }),
  /** Removes an assessment (`DELETE /assessments/:id`); answers `{ id }`. */
  remove: /*#__PURE__*/ del("/assessments/:id", as<T.Deleted>)
}

/** The outcome an assessment states. */
export const AssessmentStatement: Schema.Codec<T.AssessmentStatement> = /*#__PURE__*/ Schema.Literals(["pass", "challenge"])

/** The status of an assessment. */
export const AssessmentStatus: Schema.Codec<T.AssessmentStatus> = /*#__PURE__*/ Schema.Literals(["draft", "accept", "reject"])

const assessmentSignerFields = () => ({
  comment: Schema.NullOr(Schema.String),
  statement: Schema.NullOr(AssessmentStatement),
  signedDate: Schema.NullOr(DateString)
})
/** A signer's part of an assessment. */
export const AssessmentSigner: Resource<ReturnType<typeof assessmentSignerFields>, T.AssessmentSigner> = /*#__PURE__*/ resourceOf(assessmentSignerFields)

const assessmentFields = () => ({
  id: AssessmentId,
  ...stamped,
  statement: Schema.NullOr(AssessmentStatement),
  status: Schema.NullOr(AssessmentStatus),
  assetId: AssetId,
  transactionId: Schema.NullOr(TransactionId),
  ownerId: UserId,
  takerId: Schema.NullOr(UserId),
  /** `null` when nobody emitted it; absent from the answer of `POST /assessments`. */
  emitterId: Schema.optionalKey(Schema.NullOr(UserId)),
  receiverId: Schema.NullOr(UserId),
  /** Keyed by signer user id. */
  signers: Schema.Record(Schema.String, AssessmentSigner),
  /** Keyed by signer user id; the server shows only the codes the caller may see (none in lists). */
  signCodes: Schema.Record(Schema.String, Schema.NullOr(Schema.String)),
  nbSigners: Schema.Number,
  expirationDate: Schema.NullOr(DateString),
  signedDate: Schema.NullOr(DateString),
  assessmentDate: Schema.NullOr(DateString),
  ...customData,
  ...live
})
/** An assessment (`assm_`): a statement about an asset that its parties sign. */
export const Assessment: Resource<ReturnType<typeof assessmentFields>, T.Assessment> = /*#__PURE__*/ resourceOf(assessmentFields)

/** The outcome an assessment states. */
export type AssessmentStatement = "pass" | "challenge"

/** The status of an assessment. */
export type AssessmentStatus = "draft" | "accept" | "reject"

/** A signer as sent in a body; `null` (on update) removes the signer. */
export interface AssessmentSignerParams {
  comment?: string | null
  statement?: AssessmentStatement | null
}

/** Body of `POST /assessments`. */
export interface AssessmentCreateParams extends T.CustomDataParams {
  assetId: T.IdInput<T.AssetId>
  status?: AssessmentStatus | null
  statement?: AssessmentStatement | null
  transactionId?: T.IdInput<T.TransactionId> | null
  ownerId?: T.IdInput<T.UserId> | null
  takerId?: T.IdInput<T.UserId> | null
  emitterId?: T.IdInput<T.UserId> | null
  receiverId?: T.IdInput<T.UserId> | null
  signers?: Record<string, AssessmentSignerParams | null>
  nbSigners?: number
  expirationDate?: string | null
}

/** Body of `PATCH /assessments/:id`. */
export interface AssessmentUpdateParams
  extends Omit<AssessmentCreateParams, "assetId" | "transactionId" | "ownerId" | "takerId">
{
  signCodes?: Record<string, string | null>
}

/** Query of `GET /assessments`: `assetId` is required; results are sorted by `assessmentDate`. */
export interface AssessmentListParams extends T.PaginationParams {
  assetId: T.IdInput<T.AssetId>
  order?: T.SortOrder
}

/** Body of `POST /assessments/:id/signatures`. */
export interface AssessmentSignParams {
  signCode?: string | null
}
