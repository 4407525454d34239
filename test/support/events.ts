/**
 * The events of the `Session` in context, as a test reads them: a fiber of the test follows
 * `session.events` from now on (events reach followers through a PubSub, a step later).
 */
import * as Effect from "effect/Effect"
import * as Stream from "effect/Stream"
import type { SessionEvent } from "../../src/Session.js"
import { Session } from "../../src/Session.js"

/** Lets the fibers waiting on what was just published run (events, refreshes landing). */
export const settle = Effect.gen(function*() {
  for (let i = 0; i < 10; i++) yield* Effect.yieldNow
})

/** The events from now on, appended as they come (the follower ends with the caller). */
export const recordEvents: Effect.Effect<Array<SessionEvent>, never, Session> = Effect.gen(function*() {
  const seen: Array<SessionEvent> = []
  const session = yield* Session
  yield* Effect.forkChild(Stream.runForEach(session.events, (event) => Effect.sync(() => seen.push(event))))
  yield* settle
  return seen
})

/** The tags of `events`. */
export const tags = (events: ReadonlyArray<SessionEvent>): Array<string> => events.map((event) => event._tag)
