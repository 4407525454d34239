/**
 * Walking a list page after page, whichever pagination the server answers with.
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Stream from "effect/Stream"
import type { Session } from "../../Session.js"
import type { StelaceClient } from "../client/StelaceClient.js"
import { callWithClient } from "./routeFunctions.js"
import type { AnyEndpoint, EndpointArgs, ErrorOf, ItemOf, Page } from "../routes/model.js"
import type { Invocation } from "./arguments.js"
import { splitArguments } from "./arguments.js"
import type { Input } from "./nextPage.js"
import { nextPageInput } from "./nextPage.js"

/**
 * The `paginate` function of a list endpoint: every item across pages, as a stream. A type of its
 * own, as `EndpointFunction` is, so that the package's declarations name it rather than spell out
 * its arguments and errors: resolved in the app, they follow what the app registers (`Register`:
 * the API version its options may ask for, decoding and its `DecodeError`).
 */
export type PaginateFunction<E extends AnyEndpoint> = (...args: EndpointArgs<E>) => Stream.Stream<ItemOf<E>, ErrorOf<E>, StelaceClient | Session>

/**
 * The `paginate` function of the list endpoint `family[name]`: a stream of every item across
 * pages, each page's call a span named `span`.
 */
export function paginate<F extends Record<K, AnyEndpoint>, K extends keyof F>(family: F, name: K, span: string): PaginateFunction<F[K]> {
  return (...args: EndpointArgs<F[K]>): Stream.Stream<ItemOf<F[K]>, ErrorOf<F[K]>, StelaceClient | Session> => {
    const endpoint = family[name]
    const first = splitArguments(endpoint, args)
    // the pipeline's errors are those of the route (see ErrorOf); its own type is the union of all
    if ("_tag" in first) return Stream.fail(first as ErrorOf<F[K]>)
    return Stream.paginate(first, (invocation: Invocation) =>
      Effect.map(callWithClient(endpoint, invocation, span) as Effect.Effect<unknown, ErrorOf<F[K]>, StelaceClient | Session>, (result) => {
        const page = result as Page<ItemOf<F[K]>>
        const next = nextPageInput(invocation.input as Input, page)
        return [page.results, next === undefined ? Option.none() : Option.some({ ...invocation, input: next })] as const
      }))
  }
}
