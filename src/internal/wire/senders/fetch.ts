/**
 * The fetch transport of `Stelace.layerFetch`, over the platform's `fetch`. One timer per request
 * handles the timeout; the request's own `AbortController` handles both the timeout and
 * interruption. `fetch` is read when a request is made, so tests can stub it.
 *
 * Redirects are not followed (`redirect: "manual"`), so the API key and the user's token never
 * leave the API host. Browsers hide such an answer from scripts (an opaque response, status 0):
 * it fails with a `NetworkError` whose reason is `redirect`.
 */
import * as Effect from "effect/Effect"
import type { NetworkError } from "../../../Errors.js"
import type { RawRequest, RawResponse, Sender } from "../rawSender.js"
import { networkError, reasonOf, settleOnce } from "../rawSender.js"

/** A sender over `globalThis.fetch`. */
export const fetchSender: Sender = (request: RawRequest) =>
  Effect.callback<RawResponse, NetworkError>((resume) => {
    const controller = new AbortController()
    // the timeout settles first, so the rejection its abort causes is ignored
    const cancel = () => {
      settle()
      controller.abort()
    }
    const settle = settleOnce(request, resume, cancel)
    const fail = (cause: unknown) => settle(Effect.fail(networkError(request, reasonOf(cause), cause)))
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
    return Effect.sync(cancel)
  })
