/**
 * A client's settings: its options with defaults applied and checked, and what every request
 * derives from them alone (origin, authorization headers, constant headers), computed once here
 * and again only when a setter of the Promise facade changes a setting.
 */
import type * as Effect from "effect/Effect"
import * as Redacted from "effect/Redacted"
import type { InvalidArgumentReason } from "../../Errors.js"
import { InvalidArgument } from "../../Errors.js"
import type { Tokens } from "../../TokenStore.js"
import { inspectSymbol } from "../inspect.js"

/** Replaces the default refresh call: receives the current tokens, returns the new ones. */
export type BeforeRefreshToken = (tokens: Tokens) => Effect.Effect<Tokens | null | undefined, unknown>

/** Options of a Stelace client. */
export interface Options {
  /** Secret (`seck_...`) or publishable (`pubk_...`) API key, as a string or `Redacted`. */
  readonly apiKey?: string | Redacted.Redacted<string> | undefined
  /** Default API version (`x-stelace-version`), e.g. `2019-05-20` or `2020-08-10`. */
  readonly apiVersion?: string | undefined
  /** API host; defaults to `api.stelace.com`. */
  readonly host?: string | undefined
  /** API port; defaults to the protocol's (443 for https, 80 for http). */
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
  /**
   * Replaces the default refresh call (`POST /auth/token`). No result keeps the old tokens; a
   * failure, or no answer within `timeout` (30 s by default), fails the calls waiting for it with
   * `HookError`.
   */
  readonly beforeRefreshToken?: BeforeRefreshToken | undefined
  /**
   * `true` sends the trace headers (`traceparent`, `b3`) of each call's span, so that the API's
   * own traces join yours. Off by default: browsers' CORS preflight refuses them, and the Stelace
   * API does not allow them. Spans are made either way, wherever tracing is on.
   */
  readonly tracePropagation?: boolean | undefined
  /**
   * In a browser (a `window` with a `document`) a secret key (`seck_...`) is refused with
   * `InvalidArgument`: any script on the page can read it, and it grants every permission
   * (`GET /api-keys?reveal=1` lists the other keys). `true` lets it through, for pages only
   * trusted people open (an internal back office). Outside browsers it changes nothing.
   */
  readonly dangerouslyAllowSecretKeyInBrowser?: boolean | undefined
}

/** What requests derive from the settings alone. Holds credentials: never printed. */
export interface Wire {
  /** `protocol://host[:port]`, the port left out when it is the protocol's default. */
  readonly origin: string
  readonly secure: boolean
  /** The host name (an IPv6 address without its brackets). */
  readonly hostname: string
  /** The port, the protocol's default when none was set. */
  readonly port: number
  /** Secret keys act as the platform: no user session goes with their calls. */
  readonly secretKey: boolean
  /** `Basic base64(key:)`, or `undefined` without a key. */
  readonly basicAuth: string | undefined
  /** `Stelace-V1 apiKey=<key>, token=`, to which a call appends the user's access token. */
  readonly tokenAuthPrefix: string
  /** The headers every request carries: accept, user agent, version and organization. */
  readonly headers: Readonly<Record<string, string>>
}

/** Settings with every default applied. A client holds them in its `SettingsRef`. */
export interface Settings {
  readonly apiKey: Redacted.Redacted<string> | undefined
  readonly apiVersion: string | undefined
  readonly host: string
  readonly port: number | undefined
  readonly protocol: "http" | "https"
  readonly timeout: number
  readonly organizationId: string | null | undefined
  readonly userAgent: string | undefined
  readonly maxRetries: number
  readonly refreshMargin: number
  readonly beforeRefreshToken: BeforeRefreshToken | undefined
  readonly tracePropagation: boolean | undefined
  readonly dangerouslyAllowSecretKeyInBrowser?: boolean | undefined
  readonly wire: Wire
}

export const DEFAULT_HOST = "api.stelace.com"
export const DEFAULT_PROTOCOL = "https"
export const DEFAULT_TIMEOUT = 30_000
export const DEFAULT_MAX_RETRIES = 2
export const DEFAULT_REFRESH_MARGIN = 30_000

/** What the SDK sends as user agent outside browsers (stable, so refresh tokens stay valid). */
export const DEFAULT_USER_AGENT = "Stelace/0.14.0"

/** Keys look like `<type>_<env>_<random>`, 32 characters at least. */
export const isApiKey = (key: unknown): key is string => {
  if (typeof key !== "string" || key.length < 32) return false
  const parts = key.split("_")
  return parts.length === 3 && parts[0].length >= 2 && parts[0].length <= 10
}

/** Secret keys act as the platform itself: no user session is attached to their calls. */
export const isSecretApiKey = (key: unknown): boolean => isApiKey(key) && key.startsWith("seck_")

const fail = (message: string, reason: InvalidArgumentReason["_tag"] = "Option"): never => {
  throw new InvalidArgument({ message: `Stelace: ${message}`, reason: { _tag: reason } })
}

/** What a header value cannot hold (Node's and fetch's rule: no control character but tab). */
export const invalidHeaderValue = /[^\t\x20-\x7e\x80-\xff]/

type Check = (name: string, value: unknown) => unknown

const string: Check = (name, value) => typeof value === "string" ? value : fail(`"${name}" must be a string, but got: ${typeof value}`)

/** A string sent as a header: checked once here, so requests need not check it again. */
const headerValue: Check = (name, value) =>
  invalidHeaderValue.test(string(name, value) as string)
    ? fail(`"${name}" cannot be sent in a header: it holds a line break or another control character`)
    : value

const count = (integer: boolean, min = 0, max = Infinity): Check => (name, value) => {
  if (typeof value !== "number" || !Number.isFinite(value) || value < 0 || (integer && !Number.isInteger(value))) {
    fail(`"${name}" must be a ${integer ? "non-negative integer" : "non-negative number"}, but got: ${String(value)}`)
  }
  return (value as number) < min || (value as number) > max ? fail(`"${name}" must be between ${min} and ${max}, but got: ${value}`) : value
}

const ofType = (type: string, article: string): Check => (name, value) =>
  typeof value === type ? value : fail(`"${name}" must be ${article} ${type}, but got: ${typeof value}`)

/** How each option is checked (and normalized); the keys are the options' names. */
const checks: Record<keyof Options, Check> = {
  apiKey: (name, value) => Redacted.make(headerValue(name, Redacted.isRedacted(value) ? Redacted.value(value) : value) as string, { label: "apiKey" }),
  apiVersion: headerValue,
  host: (name, value) =>
    value === "" || /[/?#@\s\\]/.test(string(name, value) as string)
      ? fail(`"host" must be a host name, such as api.stelace.com, but got: ${value}`)
      : value,
  protocol: (name, value) => {
    const protocol = (string(name, value) as string).toLowerCase()
    return protocol === "http" || protocol === "https" ? protocol : fail(`"protocol" must be http or https, but got: ${protocol}`)
  },
  port: count(true, 1, 65535),
  timeout: count(false),
  organizationId: (name, value) => value === null ? null : headerValue(name, value),
  userAgent: headerValue,
  maxRetries: count(true),
  refreshMargin: count(false),
  beforeRefreshToken: ofType("function", "a"),
  tracePropagation: ofType("boolean", "a"),
  dangerouslyAllowSecretKeyInBrowser: ofType("boolean", "a")
}

/** The names of the options. */
export const optionNames = /*#__PURE__*/ Object.keys(checks) as ReadonlyArray<keyof Options>

/** Checks the options present in `options` and returns them with their final types. */
const checkOptions = (options: Options): Partial<Omit<Settings, "wire">> => {
  if (options === null || typeof options !== "object") fail("options must be an object")
  const unknown = Object.keys(options).filter((key) => !(key in checks))
  if (unknown.length > 0) fail(`unknown option(s): ${unknown.join(", ")}`)
  const out: Record<string, unknown> = {}
  for (const key of Object.keys(options) as Array<keyof Options>) {
    const value = options[key]
    // an explicit `organizationId: undefined` removes the organization; other undefined options keep their default
    if (value !== undefined) out[key] = checks[key](key, value)
    else if (key === "organizationId") out[key] = undefined
  }
  return out as Partial<Omit<Settings, "wire">>
}

/** A `window` with a `document`, looked up when settings are made (so a DOM set up later counts). */
export const inBrowser = (): boolean => typeof window === "object" && window !== null && typeof (window as { document?: unknown }).document === "object"

/** The wire of some settings; refuses a secret key in a browser unless explicitly allowed. */
const makeWire = (settings: Omit<Settings, "wire">): Wire => {
  const key = settings.apiKey === undefined ? undefined : Redacted.value(settings.apiKey)
  if (key?.startsWith("seck_") && settings.dangerouslyAllowSecretKeyInBrowser !== true && inBrowser()) {
    fail(
      "a secret key (seck_...) in a browser is readable by any script on the page and grants every permission: use a publishable key (pubk_...), or set dangerouslyAllowSecretKeyInBrowser: true",
      "SecretKey"
    )
  }
  const defaultPort = settings.protocol === "https" ? 443 : 80
  const port = settings.port ?? defaultPort
  const headers: Record<string, string> = { accept: "application/json, text/plain, */*" }
  const userAgent = settings.userAgent ?? (inBrowser() ? undefined : DEFAULT_USER_AGENT)
  if (userAgent) headers["user-agent"] = userAgent
  if (settings.apiVersion) headers["x-stelace-version"] = settings.apiVersion
  if (settings.organizationId) headers["x-stelace-organization-id"] = settings.organizationId
  const wire: Wire = Object.create(redactedWire)
  Object.assign(wire, {
    origin: `${settings.protocol}://${settings.host}${port === defaultPort ? "" : `:${port}`}`,
    secure: settings.protocol === "https",
    hostname: settings.host.replace(/^\[(.*)\]$/, "$1"),
    port,
    secretKey: isSecretApiKey(key),
    basicAuth: key ? `Basic ${btoa(`${key}:`)}` : undefined,
    // stelace.js wrote `apiKey=null` when no key was set; the server then answers 401 either way
    tokenAuthPrefix: `Stelace-V1 apiKey=${key ?? null}, token=`,
    headers
  })
  return wire
}

/** What every wire inherits: it prints and serializes as redacted (it holds the key). */
const redactedWire: object = /*#__PURE__*/ Object.defineProperties({}, {
  [inspectSymbol]: { value: () => "Wire <redacted>" },
  toJSON: { value: () => "<redacted>" }
})

const defaults: Omit<Settings, "wire"> = {
  apiKey: undefined,
  apiVersion: undefined,
  host: DEFAULT_HOST,
  port: undefined,
  protocol: DEFAULT_PROTOCOL,
  timeout: DEFAULT_TIMEOUT,
  organizationId: undefined,
  userAgent: undefined,
  maxRetries: DEFAULT_MAX_RETRIES,
  refreshMargin: DEFAULT_REFRESH_MARGIN,
  beforeRefreshToken: undefined,
  tracePropagation: undefined
}

/**
 * Applies defaults and checks every option; throws `InvalidArgument` on the first bad one.
 */
export const resolveSettings = (options: Options = {}): Settings => {
  const resolved = { ...defaults, ...checkOptions(options) }
  return { ...resolved, wire: makeWire(resolved) }
}

/**
 * `settings` with `patch` applied, checked like the options: a bad value throws `InvalidArgument`
 * (the Promise facade's setters throw it as they are called).
 */
export const patchSettings = (settings: Settings, patch: Options): Settings => {
  const { wire: _, ...current } = settings
  const next = { ...current, ...checkOptions(patch) }
  return { ...next, wire: makeWire(next) }
}
