/**
 * What Signal needs from the rest of the SDK, in one place: the API origin and key from the
 * client's options, and from its session the access token to authenticate with and the news that
 * the session changed. When the core changes shape, only this module follows.
 */
import * as Effect from "effect/Effect"
import * as Redacted from "effect/Redacted"
import type { Options } from "../internal/client/settings.js"
import { resolveSettings } from "../internal/client/settings.js"
import type { Session, SessionEvent } from "../Session.js"
import { SignalError } from "./errors.js"

/** Where and as whom to connect. Holds the API key: never printed. */
export interface Endpoint {
  readonly origin: string
  readonly apiKey: string
}

/** The endpoint of a client's options (the same options as `Stelace.layer`'s). */
export const endpointOf = (options: Options | undefined): Effect.Effect<Endpoint, SignalError> =>
  Effect.try({
    try: () => resolveSettings(options),
    catch: (error) => new SignalError({ reason: "InvalidArgument", message: `Stelace Signal: ${(error as Error).message}` })
  }).pipe(Effect.flatMap((settings) =>
    settings.apiKey === undefined
      ? Effect.fail(new SignalError({ reason: "InvalidArgument", message: "Stelace Signal: an API key (pubk_...) is needed" }))
      : Effect.succeed({ origin: settings.wire.origin, apiKey: Redacted.value(settings.apiKey) })
  ))

/** The session as Signal sees it. */
export interface Identity {
  /** The access token to authenticate with (refreshed first when it was about to expire). */
  readonly authToken: string | undefined
  /** The user the token is for, when it has not expired: the server joins their channel. */
  readonly userId: string | undefined
  /** The organization the client acts as: its channel is joined too (when the user is a member). */
  readonly organizationId: string | undefined
}

export const anonymous: Identity = { authToken: undefined, userId: undefined, organizationId: undefined }

/** What a connection's channels depend on: two identities with the same key need no new authentication. */
export const identityKey = (identity: Identity): string => `${identity.userId ?? ""}|${identity.organizationId ?? ""}`

export interface SessionSource {
  /** The identity to authenticate with now. Never fails: without a usable token, it is anonymous. */
  readonly identity: Effect.Effect<Identity>
  /** The key of the identity as the session stands, without refreshing (for change detection). */
  readonly currentKey: () => string
  /** Calls `listener` when the session changed (login, logout, refresh, organization). */
  readonly onChange: (listener: (event: SessionEvent["_tag"]) => void) => () => void
}

/** Signal's view of a session. */
export const fromSession = (session: Session["Service"]): SessionSource => {
  const key = (snapshot = session.snapshot()) =>
    identityKey({ authToken: undefined, userId: snapshot.userId ?? undefined, organizationId: snapshot.organizationId ?? undefined })
  return {
    identity: Effect.gen(function*() {
      // refresh first: the server silently skips the user's channel when the token has expired
      const token = yield* session.accessToken.pipe(Effect.catch(() => Effect.succeed(undefined)))
      const snapshot = session.snapshot()
      if (token === undefined) return { ...anonymous, organizationId: snapshot.organizationId ?? undefined }
      return {
        authToken: token,
        userId: snapshot.userId ?? undefined,
        organizationId: snapshot.organizationId ?? undefined
      }
    }),
    currentKey: () => key(),
    onChange: (listener) => session.subscribe((event) => listener(event._tag))
  }
}

/** No session: anonymous connections, for secret-key or session-less clients. */
export const noSession: SessionSource = {
  identity: Effect.succeed(anonymous),
  currentKey: () => identityKey(anonymous),
  onChange: () => () => {}
}
