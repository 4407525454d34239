/**
 * Spans of calls: each call of a route is a span named after it (`Stelace.Assets.read`), with the
 * answer's status and request id as attributes, around the `HttpClient`'s own span. With tracing
 * off (`References.TracerEnabled` false) a call makes no span.
 */
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as References from "effect/References"
import type { LastResponse } from "../../Errors.js"

/** Runs `effect` in the span `name`. */
export type Trace = <A, E, R>(name: string, effect: Effect.Effect<A, E, R>) => Effect.Effect<A, E, R>

/** The status and request id of a call's answer, from its result or its failure. */
const answerOf = (exit: Exit.Exit<unknown, unknown>): Record<string, unknown> => {
  let source: unknown
  if (Exit.isSuccess(exit)) source = exit.value
  else {
    const error = Cause.findErrorOption(exit.cause)
    source = error._tag === "Some" ? error.value : undefined
  }
  const lastResponse = source !== null && typeof source === "object" ? (source as { lastResponse?: LastResponse }).lastResponse : undefined
  return lastResponse === undefined
    ? {}
    : { "http.response.status_code": lastResponse.statusCode, "stelace.request_id": lastResponse.requestId }
}

/** A call in the span `name`, where tracing is on. */
export const traceCall: Trace = (name, effect) =>
  Effect.withFiber((fiber) =>
    fiber.getRef(References.TracerEnabled)
      ? Effect.withSpan(Effect.onExit(effect, (exit) => Effect.annotateCurrentSpan(answerOf(exit))), name, { kind: "client" })
      : effect
  )
