/**
 * The Effect function of each route, `(…pathParams, input?, options?) => Effect`, as the generated
 * resource modules declare them; it runs the call with the client found in context.
 *
 * @internal
 */
import * as Effect from "effect/Effect"
import type { StelaceError } from "../../Errors.js"
import { StelaceClient } from "../client/core.js"
import type { AnyEndpoint, EndpointArgs, EndpointResult, ErrorOf } from "../routes/model.js"
import type { Invocation } from "./arguments.js"
import { splitArguments } from "./arguments.js"

/** The function of an endpoint. */
export type EndpointFunction<E extends AnyEndpoint> = (
  ...args: EndpointArgs<E>
) => Effect.Effect<EndpointResult<E>, ErrorOf<E>, StelaceClient>

/** Runs one call of `endpoint` with the client in context. */
export const invokeWithClient = (endpoint: AnyEndpoint, invocation: Invocation): Effect.Effect<unknown, StelaceError, StelaceClient> =>
  Effect.flatMap(Effect.service(StelaceClient), (client) => client.invoke(endpoint, invocation))

/**
 * The Effect function of the endpoint `family[name]`. The route is looked up when called, so a
 * module declaring `export const read = call(assets, "read")` has no property reads at load time
 * and bundlers can drop the functions an app does not use.
 */
export function call<F extends Record<K, AnyEndpoint>, K extends keyof F>(family: F, name: K): EndpointFunction<F[K]> {
  return ((...args: ReadonlyArray<unknown>) => {
    const endpoint = family[name]
    const invocation = splitArguments(endpoint, args)
    return "_tag" in invocation ? Effect.fail(invocation) : invokeWithClient(endpoint, invocation)
  }) as unknown as EndpointFunction<F[K]>
}
