/**
 * Where the user's session tokens live between calls.
 *
 * The `TokenStore` service is what the session reads before each call and writes after login,
 * refresh and logout. Pick a layer: `memory` (one store per client, the server-rendering choice),
 * `localStorage(options?)` (browsers; survives reloads and is shared by tabs), `make(custom)` (your
 * own object), or `default` (localStorage where it works, memory elsewhere).
 *
 * @since 0.1.0
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"

/**
 * The tokens of a user session, as `POST /auth/login` returns them. Stores keep whatever object
 * they are given (a `beforeRefreshToken` hook may add its own fields).
 */
export interface Tokens {
  readonly accessToken?: string | undefined
  readonly refreshToken?: string | undefined
  readonly tokenType?: string | undefined
  readonly userId?: string | undefined
  readonly [key: string]: unknown
}

/**
 * A store object in the shape stelace.js accepted. Methods may also return promises (for
 * asynchronous storage such as React Native's AsyncStorage) when used through `make`.
 */
export interface CustomTokenStore {
  getTokens(): Tokens | null | undefined | PromiseLike<Tokens | null | undefined>
  setTokens(tokens: Tokens): unknown
  removeTokens(): unknown
}

/** A store whose methods answer synchronously: the kind `auth.info()` can read without waiting. */
export interface SyncTokenStore extends CustomTokenStore {
  getTokens(): Tokens | null
  setTokens(tokens: Tokens): void
  removeTokens(): void
}

/** The token store used by a Stelace client. */
export class TokenStore extends Context.Service<TokenStore, {
  /** The stored tokens, `undefined` when there is no session. */
  readonly get: Effect.Effect<Tokens | undefined>
  /** Replaces the stored tokens. */
  readonly set: (tokens: Tokens) => Effect.Effect<void>
  /** Forgets the session. */
  readonly remove: Effect.Effect<void>
}>()("stelace-effect/TokenStore") {}

/** The localStorage key stelace.js used, kept so sessions survive a migration. */
export const DEFAULT_STORAGE_KEY = "stl-authtoken"

const assertTokens = (tokens: unknown): void => {
  if (tokens === null || typeof tokens !== "object") {
    throw new Error("Expected object as tokens value")
  }
}

const parseTokens = (raw: string | null): Tokens | null | "corrupted" => {
  if (raw === null) return null
  try {
    const value: unknown = JSON.parse(raw)
    return value !== null && typeof value === "object" && !Array.isArray(value) ? value as Tokens : "corrupted"
  } catch {
    return "corrupted"
  }
}

/**
 * A store kept in this object only (as JSON, so callers never share a mutable object with it).
 * Each call creates an independent store.
 */
export const makeMemoryStore = (): SyncTokenStore => {
  let raw: string | null = null
  return {
    getTokens: () => parseTokens(raw) as Tokens | null,
    setTokens: (tokens) => {
      assertTokens(tokens)
      raw = JSON.stringify(tokens)
    },
    removeTokens: () => {
      raw = null
    }
  }
}

/** Options of the localStorage store. */
export interface LocalStorageOptions {
  /** Storage key; defaults to `stl-authtoken`, the key stelace.js used. */
  readonly key?: string | undefined
  /** The `Storage` to use; defaults to `globalThis.localStorage`. */
  readonly storage?: Storage | undefined
}

const globalStorage = (): Storage | undefined => {
  try {
    // reading `localStorage` itself throws where storage is blocked
    return (globalThis as { localStorage?: Storage }).localStorage ?? undefined
  } catch {
    return undefined
  }
}

/**
 * A store backed by `localStorage`, read on every call so a login or logout in another tab is seen
 * by the next request. Corrupted JSON counts as no session and is cleared; when the storage is
 * missing or throws (private browsing, quota, server rendering) the store carries on in memory.
 */
export const makeLocalStorageStore = (options: LocalStorageOptions = {}): SyncTokenStore => {
  const key = options.key ?? DEFAULT_STORAGE_KEY
  let storage = options.storage ?? globalStorage()
  const fallback = makeMemoryStore()
  const useFallback = <A>(f: () => A): A => {
    storage = undefined
    return f()
  }
  return {
    getTokens: () => {
      if (!storage) return fallback.getTokens()
      let raw: string | null
      try {
        raw = storage.getItem(key)
      } catch {
        return useFallback(fallback.getTokens)
      }
      const tokens = parseTokens(raw)
      if (tokens !== "corrupted") return tokens
      try {
        storage.removeItem(key)
      } catch {
        // nothing more to clear
      }
      return null
    },
    setTokens: (tokens) => {
      assertTokens(tokens)
      if (storage) {
        try {
          storage.setItem(key, JSON.stringify(tokens))
          return
        } catch {
          storage = undefined
        }
      }
      fallback.setTokens(tokens)
    },
    removeTokens: () => {
      fallback.removeTokens()
      if (!storage) return
      try {
        storage.removeItem(key)
      } catch {
        storage = undefined
      }
    }
  }
}

const storageWorks = (storage: Storage | undefined): storage is Storage => {
  if (!storage) return false
  try {
    const probe = `${DEFAULT_STORAGE_KEY}-probe`
    storage.setItem(probe, "1")
    storage.removeItem(probe)
    return true
  } catch {
    return false
  }
}

/** localStorage when it is present and writable, else a fresh memory store. */
export const makeDefaultStore = (options: LocalStorageOptions = {}): SyncTokenStore => {
  const storage = options.storage ?? globalStorage()
  return storageWorks(storage) ? makeLocalStorageStore({ ...options, storage }) : makeMemoryStore()
}

const isThenable = (u: unknown): u is PromiseLike<unknown> =>
  typeof u === "object" && u !== null && typeof (u as { then?: unknown }).then === "function"

const run = <A>(f: () => A): Effect.Effect<Awaited<A>> =>
  Effect.suspend(() => {
    const result = f()
    return isThenable(result) ? Effect.promise(() => Promise.resolve(result)) : Effect.succeed(result as Awaited<A>)
  })

/** Adapts a `{ getTokens, setTokens, removeTokens }` object to the `TokenStore` service. */
export const fromCustom = (custom: CustomTokenStore): TokenStore["Service"] =>
  TokenStore.of({
    get: Effect.map(run(() => custom.getTokens()), (tokens) =>
      tokens !== null && typeof tokens === "object" ? tokens : undefined),
    set: (tokens) => Effect.asVoid(run(() => custom.setTokens(tokens))),
    remove: Effect.asVoid(run(() => custom.removeTokens()))
  })

/** A store in memory that belongs to one client: every build of the layer gets its own. */
export const memory: Layer.Layer<TokenStore> = Layer.fresh(
  Layer.sync(TokenStore, () => fromCustom(makeMemoryStore()))
)

/** A store in `localStorage` (key `stl-authtoken` by default), falling back to memory. */
export const localStorage = (options?: LocalStorageOptions): Layer.Layer<TokenStore> =>
  Layer.sync(TokenStore, () => fromCustom(makeLocalStorageStore(options)))

/**
 * Your own store.
 *
 * @example
 * ```ts
 * const cookieStore = TokenStore.make({
 *   getTokens: () => JSON.parse(cookies.get("session") ?? "null"),
 *   setTokens: (tokens) => cookies.set("session", JSON.stringify(tokens)),
 *   removeTokens: () => cookies.delete("session")
 * })
 * ```
 */
export const make = (custom: CustomTokenStore): Layer.Layer<TokenStore> => Layer.succeed(TokenStore, fromCustom(custom))

const defaultLayer: Layer.Layer<TokenStore> = Layer.fresh(
  Layer.sync(TokenStore, () => fromCustom(makeDefaultStore()))
)

export {
  /** localStorage where it is available and writable, otherwise a memory store of this client. */
  defaultLayer as default
}
