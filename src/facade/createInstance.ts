/**
 * The Promise facade: `createInstance(config)`, a drop-in replacement for stelace.js 0.14.0
 * whose methods run the core's Effect programs on a runtime of their own instance.
 *
 * @since 0.1.0
 */
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import * as HttpClient from "effect/http/HttpClient"
import { defineHidden, InvalidArgument, RequestAborted } from "../Errors.js"
import { invoke } from "../internal/call.js"
import { forwardPath } from "../internal/invoke.js"
import type { AnyEndpoint, Page } from "../internal/endpoint.js"
import { nextPageInput } from "../internal/pageWalk.js"
import type { BeforeRefreshToken, Settings } from "../internal/settings.js"
import { DEFAULT_TIMEOUT, optionNames, resolveSettings } from "../internal/settings.js"
import type { Method } from "../internal/transport.js"
import { infoFromTokens, Session } from "../Session.js"
import type { StelaceClient } from "../Stelace.js"
import { layerWithSettings, platformClient } from "../Stelace.js"
import type { CustomTokenStore, Tokens } from "../TokenStore.js"
import * as TokenStore from "../TokenStore.js"
import type { ParsedCall } from "./arguments.js"
import { parseArguments } from "./arguments.js"
import { resources } from "./resources.js"
import type { FacadeConfig, FacadeResources, LegacyBeforeRefreshToken, StelaceInstanceApi } from "./types.js"

export type * from "./types.js"
export type { FacadeRequestOptions } from "./arguments.js"


const forwardMethods: Record<string, Method> = { get: "GET", post: "POST", put: "PUT", patch: "PATCH", del: "DELETE", options: "OPTIONS" }

/** stelace.js's configuration keys and the core's options, but trace propagation (always off). */
const configKeys: ReadonlySet<string> = new Set([...optionNames.filter((name) => name !== "tracePropagation"), "tokenStore"])

const errorTypes = ["userSessionExpired"] as const

type Callback = (error: unknown, result?: unknown) => unknown

const isPromiseLike = (u: unknown): u is PromiseLike<unknown> =>
  Boolean(u) && (typeof u === "object" || typeof u === "function") && typeof (u as { then?: unknown }).then === "function"

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

/** A stelace.js `beforeRefreshToken(tokens, callback)` hook, answering by callback or promise. */
const adaptHook = (hook: LegacyBeforeRefreshToken): BeforeRefreshToken => (tokens) =>
  Effect.tryPromise({
    try: () =>
      new Promise<Tokens | null | undefined>((resolve, reject) => {
        const returned = hook(tokens, (error, result) => error ? reject(error) : resolve(result))
        if (isPromiseLike(returned)) returned.then(resolve as any, reject)
      }),
    catch: (error) => error
  })

/** Lists resolve to their items, with `lastResponse` and `paginationMeta` alongside. */
const toList = (page: Page<unknown>) => {
  const items = page.results as Array<unknown>
  defineHidden(items, "lastResponse", page.lastResponse)
  defineHidden(items, "paginationMeta", page.paginationMeta)
  return items
}

const toRejection = (cause: Cause.Cause<unknown>): unknown => {
  const error = Cause.findErrorOption(cause)
  if (error._tag === "Some") return error.value
  if (Cause.hasInterruptsOnly(cause)) return new RequestAborted({ message: "Request aborted" })
  return Cause.squash(cause)
}

/**
 * An instance of the Stelace client with stelace.js's interface. Use `createInstance`.
 */
class StelaceInstance {
  /** @internal */
  readonly _settings: Settings
  /** @internal */
  _tokenStore: CustomTokenStore
  /** @internal */
  _beforeRefreshToken: LegacyBeforeRefreshToken | null = null
  /** @internal */
  readonly _listeners: Record<(typeof errorTypes)[number], Array<(error: unknown) => void>> = { userSessionExpired: [] }
  /** @internal */
  _disposed = false
  /** @internal */
  readonly _runtime: ManagedRuntime.ManagedRuntime<StelaceClient | Session, never>

  constructor(config: FacadeConfig) {
    if (!config || typeof config !== "object") {
      throw new Error("A configuration object is expected to initialize Stelace")
    }
    const unknown = Object.keys(config).filter((key) => !configKeys.has(key))
    if (unknown.length > 0) {
      throw new InvalidArgument({
        message: `Stelace: unknown configuration key(s): ${unknown.join(", ")}; known keys are ${[...configKeys].join(", ")}`
      })
    }
    const { apiKey, apiVersion, beforeRefreshToken, tokenStore, ...transport } = config
    // no HTTP spans nor trace headers: the facade has no tracer to report to, and CORS refuses the headers
    this._settings = resolveSettings({ ...transport, tracePropagation: false })
    this._tokenStore = TokenStore.makeDefaultStore()
    this.setApiKey(apiKey)
    this.setApiVersion(apiVersion)
    this.setTokenStore(tokenStore)
    this.setBeforeRefreshToken(beforeRefreshToken)

    const store = TokenStore.make({
      getTokens: () => this._tokenStore.getTokens(),
      setTokens: (tokens) => this._tokenStore.setTokens(tokens),
      removeTokens: () => this._tokenStore.removeTokens()
    })
    this._runtime = ManagedRuntime.make(
      layerWithSettings(this._settings).pipe(Layer.provide(Layer.succeed(HttpClient.HttpClient, platformClient())), Layer.provide(store))
    )
    this._runtime.runSync(Effect.map(Effect.service(Session), (session) =>
      session.subscribe((event) => {
        if (event._tag !== "Expired") return
        for (const listener of this._listeners.userSessionExpired) listener(event.error)
      })))

    for (const [name, endpoints] of Object.entries(resources)) {
      const resource: Record<string, unknown> = {}
      for (const [method, endpoint] of Object.entries(endpoints as Record<string, AnyEndpoint>)) {
        resource[method] = this._method(endpoint)
        if (endpoint.kind === "list" && (method === "list" || method === "results")) {
          resource.paginate = (...args: Array<unknown>) => this._paginate(endpoint, args)
        }
      }
      ;(this as any)[name] = resource
    }
    ;(this as any).auth.info = () => infoFromTokens(this._tokenStore.getTokens() as Tokens | null)
    const forward: Record<string, unknown> = {}
    for (const [name, method] of Object.entries(forwardMethods)) {
      forward[name] = (path: unknown, ...args: Array<unknown>) => {
        const callback = typeof args[args.length - 1] === "function" ? args.pop() as Callback : undefined
        const checked = forwardPath(method, path)
        const promise = checked instanceof InvalidArgument
          ? Promise.reject(checked)
          : this._call({ method, path: checked, kind: "object", params: [] }, args)
        return asCallback(promise, callback)
      }
    }
    ;(this as any).forward = forward
  }

  /** @internal */
  _run(effect: Effect.Effect<unknown, unknown, StelaceClient | Session>, signal: AbortSignal | undefined): Promise<unknown> {
    if (this._disposed) return Promise.reject(new Error("Stelace: this instance was disposed"))
    // an already-aborted signal must not let the request start
    if (signal?.aborted) return Promise.reject(new RequestAborted({ message: "Request aborted" }))
    return this._runtime.runPromiseExit(effect, { signal }).then((exit) => {
      if (Exit.isSuccess(exit)) return exit.value
      throw toRejection(exit.cause)
    })
  }

  /** @internal */
  _send(endpoint: AnyEndpoint, call: ParsedCall, input: unknown): Promise<unknown> {
    return this._run(invoke(endpoint, { params: call.params, input, options: call.options }), call.signal)
  }

  /** @internal */
  _call(endpoint: AnyEndpoint, args: Array<unknown>): Promise<unknown> {
    const call = parseArguments(endpoint, args)
    if (call instanceof InvalidArgument) return Promise.reject(call)
    const result = this._send(endpoint, call, call.data)
    return endpoint.kind === "list" ? result.then((page) => toList(page as Page<unknown>)) : result
  }

  /** @internal */
  _method(endpoint: AnyEndpoint) {
    return (...args: Array<unknown>) => {
      const callback = typeof args[args.length - 1] === "function" ? args.pop() as Callback : undefined
      return asCallback(this._call(endpoint, args), callback)
    }
  }

  /** @internal */
  _paginate(endpoint: AnyEndpoint, args: Array<unknown>): AsyncIterable<unknown> {
    const self = this
    return {
      async *[Symbol.asyncIterator]() {
        const call = parseArguments(endpoint, args)
        if (call instanceof InvalidArgument) throw call
        let input = call.data as Readonly<Record<string, unknown>> | undefined
        while (true) {
          const page = await self._send(endpoint, call, input) as Page<unknown>
          yield* page.results
          const next = nextPageInput(input, page)
          if (next === undefined) return
          input = next
        }
      }
    }
  }

  /** Sets the API host, and optionally its port and protocol. */
  setHost(host: string, port?: number | string, protocol?: string): void {
    this._settings.host = resolveSettings({ host }).host
    if (port) this.setPort(port)
    if (protocol) this.setProtocol(protocol)
  }

  /** Sets the protocol (`https` or `http`). */
  setProtocol(protocol: string): void {
    this._settings.protocol = resolveSettings({ protocol: typeof protocol === "string" ? protocol : (protocol as any) }).protocol
  }

  /** Sets the port. */
  setPort(port: number | string): void {
    const value = typeof port === "string" && /^\d+$/.test(port) ? Number(port) : port
    this._settings.port = resolveSettings({ port: value as number }).port
  }

  /** Sets the API key (ignored when empty). */
  setApiKey(key: string | null | undefined): void {
    if (key) this._settings.apiKey = resolveSettings({ apiKey: key }).apiKey
  }

  /** Sets the default API version (ignored when empty). */
  setApiVersion(version: string | null | undefined): void {
    if (version) this._settings.apiVersion = resolveSettings({ apiVersion: version }).apiVersion
  }

  /** Sets the timeout in milliseconds; anything but a number restores the default (30000). */
  setTimeout(timeout: number | null | undefined): void {
    this._settings.timeout = typeof timeout === "number" ? resolveSettings({ timeout }).timeout : DEFAULT_TIMEOUT
  }

  /** Sets the organization every call acts as; `null` stops. */
  setOrganizationId(organizationId: string | null | undefined): void {
    this._settings.organizationId = resolveSettings({ organizationId: organizationId ?? null }).organizationId
  }

  /** The token store in use. */
  getTokenStore(): CustomTokenStore {
    return this._tokenStore
  }

  /**
   * Replaces the token store. `null`/`undefined` keep the current one; an object without
   * `getTokens`, `setTokens` and `removeTokens` functions is refused.
   */
  setTokenStore(tokenStore: CustomTokenStore | null | undefined): void {
    if (tokenStore === null || tokenStore === undefined) return
    if (!isTokenStore(tokenStore)) {
      throw new InvalidArgument({ message: "Stelace: a token store needs getTokens, setTokens and removeTokens functions" })
    }
    this._tokenStore = tokenStore
  }

  /**
   * Replaces the refresh call with a hook `(tokens, callback) => void | Promise<tokens>`.
   * `null`/`undefined` keep the current hook; anything else that is not a function is refused.
   */
  setBeforeRefreshToken(hook: LegacyBeforeRefreshToken | null | undefined): void {
    if (hook === null || hook === undefined) return
    if (typeof hook !== "function") {
      throw new InvalidArgument({ message: `Stelace: "beforeRefreshToken" must be a function, but got: ${typeof hook}` })
    }
    this._beforeRefreshToken = hook
    this._settings.beforeRefreshToken = adaptHook(hook)
  }

  /** A configuration field, under stelace.js's names. */
  getApiField(name: string): unknown {
    const settings = this._settings
    switch (name) {
      case "key":
        return settings.apiKey ?? null
      case "version":
        return settings.apiVersion ?? null
      case "organizationId":
        return settings.organizationId ?? null
      case "tokenStore":
        return this._tokenStore
      case "beforeRefreshToken":
        return this._beforeRefreshToken
      case "errorListeners":
        return this._listeners
      case "host":
      case "port":
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
  onError(type: "userSessionExpired", listener: (error: any) => void): () => void {
    if (!(errorTypes as ReadonlyArray<string>).includes(type)) throw new Error(`Invalid error type: ${type}`)
    const listeners = this._listeners[type]
    listeners.push(listener)
    return () => {
      const index = listeners.indexOf(listener)
      if (index !== -1) listeners.splice(index, 1)
    }
  }

  /** Releases the instance's runtime: pending calls are interrupted, later calls rejected. */
  dispose(): Promise<void> {
    this._disposed = true
    return this._runtime.dispose()
  }
}

/**
 * The Stelace client instance: stelace.js's resources and setters, typed. `V` is the API version
 * it was created with, which types its lists (`undefined`: the platform's version, either kind).
 */
export type Stelace<V extends string | undefined = undefined> = StelaceInstanceApi<V> & FacadeResources<V>

/**
 * Creates a client with stelace.js's interface (a drop-in replacement for `stelace@0.14.0`). The
 * `apiVersion` types list results: page-based meta under `"2019-05-20"`, cursors under
 * `"2020-08-10"`, either kind when unset.
 *
 * @example
 * ```js
 * const { createInstance } = require("stelace-effect")
 * const stelace = createInstance({ apiKey: "pubk_test_..." })
 * const assets = await stelace.assets.list({ nbResultsPerPage: 10 })
 * ```
 */
export const createInstance = <V extends string | undefined = undefined>(config: FacadeConfig<V>): Stelace<V> =>
  new StelaceInstance(config) as unknown as Stelace<V>
