/**
 * The one client core every face runs on: the `StelaceClient` service (settings, transport, the
 * call function), app-wide and free of user state. A user's session is a service of its own
 * (`Session`), handed to each call; `Stelace`'s layers and `make` wrap this, and the Promise
 * facade runs it directly (so its bundle carries neither `Layer` nor `ManagedRuntime`).
 */
import * as Context from "effect/Context"
import type { Invoke, ResultDecoder } from "../pipeline/invoke.js"
import { makeInvoke } from "../pipeline/invoke.js"
import type { TraceRefresh } from "../pipeline/spans.js"
import type { RequestOptions, Transport } from "../wire/apiTransport.js"
import { makeTransport } from "../wire/apiTransport.js"
import type { Sender } from "../wire/rawSender.js"
import type { SettingsRef } from "./settings.js"

export type { ResultDecoder }

/**
 * The client every endpoint function runs against, shared by every user of an application. It
 * holds no settings a program could read or print (the API key stays inside, `Redacted`) and no
 * user state: the user's session is the `Session` service.
 */
export class StelaceClient extends Context.Service<StelaceClient, {
  /** Performs one call of an endpoint of the route table, as the user of `session`. */
  readonly invoke: Invoke
}>()("stelace-effect/StelaceClient") {}

/**
 * Per-call options applied to every call of an effect (and to every page of a `paginate` stream).
 * Options passed to a call itself take precedence.
 */
export const CurrentRequestOptions = /*#__PURE__*/ Context.Reference<RequestOptions>("stelace-effect/CurrentRequestOptions", {
  defaultValue: () => ({})
})

/**
 * How results are decoded: absent by default (results are the bodies as the server sent them).
 * Read where each call runs, unless the client was built with a decoder in its context; so
 * `Schemas.layerDecoding` works provided to the client layer, merged beside it, or provided to
 * the program.
 */
export const CurrentResultDecoder = /*#__PURE__*/ Context.Reference<ResultDecoder | undefined>(
  "stelace-effect/CurrentResultDecoder",
  { defaultValue: () => undefined }
)

/** What the SDK keeps of a client it made, out of programs' reach. */
export interface ClientCore {
  /** The client's settings, in one place (the Promise facade's setters change them there). */
  readonly settings: SettingsRef
  readonly transport: Transport
  /** Puts refreshes in a span (clients over an `HttpClient`). */
  readonly traceRefresh?: TraceRefresh | undefined
}

const cores = new WeakMap<object, ClientCore>()

/** The core of a client the SDK made (what a session needs to refresh its tokens). */
export const coreOf = (client: StelaceClient["Service"]): ClientCore | undefined => cores.get(client)

/** Builds a client. Every request reads `settings` as it is sent. */
export const makeClient = (options: {
  readonly settings: SettingsRef
  readonly sender: Sender
  readonly decode?: ResultDecoder | undefined
  /** Puts refreshes in a span (clients over an `HttpClient`)... */
  readonly traceRefresh?: TraceRefresh | undefined
  /** ...and calls (`spans.ts`'s `tracedInvoke`). */
  readonly traced?: ((invoke: Invoke) => Invoke) | undefined
}): StelaceClient["Service"] => {
  const transport = makeTransport(options.sender, options.settings)
  const invoke = makeInvoke({ transport, defaultOptions: CurrentRequestOptions, resultDecoder: CurrentResultDecoder, decode: options.decode })
  const client = StelaceClient.of({ invoke: options.traced ? options.traced(invoke) : invoke })
  cores.set(client, { settings: options.settings, transport, traceRefresh: options.traceRefresh })
  return client
}
