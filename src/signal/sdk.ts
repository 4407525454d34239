/**
 * What Signal's connections need from the rest of the SDK, in one place: from the session, the
 * access token to authenticate with and the news that the session changed. When the core changes
 * shape, only this module follows (and `endpointOf` in `Signal.ts`, which reads the client's
 * options).
 *
 * It imports nothing of the client's settings: the facade and the React bindings load it on first
 * use (`import()`), and a bundler that inlines such an import (esbuild without code splitting)
 * wraps every module it reaches in a lazy initializer, in every app, whether it subscribes or not.
 */
import * as Effect from "effect/Effect"
import type { Session, SessionEvent } from "../Session.js"

/** Where and as whom to connect. Holds the API key: never printed. */
export interface Endpoint {
  readonly origin: string
  readonly apiKey: string
}

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
