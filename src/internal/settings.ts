/**
 * A client's settings: the layer options with defaults applied and checked. The Promise facade
 * keeps a reference and changes fields through its setters; every request reads them afresh.
 *
 * @internal
 */
import type * as Effect from "effect/Effect"
import { InvalidArgument } from "../Errors.js"
import type { Tokens } from "../TokenStore.js"

/** Replaces the default refresh call: receives the current tokens, returns the new ones. */
export type BeforeRefreshToken = (tokens: Tokens) => Effect.Effect<Tokens | null | undefined, unknown>

/** Options of a Stelace client. */
export interface Options {
  /** Secret (`seck_...`) or publishable (`pubk_...`) API key. */
  readonly apiKey?: string | undefined
  /** Default API version (`x-stelace-version`), e.g. `2019-05-20` or `2020-08-10`. */
  readonly apiVersion?: string | undefined
  /** API host; defaults to `api.stelace.com`. */
  readonly host?: string | undefined
  /** API port; defaults to 443. */
  readonly port?: number | undefined
  /** `https` (default) or `http`. */
  readonly protocol?: string | undefined
  /** Milliseconds before a request attempt fails with `timeout of <ms>ms exceeded`; 0 disables it. Defaults to 30000. */
  readonly timeout?: number | undefined
  /** Organization to act as on every call (`x-stelace-organization-id`). */
  readonly organizationId?: string | null | undefined
  /**
   * User agent to send. The server binds refresh tokens to the user agent that logged in, so a
   * server rendering pages for a browser should forward the browser's. Defaults to
   * `Stelace/0.14.0` outside browsers (the value stelace.js sent) and to none in browsers.
   */
  readonly userAgent?: string | undefined
  /** Retries of idempotent calls on network errors and 408/429/502/503/504; defaults to 2. */
  readonly maxRetries?: number | undefined
  /** Refresh the access token when it expires within this many milliseconds; defaults to 30000. */
  readonly refreshMargin?: number | undefined
  /** Replaces the default refresh call (`POST /auth/token`). A failure or no result keeps the old tokens. */
  readonly beforeRefreshToken?: BeforeRefreshToken | undefined
  /**
   * Whether calls get an HTTP span and trace-propagation headers (`traceparent`, `b3`). `false`
   * turns both off; `layerFetch`, `layerNode` and the Promise facade default to `false` (browsers'
   * CORS preflight refuses the headers), `layer` leaves your `HttpClient` as it is.
   */
  readonly tracePropagation?: boolean | undefined
}

/** Settings with every default applied. */
export interface Settings {
  apiKey: string | undefined
  apiVersion: string | undefined
  host: string
  port: number
  protocol: string
  timeout: number
  organizationId: string | null | undefined
  userAgent: string | undefined
  maxRetries: number
  refreshMargin: number
  beforeRefreshToken: BeforeRefreshToken | undefined
  tracePropagation: boolean | undefined
}

export const DEFAULT_HOST = "api.stelace.com"
export const DEFAULT_PORT = 443
export const DEFAULT_PROTOCOL = "https"
export const DEFAULT_TIMEOUT = 30_000
export const DEFAULT_MAX_RETRIES = 2
export const DEFAULT_REFRESH_MARGIN = 30_000

/** Keys look like `<type>_<env>_<random>`, 32 characters at least. */
export const isApiKey = (key: unknown): key is string => {
  if (typeof key !== "string" || key.length < 32) return false
  const parts = key.split("_")
  return parts.length === 3 && parts[0].length >= 2 && parts[0].length <= 10
}

/** Secret keys act as the platform itself: no user session is attached to their calls. */
export const isSecretApiKey = (key: unknown): boolean => isApiKey(key) && key.startsWith("seck_")

const fail = (message: string): never => {
  throw new InvalidArgument({ message: `Stelace: ${message}` })
}

const optionalString = (name: string, value: unknown): string | undefined => {
  if (value === undefined) return undefined
  if (typeof value !== "string") fail(`"${name}" must be a string, but got: ${typeof value}`)
  return value as string
}

const nonNegative = (name: string, value: unknown, fallback: number, integer = false): number => {
  if (value === undefined) return fallback
  if (typeof value !== "number" || !Number.isFinite(value) || value < 0 || (integer && !Number.isInteger(value))) {
    fail(`"${name}" must be a ${integer ? "non-negative integer" : "non-negative number"}, but got: ${String(value)}`)
  }
  return value as number
}

/** The names of the options. */
export const optionNames: ReadonlyArray<keyof Options> = [
  "apiKey",
  "apiVersion",
  "host",
  "port",
  "protocol",
  "timeout",
  "organizationId",
  "userAgent",
  "maxRetries",
  "refreshMargin",
  "beforeRefreshToken",
  "tracePropagation"
]

const knownOptions: ReadonlySet<string> = new Set(optionNames)

/**
 * Applies defaults and checks every option; throws `InvalidArgument` on the first bad one.
 */
export const resolveSettings = (options: Options = {}): Settings => {
  if (options === null || typeof options !== "object") fail("options must be an object")
  const unknown = Object.keys(options).filter((key) => !knownOptions.has(key))
  if (unknown.length > 0) fail(`unknown option(s): ${unknown.join(", ")}`)
  const host = optionalString("host", options.host) ?? DEFAULT_HOST
  if (host === "" || /[/?#@\s]/.test(host)) fail(`"host" must be a host name, such as api.stelace.com, but got: ${host}`)
  const protocol = (optionalString("protocol", options.protocol) ?? DEFAULT_PROTOCOL).toLowerCase()
  if (protocol !== "http" && protocol !== "https") fail(`"protocol" must be http or https, but got: ${protocol}`)
  const port = nonNegative("port", options.port, DEFAULT_PORT, true)
  if (port < 1 || port > 65535) fail(`"port" must be between 1 and 65535, but got: ${port}`)
  const organizationId = options.organizationId === null ? null : optionalString("organizationId", options.organizationId)
  if (options.beforeRefreshToken !== undefined && typeof options.beforeRefreshToken !== "function") {
    fail(`"beforeRefreshToken" must be a function, but got: ${typeof options.beforeRefreshToken}`)
  }
  if (options.tracePropagation !== undefined && typeof options.tracePropagation !== "boolean") {
    fail(`"tracePropagation" must be a boolean, but got: ${typeof options.tracePropagation}`)
  }
  return {
    apiKey: optionalString("apiKey", options.apiKey),
    apiVersion: optionalString("apiVersion", options.apiVersion),
    host,
    port,
    protocol,
    timeout: nonNegative("timeout", options.timeout, DEFAULT_TIMEOUT),
    organizationId,
    userAgent: optionalString("userAgent", options.userAgent),
    maxRetries: nonNegative("maxRetries", options.maxRetries, DEFAULT_MAX_RETRIES, true),
    refreshMargin: nonNegative("refreshMargin", options.refreshMargin, DEFAULT_REFRESH_MARGIN),
    beforeRefreshToken: options.beforeRefreshToken,
    tracePropagation: options.tracePropagation
  }
}
