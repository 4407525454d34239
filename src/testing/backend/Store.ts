/**
 * The in-memory state of one backend instance: collections of exposed objects, configuration,
 * passwords and the auth tables. Nothing here is module-global, so two backends never share data.
 */
import { Rooms } from "../signal/Rooms.js"

/**
 * A stored object. Objects are free-form JSON, as in the real API, so fields are read loosely;
 * each family checks its inputs before storing them.
 */
// biome-ignore lint/suspicious/noExplicitAny: stored JSON is read loosely, as said above; inputs are validated before they are stored
export type Doc = Record<string, any>

/** A refresh token row (type `refresh` in the real `authToken` table). */
export interface RefreshToken {
  readonly userId: string
  readonly userAgent: string | undefined
  readonly loggedAt: number
  readonly expiresAt: number
  /** A single sign-on session's connection and ID token. */
  readonly provider?: string | undefined
  readonly idToken?: string | undefined
}

/** A one-time code exchanged by `POST /auth/token` with `grantType: 'authorizationCode'`. */
export interface AuthorizationCode {
  readonly userId: string
  readonly expiresAt: number
  used: boolean
  /** The single sign-on connection and ID token of the session it opens. */
  readonly provider?: string | undefined
  readonly idToken?: string | undefined
}

/** What the `state` of a login or logout through an identity provider stands for. */
export interface SsoState {
  readonly kind: "login" | "logout"
  readonly provider: string
  readonly expiresAt: number
  readonly codeVerifier?: string
  readonly nonce?: string
  /** The session a logout ends. */
  readonly refreshToken?: string
}

/** A password reset token, valid 10 minutes. */
export interface ResetToken {
  readonly userId: string
  readonly expiresAt: number
}

/** A token created by `POST /token/check/request`. */
export interface CheckToken {
  readonly type: string
  readonly userId: string | null
  readonly expirationDate: string | null
  readonly redirectUrl: string | null
  readonly data: Doc
  checked: boolean
}

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"

/** A random alphanumeric string from the platform's CSPRNG. */
export const randomString = (length: number): string => {
  const bytes = new Uint8Array(length)
  globalThis.crypto.getRandomValues(bytes)
  let out = ""
  for (const byte of bytes) out += ALPHABET[byte % ALPHABET.length]
  return out
}

/** A new object id: the real prefix, `_`, random characters, 24 characters in all. */
export const newId = (prefix: string): string => `${prefix}_${randomString(Math.max(8, 23 - prefix.length))}`

/** A random UUID v4 (request ids). */
export const uuid = (): string => globalThis.crypto.randomUUID()

const isPlainObject = (value: unknown): value is Doc =>
  typeof value === "object" && value !== null && !Array.isArray(value)

/** Deep-merges `patch` into `base` (objects merge, everything else replaces). */
export const deepMerge = (base: unknown, patch: unknown): unknown => {
  if (!isPlainObject(base) || !isPlainObject(patch)) return structuredClone(patch)
  const merged: Doc = { ...base }
  for (const [key, value] of Object.entries(patch)) merged[key] = deepMerge(Object.hasOwn(base, key) ? base[key] : undefined, value)
  return merged
}

/**
 * How the real server merges a PATCH into a JSON column (its `stl_jsonb_deep_merge` SQL
 * function): objects merge key by key, anything else replaces, and two empty objects merge into
 * `null` (an aggregate over no keys), so `PATCH { metadata: {} }` on empty metadata gives `null`.
 */
export const jsonbMerge = (base: unknown, patch: unknown): unknown => {
  if (patch === undefined) return structuredClone(base)
  if (!isPlainObject(base) || !isPlainObject(patch)) return structuredClone(patch)
  const keys = new Set([...Object.keys(base), ...Object.keys(patch)])
  if (keys.size === 0) return null
  const merged: Doc = {}
  for (const key of keys) {
    // own keys only: `toString` or `hasOwnProperty` are data here, not what every object inherits
    merged[key] = !Object.hasOwn(patch, key)
      ? structuredClone(base[key])
      : !Object.hasOwn(base, key)
      ? structuredClone(patch[key])
      : jsonbMerge(base[key], patch[key])
  }
  return merged
}

/**
 * A number as a PostgreSQL `real` column (4 bytes) gives it back: the real server keeps prices
 * and amounts in such columns, so 37.050000000000004 is read back as 37.05.
 */
export const float4 = (value: unknown): unknown => {
  if (typeof value !== "number" || !Number.isFinite(value)) return value
  const stored = Math.fround(value)
  for (let digits = 1; digits <= 9; digits++) {
    const shortest = Number(stored.toPrecision(digits))
    if (Math.fround(shortest) === stored) return shortest
  }
  return stored
}

/** A document with some of its numbers stored as `real` columns. */
export const withFloat4 = (doc: Doc, fields: ReadonlyArray<string>): Doc => {
  const stored = { ...doc }
  for (const field of fields) if (field in stored) stored[field] = float4(stored[field])
  return stored
}

/** The in-memory database of one backend. */
export class Store {
  private readonly collections = new Map<string, Map<string, Doc>>()
  private lastTimestamp = 0

  /** Public configuration (`GET /config`). */
  config: Doc = {}
  /** Private configuration (`GET /config/private`). */
  privateConfig: Doc = {}
  /** Passwords by user id (kept apart from the exposed user objects). */
  readonly passwords = new Map<string, string>()
  /** Refresh tokens by token. */
  readonly refreshTokens = new Map<string, RefreshToken>()
  /** Authorization codes by code. */
  readonly authorizationCodes = new Map<string, AuthorizationCode>()
  /** Logins and logouts through identity providers under way, by `state`. */
  readonly ssoStates = new Map<string, SsoState>()
  /** User ids by connection and provider's user id (joined by a NUL). */
  readonly ssoIdentities = new Map<string, string>()
  /** Password reset tokens by token. */
  readonly resetTokens = new Map<string, ResetToken>()
  /** When each user last asked for password resets (ms), the recent ones only: the rate limit's. */
  readonly resetRequests = new Map<string, ReadonlyArray<number>>()
  /**
   * For a user whose password was reset: the first second (`iat`) of the access tokens that still
   * count. Those issued before the reset are refused as expired ones are.
   */
  readonly tokensValidFrom = new Map<string, number>()
  /** Check tokens by token. */
  readonly checkTokens = new Map<string, CheckToken>()
  /** Who listens on which signal channel (`/signal`). */
  readonly signalRooms = new Rooms()
  /** Told of each event once recorded (`Backend.onEvent`). */
  readonly eventListeners = new Set<(event: Doc) => void>()

  private collection(name: string): Map<string, Doc> {
    let found = this.collections.get(name)
    if (found === undefined) {
      found = new Map()
      this.collections.set(name, found)
    }
    return found
  }

  /** Every object of a collection, in insertion order. */
  all(name: string): Array<Doc> {
    return Array.from(this.collection(name).values())
  }

  /** One object by id. */
  get(name: string, id: string): Doc | undefined {
    return this.collection(name).get(id)
  }

  /** Inserts or replaces an object. */
  put(name: string, doc: Doc): Doc {
    this.collection(name).set(doc.id as string, doc)
    return doc
  }

  /** Removes an object. */
  delete(name: string, id: string): void {
    this.collection(name).delete(id)
  }

  /**
   * An ISO timestamp for a new or updated object: the clock's time, nudged forward by a
   * millisecond when needed so that successive writes keep a strict order (lists sort on it).
   */
  timestamp(now: number): string {
    const next = Math.max(now, this.lastTimestamp + 1)
    this.lastTimestamp = next
    return new Date(next).toISOString()
  }
}
