/**
 * Where the user's session tokens live between calls.
 *
 * The `TokenStore` service is what the session reads before each call and writes after login,
 * refresh and logout. Pick a layer: `memory` (one store per client, the server-rendering choice),
 * `localStorage(options?)` (browsers; survives reloads and is shared by tabs), `make(custom)` (your
 * own object), or `localStorageOrMemory` (localStorage where it works, memory elsewhere).
 *
 * Whatever a store holds, the session only ever sends well-formed tokens: a stored value that is
 * not an object, or whose `accessToken` or `refreshToken` is not a string, counts as no session.
 *
 * @since 0.1.0
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Queue from "effect/Queue"
import * as Stream from "effect/Stream"
import type { HookError } from "./Errors.js"
import { hookFailed, isThenable, limitHook } from "./internal/session/hooks.js"

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
 *
 * `subscribe` is optional: a store whose tokens can change outside this client (another tab,
 * another process) calls `listener` when they do, so the session announces the change at once
 * instead of at the next call.
 */
export interface CustomTokenStore {
  getTokens(): Tokens | null | undefined | PromiseLike<Tokens | null | undefined>
  setTokens(tokens: Tokens): unknown
  removeTokens(): unknown
  subscribe?(listener: () => void): () => void
}

/** A store whose methods answer synchronously: the kind `auth.info()` can read without waiting. */
export interface SyncTokenStore extends CustomTokenStore {
  getTokens(): Tokens | null
  setTokens(tokens: Tokens): void
  removeTokens(): void
}

/** The token store used by a Stelace client. */
export class TokenStore extends Context.Service<TokenStore, {
  /** The stored tokens, `undefined` when there is no session (or what is stored is malformed). */
  readonly get: Effect.Effect<Tokens | undefined, HookError>
  /** Replaces the stored tokens. */
  readonly set: (tokens: Tokens) => Effect.Effect<void, HookError>
  /** Forgets the session. */
  readonly remove: Effect.Effect<void, HookError>
  /** One element each time the tokens change outside this client (another tab); empty for a store that cannot tell. */
  readonly changes: Stream.Stream<void>
}>()("stelace-effect/TokenStore") {}

/** The localStorage key stelace.js used, kept so sessions survive a migration. */
export const DEFAULT_STORAGE_KEY = "stl-authtoken"

/** How long a store's method may take before the call waiting for it fails: 10 seconds. */
export const DEFAULT_STORE_TIMEOUT = 10_000

const assertTokens = (tokens: unknown): void => {
  if (tokens === null || typeof tokens !== "object") {
    throw new Error("Expected object as tokens value")
  }
}

const optionalString = (u: unknown) => u === undefined || typeof u === "string"

/**
 * The tokens in `value`, or `undefined` when it is no session: not an object, an array, or an
 * `accessToken` / `refreshToken` that is not a string (a number would be sent as `token=42`).
 */
export const wellFormed = (value: unknown): Tokens | undefined => {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return undefined
  const tokens = value as Tokens
  return optionalString(tokens.accessToken) && optionalString(tokens.refreshToken) ? tokens : undefined
}

const parseTokens = (raw: string | null): Tokens | null | "corrupted" => {
  if (raw === null) return null
  try {
    return wellFormed(JSON.parse(raw)) ?? "corrupted"
  } catch {
    return "corrupted"
  }
}

/**
 * A store kept in this object only (as JSON, so callers never share a mutable object with it).
 * Each call creates an independent store.
 */
export const makeMemoryStore = (): SyncTokenStore => {
  let tokens: Tokens | null = null
  return {
    // a frozen copy made through JSON: callers never share a mutable object with the store
    getTokens: () => tokens,
    setTokens: (next) => {
      assertTokens(next)
      const copy = parseTokens(JSON.stringify(next))
      tokens = copy === "corrupted" || copy === null ? null : Object.freeze(copy)
    },
    removeTokens: () => {
      tokens = null
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

interface StorageEventTarget {
  addEventListener(type: "storage", listener: (event: { key: string | null; storageArea: unknown }) => void): void
  removeEventListener(type: "storage", listener: (event: { key: string | null; storageArea: unknown }) => void): void
}

const eventTarget = (): StorageEventTarget | undefined => {
  const target = (globalThis as { window?: Partial<StorageEventTarget> }).window
  return typeof target?.addEventListener === "function" ? target as StorageEventTarget : undefined
}

/**
 * A store backed by `localStorage`, read on every call so a login or logout in another tab is seen
 * by the next request (and announced at once, through the `storage` event, where there is a
 * window). Corrupted or malformed values count as no session and are cleared.
 *
 * When storage fails, the store carries on in memory without ever bringing back a session that
 * was replaced or removed: a failed write also clears the key (so a reload cannot restore the
 * previous user's tokens), and a failed read serves the memory copy for that read only.
 */
export const makeLocalStorageStore = (options: LocalStorageOptions = {}): SyncTokenStore => {
  const key = options.key ?? DEFAULT_STORAGE_KEY
  const storage = options.storage ?? globalStorage()
  const memory = makeMemoryStore()
  // true while storage does not hold what this store last wrote (its write or removal failed)
  let memoryAhead = storage === undefined
  const clear = () => {
    try {
      storage?.removeItem(key)
      return true
    } catch {
      return false
    }
  }
  return {
    getTokens: () => {
      if (memoryAhead || !storage) return memory.getTokens()
      let raw: string | null
      try {
        raw = storage.getItem(key)
      } catch {
        return memory.getTokens()
      }
      const tokens = parseTokens(raw)
      if (tokens !== "corrupted") return tokens
      clear()
      return null
    },
    setTokens: (tokens) => {
      assertTokens(tokens)
      memory.setTokens(tokens)
      if (!storage) return
      try {
        storage.setItem(key, JSON.stringify(tokens))
        memoryAhead = false
      } catch {
        // quota or blocked storage: the previous session must not survive in it
        clear()
        memoryAhead = true
      }
    },
    removeTokens: () => {
      memory.removeTokens()
      if (!storage) return
      memoryAhead = !clear()
    },
    subscribe: (listener) => {
      const target = eventTarget()
      if (!storage || !target) return () => {}
      const onStorage = (event: { key: string | null; storageArea: unknown }) => {
        if ((event.key === key || event.key === null) && (event.storageArea === storage || event.storageArea == null)) {
          memoryAhead = false
          listener()
        }
      }
      target.addEventListener("storage", onStorage)
      return () => target.removeEventListener("storage", onStorage)
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

/**
 * Runs `f`, code the application gave the SDK: what it throws, or a promise that rejects or does
 * not settle within `timeout` milliseconds, fails with `HookError`.
 *
 * @internal
 */
export const runHook = <A>(hook: HookError["hook"], timeout: number, f: () => A): Effect.Effect<Awaited<A>, HookError> =>
  Effect.suspend(() => {
    let result: A
    try {
      result = f()
    } catch (cause) {
      return Effect.fail(hookFailed(hook, cause))
    }
    if (!isThenable(result)) return Effect.succeed(result as Awaited<A>)
    return limitHook(hook, timeout, Effect.promise(() => Promise.resolve(result))) as Effect.Effect<Awaited<A>, HookError>
  })

/** A store's change notifications (`subscribe(listener)`), as a stream. */
const changesOf = (store: Pick<CustomTokenStore, "subscribe">): Stream.Stream<void> =>
  typeof store.subscribe === "function"
    ? Stream.callback<void>((queue) =>
      Effect.acquireRelease(
        // biome-ignore lint/style/noNonNullAssertion: checked in the condition; TypeScript drops a property's narrowing inside the closure
        Effect.sync(() => store.subscribe!(() => Queue.offerUnsafe(queue, undefined))),
        (stop) => Effect.sync(stop)
      )
    )
    : Stream.empty

/** Options of `fromCustom` and `make`. */
export interface CustomStoreOptions {
  /** Milliseconds a method may take before the call waiting for it fails; defaults to 10000. */
  readonly timeout?: number | undefined
}

/** Adapts a `{ getTokens, setTokens, removeTokens }` object to the `TokenStore` service. */
export const fromCustom = (custom: CustomTokenStore, options: CustomStoreOptions = {}): TokenStore["Service"] => {
  const timeout = options.timeout ?? DEFAULT_STORE_TIMEOUT
  const slowGet = (result: unknown) =>
    Effect.map(runHook("getTokens", timeout, () => result), wellFormed)
  return TokenStore.of({
    get: Effect.suspend(() => {
      let result: unknown
      try {
        result = custom.getTokens()
      } catch (cause) {
        return runHook("getTokens", timeout, () => {
          throw cause
        })
      }
      return isThenable(result) ? slowGet(result) : Effect.succeed(wellFormed(result))
    }),
    set: (tokens) => Effect.asVoid(runHook("setTokens", timeout, () => custom.setTokens(tokens))),
    remove: Effect.asVoid(runHook("removeTokens", timeout, () => custom.removeTokens())),
    changes: changesOf(custom)
  })
}

/** Adapts one of the built-in stores, which answer synchronously and never throw but on tokens that are not an object. */
const fromBuiltIn = (store: SyncTokenStore): TokenStore["Service"] =>
  TokenStore.of({
    get: Effect.sync(() => wellFormed(store.getTokens())),
    set: (tokens) =>
      Effect.try({
        try: () => store.setTokens(tokens),
        catch: (cause) => hookFailed("setTokens", cause)
      }),
    remove: Effect.sync(() => store.removeTokens()),
    changes: changesOf(store)
  })

/** A store in memory that belongs to one client: every build of the layer gets its own. */
export const memory: Layer.Layer<TokenStore> = /*#__PURE__*/ Layer.fresh(
  /*#__PURE__*/ Layer.sync(TokenStore, () => fromBuiltIn(makeMemoryStore()))
)

/** A store in `localStorage` (key `stl-authtoken` by default), falling back to memory. */
export const localStorage = (options?: LocalStorageOptions): Layer.Layer<TokenStore> =>
  Layer.sync(TokenStore, () => fromBuiltIn(makeLocalStorageStore(options)))

/**
 * Your own store. Methods may answer synchronously or with a promise; one that throws, rejects
 * or takes longer than `timeout` (10 s by default) fails the call waiting for it with `HookError`.
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
export const make = (custom: CustomTokenStore, options?: CustomStoreOptions): Layer.Layer<TokenStore> =>
  Layer.succeed(TokenStore, fromCustom(custom, options))

/** localStorage where it is available and writable, otherwise a memory store of this client. */
export const localStorageOrMemory: Layer.Layer<TokenStore> = /*#__PURE__*/ Layer.fresh(
  /*#__PURE__*/ Layer.sync(TokenStore, () => fromBuiltIn(makeDefaultStore()))
)
