import * as Schema from "effect/Schema"
import type * as T from "../../../Types.js"
import { as, post } from "../model.js"
import { type Resource, resourceOf } from "../schemaParts.js"

/**
 * Signals: sends real-time messages to connected clients (`POST /signal`; absent from stelace.js).
 * Receiving them is `stelace-effect/Signal`'s.
 *
 * @apiReference Signal API
 * @since 0.1.0
 * @module Signals
 */
export const signal = {
  /** Sends a signal to a channel or to everyone (`POST /signal`). */
  send: /*#__PURE__*/ post("/signal", as<T.SignalResult, T.SignalParams>)
}

const signalResultFields = () => ({
  message: Schema.optionalKey(Schema.Unknown),
  destination: Schema.optionalKey(Schema.String),
  event: Schema.String,
  env: Schema.String
})
/** Result of `POST /signal`. */
export const SignalResult: Resource<ReturnType<typeof signalResultFields>, T.SignalResult> = /*#__PURE__*/ resourceOf(signalResultFields)

/** Body of `POST /signal`; without `destination` it broadcasts, which needs `signal:create:all`. */
export interface SignalParams {
  message?: unknown
  /** A channel name: letters, digits, `-` and `_`. */
  destination?: string
  /** `"signal"` by default. */
  event?: string
}
