/**
 * Code the application hands the SDK (token store methods, `beforeRefreshToken`) runs under one
 * rule, stated here once: what it throws or fails with, and an answer that does not come within
 * the time limit, fail with `HookError`.
 */
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import { HookError } from "../../Errors.js"
import { printable } from "../pipeline/arguments.js"

/** Whether `u` has a `then` method (a promise, or any thenable an application returns). */
export const isThenable = (u: unknown): u is PromiseLike<unknown> =>
  (typeof u === "object" || typeof u === "function") && u !== null && typeof (u as { then?: unknown }).then === "function"

/** What went wrong, in a few words: an error's message, or the value as text. */
export const describeCause = (cause: unknown): string => cause instanceof Error ? cause.message : printable(cause)

/** The `HookError` of a hook that threw, rejected or failed with `cause`. */
export const hookFailed = (hook: HookError["hook"], cause: unknown): HookError =>
  new HookError({ message: `Stelace: ${hook} failed: ${describeCause(cause)}`, hook, reason: { _tag: "Failed" }, cause })

/**
 * `effect`, the running of a hook, within the hook rule: any failure or defect is a `HookError`
 * (`failed`), and no answer within `timeout` milliseconds one too (`timeout`).
 */
export const limitHook = <A>(hook: HookError["hook"], timeout: number, effect: Effect.Effect<A, unknown>): Effect.Effect<A, HookError> =>
  Effect.catchCause(effect, (cause) => Effect.fail(hookFailed(hook, Cause.squash(cause)))).pipe(
    Effect.timeoutOrElse({
      duration: timeout,
      orElse: () => Effect.fail(new HookError({ message: `Stelace: ${hook} did not answer within ${timeout} ms`, hook, reason: { _tag: "Timeout" } }))
    })
  )
