/**
 * The fetch transport of `Stelace.layerFetch`, over the platform's `fetch`. One timer per request
 * handles the timeout; the request's own `AbortController` handles both the timeout and
 * interruption. `fetch` is read when a request is made, so tests can stub it.
 *
 * Redirects are not followed (`redirect: "manual"`), so the API key and the user's token never
 * leave the API host. Browsers hide such an answer from scripts (an opaque response, status 0):
 * it fails with a `NetworkError` whose reason is `redirect`.
 *
 * @internal
 */
import * as Effect from "effect/Effect"
import type { NetworkError } from "../../../Errors.js"
import type { RawRequest, RawResponse, Sender } from "../rawSender.js"
import { networkError, reasonOf } from "../rawSender.js"

/** A sender over `globalThis.fetch`. */
export const fetchSender: Sender = (request: RawRequest) =>
  Effect.callback<RawResponse, NetworkError>((resume) => {
    const controller = new AbortController()
    let settled = false
    let timedOut = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const settle = (effect: Effect.Effect<RawResponse, NetworkError>) => {
      if (settled) return
      settled = true
      if (timer !== undefined) clearTimeout(timer)
      resume(effect)
    }
    const fail = (cause: unknown) =>
      settle(Effect.fail(
        timedOut ? networkError(request, "Timeout", undefined, request.timeout) : networkError(request, reasonOf(cause), cause)
      ))
    if (request.timeout > 0) {
      timer = setTimeout(() => {
        timedOut = true
        controller.abort()
      }, request.timeout)
    }
    let pending: Promise<Response>
    try {
      pending = globalThis.fetch(request.url, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: request.body,
        signal: controller.signal,
        redirect: "manual"
      })
    } catch (cause) {
      fail(cause)
      return
    }
    pending.then(
      (response) => {
        if (response.type === "opaqueredirect" || response.status === 0) {
          settle(Effect.fail(networkError(request, "Redirect")))
          return
        }
        return response.text().then(
          (text) =>
            settle(Effect.succeed({
              status: response.status,
              text,
              header: (name) => response.headers.get(name) ?? undefined,
              headers: () => Object.fromEntries(response.headers)
            })),
          fail
        )
      },
      fail
    )
    return Effect.sync(() => {
      settled = true
      if (timer !== undefined) clearTimeout(timer)
      controller.abort()
    })
  })
