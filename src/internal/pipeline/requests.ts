/**
 * The HTTP request of a call, as stelace.js put it on the wire: the URL on the client's origin
 * (the query string serialized as axios 0.19 did), the client's headers and the call's own, and a
 * JSON body. A request that cannot be sent is refused here, before anything goes on the wire.
 */
import * as HttpBody from "effect/http/HttpBody"
import * as HttpClientRequest from "effect/http/HttpClientRequest"
import { InvalidArgument } from "../../Errors.js"
import type { Settings } from "../client/settings.js"
import { invalidHeaderValue } from "../client/settings.js"
import type { Method } from "../routes/model.js"
import { encodePath, serializeQuery } from "../wire/query.js"
import type { RequestOptions } from "./arguments.js"

/** A call as the request builder takes it. */
export interface CallRequest {
  readonly method: Method
  /** Path (with its own query string, if any) starting with `/`, parameters already encoded. */
  readonly path: string
  /** The query of a GET, or the JSON body of another method. */
  readonly input?: unknown
  /** Sends a body, `{}` at least, even when the input is empty (by default, as stelace.js, none then). */
  readonly bodyRequired?: boolean | undefined
  readonly options?: RequestOptions | undefined
}

const JSON_CONTENT_TYPE = "application/json;charset=utf-8"

const hasKeys = (u: unknown): boolean => u !== null && typeof u === "object" && Object.keys(u).length > 0

const badValue = (value: unknown) => value != null && (typeof value !== "string" || invalidHeaderValue.test(value))

/** The per-call header whose value a request cannot carry, if any (the client's own were checked with its settings). */
const badHeader = (options: RequestOptions | undefined): string | undefined => {
  if (options === undefined) return undefined
  if (badValue(options.apiVersion)) return "x-stelace-version"
  if (badValue(options.userId)) return "x-stelace-user-id"
  return badValue(options.organizationId) ? "x-stelace-organization-id" : undefined
}

/** The headers of a call: the client's constant ones, its API key, then the call's options. */
const headersOf = (settings: Settings, options: RequestOptions | undefined): Record<string, string> => {
  const wire = settings.wire
  const headers: Record<string, string> = { ...wire.headers }
  if (wire.basicAuth) headers.authorization = wire.basicAuth
  if (options === undefined) return headers
  if (options.apiVersion) headers["x-stelace-version"] = options.apiVersion
  if (options.organizationId !== undefined) {
    if (options.organizationId) headers["x-stelace-organization-id"] = options.organizationId
    else delete headers["x-stelace-organization-id"]
  }
  if (options.userId) headers["x-stelace-user-id"] = options.userId
  if (options.headers !== undefined) Object.assign(headers, options.headers)
  return headers
}

/** Why a call cannot be put on the wire, naming it (its path without the query string). */
const refuse = (call: CallRequest, why: string, reason: "Argument" | "Header" = "Argument") =>
  new InvalidArgument({
    message: `Stelace: ${why} (on API request to ${call.method} ${call.path.split("?")[0]})`,
    reason: { _tag: reason }
  })

/** The first line of an error's message (JSON's cycle error goes on for lines). */
const describeError = (error: unknown) => error instanceof Error ? error.message.split("\n")[0] : typeof error

/** Characters a request line cannot carry as they are. */
const unsafeInPath = /[^\x21-\x7e]/

/** The request of `call` on the client's origin, or why it cannot be sent. */
export const buildRequest = (call: CallRequest, settings: Settings): HttpClientRequest.HttpClientRequest | InvalidArgument => {
  const header = badHeader(call.options)
  // never quote the value: headers carry credentials
  if (header !== undefined) {
    return refuse(call, `the "${header}" header cannot carry its value (a string without line breaks nor control characters is expected)`, "Header")
  }
  let path = call.path
  if (unsafeInPath.test(path)) {
    try {
      path = encodePath(path)
    } catch {
      return refuse(call, "the path must be a well-formed string (it holds a lone surrogate)")
    }
  }
  const isGet = call.method === "GET"
  try {
    const query = isGet ? serializeQuery(call.input) : ""
    const url = settings.wire.origin + (query ? `${path}${path.includes("?") ? "&" : "?"}${query}` : path)
    const request = HttpClientRequest.make(call.method)(url, { headers: headersOf(settings, call.options) })
    return !isGet && (hasKeys(call.input) || call.bodyRequired === true)
      ? HttpClientRequest.setBody(request, HttpBody.text(JSON.stringify(call.input ?? {}), JSON_CONTENT_TYPE))
      : request
  } catch (error) {
    return refuse(call, `the ${isGet ? "query" : "body"} cannot be sent: ${describeError(error)}`)
  }
}

/** A request whose authorization is the user's access token, unless the client's key is secret. */
export const withAccessToken = (
  request: HttpClientRequest.HttpClientRequest,
  settings: Settings,
  accessToken: string | undefined
): HttpClientRequest.HttpClientRequest | InvalidArgument => {
  if (accessToken === undefined || settings.wire.secretKey) return request
  if (invalidHeaderValue.test(accessToken)) {
    return new InvalidArgument({
      message: `Stelace: the "authorization" header cannot carry its value (a string without line breaks nor control characters is expected) (on API request to ${request.method} ${request.url.slice(settings.wire.origin.length).split("?")[0]})`,
      reason: { _tag: "Header" }
    })
  }
  return HttpClientRequest.setHeader(request, "authorization", settings.wire.tokenAuthPrefix + accessToken)
}
