/**
 * The Effect function of each route, `(…pathParams, input?, options?) => Effect`, as the generated
 * resource modules declare them: a call of the `StelaceClient` in context, as the user of the
 * `Session` in context, in a span named after the route.
 */
import * as Effect from "effect/Effect"
import type { StelaceError } from "../../Errors.js"
import type { Session } from "../../Session.js"
import { StelaceClient } from "../client/StelaceClient.js"
import type { AnyEndpoint, EndpointArgs, EndpointResult, ErrorOf } from "../routes/model.js"
import type { Invocation } from "./arguments.js"
import { splitArguments } from "./arguments.js"
import { traceCall } from "./spans.js"

/** The function of an endpoint. */
export type EndpointFunction<E extends AnyEndpoint> = (
  ...args: EndpointArgs<E>
) => Effect.Effect<EndpointResult<E>, ErrorOf<E>, StelaceClient | Session>

/** One call of `endpoint` by the client in context, in the span `span`. */
export const callWithClient = (
  endpoint: AnyEndpoint,
  invocation: Invocation,
  span: string
): Effect.Effect<unknown, StelaceError, StelaceClient | Session> =>
  traceCall(span, Effect.flatMap(Effect.service(StelaceClient), (client) => client.call(endpoint, invocation)))

/**
 * The Effect function of the endpoint `family[name]`, whose calls are spans named `span`
 * (`Stelace.Assets.read`). The route is looked up when called, so a module declaring
 * `export const read = call(assets, "read", "Stelace.Assets.read")` reads nothing at load time and
 * bundlers can drop the functions an app does not use.
 */
export function call<F extends Record<K, AnyEndpoint>, K extends keyof F>(family: F, name: K, span: string): EndpointFunction<F[K]> {
  return ((...args: ReadonlyArray<unknown>) => {
    const endpoint = family[name]
    const invocation = splitArguments(endpoint, args)
    return "_tag" in invocation ? Effect.fail(invocation) : callWithClient(endpoint, invocation, span)
  }) as unknown as EndpointFunction<F[K]>
}
