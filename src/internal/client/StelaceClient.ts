/**
 * The `StelaceClient` service: what every face of the SDK calls, and what a user's `Session`
 * needs from the client. Its one implementation is `make` (`client.ts`); tests may provide any
 * other (`Layer.succeed(StelaceClient, fake)`).
 */
import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type * as SubscriptionRef from "effect/SubscriptionRef"
import type { HookError, InvalidArgument, MalformedResponse, NetworkError, ServerError, StelaceError } from "../../Errors.js"
import type { Session } from "../../Session.js"
import type { Tokens } from "../../TokenStore.js"
import type { Invocation } from "../pipeline/arguments.js"
import type { AnyEndpoint } from "../routes/model.js"
import type { Settings } from "./settings.js"

/** Why a refresh gave no new access token, short of the session expiring (a 403 `ServerError` ends it). */
export type RefreshError = NetworkError | ServerError | MalformedResponse | HookError | InvalidArgument

/**
 * The client every endpoint function runs against, shared by every user of an application: it
 * holds no user state (each user's session is a `Session` of its own) and prints nothing of its
 * API key.
 */
export class StelaceClient extends Context.Service<StelaceClient, {
  /**
   * The client's settings: its options with defaults applied. The Promise facade's setters change
   * them; sessions follow the organization the client acts as.
   */
  readonly settings: SubscriptionRef.SubscriptionRef<Settings>
  /** Performs one call of a route of the table, as the user of the `Session` in context. */
  readonly call: (endpoint: AnyEndpoint, invocation: Invocation) => Effect.Effect<unknown, StelaceError, Session>
  /**
   * The tokens that replace `tokens`, whose access token is about to expire: `POST /auth/token`
   * with their refresh token, or the `beforeRefreshToken` hook. `undefined` keeps them as they are.
   */
  readonly refresh: (tokens: Tokens) => Effect.Effect<Tokens | undefined, RefreshError>
}>()("stelace-effect/StelaceClient") {}
