import * as Schema from "effect/Schema"
import type * as T from "../../../Types.js"
import { as, get, post } from "../model.js"
import { DateString, OpenRecord, type Resource, resourceOf } from "../schemaParts.js"
import { UserId } from "../sharedSchemas.js"

/**
 * Token checks: one-time links such as email confirmation (`/token/check`).
 *
 * @apiReference Check API
 * @since 0.1.0
 */
export const tokens = {
  /** Creates a check token, e.g. for email confirmation (`POST /token/check/request`). */
  checkRequest: /*#__PURE__*/ post("/token/check/request", as<T.Success, T.TokenCheckRequestParams>),
  /** Confirms a check token (`GET /token/check/:token`). */
  checkConfirm: /*#__PURE__*/ get("/token/check/:token", as<T.TokenCheckResult, T.TokenCheckConfirmParams>)
}

/** The outcome of a token check. */
export const TokenCheckStatus: Schema.Codec<T.TokenCheckStatus> = /*#__PURE__*/ Schema.Literals(["valid", "invalid", "expired", "alreadyChecked"])

const tokenCheckResultFields = () => ({
  status: TokenCheckStatus,
  type: Schema.NullOr(Schema.String),
  userId: Schema.NullOr(UserId),
  expirationDate: Schema.NullOr(DateString),
  data: OpenRecord
})
/** Result of `GET /token/check/:token` without `redirect`. */
export const TokenCheckResult: Resource<ReturnType<typeof tokenCheckResultFields>, T.TokenCheckResult> = /*#__PURE__*/ resourceOf(tokenCheckResultFields)

/** Body of `POST /token/check/request`: emits `token__check_requested` with the token. */
export interface TokenCheckRequestParams {
  /** Any check kind, e.g. `"email"`. */
  type: string
  /** Defaults to the current user. */
  userId?: T.IdInput<T.UserId>
  expirationDate?: string
  /** Where `GET /token/check/:token?redirect=true` sends the user. */
  redirectUrl?: string
  data?: Record<string, unknown>
}

/** Query of `GET /token/check/:token`; with `redirect` the server answers with a redirect. */
export interface TokenCheckConfirmParams {
  redirect?: boolean
}

/** The outcome of a token check. */
export type TokenCheckStatus = "valid" | "invalid" | "expired" | "alreadyChecked"
