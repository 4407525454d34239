/**
 * The Effect function of each route, `(…pathParams, input?, options?) => Effect`, as the generated
 * resource modules declare them; it runs the call with the client found in context.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import type { StelaceError } from "../../Errors.js"
import { Session } from "../../Session.js"
import { StelaceClient } from "../client/core.js"
import type { AnyEndpoint, EndpointArgs, EndpointResult, ErrorOf } from "../routes/model.js"
import type { Invocation } from "./arguments.js"
import { splitArguments } from "./arguments.js"

/** The function of an endpoint. */
export type EndpointFunction<E extends AnyEndpoint> = (
  ...args: EndpointArgs<E>
) => Effect.Effect<EndpointResult<E>, ErrorOf<E>, StelaceClient | Session>

/** Runs one call of `endpoint` with the client and the user's session in context, in the span `span`. */
export const invokeWithClient = (
  endpoint: AnyEndpoint,
  invocation: Invocation,
  span?: string
): Effect.Effect<unknown, StelaceError, StelaceClient | Session> =>
  Effect.withFiber((fiber) => {
    const context = fiber.context as Context.Context<StelaceClient | Session>
    return Context.get(context, StelaceClient).invoke(endpoint, invocation, Context.get(context, Session), span)
  })

/**
 * The Effect function of the endpoint `family[name]`, whose calls are spans named `span`
 * (`Stelace.Assets.read`). The route is looked up when called, so a module declaring
 * `export const read = call(assets, "read", "Stelace.Assets.read")` has no property reads at load
 * time and bundlers can drop the functions an app does not use.
 */
export function call<F extends Record<K, AnyEndpoint>, K extends keyof F>(family: F, name: K, span?: string): EndpointFunction<F[K]> {
  return ((...args: ReadonlyArray<unknown>) => {
    const endpoint = family[name]
    const invocation = splitArguments(endpoint, args)
    return "_tag" in invocation ? Effect.fail(invocation) : invokeWithClient(endpoint, invocation, span)
  }) as unknown as EndpointFunction<F[K]>
}
