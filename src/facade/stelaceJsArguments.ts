/**
 * stelace.js's argument rules: path parameters first, then an optional data object (the query for
 * GET, the body otherwise), then an optional options object recognised by its keys, then an
 * optional Node-style callback. Anything left over is an error. One addition: an object after the
 * data that carries `headers` is an options object too (stelace.js refused it as an unknown
 * argument); in the data's place, `headers` stays data (`emails.send` takes a `headers` field).
 */
import type { InvalidArgument } from "../Errors.js"
import type { AnyEndpoint } from "../internal/routes/model.js"
import type { Invocation } from "../internal/pipeline/arguments.js"
import { argumentError, buildPath, printable } from "../internal/pipeline/arguments.js"
import { checkHeaders } from "../internal/wire/headers.js"
import type { RequestOptions } from "../internal/pipeline/arguments.js"

/** Per-call options of the Promise facade. */
export interface FacadeRequestOptions {
  /** API version for this call (`x-stelace-version`). */
  readonly stelaceVersion?: string | undefined
  /** Act on behalf of this user (`x-stelace-user-id`; needs a secret key). */
  readonly stelaceUserId?: string | undefined
  /** Organization to act as for this call; `null` removes the instance's. */
  readonly stelaceOrganizationId?: string | null | undefined
  /** Aborting it rejects the call with `Request aborted` and aborts the HTTP request. */
  readonly signal?: AbortSignal | undefined
  /**
   * Headers of your own for this call, sent with lower-case names. Recognised in the options
   * object after the data (`assets.list({}, { headers })`, `assets.read(id, undefined, { headers })`),
   * or beside a `stelace*` option; in the data's place alone, `headers` is data. The SDK's own
   * headers (`authorization`, `x-stelace-version`, `content-type`, `user-agent`...) cannot be set
   * this way: the call rejects with `InvalidArgument` naming the header, as it does for a name that
   * is not an HTTP token or a value with a line break, before anything is sent.
   */
  readonly headers?: Readonly<Record<string, string>> | undefined
}

const optionKeys = ["stelaceVersion", "stelaceUserId", "stelaceOrganizationId"] as const

const hasOwn = (object: object, key: string) => Object.hasOwn(object, key)

const isObject = (u: unknown): u is Record<string, unknown> => Boolean(u) && typeof u === "object"

const isAbortSignal = (u: unknown): u is AbortSignal => typeof AbortSignal !== "undefined" && u instanceof AbortSignal

/** An options object: it carries one of the option keys (or an AbortSignal under `signal`). */
export const isOptionsHash = (u: unknown): u is FacadeRequestOptions =>
  isObject(u) && (optionKeys.some((key) => hasOwn(u, key)) || (hasOwn(u, "signal") && isAbortSignal(u.signal)))

const isOptionKey = (object: Record<string, unknown>, key: string) =>
  (optionKeys as ReadonlyArray<string>).includes(key) || key === "headers" || (key === "signal" && isAbortSignal(object.signal))

/** Warns the way stelace.js did: a process warning in Node, the console elsewhere. */
export const warn = (message: string): void => {
  const process = (globalThis as { process?: { emitWarning?: (message: string, type: string) => void } }).process
  if (typeof process?.emitWarning === "function") process.emitWarning(message, "Stelace")
  else console.warn(`Stelace: ${message}`)
}

/**
 * One facade call, its arguments sorted out: the core's invocation (data is its input), the abort
 * signal, and headers of your own (checked: the core sends them as `withRequestOptions` does).
 */
export interface ParsedCall extends Invocation {
  readonly params: ReadonlyArray<string>
  readonly options: RequestOptions | undefined
  readonly signal: AbortSignal | undefined
  readonly headers: Readonly<Record<string, string>> | undefined
}

/** The core's per-call options, `undefined` when there are none (most calls). */
const toRequestOptions = (options: FacadeRequestOptions | undefined): RequestOptions | undefined => {
  if (options === undefined) return undefined
  const out: { apiVersion?: string; userId?: string; organizationId?: string | null } = {}
  if (options.stelaceVersion) out.apiVersion = options.stelaceVersion
  if (options.stelaceUserId) out.userId = options.stelaceUserId
  // a falsy organization (null, "") removes the instance's for this call, as stelace.js did
  if (options.stelaceOrganizationId !== undefined) out.organizationId = options.stelaceOrganizationId || null
  return out
}

/**
 * Sorts out the arguments of a call (the callback already taken off), or explains what is wrong
 * with the messages stelace.js used. Arguments whose reading throws (a proxy, a getter) are
 * refused too: a call never fails with anything but a typed error.
 */
export const parseArguments = (endpoint: AnyEndpoint, input: ReadonlyArray<unknown>): ParsedCall | InvalidArgument => {
  try {
    return parse(endpoint, input)
  } catch (error) {
    return argumentError(endpoint, `the arguments could not be read: ${error instanceof Error ? error.message : printable(error)}`)
  }
}

const parse = (endpoint: AnyEndpoint, input: ReadonlyArray<unknown>): ParsedCall | InvalidArgument => {
  const args = [...input]
  const params = args.splice(0, endpoint.params.length)
  const path = buildPath(endpoint, params)
  if (typeof path !== "string") return path

  // `undefined` data or options mean "none" (stelace.js rejected them as unknown arguments)
  while (args.length > 0 && args[args.length - 1] === undefined) args.pop()
  let data: unknown = {}
  // whether what is left stands after the data, where an object with `headers` is options
  let afterData = false
  if (args.length > 1 && args[0] === undefined) {
    args.shift()
    afterData = true
  } else if (args.length > 0 && isObject(args[0])) {
    if (!isOptionsHash(args[0])) {
      data = args.shift()
      afterData = true
    } else {
      // an options object standing in place of the data
      const keys = Object.keys(args[0])
      const options = keys.filter((key) => isOptionKey(args[0] as Record<string, unknown>, key))
      if (options.length !== keys.length) {
        warn(`Options found in arguments (${options.join(", ")}). Did you mean to pass an options object? `)
      }
    }
  }

  let options: FacadeRequestOptions | undefined
  const last = args[args.length - 1]
  if (args.length > 0 && (isOptionsHash(last) || (afterData && isObject(last) && hasOwn(last, "headers")))) {
    options = args.pop() as FacadeRequestOptions
    const extra = Object.keys(options).filter((key) => !isOptionKey(options as Record<string, unknown>, key))
    if (extra.length > 0) warn(`Invalid options found (${extra.join(", ")}); ignoring.`)
  }

  if (args.length > 0) {
    return argumentError(endpoint, `Unknown arguments (${args.map((arg) => (arg === null || arg === undefined ? "" : printable(arg))).join(",")}). Did you mean to pass an options object?`)
  }
  const headers = options?.headers === undefined ? undefined : checkHeaders(options.headers)
  if (typeof headers === "string") return argumentError(endpoint, headers)
  return { params: params as Array<string>, input: data, options: toRequestOptions(options), signal: options?.signal, headers }
}
