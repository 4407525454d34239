/**
 * The user session: which access token goes with the next request, when it is refreshed, and what
 * is announced when the session changes.
 *
 * The session is one state machine over the token store. Every change that replaces the session
 * (a login, a logout, a change made elsewhere such as another tab) starts a new generation, and a
 * refresh applies its result only if the generation it started in is still the current one and
 * the store still holds the session it started from. So a refresh that lands late never writes an
 * old user's tokens back, and a refusal of an old refresh token never logs out a newer session.
 *
 * Before a call (unless the API key is secret) the session reads the store. When the access token
 * expires within the refresh margin, or cannot be decoded, and there is a refresh token or a
 * `beforeRefreshToken` hook, it refreshes first; concurrent calls share one refresh. Then:
 * - the refresh succeeds: the new access token is stored and `Refreshed` announced;
 * - the refresh token is refused (403): the tokens are removed, `Expired` is announced once, and
 *   every waiting call fails with `SessionExpired`;
 * - the refresh fails otherwise (network, server error, a failing or silent hook): the tokens are
 *   kept, `RefreshFailed` is announced, and the waiting calls fail with that error;
 * - the session was replaced meanwhile: the result is dropped and the waiting calls go on with the
 *   session that is current.
 *
 * Auth routes (login, token grants, logout) never refresh first. Only well-formed access tokens
 * (strings that decode as a JWT) are sent.
 *
 * @since 0.1.0
 */
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Redacted from "effect/Redacted"
import * as Queue from "effect/Queue"
import type * as Scope from "effect/Scope"
import * as Stream from "effect/Stream"
import type { InvalidArgument, MalformedResponse, NetworkError } from "./Errors.js"
import { HookError, MalformedResponse as Malformed, ServerError, SessionExpired } from "./Errors.js"
import type { BeforeRefreshToken, SettingsRef } from "./internal/client/settings.js"
import { DEFAULT_TIMEOUT, followSettings } from "./internal/client/settings.js"
import type { AccessTokenClaims } from "./internal/session/accessToken.js"
import { decodeAccessToken } from "./internal/session/accessToken.js"
import { limitHook } from "./internal/session/hooks.js"
import type { TraceRefresh } from "./internal/pipeline/spans.js"
import type { Transport } from "./internal/wire/apiTransport.js"
import type { Tokens } from "./TokenStore.js"
import { type TokenStore, TokenStore as TokenStoreService, wellFormed } from "./TokenStore.js"
import { coreOf, StelaceClient } from "./internal/client/core.js"
import { registerWriter } from "./internal/session/writer.js"

/** Why a refresh did not give a new access token, short of the session expiring. */
export type RefreshError = NetworkError | ServerError | MalformedResponse | HookError | InvalidArgument

/** The failures of getting the access token for a call. */
export type SessionError = SessionExpired | RefreshError

/** Something that happened to the session. */
export type SessionEvent =
  /** A login (or a token grant) stored a new session. */
  | { readonly _tag: "LoggedIn"; readonly tokens: Redacted.Redacted<Tokens> }
  /** The access token was refreshed. */
  | { readonly _tag: "Refreshed"; readonly tokens: Redacted.Redacted<Tokens> }
  /** A logout removed the session. */
  | { readonly _tag: "LoggedOut" }
  /** The refresh token was refused: the session is over, the user must log in again. */
  | { readonly _tag: "Expired"; readonly error: SessionExpired }
  /** A refresh failed for another reason; the session is kept and the next call tries again. */
  | { readonly _tag: "RefreshFailed"; readonly error: RefreshError }
  /** The stored session changed outside this client (another tab, or the store itself). */
  | { readonly _tag: "Changed"; readonly tokens: Redacted.Redacted<Tokens> | undefined }
  /** The organization the client acts as changed. */
  | { readonly _tag: "OrganizationChanged"; readonly organizationId: string | null }

/** Where a session stands. */
export type SessionStatus = "loading" | "anonymous" | "authenticated" | "expired"

/** Tokens as events carry them: `Redacted`, so logging an event never prints them. */
export const redact = (tokens: Tokens | undefined): Redacted.Redacted<Tokens> | undefined =>
  tokens === undefined ? undefined : Redacted.make(tokens)

/** What the stored access token says about the user (stelace.js's `auth.info()`). */
export interface SessionInfo {
  readonly isAuthenticated: boolean
  readonly userId: string | null
}

/**
 * The session as a value, for user interfaces: the same object until something changes, so it
 * can back React's `useSyncExternalStore`.
 */
export interface SessionSnapshot {
  /**
   * `loading` until the token store first answers (an asynchronous store), then `anonymous` or
   * `authenticated`; `expired` once the server refused the refresh token, until the next login,
   * logout or change from elsewhere. An expired snapshot keeps the user (and organization) it was
   * about, with no roles and no expiry.
   */
  readonly status: SessionStatus
  readonly userId: string | null
  /** The organization the client acts as (`x-stelace-organization-id`), if any. */
  readonly organizationId: string | null
  readonly roles: ReadonlyArray<string>
  /** When the access token expires (milliseconds since the epoch), if it says. */
  readonly expiresAt: number | null
}

export type { AccessTokenClaims }
export { decodeAccessToken }

/** The session of one user. */
export class Session extends Context.Service<Session, {
  /** The tokens to send with the next request, refreshed first when needed. */
  readonly tokens: Effect.Effect<Tokens | undefined, SessionError>
  /** The access token to send with the next request (well-formed, refreshed first when needed). */
  readonly accessToken: Effect.Effect<string | undefined, SessionError>
  /** The stored tokens as they are, never refreshed. */
  readonly current: Effect.Effect<Tokens | undefined, HookError>
  /** What auth routes (login, token grants, logout) send: the stored tokens, never refreshed; none with a secret key. */
  readonly authTokens: Effect.Effect<Tokens | undefined, HookError>
  /** Refreshes now (sharing a refresh already under way), whatever the token's expiry. */
  readonly refresh: Effect.Effect<Tokens | undefined, SessionError>
  /** Whether a user is logged in, and who, from the stored access token (no request). */
  readonly info: Effect.Effect<SessionInfo, HookError>
  /** The session as last seen: the same object until it changes. */
  readonly snapshot: () => SessionSnapshot
  /** Calls `listener` on every session event until the returned function is called. */
  readonly subscribe: (listener: (event: SessionEvent) => void) => () => void
}>()("stelace-effect/Session") {}

/** Session info from stored tokens, as stelace.js's `auth.info()` computed it. */
export const infoFromTokens = (tokens: Tokens | null | undefined): SessionInfo => {
  const claims = decodeAccessToken(wellFormed(tokens)?.accessToken)
  return claims ? { isAuthenticated: true, userId: claims.userId ?? null } : { isAuthenticated: false, userId: null }
}

const anonymous = (organizationId: string | null): SessionSnapshot => ({
  status: "anonymous",
  userId: null,
  organizationId,
  roles: [],
  expiresAt: null
})

/** The snapshot of a session whose store has not answered yet. */
export const loadingSnapshot = (organizationId: string | null): SessionSnapshot => ({
  ...anonymous(organizationId),
  status: "loading"
})

/** The snapshot of a session. */
export const snapshotOf = (tokens: Tokens | undefined, organizationId: string | null): SessionSnapshot => {
  const claims = tokens ? decodeAccessToken(tokens.accessToken) : undefined
  if (!claims || !tokens) return anonymous(organizationId)
  return {
    status: "authenticated",
    userId: claims.userId ?? (typeof tokens.userId === "string" ? tokens.userId : null),
    organizationId,
    roles: Array.isArray(claims.roles) ? claims.roles.filter((role): role is string => typeof role === "string") : [],
    expiresAt: typeof claims.exp === "number" ? claims.exp * 1000 : null
  }
}

/** Two reads of the store hold the same session, in the same state. */
const sameTokens = (a: Tokens | undefined, b: Tokens | undefined): boolean =>
  a === b || (a !== undefined && b !== undefined && a.accessToken === b.accessToken && a.refreshToken === b.refreshToken)

/** The session a set of tokens belongs to: its refresh token, or its access token without one. */
const sessionKey = (tokens: Tokens): string | undefined => tokens.refreshToken ?? tokens.accessToken

const Superseded: unique symbol = Symbol("stelace-effect/Session/Superseded")
const Unknown: unique symbol = Symbol("stelace-effect/Session/Unknown")
type Outcome = Tokens | typeof Superseded

const succeedUndefined = Effect.succeed(undefined)

/**
 * Builds a session over a store, reading it once to know where it starts. It reads the client's
 * settings where it needs them, and follows their changes (the organization) until its scope ends.
 *
 * @internal
 */
export const makeWith = (options: {
  readonly settings: SettingsRef
  readonly transport: Transport
  readonly store: TokenStore["Service"]
  readonly traceRefresh?: TraceRefresh | undefined
}): Effect.Effect<Session["Service"], never, Scope.Scope> =>
  Effect.gen(function*() {
    const { settings, store, traceRefresh, transport } = options
    const scope = yield* Effect.scope
    const listeners = new Set<(event: SessionEvent) => void>()
    const emit = (event: SessionEvent) => {
      for (const listener of listeners) {
        try {
          listener(event)
        } catch {
          // a listener's bug must not break the call that triggered the event
        }
      }
    }

    /** The tokens this session last saw in the store, or wrote there (`Unknown` before the first read). */
    let known: Tokens | undefined | typeof Unknown = Unknown
    let organizationId = settings.current.organizationId ?? null
    let snapshot = loadingSnapshot(organizationId)
    // the organization is the client's setting: the snapshot follows its changes (the Promise
    // facade's setOrganizationId) from now on, while an asynchronous store first answers too; a
    // session made per request stops following when its scope ends
    const unfollow = followSettings(settings, (next) => {
      const changed = next.organizationId ?? null
      if (changed === organizationId) return
      organizationId = changed
      // every snapshot is its tokens' (or the expired session's) with the organization
      snapshot = { ...snapshot, organizationId }
      emit({ _tag: "OrganizationChanged", organizationId })
    })
    /** Stops the store's change notifications, once they are followed. */
    let unsubscribe: (() => void) | undefined
    yield* Effect.addFinalizer(() =>
      Effect.sync(() => {
        unfollow()
        unsubscribe?.()
      })
    )

    /** Bumped by every change that replaces the session; a refresh belongs to one generation. */
    let generation = 0
    let flight: { readonly generation: number; readonly deferred: Deferred.Deferred<Outcome, SessionError> } | undefined

    let cachedToken: string | undefined
    let cachedClaims: AccessTokenClaims | undefined
    const claimsOf = (token: unknown): AccessTokenClaims | undefined => {
      if (token !== cachedToken || cachedToken === undefined) {
        cachedToken = typeof token === "string" ? token : undefined
        cachedClaims = decodeAccessToken(token)
      }
      return cachedClaims
    }

    /** A new generation: a refresh under way can no longer apply its result. */
    const supersede = () => {
      generation++
      const current = flight
      if (current) {
        flight = undefined
        Deferred.doneUnsafe(current.deferred, Effect.succeed(Superseded))
      }
    }

    /** Set while a login or logout writes the store: calls read the session once it is written. */
    let writing: Deferred.Deferred<void> | undefined

    /**
     * Replaces the session through `write`: a new generation at once (a refresh landing meanwhile is
     * dropped), and the calls waiting for a refresh resume only once the store holds the new
     * session, so none of them reads the old one and refreshes it again.
     */
    const replace = (write: Effect.Effect<void, HookError>, written: () => void): Effect.Effect<void, HookError> =>
      Effect.suspend(() => {
        generation++
        const superseded = flight
        flight = undefined
        const done = Deferred.makeUnsafe<void>()
        writing = done
        return Effect.ensuring(
          Effect.tap(write, () => Effect.sync(written)),
          Effect.sync(() => {
            if (writing === done) writing = undefined
            Deferred.doneUnsafe(done, Effect.void)
            if (superseded) Deferred.doneUnsafe(superseded.deferred, Effect.succeed(Superseded))
          })
        )
      })

    /** The store, once a login or logout under way has written it. */
    const settled: Effect.Effect<Tokens | undefined, HookError> = Effect.suspend(() =>
      writing === undefined ? store.get : Effect.andThen(Deferred.await(writing), store.get)
    )

    const remember = (tokens: Tokens | undefined) => {
      known = tokens
      snapshot = snapshotOf(tokens, organizationId)
    }

    /** Every read of the store goes through here: a change made elsewhere is noticed and announced. */
    const observe = (tokens: Tokens | undefined): Tokens | undefined => {
      if (known === Unknown) {
        remember(tokens)
      } else if (!sameTokens(tokens, known)) {
        supersede()
        remember(tokens)
        emit({ _tag: "Changed", tokens: redact(tokens) })
      }
      return tokens
    }

    const read = Effect.map(store.get, observe)
    // where the session starts (a store that fails to answer leaves the tokens unknown until the
    // next read, and the session anonymous rather than loading for ever). Failures are dropped
    // with `catch` rather than `Effect.ignore`, whose optional logging would carry effect's logger
    // and formatter into every bundle (2.1 KB gzip, `npm run bench:size`)
    yield* Effect.catch(read, () => Effect.void)
    if (snapshot.status === "loading") snapshot = anonymous(organizationId)

    if (store.subscribe) {
      // the store's notifications are read by a fiber of the session's scope (with the logger,
      // tracer and clock the session was built with), which ends with the scope; a notice that
      // comes while it reads is read after
      let notice = Deferred.makeUnsafe<void>()
      const readOnNotice: Effect.Effect<never> = Effect.suspend(() =>
        Effect.andThen(Deferred.await(notice), () => {
          notice = Deferred.makeUnsafe<void>()
          return Effect.andThen(Effect.catch(read, () => Effect.void), readOnNotice)
        })
      )
      yield* Effect.forkIn(readOnNotice, scope)
      unsubscribe = store.subscribe(() => {
        Deferred.doneUnsafe(notice, Effect.void)
      })
    }

    const hookTimeout = () => settings.current.timeout || DEFAULT_TIMEOUT

    /** The hook's tokens; `undefined` when it had none to give (the session stays as it is). */
    const refreshWithHook = (hook: BeforeRefreshToken, from: Tokens): Effect.Effect<Tokens | undefined, HookError> =>
      limitHook("beforeRefreshToken", hookTimeout(), Effect.suspend(() => hook(from))).pipe(
        Effect.flatMap((result) => {
          if (result === null || typeof result !== "object") return succeedUndefined
          const tokens = wellFormed(result)
          return tokens
            ? Effect.succeed(tokens)
            : Effect.fail(
              new HookError({
                message: "Stelace: beforeRefreshToken answered tokens whose accessToken or refreshToken is not a string",
                hook: "beforeRefreshToken",
                reason: { _tag: "Failed" }
              })
            )
        })
      )

    /** `POST /auth/token` with the refresh token: the new access token. */
    const refreshWithServer = (from: Tokens): Effect.Effect<Tokens, RefreshError> =>
      Effect.flatMap(
        transport.send({
          method: "POST",
          path: "/auth/token",
          body: { refreshToken: from.refreshToken, grantType: "refreshToken" }
        }),
        (response) => {
          const accessToken = (response.body as { accessToken?: unknown } | null)?.accessToken
          if (typeof accessToken === "string") return Effect.succeed({ accessToken })
          const error = new Malformed({
            message: "Expected the refresh answer to hold an accessToken",
            statusCode: response.status,
            requestId: response.requestId
          })
          return Effect.fail(error)
        }
      )

    /** The stored session, if it is still the one the refresh of `generation` started from. */
    const stillCurrent = (flightGeneration: number, from: Tokens) =>
      Effect.map(read, (now) =>
        generation === flightGeneration && now !== undefined && sessionKey(now) === sessionKey(from) ? now : undefined)

    const runRefresh = (from: Tokens, flightGeneration: number): Effect.Effect<Outcome, SessionError> => {
      const hook = settings.current.beforeRefreshToken
      const raw: Effect.Effect<Tokens | undefined, RefreshError> = hook ? refreshWithHook(hook, from) : refreshWithServer(from)
      const obtain = traceRefresh ? traceRefresh(raw) : raw
      return Effect.matchEffect(obtain, {
        onSuccess: (next) =>
          Effect.flatMap(stillCurrent(flightGeneration, from), (current): Effect.Effect<Outcome, SessionError> => {
            if (current === undefined) return Effect.succeed(Superseded)
            if (next === undefined) return Effect.succeed(current)
            const stored: Tokens = hook ? next : { ...current, accessToken: next.accessToken }
            return Effect.as(
              Effect.tap(store.set(stored), () =>
                Effect.sync(() => {
                  remember(stored)
                  emit({ _tag: "Refreshed", tokens: Redacted.make(stored) })
                })),
              stored
            )
          }),
        onFailure: (error) => {
          if (generation !== flightGeneration) return Effect.succeed(Superseded)
          if (!hook && error instanceof ServerError && error.lastResponse.statusCode === 403) {
            return Effect.flatMap(stillCurrent(flightGeneration, from), (current): Effect.Effect<Outcome, SessionError> => {
              if (current === undefined) return Effect.succeed(Superseded)
              const expired = new SessionExpired({
                message: "User session expired",
                statusCode: error.statusCode,
                data: error.data,
                cause: error
              })
              return store.remove.pipe(
                Effect.andThen(Effect.sync(() => {
                  // a new generation, but the calls waiting on this refresh fail with the expiry
                  generation++
                  const ended = snapshot
                  remember(undefined)
                  // the identity stays until the next login: pages keep their data meanwhile
                  snapshot = { ...ended, status: "expired", roles: [], expiresAt: null }
                  emit({ _tag: "Expired", error: expired })
                })),
                Effect.andThen(Effect.fail(expired))
              )
            })
          }
          return Effect.andThen(Effect.sync(() => emit({ _tag: "RefreshFailed", error })), Effect.fail(error))
        }
      })
    }

    /** One refresh at a time per generation: calls arriving meanwhile wait for its outcome. */
    const refreshFrom = (from: Tokens): Effect.Effect<Outcome, SessionError> =>
      Effect.suspend(() => {
        if (flight && flight.generation === generation) return Deferred.await(flight.deferred)
        const current = { generation, deferred: Deferred.makeUnsafe<Outcome, SessionError>() }
        flight = current
        return runRefresh(from, current.generation).pipe(
          Effect.onExit((exit) =>
            Effect.sync(() => {
              if (flight === current) flight = undefined
              Deferred.doneUnsafe(current.deferred, exit)
            })
          ),
          // the refresh belongs to the client, not to the call that started it: interrupting that
          // call must not cancel the refresh the others are waiting for
          Effect.forkIn(scope),
          Effect.andThen(Deferred.await(current.deferred))
        )
      })

    const canRefresh = (tokens: Tokens) => Boolean(tokens.refreshToken) || settings.current.beforeRefreshToken !== undefined

    /** The tokens for a call, refreshed first when needed; a superseded refresh starts over. */
    const forCall = (attempt: number): Effect.Effect<Tokens | undefined, SessionError> =>
      Effect.flatMap(settled, (stored) => {
        const current = observe(stored)
        if (current === undefined || !canRefresh(current)) return Effect.succeed(current)
        const claims = claimsOf(current.accessToken)
        return Effect.flatMap(Clock.currentTimeMillis, (now) => {
          const fresh = claims !== undefined && (typeof claims.exp !== "number" || claims.exp * 1000 - now > settings.current.refreshMargin)
          if (fresh) return Effect.succeed(current)
          return Effect.flatMap(refreshFrom(current), (outcome) =>
            outcome !== Superseded ? Effect.succeed(outcome) : attempt < 3 ? forCall(attempt + 1) : read)
        })
      })

    const tokens: Effect.Effect<Tokens | undefined, SessionError> = Effect.suspend(() =>
      settings.current.wire.secretKey ? succeedUndefined : forCall(0)
    )

    /** Only a token that decodes as a JWT goes on the wire. */
    const sendable = (current: Tokens | undefined): string | undefined =>
      current !== undefined && claimsOf(current.accessToken) !== undefined ? current.accessToken : undefined

    const accessToken: Effect.Effect<string | undefined, SessionError> = Effect.suspend(() =>
      settings.current.wire.secretKey ? succeedUndefined : Effect.map(forCall(0), sendable)
    )

    const session = Session.of({
      tokens,
      accessToken,
      current: read,
      authTokens: Effect.suspend(() => settings.current.wire.secretKey ? succeedUndefined : read),
      refresh: Effect.flatMap(read, (current) => {
        if (current === undefined || !canRefresh(current)) return Effect.succeed(current)
        return Effect.flatMap(refreshFrom(current), (outcome) => outcome === Superseded ? read : Effect.succeed(outcome))
      }),
      info: Effect.map(read, infoFromTokens),
      snapshot: () => snapshot,
      subscribe: (listener) => {
        listeners.add(listener)
        return () => {
          listeners.delete(listener)
        }
      },
    })
    registerWriter(session, {
      set: (next) =>
        replace(store.set(next), () => {
          remember(wellFormed(next))
          emit({ _tag: "LoggedIn", tokens: Redacted.make(next) })
        }),
      clear: replace(store.remove, () => {
        remember(undefined)
        emit({ _tag: "LoggedOut" })
      })
    })
    return session
  })

/**
 * The session of the user of `client`, over `store`.
 *
 * @internal
 */
export const makeFor = (client: StelaceClient["Service"], store: TokenStore["Service"]): Effect.Effect<Session["Service"], never, Scope.Scope> =>
  Effect.suspend(() => {
    // a client the SDK did not make has no core: a defect, as a misuse of the types would be
    // biome-ignore lint/style/noNonNullAssertion: every StelaceClient is made by the SDK, which gives it its core
    const core = coreOf(client)!
    return makeWith({ settings: core.settings, transport: core.transport, traceRefresh: core.traceRefresh, store })
  })

/**
 * Makes the session of one user: its tokens live in the `TokenStore` in context, its calls go
 * through the `StelaceClient` in context. The session ends with the scope.
 */
export const make: Effect.Effect<Session["Service"], never, StelaceClient | TokenStore | Scope.Scope> = /*#__PURE__*/ (() =>
  Effect.flatMap(Effect.service(StelaceClient), (client) =>
    Effect.flatMap(Effect.service(TokenStoreService), (store) => makeFor(client, store))))()

/**
 * The session of one user as a layer, over the `StelaceClient` and the `TokenStore` in context. A
 * server provides one per request (each with its own store), so each request acts as its own
 * user while the client stays app-wide; or keeps one per user with `LayerMap`.
 *
 * @example
 * ```ts
 * const handle = (request: Request) =>
 *   program.pipe(Effect.provide(Session.layer.pipe(Layer.provide(TokenStore.make(cookieStore(request))))))
 * ```
 */
export const layer: Layer.Layer<Session, never, StelaceClient | TokenStore> = /*#__PURE__*/ Layer.effect(Session, make)

/**
 * The session events of the client in context, as a stream: `LoggedIn`, `Refreshed`,
 * `LoggedOut`, `Expired` (once per expiry, however many calls were waiting), `RefreshFailed`,
 * `Changed` and `OrganizationChanged`.
 *
 * @example
 * ```ts
 * Session.events.pipe(
 *   Stream.filter((event) => event._tag === "Expired"),
 *   Stream.runForEach(() => Effect.log("please log in again"))
 * )
 * ```
 */
export const events: Stream.Stream<SessionEvent, never, Session> = /*#__PURE__*/ (() =>
  Stream.unwrap(
    Effect.map(Effect.service(Session), (session) =>
      Stream.callback<SessionEvent>((queue) =>
        Effect.acquireRelease(
          Effect.sync(() => session.subscribe((event) => Queue.offerUnsafe(queue, event))),
          (unsubscribe) => Effect.sync(unsubscribe)
        )
      ))
  ))()
