/**
 * The Promise facade: `createInstance(config)`, a drop-in replacement for stelace.js 0.14.0. A thin
 * adapter of stelace.js's arguments, callbacks, list shape, getters and setters over the one client
 * core, run by the instance's `FacadeRuntime`.
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import * as Redacted from "effect/Redacted"
import type { SessionExpired } from "../Errors.js"
import { defineHidden, InvalidArgument } from "../Errors.js"
import type { Invocation } from "../internal/pipeline/arguments.js"
import { forwardPath, printable } from "../internal/pipeline/arguments.js"
import { isThenable } from "../internal/session/hooks.js"
import type { AnyEndpoint, Page } from "../internal/routes/model.js"
import { nextPageInput } from "../internal/pipeline/nextPage.js"
import type { BeforeRefreshToken, Options } from "../internal/client/settings.js"
import { DEFAULT_TIMEOUT, optionNames, resolveSettings } from "../internal/client/settings.js"
import type { StelaceClient } from "../internal/client/StelaceClient.js"
import type { Method } from "../internal/routes/model.js"
import type { Session } from "../Session.js"
import { infoFromTokens } from "../Session.js"
import { loginWithCode, logoutFromProvider, ssoLoginUrlWith } from "../internal/session/singleSignOn.js"
import type { CustomTokenStore, Tokens } from "../TokenStore.js"
import { FacadeRuntime, runtimeKey } from "./FacadeRuntime.js"
import { parseArguments } from "./stelaceJsArguments.js"
import { resources } from "./resources.js"
import type { FacadeConfig, FacadeResources, FacadeSession, LegacyBeforeRefreshToken, StelaceInstanceApi } from "./instanceTypes.js"

export type * from "./instanceTypes.js"
export type { FacadeRequestOptions } from "./stelaceJsArguments.js"

const forwardMethods: Record<string, Method> = { get: "GET", post: "POST", put: "PUT", patch: "PATCH", del: "DELETE", options: "OPTIONS" }

/** stelace.js's configuration keys and the core's options, but trace propagation (always off). */
const configKeys: ReadonlySet<string> = new Set([...optionNames.filter((name) => name !== "tracePropagation"), "tokenStore"])

const errorTypes = ["userSessionExpired"] as const

type Callback = (error: unknown, result?: unknown) => unknown

const isTokenStore = (store: unknown): store is CustomTokenStore =>
  Boolean(store) && typeof store === "object" &&
  typeof (store as CustomTokenStore).getTokens === "function" &&
  typeof (store as CustomTokenStore).setTokens === "function" &&
  typeof (store as CustomTokenStore).removeTokens === "function"

/**
 * Runs the callback (if any) as stelace.js did: with the result, or with the error on a later
 * tick; the returned promise resolves to what the callback returned (to `undefined` on error).
 * Unlike stelace.js, a callback that throws on a result is not called a second time with its own
 * error: the error is thrown again outside the promise, as Node's callback APIs do (an uncaught
 * exception rather than an unhandled rejection of a promise callback users never hold).
 */
const asCallback = (promise: Promise<unknown>, callback: Callback | undefined): Promise<unknown> => {
  if (!callback) return promise
  return promise.then(
    (result) => {
      try {
        return callback(null, result)
      } catch (error) {
        setTimeout(() => {
          throw error
        }, 0)
      }
    },
    (error) => {
      setTimeout(() => callback(error), 0)
    }
  )
}

/**
 * A stelace.js `beforeRefreshToken(tokens, callback)` hook, answering by callback or promise. What
 * it throws or rejects with is its failure, which the hook rule turns into `HookError`.
 */
const adaptHook = (hook: LegacyBeforeRefreshToken): BeforeRefreshToken => (tokens) =>
  Effect.tryPromise({
    try: () =>
      new Promise<Tokens | null | undefined>((resolve, reject) => {
        const returned = hook(tokens, (error, result) => error ? reject(error) : resolve(result))
        if (isThenable(returned)) returned.then(resolve as (value: unknown) => void, reject)
      }),
    catch: (error) => error
  })

/** Lists resolve to their items, with `lastResponse` and `paginationMeta` alongside. */
const toList = (result: unknown) => {
  const page = result as Page<unknown>
  const items = page.results as Array<unknown>
  defineHidden(items, "lastResponse", page.lastResponse)
  defineHidden(items, "paginationMeta", page.paginationMeta)
  return items
}

/** The stelace.js hook each hook the core runs came from (what `getApiField("beforeRefreshToken")` answers). */
const legacyHooks = new WeakMap<BeforeRefreshToken, LegacyBeforeRefreshToken>()

/** A call of a family's method: stelace.js's arguments parsed, the core's call made. Never throws. */
const call = (runtime: FacadeRuntime, endpoint: AnyEndpoint, args: Array<unknown>): Promise<unknown> => {
  try {
    const parsed = parseArguments(endpoint, args)
    if (parsed instanceof InvalidArgument) return Promise.reject(parsed)
    return runtime.client.request(endpoint, parsed, parsed.signal, endpoint.kind === "list" ? toList : undefined, parsed.headers)
  } catch (error) {
    return Promise.reject(error)
  }
}

/** The callback among a method's arguments: a function, as stelace.js took it, else none. */
const callbackOf = (value: unknown): Callback | undefined => (typeof value === "function" ? value as Callback : undefined)

/** A method of a family: stelace.js's arguments, a callback last or a promise. */
const method = (runtime: FacadeRuntime, endpoint: AnyEndpoint) => (...args: Array<unknown>) => {
  const callback = typeof args[args.length - 1] === "function" ? args.pop() as Callback : undefined
  return asCallback(call(runtime, endpoint, args), callback)
}

/** `paginate(...)`: the arguments of `list`, every item across pages for `for await`, each page fetched as the loop asks for it. */
async function* paginate(runtime: FacadeRuntime, endpoint: AnyEndpoint, args: Array<unknown>): AsyncGenerator<unknown, void> {
  const parsed = parseArguments(endpoint, args)
  if (parsed instanceof InvalidArgument) throw parsed
  let invocation: Invocation = parsed
  while (true) {
    const page = await runtime.client.request(endpoint, invocation, parsed.signal, undefined, parsed.headers) as Page<unknown>
    yield* page.results
    const next = nextPageInput(invocation.input as Readonly<Record<string, unknown>> | undefined, page)
    if (next === undefined) return
    invocation = { ...invocation, input: next }
  }
}

/** A forwarded call: the path checked (an absolute URL or a path leaving the API is refused), then the core's call. Never throws. */
const forwarded = (runtime: FacadeRuntime, method: Method, path: unknown, args: Array<unknown>): Promise<unknown> => {
  try {
    const checked = forwardPath(method, path)
    return checked instanceof InvalidArgument ? Promise.reject(checked) : call(runtime, { method, path: checked, kind: "object", params: [] }, args)
  } catch (error) {
    return Promise.reject(error)
  }
}

/** `forward.get/post/...(path, data?, options?, callback?)`: any path of the API host. */
const forward = (runtime: FacadeRuntime): Record<string, unknown> => {
  const methods: Record<string, unknown> = {}
  for (const [name, httpMethod] of Object.entries(forwardMethods)) {
    methods[name] = (path: unknown, ...args: Array<unknown>) => {
      const callback = typeof args[args.length - 1] === "function" ? args.pop() as Callback : undefined
      return asCallback(forwarded(runtime, httpMethod, path, args), callback)
    }
  }
  return methods
}

/** The methods of the family `name` of an instance, built on its first use. */
const family = (runtime: FacadeRuntime, name: string): Record<string, unknown> => {
  if (name === "forward") return forward(runtime)
  const resource: Record<string, unknown> = {}
  for (const [key, endpoint] of Object.entries((resources as unknown as Record<string, Record<string, AnyEndpoint>>)[name])) {
    resource[key] = method(runtime, endpoint)
    if (endpoint.kind === "list" && (key === "list" || key === "results")) {
      resource.paginate = (...args: Array<unknown>) => paginate(runtime, endpoint, args)
    }
  }
  if (name === "auth") {
    resource.info = () => {
      try {
        return infoFromTokens(runtime.tokenStore.getTokens() as Tokens | null)
      } catch {
        return infoFromTokens(null)
      }
    }
    resource.ssoLoginUrl = (target: unknown) => {
      const url = ssoLoginUrlWith(runtime.settings, target)
      if (url instanceof InvalidArgument) throw url
      return url
    }
    // the typed error of a refused code (`getTokens` keeps rejecting as stelace.js did)
    resource.loginWithCode = (code: string, callback?: unknown) => asCallback(runtime.client.run(loginWithCode(code)), callbackOf(callback))
    resource.logoutFromProvider = (callback?: unknown) => asCallback(runtime.client.run(logoutFromProvider()), callbackOf(callback))
  }
  if (name === "signal") {
    // the signal client is installed by `Signal.install(stelace)` (stelace-effect/Signal), so that
    // apps without real-time do not carry it
    resource.subscribe = (...args: Parameters<NonNullable<FacadeRuntime["subscribeSignals"]>>) => {
      if (runtime.subscribeSignals === undefined) {
        throw new InvalidArgument({
          message: "Stelace Signal: call install(stelace) from stelace-effect/Signal once before signal.subscribe (it loads the real-time client)",
          reason: { _tag: "Argument" }
        })
      }
      return runtime.subscribeSignals(...args)
    }
  }
  return resource
}

/**
 * An instance of the Stelace client with stelace.js's interface. Use `createInstance`.
 *
 * An adapter of stelace.js's arguments, callbacks, list shape, getters and setters over the one
 * client core (`FacadeRuntime`), which runs its calls and holds its settings, token store and
 * session. The core is its one own property besides the families, non-enumerable and
 * symbol-keyed: printing an instance shows its resources, never its API key.
 */
class FacadeInstance {
  declare readonly [runtimeKey]: FacadeRuntime

  constructor(config: FacadeConfig) {
    if (!config || typeof config !== "object") {
      throw new Error("A configuration object is expected to initialize Stelace")
    }
    const unknown = Object.keys(config).filter((key) => !configKeys.has(key))
    if (unknown.length > 0) {
      throw new InvalidArgument({
        message: `Stelace: unknown configuration key(s): ${unknown.join(", ")}; known keys are ${[...configKeys].join(", ")}`,
        reason: { _tag: "Option" }
      })
    }
    const { apiKey, apiVersion, beforeRefreshToken, tokenStore, ...transport } = config
    // no trace headers (CORS refuses them); an empty key or version is ignored, as setApiKey and
    // setApiVersion do
    const runtime = new FacadeRuntime(resolveSettings({
      ...transport,
      ...(apiKey ? { apiKey } : {}),
      ...(apiVersion ? { apiVersion } : {}),
      tracePropagation: false
    }))
    Object.defineProperty(this, runtimeKey, { value: runtime })
    this.setTokenStore(tokenStore)
    this.setBeforeRefreshToken(beforeRefreshToken)
    // the resource families are built on first use (`familyProperties`), and the client and its
    // session on the first call or session read: a client costs little to make (server rendering
    // makes one per request)
    Object.defineProperties(this, familyProperties)
  }

  /** The session as a value, and its events: what user interfaces follow. */
  get session(): FacadeSession {
    const runtime = this[runtimeKey]
    const session: FacadeSession = {
      getSnapshot: () => runtime.snapshot(),
      subscribe: (listener) => runtime.subscribe(listener)
    }
    Object.defineProperty(this, "session", { value: session })
    return session
  }

  /**
   * Runs an Effect program (composed from `stelace-effect/<Module>`) on this instance's client:
   * the same session and runtime as the instance's methods. Resolves with its result; rejects
   * with its typed error, or `RequestAborted` when `signal` aborts.
   */
  run<A, E>(effect: Effect.Effect<A, E, StelaceClient | Session>, options?: { readonly signal?: AbortSignal | undefined }): Promise<A> {
    return this[runtimeKey].client.run(effect, options?.signal)
  }

  /** Sets the API host, and optionally its port and protocol. */
  setHost(host: string, port?: number | string, protocol?: string): void {
    update(this, {
      host,
      ...(port ? { port: portNumber(port) } : {}),
      ...(protocol ? { protocol } : {})
    })
  }

  /** Sets the protocol (`https` or `http`). */
  setProtocol(protocol: string): void {
    update(this, { protocol })
  }

  /** Sets the port. */
  setPort(port: number | string): void {
    update(this, { port: portNumber(port) })
  }

  /** Sets the API key (ignored when empty). */
  setApiKey(key: string | Redacted.Redacted<string> | null | undefined): void {
    if (key) update(this, { apiKey: key })
  }

  /** Sets the default API version (ignored when empty). */
  setApiVersion(version: string | null | undefined): void {
    if (version) update(this, { apiVersion: version })
  }

  /** Sets the timeout in milliseconds; anything but a number restores the default (30000). */
  setTimeout(timeout: number | null | undefined): void {
    update(this, { timeout: typeof timeout === "number" ? timeout : DEFAULT_TIMEOUT })
  }

  /** Sets the organization every call acts as; `null` stops. */
  setOrganizationId(organizationId: string | null | undefined): void {
    update(this, { organizationId: organizationId ?? null })
  }

  /** The token store in use. */
  getTokenStore(): CustomTokenStore {
    return this[runtimeKey].tokenStore
  }

  /**
   * Replaces the token store. `null`/`undefined` keep the current one; an object without
   * `getTokens`, `setTokens` and `removeTokens` functions is refused.
   */
  setTokenStore(tokenStore: CustomTokenStore | null | undefined): void {
    if (tokenStore === null || tokenStore === undefined) return
    if (!isTokenStore(tokenStore)) {
      throw new InvalidArgument({ message: "Stelace: a token store needs getTokens, setTokens and removeTokens functions", reason: { _tag: "Option" } })
    }
    this[runtimeKey].setTokenStore(tokenStore)
  }

  /**
   * Replaces the refresh call with a hook `(tokens, callback) => void | Promise<tokens>`.
   * `null`/`undefined` keep the current hook; anything else that is not a function is refused.
   */
  setBeforeRefreshToken(hook: LegacyBeforeRefreshToken | null | undefined): void {
    if (hook === null || hook === undefined) return
    if (typeof hook !== "function") {
      throw new InvalidArgument({ message: `Stelace: "beforeRefreshToken" must be a function, but got: ${typeof hook}`, reason: { _tag: "Option" } })
    }
    const adapted = adaptHook(hook)
    legacyHooks.set(adapted, hook)
    update(this, { beforeRefreshToken: adapted })
  }

  /** A configuration field, under stelace.js's names. */
  getApiField(name: string): unknown {
    const runtime = this[runtimeKey]
    const settings = runtime.settings
    switch (name) {
      case "key":
        return settings.apiKey === undefined ? null : Redacted.value(settings.apiKey)
      case "version":
        return settings.apiVersion ?? null
      case "organizationId":
        return settings.organizationId ?? null
      case "tokenStore":
        return runtime.tokenStore
      case "beforeRefreshToken":
        return settings.beforeRefreshToken === undefined ? null : legacyHooks.get(settings.beforeRefreshToken) ?? null
      case "errorListeners":
        return { userSessionExpired: [...runtime.expiryListenersNow] }
      case "port":
        return settings.wire.port
      case "host":
      case "protocol":
      case "timeout":
      case "userAgent":
      case "maxRetries":
      case "refreshMargin":
        return settings[name]
      default:
        return undefined
    }
  }

  /**
   * Listens to `userSessionExpired`: called once, with the error the pending calls reject with,
   * when the refresh token is refused. Returns a function that stops listening.
   */
  onError(type: "userSessionExpired", listener: (error: SessionExpired) => void): () => void {
    if (!(errorTypes as ReadonlyArray<string>).includes(type)) throw new Error(`Invalid error type: ${printable(type)}`)
    return this[runtimeKey].onExpired(listener)
  }

  /** Releases the instance's runtime: pending calls are interrupted, later calls rejected. */
  dispose(): Promise<void> {
    return this[runtimeKey].dispose()
  }
}

/** Changes the settings of an instance (checked first: a bad value changes nothing). */
const update = (instance: FacadeInstance, patch: Options): void => instance[runtimeKey].update(patch)

/** A port given as a number or a string of digits. */
const portNumber = (port: number | string): number =>
  typeof port === "string" && /^\d+$/.test(port) ? Number(port) : port as number

/**
 * The Stelace client instance: stelace.js's resources and setters, typed. `V` is the API version
 * it was created with, which types its lists (`undefined`: the platform's version, either kind).
 */
export type StelaceInstance<V extends string | undefined = undefined> = StelaceInstanceApi<V> & FacadeResources<V>

/**
 * Creates a client with stelace.js's interface (a drop-in replacement for `stelace@0.14.0`). The
 * `apiVersion` types list results: page-based meta under `"2019-05-20"`, cursors under
 * `"2020-08-10"`, either kind when unset.
 *
 * In a browser, a secret key (`seck_...`) throws `InvalidArgument` unless the config says
 * `dangerouslyAllowSecretKeyInBrowser: true` (and so does `setApiKey`).
 *
 * @example
 * ```js
 * const { createInstance } = require("stelace-effect")
 * const stelace = createInstance({ apiKey: "pubk_test_..." })
 * const assets = await stelace.assets.list({ nbResultsPerPage: 10 })
 * ```
 */
export const createInstance = <V extends string | undefined = undefined>(config: FacadeConfig<V>): StelaceInstance<V> =>
  new FacadeInstance(config) as unknown as StelaceInstance<V>

/**
 * The families of an instance, as own enumerable properties (as stelace.js had them) that build
 * the family on first use and keep it: what an instance costs to make does not grow with the
 * families it never uses. One descriptor map for every instance.
 */
const familyProperties: PropertyDescriptorMap = /*#__PURE__*/ (() => {
  const properties: PropertyDescriptorMap = {}
  for (const name of [...Object.keys(resources), "forward"]) {
    properties[name] = {
      enumerable: true,
      configurable: true,
      get(this: FacadeInstance) {
        const methods = family(this[runtimeKey], name)
        Object.defineProperty(this, name, { value: methods, enumerable: true, writable: true, configurable: true })
        return methods
      },
      set(this: FacadeInstance, value: unknown) {
        Object.defineProperty(this, name, { value, enumerable: true, writable: true, configurable: true })
      }
    }
  }
  return properties
})()
