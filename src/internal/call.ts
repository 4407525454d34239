/**
 * Derives the Effect function of an endpoint: `(…pathParams, input?, options?) => Effect`.
 *
 * @internal
 */
import * as Effect from "effect/Effect"
import type { StelaceError } from "../Errors.js"
import { StelaceClient } from "./client.js"
import type { AnyEndpoint, EndpointArgs, EndpointResult } from "./endpoint.js"
import type { Invocation } from "./invoke.js"
import { argumentError } from "./invoke.js"

/** The function of an endpoint. */
export type EndpointFunction<E extends AnyEndpoint> = (
  ...args: EndpointArgs<E>
) => Effect.Effect<EndpointResult<E>, StelaceError, StelaceClient>

/** Splits positional arguments into path parameters, input and options. */
export const splitArguments = (endpoint: AnyEndpoint, args: ReadonlyArray<unknown>): Invocation | StelaceError => {
  const count = endpoint.params.length
  if (args.length > count + 2) {
    return argumentError(endpoint, `expected at most ${count + 2} arguments, but got ${args.length}`)
  }
  return { params: args.slice(0, count), input: args[count], options: args[count + 1] as Invocation["options"] }
}

/** Runs one call of `endpoint` with the client in context. */
export const invoke = (endpoint: AnyEndpoint, invocation: Invocation): Effect.Effect<unknown, StelaceError, StelaceClient> =>
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
    return "_tag" in invocation ? Effect.fail(invocation) : invoke(endpoint, invocation)
  }) as EndpointFunction<F[K]>
}
