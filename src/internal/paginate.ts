/**
 * Walking a list page after page, whichever pagination the server answers with.
 *
 * @internal
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Stream from "effect/Stream"
import type { StelaceError } from "../Errors.js"
import type { StelaceClient } from "./client.js"
import { invoke, splitArguments } from "./call.js"
import type { AnyEndpoint, EndpointArgs, ItemOf, Page } from "./endpoint.js"
import type { Invocation } from "./invoke.js"
import type { Input } from "./pageWalk.js"
import { nextPageInput } from "./pageWalk.js"

/** The `paginate` function of the list endpoint `family[name]`: a stream of every item across pages. */
export function paginate<F extends Record<K, AnyEndpoint>, K extends keyof F>(family: F, name: K) {
  return (...args: EndpointArgs<F[K]>): Stream.Stream<ItemOf<F[K]>, StelaceError, StelaceClient> => {
    const endpoint = family[name]
    const first = splitArguments(endpoint, args)
    if ("_tag" in first) return Stream.fail(first)
    return Stream.paginate(first, (invocation: Invocation) =>
      Effect.map(invoke(endpoint, invocation), (result) => {
        const page = result as Page<ItemOf<F[K]>>
        const next = nextPageInput(invocation.input as Input, page)
        return [page.results, next === undefined ? Option.none() : Option.some({ ...invocation, input: next })] as const
      }))
  }
}
