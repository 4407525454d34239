/**
 * What a Stelace access token says: its claims, decoded without checking the signature (the
 * server checks it). Shared by the session and the call pipeline.
 */
import { jwtDecode } from "jwt-decode"
import type { AccessTokenClaims } from "../routes/families/auth.js"

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
