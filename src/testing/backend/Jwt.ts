/**
 * HS256 JSON Web Tokens with WebCrypto (`globalThis.crypto.subtle`), so the backend runs in Node
 * 20 and in browsers without a dependency.
 */
import * as Effect from "effect/Effect"

/** Claims of the access tokens the backend signs (and what it reads from tokens). */
export interface Claims {
  readonly userId?: string
  readonly sub?: string
  readonly roles?: ReadonlyArray<string>
  readonly loggedAt?: number | null
  readonly iat?: number
  readonly exp?: number
  readonly [claim: string]: unknown
}

const encoder = new TextEncoder()
const decoder = new TextDecoder()

const toBase64Url = (bytes: Uint8Array): string => {
  let binary = ""
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "")
}

const fromBase64Url = (text: string): Uint8Array => {
  const base64 = text.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((text.length + 3) % 4)
  const binary = atob(base64)
  return Uint8Array.from(binary, (char) => char.charCodeAt(0))
}

const encodeJson = (value: unknown): string => toBase64Url(encoder.encode(JSON.stringify(value)))

/** A signing key for one secret; import it once and reuse it. */
export interface SigningKey {
  readonly key: CryptoKey
}

/** Imports an HMAC SHA-256 key from a secret string. */
export const importKey = (secret: string): Effect.Effect<SigningKey> =>
  Effect.promise(() =>
    globalThis.crypto.subtle.importKey(
      "raw",
      encoder.encode(secret),
      { name: "HMAC", hash: "SHA-256" },
      false,
      ["sign", "verify"]
    )
  ).pipe(Effect.map((key) => ({ key })))

/** Signs claims into a compact HS256 JWT. */
export const sign = (claims: Claims, key: SigningKey): Effect.Effect<string> => {
  const unsigned = `${encodeJson({ alg: "HS256", typ: "JWT" })}.${encodeJson(claims)}`
  return Effect.promise(() => globalThis.crypto.subtle.sign("HMAC", key.key, encoder.encode(unsigned))).pipe(
    Effect.map((signature) => `${unsigned}.${toBase64Url(new Uint8Array(signature))}`)
  )
}

/** Decodes a JWT's payload without checking the signature; `undefined` when not a JWT. */
export const decode = (token: string): Claims | undefined => {
  const parts = token.split(".")
  if (parts.length !== 3) return undefined
  try {
    const header: unknown = JSON.parse(decoder.decode(fromBase64Url(parts[0]!)))
    const payload: unknown = JSON.parse(decoder.decode(fromBase64Url(parts[1]!)))
    if (typeof header !== "object" || header === null) return undefined
    if (typeof payload !== "object" || payload === null || Array.isArray(payload)) return undefined
    return Object.keys(payload).length === 0 ? undefined : (payload as Claims)
  } catch {
    return undefined
  }
}

/** Checks an HS256 signature; the claims when it holds, `undefined` otherwise (expiry not checked). */
export const verify = (token: string, key: SigningKey): Effect.Effect<Claims | undefined> => {
  const parts = token.split(".")
  const claims = decode(token)
  if (parts.length !== 3 || claims === undefined) return Effect.succeed(undefined)
  let signature: Uint8Array
  try {
    signature = fromBase64Url(parts[2]!)
  } catch {
    return Effect.succeed(undefined)
  }
  return Effect.promise(() =>
    globalThis.crypto.subtle.verify(
      "HMAC",
      key.key,
      signature as Uint8Array<ArrayBuffer>,
      encoder.encode(`${parts[0]}.${parts[1]}`)
    )
  ).pipe(Effect.map((valid) => (valid ? claims : undefined)))
}
