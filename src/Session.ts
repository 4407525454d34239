/**
 * The user session: which access token goes with the next call, when it is refreshed, and what
 * is announced when the session changes.
 *
 * Its state is one `SubscriptionRef`: the tokens last seen in the store, the snapshot user
 * interfaces render, a version that every change replacing the session bumps, and the event that
 * made the state. Its changes are the session's events and React's snapshot. Writes of the store
 * happen under the ref's lock, so a read never sees a session half replaced.
 *
 * Before a call (unless the API key is secret) the session reads the store. When the access token
 * expires within the refresh margin, or cannot be decoded, and there is a refresh token or a
 * `beforeRefreshToken` hook, it refreshes first; concurrent calls share one refresh. Then:
 * - the refresh succeeds: the new access token is stored and `Refreshed` announced;
 * - the refresh token is refused (403): the tokens are removed, `Expired` is announced once, and
 *   every waiting call fails with `SessionExpired`;
 * - the refresh fails otherwise (network, server error, a failing or silent hook): the tokens are
 *   kept, `RefreshFailed` is announced, and the waiting calls fail with that error;
 * - the session was replaced meanwhile (a login, a logout, another tab): the refresh's result is
 *   dropped, even a refusal, and the waiting calls go on with the session that is current.
 *
 * Auth routes (login, token grants, logout) never refresh first. Only access tokens that decode
 * as a JWT are sent.
 *
 * @since 0.1.0
 */
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import * as FiberSet from "effect/FiberSet"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import type * as Scope from "effect/Scope"
import * as Stream from "effect/Stream"
import * as SubscriptionRef from "effect/SubscriptionRef"
import * as SynchronizedRef from "effect/SynchronizedRef"
import type { HookError } from "./Errors.js"
import { ServerError, SessionExpired } from "./Errors.js"
import type { Settings } from "./internal/client/settings.js"
import type { RefreshError } from "./internal/client/StelaceClient.js"
import { StelaceClient } from "./internal/client/StelaceClient.js"
import type { AccessTokenClaims } from "./internal/routes/families/auth.js"
import { decodeAccessToken } from "./internal/session/accessToken.js"
import { SessionWriter } from "./internal/session/writer.js"
import type { Tokens } from "./TokenStore.js"
import { TokenStore, wellFormed } from "./TokenStore.js"

export type { RefreshError }

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

/** What the stored access token says about the user (stelace.js's `auth.info()`). */
export interface SessionInfo {
  readonly isAuthenticated: boolean
  readonly userId: string | null
}

/** The session as a value, for user interfaces: the same object until something changes. */
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

/** The claims of an access token, decoded without checking its signature (the server checks it); `undefined` when it cannot be decoded. */
export { decodeAccessToken }

/**
 * The session of one user. `Session.layer` makes the SDK's, over a `TokenStore`; any other
 * implementation serves the Effect functions too (a fixed token, say: see the Effect guide).
 */
export class Session extends Context.Service<Session, {
  /**
   * The access token to send with the next call, refreshed first when it is about to expire;
   * `undefined` when no user is logged in (the API key alone is sent).
   */
  readonly accessToken: Effect.Effect<string | undefined, SessionError>
  /** The stored tokens as they are, never refreshed: what logins, token grants and logouts send. */
  readonly tokens: Effect.Effect<Tokens | undefined, HookError>
  /** Refreshes now (sharing a refresh already under way), whatever the token's expiry. */
  readonly refresh: Effect.Effect<Tokens | undefined, SessionError>
  /** The session as user interfaces show it now. */
  readonly snapshot: Effect.Effect<SessionSnapshot>
  /** The snapshot now, then each time it changes. */
  readonly changes: Stream.Stream<SessionSnapshot>
  /** What happens to the session from now on (see `SessionEvent`); `Expired` comes once per expiry. */
  readonly events: Stream.Stream<SessionEvent>
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
const sessionKey = (tokens: Tokens | undefined): string | undefined => tokens === undefined ? undefined : tokens.refreshToken ?? tokens.accessToken

/** The state of a session (see the module's documentation). */
interface State {
  readonly tokens: Tokens | undefined
  readonly snapshot: SessionSnapshot
  readonly version: number
  readonly event: SessionEvent | undefined
}

/** What a read of the store saw: its tokens, and the version of the session they are. */
interface Seen {
  readonly tokens: Tokens | undefined
  readonly version: number
}

/** The refresh under way: the session it started from, and the outcome its waiters share (`None`: the session was replaced). */
interface Refresh {
  readonly version: number
  readonly from: Tokens
  readonly outcome: Deferred.Deferred<Option.Option<Tokens>, SessionError>
}

const organizationOf = (settings: Settings): string | null => settings.organizationId ?? null

/**
 * Makes the session of the user of `client` over `store`, and its writer. Its refreshes and
 * watchers run in the scope: they end with it.
 */
const make = (
  client: StelaceClient["Service"],
  store: TokenStore["Service"]
): Effect.Effect<{ readonly session: Session["Service"]; readonly writer: SessionWriter["Service"] }, never, Scope.Scope> =>
  Effect.gen(function*() {
    const fibers = yield* FiberSet.make()
    const settings = client.settings
    const initial = yield* store.get.pipe(Effect.orElseSucceed(() => undefined))
    const state = yield* SubscriptionRef.make<State>({
      tokens: initial,
      snapshot: snapshotOf(initial, organizationOf(yield* SubscriptionRef.get(settings))),
      version: 0,
      event: undefined
    })
    const underWay = yield* SynchronizedRef.make<Refresh | undefined>(undefined)

    /** The state after the session became `tokens`, announcing `event`. */
    const replaced = (current: State, tokens: Tokens | undefined, event: SessionEvent): State => ({
      tokens,
      snapshot: snapshotOf(tokens, current.snapshot.organizationId),
      version: current.version + 1,
      event
    })

    /** The waiters of a refresh started from a replaced session go on with the current one. */
    const supersede = Effect.flatMap(
      SynchronizedRef.getAndSet(underWay, undefined),
      (refresh) => refresh === undefined ? Effect.void : Effect.asVoid(Deferred.succeed(refresh.outcome, Option.none()))
    )

    /** Reads the store; a change made elsewhere is noticed and announced. */
    const read: Effect.Effect<Seen, HookError> = Effect.flatMap(store.get, (tokens) => {
      const current = SubscriptionRef.getUnsafe(state)
      // most reads find the session they last saw: no lock for them
      if (sameTokens(tokens, current.tokens)) return Effect.succeed({ tokens, version: current.version })
      return readChanged
    })

    /** A read that found a change: again under the lock, where no write is half done. */
    const readChanged: Effect.Effect<Seen, HookError> = Effect.flatMap(
      SubscriptionRef.modifySomeEffect(state, (current) =>
        Effect.map(store.get, (tokens): readonly [Seen & { readonly changed: boolean }, Option.Option<State>] => {
          if (sameTokens(tokens, current.tokens)) return [{ tokens, version: current.version, changed: false }, Option.none()]
          const next = replaced(current, tokens, { _tag: "Changed", tokens: tokens === undefined ? undefined : Redacted.make(tokens) })
          return [{ tokens, version: next.version, changed: true }, Option.some(next)]
        })),
      (seen) => seen.changed ? Effect.as(supersede, seen) : Effect.succeed(seen)
    )

    /** Writes the store and the state together: what logins, logouts and expiries do. */
    const write = (tokens: Tokens | undefined, event: SessionEvent) =>
      Effect.andThen(
        SubscriptionRef.updateEffect(state, (current) =>
          Effect.as(tokens === undefined ? store.remove : store.set(tokens), replaced(current, wellFormed(tokens), event))),
        supersede
      )

    /**
     * Runs `effect` on the stored session if it is still the one the refresh of `version` started
     * from (`None` otherwise: a login, a logout, another tab replaced it).
     */
    const ifStill = <A, E>(
      version: number,
      from: Tokens,
      effect: (current: State) => Effect.Effect<readonly [A, Option.Option<State>], E>
    ): Effect.Effect<Option.Option<A>, E | HookError> =>
      SubscriptionRef.modifySomeEffect(state, (current) =>
        current.version !== version
          ? Effect.succeed([Option.none<A>(), Option.none<State>()] as const)
          : Effect.flatMap(store.get, (stored) =>
            sessionKey(stored) !== sessionKey(from)
              ? Effect.succeed([Option.none<A>(), Option.none<State>()] as const)
              : Effect.map(effect(current), ([a, next]) => [Option.some(a), next] as const)))

    const expire = (version: number, from: Tokens, refusal: ServerError) =>
      Effect.flatMap(
        ifStill(version, from, (current) => {
          const error = new SessionExpired({
            message: "User session expired",
            reason: { _tag: "RefreshTokenRefused" },
            statusCode: refusal.statusCode,
            data: refusal.data,
            cause: refusal
          })
          // the identity stays until the next login: pages keep their data meanwhile
          const next: State = {
            tokens: undefined,
            snapshot: { ...current.snapshot, status: "expired", roles: [], expiresAt: null },
            version: current.version + 1,
            event: { _tag: "Expired", error }
          }
          return Effect.as(store.remove, [error, Option.some(next)] as const)
        }),
        (expired) => Option.isSome(expired) ? Effect.fail(expired.value) : Effect.succeed(Option.none<Tokens>())
      )

    /** The refresh of `from`: the tokens it stored, `None` when the session was replaced meanwhile. */
    const runRefresh = (version: number, from: Tokens): Effect.Effect<Option.Option<Tokens>, SessionError> =>
      client.refresh(from).pipe(
        Effect.withSpan("Stelace.Session.refresh", { kind: "client" }),
        Effect.matchEffect({
          onSuccess: (next) =>
            ifStill(version, from, (current) =>
              next === undefined
                ? Effect.succeed([current.tokens ?? from, Option.none()] as const)
                : Effect.as(store.set(next), [next, Option.some<State>({ ...replaced(current, next, { _tag: "Refreshed", tokens: Redacted.make(next) }), version: current.version })] as const)),
          onFailure: (error): Effect.Effect<Option.Option<Tokens>, SessionError> => {
            if (error instanceof ServerError && error.statusCode === 403) return expire(version, from, error)
            return Effect.flatMap(
              SubscriptionRef.modifySome(state, (current) =>
                current.version === version
                  ? [true, Option.some<State>({ ...current, event: { _tag: "RefreshFailed", error } })] as const
                  : [false, Option.none()] as const),
              (current) => current ? Effect.fail(error) : Effect.succeed(Option.none())
            )
          }
        })
      )

    /**
     * The outcome of the refresh of `from`, shared with the calls already waiting for it. The
     * refresh runs in the session's scope: interrupting the call that started it does not cancel
     * it for the others.
     */
    const refreshFrom = (version: number, from: Tokens): Effect.Effect<Option.Option<Tokens>, SessionError> =>
      Effect.flatMap(
        SynchronizedRef.modifyEffect(underWay, (current) => {
          if (current !== undefined && current.version === version && sessionKey(current.from) === sessionKey(from)) {
            return Effect.succeed([current.outcome, current] as const)
          }
          return Effect.gen(function*() {
            const outcome = yield* Deferred.make<Option.Option<Tokens>, SessionError>()
            const refresh: Refresh = { version, from, outcome }
            // done, it is no longer under way before its waiters resume: a call after them starts anew
            yield* FiberSet.run(
              fibers,
              runRefresh(version, from).pipe(
                Effect.onExit((exit) =>
                  SynchronizedRef.update(underWay, (now) => (now === refresh ? undefined : now)).pipe(
                    Effect.andThen(Deferred.done(outcome, exit))
                  )
                )
              )
            )
            return [outcome, refresh] as const
          })
        }),
        Deferred.await
      )

    let derived: { readonly from: SessionSnapshot; readonly snapshot: SessionSnapshot } | undefined
    /**
     * The snapshot with the organization the client acts as now: a change of settings reaches the
     * state a moment later, and the snapshot must agree with the calls at once.
     */
    const withOrganization = (snapshot: SessionSnapshot, organizationId: string | null): SessionSnapshot => {
      if (snapshot.organizationId === organizationId) return snapshot
      if (derived?.from !== snapshot || derived.snapshot.organizationId !== organizationId) {
        derived = { from: snapshot, snapshot: { ...snapshot, organizationId } }
      }
      return derived.snapshot
    }

    const canRefresh = (tokens: Tokens, current: Settings) => Boolean(tokens.refreshToken) || current.beforeRefreshToken !== undefined

    let lastToken: unknown
    let lastClaims: AccessTokenClaims | undefined
    /** The claims of a token, decoded once per token. */
    const claimsOf = (token: unknown): AccessTokenClaims | undefined => {
      if (token !== lastToken) {
        lastToken = token
        lastClaims = decodeAccessToken(token)
      }
      return lastClaims
    }

    /** The tokens for a call, refreshed first when needed; after a replacement, the new session's. */
    const forCall: Effect.Effect<Tokens | undefined, SessionError> = Effect.suspend(() => {
      const current = SubscriptionRef.getUnsafe(settings)
      const next: Effect.Effect<Tokens | undefined, SessionError> = Effect.flatMap(read, ({ tokens, version }) => {
        if (tokens === undefined || !canRefresh(tokens, current)) return Effect.succeed(tokens)
        const claims = claimsOf(tokens.accessToken)
        return Effect.flatMap(Clock.currentTimeMillis, (now) => {
          if (claims !== undefined && (typeof claims.exp !== "number" || claims.exp * 1000 - now > current.refreshMargin)) {
            return Effect.succeed(tokens)
          }
          return Effect.flatMap(refreshFrom(version, tokens), (refreshed) => Option.isSome(refreshed) ? Effect.succeed(refreshed.value) : next)
        })
      })
      return next
    })

    // the organization is the client's setting: the snapshot follows it
    yield* FiberSet.run(
      fibers,
      Stream.runForEach(SubscriptionRef.changes(settings), (next) =>
        SubscriptionRef.updateSome(state, (current) => {
          const organizationId = organizationOf(next)
          return organizationId === current.snapshot.organizationId
            ? Option.none()
            : Option.some({ ...current, snapshot: { ...current.snapshot, organizationId }, event: { _tag: "OrganizationChanged", organizationId } })
        }))
    )
    // a change the store reports (another tab) is read at once
    yield* FiberSet.run(fibers, Stream.runForEach(store.changes, () => Effect.ignore(read)))

    const writer = SessionWriter.of({
      set: (tokens) => write(tokens, { _tag: "LoggedIn", tokens: Redacted.make(tokens) }),
      clear: write(undefined, { _tag: "LoggedOut" })
    })

    const session = Session.of({
      accessToken: Effect.map(forCall, (tokens) => {
        const token = tokens?.accessToken
        return claimsOf(token) === undefined ? undefined : token
      }),
      tokens: Effect.map(read, ({ tokens }) => tokens),
      refresh: Effect.gen(function*() {
        while (true) {
          const { tokens, version } = yield* read
          if (tokens === undefined || !canRefresh(tokens, yield* SubscriptionRef.get(settings))) return tokens
          const refreshed = yield* refreshFrom(version, tokens)
          if (Option.isSome(refreshed)) return refreshed.value
        }
      }),
      snapshot: Effect.zipWith(SubscriptionRef.get(state), SubscriptionRef.get(settings), (current, now) => withOrganization(current.snapshot, organizationOf(now))),
      changes: SubscriptionRef.changes(state).pipe(
        Stream.map((current) => current.snapshot),
        Stream.changesWith((a, b) => a === b)
      ),
      events: SubscriptionRef.changes(state).pipe(
        Stream.drop(1),
        Stream.map((current) => current.event),
        Stream.filter((event): event is SessionEvent => event !== undefined)
      )
    })
    return { session, writer }
  })

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
export const layer: Layer.Layer<Session, never, StelaceClient | TokenStore> = /*#__PURE__*/ Layer.effectContext(
  /*#__PURE__*/ Effect.gen(function*() {
    const { session, writer } = yield* make(yield* StelaceClient, yield* TokenStore)
    // the writer goes beside the session, for the auth routes only: it is not in the layer's type
    return Context.make(Session, session).pipe(Context.add(SessionWriter, writer))
  })
) as Layer.Layer<Session, never, StelaceClient | TokenStore>

/**
 * The session events of the `Session` in context, as a stream: `LoggedIn`, `Refreshed`,
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
export const events: Stream.Stream<SessionEvent, never, Session> = /*#__PURE__*/ Stream.unwrap(
  /*#__PURE__*/ Effect.map(Effect.service(Session), (session) => session.events)
)

/** Whether a user is logged in, and who, from the stored access token (no request). */
export const info: Effect.Effect<SessionInfo, HookError, Session> = /*#__PURE__*/ Effect.flatMap(
  /*#__PURE__*/ Effect.service(Session),
  (session) => Effect.map(session.tokens, infoFromTokens)
)
