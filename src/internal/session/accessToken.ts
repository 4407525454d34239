/**
 * What a Stelace access token says: its claims, decoded without checking the signature (the
 * server checks it). Shared by the session and the call pipeline.
 */
import { jwtDecode } from "jwt-decode"

/** The claims of a Stelace access token. */
export interface AccessTokenClaims {
  readonly userId?: string
  readonly roles?: ReadonlyArray<string>
  readonly loggedAt?: number | null
  readonly iat?: number
  readonly exp?: number
  readonly [claim: string]: unknown
}

/** The claims of an access token, or `undefined` when it cannot be decoded. */
export const decodeAccessToken = (token: unknown): AccessTokenClaims | undefined => {
  if (typeof token !== "string") return undefined
  try {
    const claims = jwtDecode<AccessTokenClaims>(token)
    return claims !== null && typeof claims === "object" ? claims : undefined
  } catch {
    return undefined
  }
}
