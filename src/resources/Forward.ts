/**
 * Calls to any path of the API, for routes the SDK does not name (or plugins'). The result is the
 * response body as is, with its `lastResponse`.
 *
 * Only paths on the configured API host are accepted: `/assets` (or `assets`, relative to the API
 * root, as in stelace.js). An absolute or protocol-relative URL fails with `InvalidArgument` before
 * anything is sent, so credentials never leave the API host.
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import type { SessionExpired, WithLastResponse } from "../Errors.js"
import { InvalidArgument } from "../Errors.js"
import type { StelaceClient } from "../internal/client/StelaceClient.js"
import type { RequestOptions } from "../internal/pipeline/arguments.js"
import { forwardPath } from "../internal/pipeline/arguments.js"
import { callWithClient } from "../internal/pipeline/routeFunctions.js"
import type { CallError, Method } from "../internal/routes/model.js"
import type { Session } from "../Session.js"

/**
 * A forwarded call's signature: path, then the query (GET) or body (others), then options (headers
 * of your own go through `Stelace.withRequestOptions`); never decoded.
 */
export type ForwardFunction = <A = unknown>(
  path: string,
  input?: Readonly<Record<string, unknown>> | ReadonlyArray<unknown>,
  options?: Omit<RequestOptions, "headers">
) => Effect.Effect<A & WithLastResponse, CallError | SessionExpired, StelaceClient | Session>

const forward = (method: Method, span: string): ForwardFunction => (path, input, options) =>
  Effect.suspend(() => {
    const checked = forwardPath(method, path)
    if (checked instanceof InvalidArgument) return Effect.fail(checked)
    return callWithClient({ method, path: checked, kind: "object", params: [] }, { params: [], input, options }, span) as Effect.Effect<
      // biome-ignore lint/suspicious/noExplicitAny: a forwarded route answers whatever the server sends; `any` lets callers type it as they know it, as stelace.js did
      any,
      CallError | SessionExpired,
      StelaceClient | Session
    >
  })

/** `GET` a path, with an optional query. */
export const get: ForwardFunction = /*#__PURE__*/ forward("GET", "Stelace.Forward.get")
/** `POST` to a path, with an optional JSON body. */
export const post: ForwardFunction = /*#__PURE__*/ forward("POST", "Stelace.Forward.post")
/** `PUT` to a path, with an optional JSON body. */
export const put: ForwardFunction = /*#__PURE__*/ forward("PUT", "Stelace.Forward.put")
/** `PATCH` a path, with an optional JSON body. */
export const patch: ForwardFunction = /*#__PURE__*/ forward("PATCH", "Stelace.Forward.patch")
/** `DELETE` a path, with an optional JSON body (`del`, as in stelace.js). */
export const del: ForwardFunction = /*#__PURE__*/ forward("DELETE", "Stelace.Forward.del")
/** `OPTIONS` on a path. */
export const options: ForwardFunction = /*#__PURE__*/ forward("OPTIONS", "Stelace.Forward.options")
