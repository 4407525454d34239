/**
 * The user session: which tokens go with the next request, when they are refreshed, and how an
 * expired session is announced.
 *
 * Before a call (unless the API key is secret) the session reads the token store. When the access
 * token expires within the refresh margin, or cannot be decoded, and there is a refresh token or a
 * `beforeRefreshToken` hook, it refreshes first. Concurrent calls share one refresh. A 403 on
 * refresh removes the tokens, fails every call waiting for that refresh with `SessionExpired`, and
 * announces the expiry once to `events` subscribers. Any other refresh failure keeps the old tokens.
 *
 * @since 0.1.0
 */
import { jwtDecode } from "jwt-decode"
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import * as Queue from "effect/Queue"
import type * as Scope from "effect/Scope"
import * as Stream from "effect/Stream"
import { ServerError, SessionExpired } from "./Errors.js"
import type { Settings } from "./internal/settings.js"
import { isSecretApiKey } from "./internal/settings.js"
import type { Transport } from "./internal/transport.js"
import type { TokenStore, Tokens } from "./TokenStore.js"

/** Something that happened to the session. */
export type SessionEvent =
  | { readonly _tag: "LoggedIn"; readonly tokens: Tokens }
  | { readonly _tag: "Refreshed"; readonly tokens: Tokens }
  | { readonly _tag: "LoggedOut" }
  | { readonly _tag: "Expired"; readonly error: SessionExpired }

/** What the stored access token says about the user. */
export interface SessionInfo {
  readonly isAuthenticated: boolean
  readonly userId: string | null
}

/** The claims of a Stelace access token. */
export interface AccessTokenClaims {
  readonly userId?: string
  readonly roles?: ReadonlyArray<string>
  readonly loggedAt?: number | null
  readonly iat?: number
  readonly exp?: number
  readonly [claim: string]: unknown
}

/** The session of one client. */
export class Session extends Context.Service<Session, {
  /** The tokens to send with the next request, refreshed first when needed. */
  readonly tokens: Effect.Effect<Tokens | undefined, SessionExpired>
  /** Refreshes now (sharing a refresh already under way), whatever the token's expiry. */
  readonly refresh: Effect.Effect<Tokens | undefined, SessionExpired>
  /** Stores the tokens of a new session (after login) and announces it. */
  readonly set: (tokens: Tokens) => Effect.Effect<void>
  /** Removes the tokens (after logout) and announces it. */
  readonly clear: Effect.Effect<void>
  /** Whether a user is logged in, and who, from the stored access token (no request). */
  readonly info: Effect.Effect<SessionInfo>
  /** Calls `listener` on every session event until the returned function is called. */
  readonly subscribe: (listener: (event: SessionEvent) => void) => () => void
}>()("stelace-effect/Session") {}

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

/** Session info from stored tokens, as stelace.js's `auth.info()` computed it. */
export const infoFromTokens = (tokens: Tokens | null | undefined): SessionInfo => {
  const claims = tokens ? decodeAccessToken(tokens.accessToken) : undefined
  return claims ? { isAuthenticated: true, userId: claims.userId ?? null } : { isAuthenticated: false, userId: null }
}

const needsRefresh = (tokens: Tokens, now: number, margin: number): boolean => {
  const claims = decodeAccessToken(tokens.accessToken)
  if (!claims) return true
  return typeof claims.exp === "number" && claims.exp * 1000 - now <= margin
}

/**
 * Builds the session of a client.
 *
 * @internal
 */
export const make = (options: {
  readonly settings: Settings
  readonly transport: Transport
  readonly store: TokenStore["Service"]
  readonly scope: Scope.Scope
}): Session["Service"] => {
  const { scope, settings, store, transport } = options
  const listeners = new Set<(event: SessionEvent) => void>()
  const emit = (event: SessionEvent) =>
    Effect.sync(() => {
      for (const listener of listeners) {
        try {
          listener(event)
        } catch {
          // a listener's bug must not break the call that triggered the event
        }
      }
    })

  const refreshWithServer = (tokens: Tokens): Effect.Effect<Tokens, SessionExpired> =>
    transport.send({
      method: "POST",
      path: "/auth/token",
      body: { refreshToken: tokens.refreshToken, grantType: "refreshToken" }
    }).pipe(
      Effect.flatMap((response) => {
        const accessToken = (response.body as { accessToken?: unknown } | null)?.accessToken
        if (typeof accessToken !== "string") return Effect.succeed(tokens)
        const refreshed: Tokens = { ...tokens, accessToken }
        return store.set(refreshed).pipe(Effect.andThen(emit({ _tag: "Refreshed", tokens: refreshed })), Effect.as(refreshed))
      }),
      Effect.catch((error) => {
        if (!(error instanceof ServerError) || error.lastResponse.statusCode !== 403) return Effect.succeed(tokens)
        const expired = new SessionExpired({
          message: "User session expired",
          statusCode: error.statusCode,
          data: error.data,
          cause: error
        })
        return store.remove.pipe(Effect.andThen(emit({ _tag: "Expired", error: expired })), Effect.andThen(Effect.fail(expired)))
      })
    )

  const refreshWithHook = (hook: NonNullable<Settings["beforeRefreshToken"]>, tokens: Tokens): Effect.Effect<Tokens> =>
    Effect.suspend(() => hook(tokens)).pipe(
      Effect.flatMap((result) =>
        result !== null && typeof result === "object"
          ? store.set(result).pipe(Effect.andThen(emit({ _tag: "Refreshed", tokens: result })), Effect.as(result))
          : Effect.succeed(tokens)
      ),
      // a failing hook keeps the session as it was, as with stelace.js
      Effect.catchCause(() => Effect.succeed(tokens))
    )

  let inflight: Deferred.Deferred<Tokens | undefined, SessionExpired> | undefined

  /** One refresh at a time: calls arriving meanwhile wait for its outcome. */
  const refreshShared = (tokens: Tokens): Effect.Effect<Tokens | undefined, SessionExpired> =>
    Effect.suspend(() => {
      if (inflight) return Deferred.await(inflight)
      const deferred = Deferred.makeUnsafe<Tokens | undefined, SessionExpired>()
      inflight = deferred
      const hook = settings.beforeRefreshToken
      const work = hook ? refreshWithHook(hook, tokens) : refreshWithServer(tokens)
      return work.pipe(
        Effect.ensuring(Effect.sync(() => {
          inflight = undefined
        })),
        Deferred.into(deferred),
        // the refresh belongs to the client, not to the call that started it: interrupting that
        // call must not cancel the refresh the others are waiting for
        Effect.forkIn(scope),
        Effect.andThen(Deferred.await(deferred))
      )
    })

  const canRefresh = (tokens: Tokens) => Boolean(tokens.refreshToken) || settings.beforeRefreshToken !== undefined

  const tokens: Effect.Effect<Tokens | undefined, SessionExpired> = Effect.gen(function*() {
    if (isSecretApiKey(settings.apiKey)) return undefined
    const current = yield* store.get
    if (!current || !canRefresh(current)) return current
    const now = yield* Clock.currentTimeMillis
    return needsRefresh(current, now, settings.refreshMargin) ? yield* refreshShared(current) : current
  })

  return Session.of({
    tokens,
    refresh: Effect.flatMap(store.get, (current) => current && canRefresh(current) ? refreshShared(current) : Effect.succeed(current)),
    set: (tokens) => store.set(tokens).pipe(Effect.andThen(emit({ _tag: "LoggedIn", tokens }))),
    clear: store.remove.pipe(Effect.andThen(emit({ _tag: "LoggedOut" }))),
    info: Effect.map(store.get, infoFromTokens),
    subscribe: (listener) => {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    }
  })
}

/**
 * The session events of the client in context, as a stream: `LoggedIn`, `Refreshed`,
 * `LoggedOut`, and `Expired` (once per expiry, however many calls were waiting).
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
