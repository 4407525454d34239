/**
 * The arguments of a call: split into path parameters, input and options, checked, and the path
 * built from them. Every face (Effect functions, the Promise facade, React) goes through these
 * checks, so a bad argument is the same `InvalidArgument` everywhere.
 */
import { InvalidArgument } from "../../Errors.js"
import type { StelaceError } from "../../Errors.js"
import type { AnyEndpoint } from "../routes/model.js"

/**
 * Per-call options: they map to the `x-stelace-version`, `x-stelace-user-id` and
 * `x-stelace-organization-id` headers, overriding the client's settings for one call, and add
 * headers of your own.
 */
export interface RequestOptions {
  /** API version for this call, e.g. `2019-05-20` for page-based lists. */
  readonly apiVersion?: string | undefined
  /** Act on behalf of this user (needs a secret key or the `...:all` permission). */
  readonly userId?: string | undefined
  /** Organization to act as; `null` removes the client's organization for this call. */
  readonly organizationId?: string | null | undefined
  /**
   * Headers of your own (a trace or tenant id for a proxy, say); only through
   * `Stelace.withRequestOptions` and the Promise facade's options object, which check them where
   * they are given and make their names lower-case.
   */
  readonly headers?: Readonly<Record<string, string>> | undefined
}

/** The arguments of one call, already split. */
export interface Invocation {
  readonly params: ReadonlyArray<unknown>
  readonly input: unknown
  readonly options?: RequestOptions | undefined
}

/** `String(value)`, or what the value is when it cannot be printed (a null prototype, a throwing `toString`). */
export const printable = (value: unknown): string => {
  try {
    return String(value)
  } catch {
    return `<${typeof value}>`
  }
}

/** `(on API request to GET /assets/:id)`, the suffix stelace.js put on argument errors. */
export const where = (endpoint: Pick<AnyEndpoint, "method" | "path">): string =>
  `(on API request to ${endpoint.method} ${endpoint.path})`

/** An `InvalidArgument` naming the endpoint. */
export const argumentError = (endpoint: Pick<AnyEndpoint, "method" | "path">, message: string): InvalidArgument =>
  new InvalidArgument({ message: `Stelace: ${message} ${where(endpoint)}`, reason: { _tag: "Argument" } })

/**
 * A forwarded path on the API host, or why it is refused. Like stelace.js (axios), a path without a
 * leading slash is relative to the API root (`assets` is `/assets`); unlike it, an absolute URL
 * (`https://other.host/x`, any `scheme:`) or a protocol-relative one (`//other.host/x`) is refused
 * rather than sent with the API key and token to another host.
 */
export const forwardPath = (method: AnyEndpoint["method"], path: unknown): string | InvalidArgument => {
  const endpoint = { method, path: typeof path === "string" ? path : printable(path) }
  if (typeof path !== "string") return argumentError(endpoint, `"path" must be a string, but got: ${typeof path}`)
  if (/^[a-z][a-z\d+\-.]*:/i.test(path) || /^[/\\]{2}/.test(path) || path.startsWith("\\")) {
    return argumentError(endpoint, `"path" must be a path on the API host, such as /assets; URLs are refused`)
  }
  return path.startsWith("/") ? path : `/${path}`
}

const optionKeys: ReadonlySet<string> = new Set(["apiVersion", "userId", "organizationId"])

/** The path with its parameters checked and URL-encoded. */
export const buildPath = (endpoint: AnyEndpoint, params: ReadonlyArray<unknown>): string | InvalidArgument => {
  let path: string = endpoint.path
  for (let i = 0; i < endpoint.params.length; i++) {
    const name = endpoint.params[i]
    const value = params[i]
    if (typeof value !== "string") return argumentError(endpoint, `"${name}" must be a string, but got: ${typeof value}`)
    if (value === "") return argumentError(endpoint, `"${name}" must not be empty`)
    // URL parsers resolve `.` and `..` segments (encoded or not): `read("..")` would leave the route
    if (value === "." || value === "..") {
      return argumentError(endpoint, `"${name}" must not be "${value}", which would leave the route`)
    }
    let encoded: string
    try {
      encoded = encodeURIComponent(value)
    } catch {
      return argumentError(endpoint, `"${name}" must be a well-formed string (it holds a lone surrogate)`)
    }
    path = path.replace(`:${name}`, encoded)
  }
  return path
}

/** What an argument threw when the SDK read it (a getter, a proxy, a `toJSON`). */
export const unreadable = (endpoint: Pick<AnyEndpoint, "method" | "path">, error: unknown): InvalidArgument =>
  argumentError(endpoint, `the arguments could not be read: ${error instanceof Error ? error.message : printable(error)}`)

export const checkArguments = (endpoint: AnyEndpoint, invocation: Invocation): InvalidArgument | undefined => {
  const { input, options } = invocation
  if (input !== undefined && (input === null || typeof input !== "object")) {
    const what = endpoint.method === "GET" ? "query" : "body"
    return argumentError(endpoint, `the ${what} must be an object, but got: ${input === null ? "null" : typeof input}`)
  }
  if (options !== undefined) {
    if (options === null || typeof options !== "object") {
      return argumentError(endpoint, `options must be an object, but got: ${options === null ? "null" : typeof options}`)
    }
    const unknown = Object.keys(options).filter((key) => !optionKeys.has(key))
    if (unknown.length > 0) {
      return argumentError(endpoint, `unknown option(s) ${unknown.join(", ")}; options are apiVersion, userId, organizationId`)
    }
  }
  return undefined
}

/** Splits positional arguments into path parameters, input and options. */
export const splitArguments = (endpoint: AnyEndpoint, args: ReadonlyArray<unknown>): Invocation | StelaceError => {
  const count = endpoint.params.length
  if (args.length > count + 2) {
    return argumentError(endpoint, `expected at most ${count + 2} arguments, but got ${args.length}`)
  }
  return { params: args.slice(0, count), input: args[count], options: args[count + 1] as Invocation["options"] }
}
