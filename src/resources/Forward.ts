/**
 * Calls to any path of the API, for routes the SDK does not name (or plugins'). The result is the
 * response body as is, with its `lastResponse`.
 *
 * Only paths on the configured API host are accepted: a path must start with `/`, and an absolute
 * or protocol-relative URL fails with `InvalidArgument` before anything is sent (credentials never
 * leave the API host).
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import type { StelaceError, WithLastResponse } from "../Errors.js"
import { invoke } from "../internal/call.js"
import { argumentError } from "../internal/invoke.js"
import type { Method, RequestOptions } from "../internal/transport.js"
import type { StelaceClient } from "../Stelace.js"

/** A forwarded call's signature: path, then the query (GET) or body (others), then options. */
export type ForwardFunction = <A = unknown>(
  path: string,
  input?: Readonly<Record<string, unknown>> | ReadonlyArray<unknown>,
  options?: RequestOptions
) => Effect.Effect<A & WithLastResponse, StelaceError, StelaceClient>

/**
 * Checks a forwarded path: a string starting with a single `/`.
 *
 * @internal
 */
export const checkPath = (method: Method, path: unknown) => {
  const endpoint = { method, path: typeof path === "string" ? path : String(path) }
  if (typeof path !== "string") return argumentError(endpoint, `"path" must be a string, but got: ${typeof path}`)
  if (!path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\")) {
    return argumentError(endpoint, `"path" must be a path on the API host starting with "/", such as /assets; URLs are refused`)
  }
  return undefined
}

const forward = (method: Method): ForwardFunction => (path, input, options) =>
  Effect.suspend(() => {
    const invalid = checkPath(method, path)
    if (invalid) return Effect.fail(invalid)
    return invoke({ method, path, kind: "object", params: [] }, { params: [], input, options }) as Effect.Effect<any, StelaceError, StelaceClient>
  })

/** `GET` a path, with an optional query. */
export const get: ForwardFunction = /*#__PURE__*/ forward("GET")
/** `POST` to a path, with an optional JSON body. */
export const post: ForwardFunction = /*#__PURE__*/ forward("POST")
/** `PUT` to a path, with an optional JSON body. */
export const put: ForwardFunction = /*#__PURE__*/ forward("PUT")
/** `PATCH` a path, with an optional JSON body. */
export const patch: ForwardFunction = /*#__PURE__*/ forward("PATCH")
/** `DELETE` a path, with an optional JSON body (`del`, as in stelace.js). */
export const del: ForwardFunction = /*#__PURE__*/ forward("DELETE")
/** `OPTIONS` on a path. */
export const options: ForwardFunction = /*#__PURE__*/ forward("OPTIONS")
