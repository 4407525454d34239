/**
 * The client's services and how they are made from settings, a sender and a token store, without
 * layers: `Stelace`'s layers wrap this, and the Promise facade runs it directly (so its bundle
 * carries neither `Layer` nor `ManagedRuntime`).
 *
 * @internal
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import type * as Scope from "effect/Scope"
import type { DecodeError } from "../../Errors.js"
import * as Session from "../../Session.js"
import type { TokenStore } from "../../TokenStore.js"
import type { AnyEndpoint } from "../routes/model.js"
import type { Invoke } from "../pipeline/invoke.js"
import { makeInvoke } from "../pipeline/invoke.js"
import type { Sender } from "../wire/rawSender.js"
import type { Settings } from "./settings.js"
import type { RequestOptions } from "../wire/apiTransport.js"
import { makeTransport } from "../wire/apiTransport.js"

/**
 * The client every endpoint function runs against. It holds no settings a program could read or
 * print: the API key stays inside, `Redacted`.
 */
export class StelaceClient extends Context.Service<StelaceClient, {
  /** Performs one call of an endpoint of the route table. */
  readonly invoke: Invoke
}>()("stelace-effect/StelaceClient") {}

/**
 * Per-call options applied to every call of an effect (and to every page of a `paginate` stream).
 * Options passed to a call itself take precedence.
 */
export const CurrentRequestOptions = /*#__PURE__*/ Context.Reference<RequestOptions>("stelace-effect/CurrentRequestOptions", {
  defaultValue: () => ({})
})

/** Decodes the result of one call of an endpoint. */
export type ResultDecoder = (endpoint: AnyEndpoint, result: unknown) => Effect.Effect<unknown, DecodeError>

/**
 * How the clients built in its scope decode results: absent by default (results are the bodies as
 * the server sent them). Read once, when a client is built.
 */
export const CurrentResultDecoder = /*#__PURE__*/ Context.Reference<ResultDecoder | undefined>(
  "stelace-effect/CurrentResultDecoder",
  { defaultValue: () => undefined }
)

/** The services of one client. */
export interface Client {
  readonly client: StelaceClient["Service"]
  readonly session: Session.Session["Service"]
}

/** Builds a client. `settings` is read by every request. */
export const makeClient = (options: {
  readonly settings: () => Settings
  readonly sender: Sender
  readonly store: TokenStore["Service"]
}): Effect.Effect<Client, never, Scope.Scope> =>
  Effect.flatMap(Effect.service(CurrentResultDecoder), (decode) => {
    const transport = makeTransport(options.sender, options.settings)
    return Effect.map(Session.make({ settings: options.settings, transport, store: options.store }), (session) => ({
      session,
      client: StelaceClient.of({ invoke: makeInvoke({ transport, session, defaultOptions: CurrentRequestOptions, decode }) })
    }))
  })
