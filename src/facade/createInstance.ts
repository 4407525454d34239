/**
 * The Promise facade: `createInstance(config)`, a drop-in replacement for stelace.js 0.14.0
 * whose methods run the core's Effect programs on a runtime of their own instance.
 *
 * @since 0.1.0
 */
import * as Cause from "effect/Cause"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as Scope from "effect/Scope"
import * as Redacted from "effect/Redacted"
import { defineHidden, InvalidArgument, RequestAborted } from "../Errors.js"
import type { Invocation } from "../internal/pipeline/arguments.js"
import type { SessionExpired, StelaceError } from "../Errors.js"
import { forwardPath, printable } from "../internal/pipeline/arguments.js"
import { isThenable } from "../internal/session/hooks.js"
import type { AnyEndpoint, Page } from "../internal/routes/model.js"
import { nextPageInput } from "../internal/pipeline/nextPage.js"
import type { BeforeRefreshToken, Options, SettingsRef } from "../internal/client/settings.js"
import { DEFAULT_TIMEOUT, makeSettingsRef, optionNames, resolveSettings } from "../internal/client/settings.js"
import type { Method } from "../internal/wire/apiTransport.js"
import type { SessionEvent } from "../Session.js"
import { infoFromTokens, loadingSnapshot, makeFor, redact, Session } from "../Session.js"
import { makeClient, StelaceClient } from "../internal/client/core.js"
import { writerOf } from "../internal/session/writer.js"
import { platformSender } from "../internal/wire/senders/platform.js"
import type { CustomTokenStore, Tokens } from "../TokenStore.js"
import * as TokenStore from "../TokenStore.js"
import type { ParsedCall } from "./stelaceJsArguments.js"
import { parseArguments } from "./stelaceJsArguments.js"
import { resources } from "./resources.js"
import { SignalError } from "../signal/errors.js"
import type { FacadeHost } from "../signal/facade.js"
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

/** A stelace.js `beforeRefreshToken(tokens, callback)` hook, answering by callback or promise. */
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

const toRejection = (cause: Cause.Cause<unknown>): unknown => {
  const error = Cause.findErrorOption(cause)
  if (error._tag === "Some") return error.value
  if (Cause.hasInterruptsOnly(cause)) return new RequestAborted({ message: "Request aborted" })
  return Cause.squash(cause)
}

const hidden = (target: object, key: string, value: unknown) =>
  Object.defineProperty(target, key, { value, enumerable: false, writable: true, configurable: true })

/**
 * An instance of the Stelace client with stelace.js's interface. Use `createInstance`.
 *
 * Its own state is kept in non-enumerable properties, so printing an instance shows its
 * resources, never its API key.
 */
class FacadeInstance {
  /** @internal The client's settings, in one place: the setters change them there. */
  declare readonly _settings: SettingsRef
  /** @internal */
  declare _tokenStore: CustomTokenStore
  /** @internal */
  declare _beforeRefreshToken: LegacyBeforeRefreshToken | null
  /** @internal */
  declare readonly _listeners: Record<(typeof errorTypes)[number], Array<(error: SessionExpired) => void>>
  /** @internal */
  declare _disposed: boolean
  /** @internal The scope of the client's services, once built. */
  declare _scope: Scope.Closeable | undefined
  /** @internal Runs an effect on the client's context, once it is built. */
  declare _fork: (<A, E>(effect: Effect.Effect<A, E, StelaceClient | Session>, options?: Effect.RunOptions) => Fiber.Fiber<A, E>) | undefined
  /** @internal Settles when the client is built, for instances whose store answers asynchronously. */
  declare _ready: Promise<void> | undefined
  /** @internal */
  declare _session: Session["Service"] | undefined
  /** @internal The client's call function, as the instance's user (a call needs no lookup of the client). */
  declare _invoke: (endpoint: AnyEndpoint, invocation: Invocation) => Effect.Effect<unknown, StelaceError>
  /** @internal Calls under way, interrupted by `dispose`. */
  declare readonly _calls: CallsUnderWay
  /** @internal */
  declare readonly _sessionListeners: Set<(event: SessionEvent) => void>
  /** @internal */
  declare readonly _storeListeners: Set<() => void>
  /** @internal */
  declare _unsubscribeStore: () => void
  /** The session as a value, and its events: what user interfaces follow. */
  declare readonly session: FacadeSession

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
    // one resolution of every setting (the setters below would each rebuild them): an empty key or
    // version is ignored, as setApiKey and setApiVersion do
    hidden(this, "_settings", makeSettingsRef(resolveSettings({
      ...transport,
      ...(apiKey ? { apiKey } : {}),
      ...(apiVersion ? { apiVersion } : {}),
      tracePropagation: false
    })))
    hidden(this, "_tokenStore", TokenStore.makeDefaultStore())
    hidden(this, "_beforeRefreshToken", null)
    hidden(this, "_listeners", { userSessionExpired: [] })
    hidden(this, "_disposed", false)
    hidden(this, "_storeListeners", new Set<() => void>())
    hidden(this, "_unsubscribeStore", () => {})
    this.setTokenStore(tokenStore)
    this.setBeforeRefreshToken(beforeRefreshToken)
    this._watchStore()

    hidden(this, "_calls", { head: undefined })
    hidden(this, "_sessionListeners", new Set<(event: SessionEvent) => void>())
    hidden(this, "_session", undefined)
    hidden(this, "_invoke", undefined)
    hidden(this, "_fork", undefined)
    hidden(this, "_ready", undefined)
    hidden(this, "_scope", undefined)
    hidden(this, "session", {
      getSnapshot: () => {
        this._ensure()
        return this._session?.snapshot() ?? initialSnapshot
      },
      subscribe: (listener: (event: SessionEvent) => void) => {
        this._sessionListeners.add(listener)
        this._ensure()
        return () => this._sessionListeners.delete(listener)
      }
    } satisfies FacadeSession)
    // the resource families are built on first use (`familyProperties`), and the client and its
    // session on the first call or session read (`_ensure`): a client costs little to make
    // (server rendering makes one per request)
    Object.defineProperties(this, familyProperties)
  }

  /**
   * @internal Builds the client and its session, once: at once with a store that answers
   * synchronously (the built-in ones, most custom ones), in the background with an asynchronous
   * one (`_ready` settles when it is built, and calls wait for it). No layers, no managed runtime:
   * the client's services live in the instance's scope, closed by `dispose`. Returns `_ready`.
   */
  _ensure(): Promise<void> | undefined {
    if (this._scope !== undefined || this._disposed) return this._ready
    const store = TokenStore.fromCustom({
      getTokens: () => this._tokenStore.getTokens(),
      setTokens: (tokens) => this._tokenStore.setTokens(tokens),
      removeTokens: () => this._tokenStore.removeTokens(),
      subscribe: (listener) => {
        this._storeListeners.add(listener)
        return () => this._storeListeners.delete(listener)
      }
    })
    const scope = Scope.makeUnsafe()
    this._scope = scope
    const client = makeClient({ settings: this._settings, sender: platformSender() })
    const build = Effect.map(makeFor(client, store), (session): Client => ({ client, session })).pipe(
      Effect.provideService(Scope.Scope, scope)
    )
    const fiber = Effect.runFork(build)
    const built = fiber.pollUnsafe()
    if (built) {
      if (Exit.isSuccess(built)) this._connect(built.value)
      return undefined
    }
    this._ready = Fiber.join(fiber).pipe(Effect.map((client) => this._connect(client, true)), Effect.runPromise).catch(() => {})
    return this._ready
  }

  /**
   * @internal What `Signal.install` needs of the instance (stelace-effect/Signal): its settings,
   * session and scope, with the client built on first use. Made on first read, kept.
   */
  get _signalHost(): FacadeHost {
    const cached = (this as { _signalHostCache?: FacadeHost })._signalHostCache
    if (cached !== undefined) return cached
    this._ensure()
    const host: FacadeHost = {
      settings: this._settings,
      session: () => this._session ? Promise.resolve(this._session) : (this._ensure() ?? this._ready ?? Promise.resolve()).then(() => this._session),
      // biome-ignore lint/style/noNonNullAssertion: _ensure just made the scope, and a disposed instance keeps its closed one
      scope: this._scope!,
      hubs: new Map()
    }
    hidden(this, "_signalHostCache", host)
    return host
  }

  /** @internal The methods of the family `name`, built on its first use. */
  _family(name: string): Record<string, unknown> {
    if (name === "forward") {
      const forward: Record<string, unknown> = {}
      for (const [key, method] of Object.entries(forwardMethods)) {
        forward[key] = (path: unknown, ...args: Array<unknown>) => {
          const callback = typeof args[args.length - 1] === "function" ? args.pop() as Callback : undefined
          return asCallback(this._safely(() => {
            const checked = forwardPath(method, path)
            return checked instanceof InvalidArgument
              ? Promise.reject(checked)
              : this._call({ method, path: checked, kind: "object", params: [] }, args)
          }), callback)
        }
      }
      return forward
    }
    const resource: Record<string, unknown> = {}
    for (const [method, endpoint] of Object.entries((resources as unknown as Record<string, Record<string, AnyEndpoint>>)[name])) {
      resource[method] = this._method(endpoint)
      if (endpoint.kind === "list" && (method === "list" || method === "results")) {
        resource.paginate = (...args: Array<unknown>) => this._paginate(endpoint, args)
      }
    }
    if (name === "auth") {
      resource.info = () => {
        try {
          return infoFromTokens(this._tokenStore.getTokens() as Tokens | null)
        } catch {
          return infoFromTokens(null)
        }
      }
    }
    if (name === "signal") {
      // the signal client is installed by `Signal.install(stelace)` (stelace-effect/Signal) or the
      // React hooks, so that apps without real-time do not carry it (npm run bench:size)
      resource.subscribe = (...args: Array<unknown>) => {
        const subscribe = (this as { _signalSubscribe?: (...args: Array<unknown>) => () => void })._signalSubscribe
        if (subscribe === undefined) {
          throw new SignalError({
            reason: "InvalidArgument",
            message:
              "Stelace Signal: call install(stelace) from stelace-effect/Signal once before signal.subscribe (it loads the real-time client)"
          })
        }
        return subscribe(...args)
      }
    }
    return resource
  }

  /** @internal The client is built: calls run on its context, session events reach the listeners. */
  _connect({ client, session }: Client, late = false): void {
    this._session = session
    this._invoke = (endpoint, invocation) => client.invoke(endpoint, invocation, session)
    this._fork = Effect.runForkWith(Context.make(StelaceClient, client).pipe(Context.add(Session, session)))
    const announce = (event: SessionEvent) => {
      for (const listener of [...this._sessionListeners]) {
        try {
          listener(event)
        } catch {
          // a listener's bug must not break the call that triggered the event
        }
      }
    }
    session.subscribe((event) => {
      if (event._tag === "Expired") {
        for (const listener of [...this._listeners.userSessionExpired]) listener(event.error)
      }
      announce(event)
    })
    // built after an asynchronous store answered: listeners saw the anonymous snapshot until now
    if (late && session.snapshot().status !== initialSnapshot.status) {
      Effect.runPromise(session.current).then((tokens) => announce({ _tag: "Changed", tokens: redact(tokens) }), () => {})
    }
  }

  /** @internal Follows the change notifications of the current store (another tab's login or logout). */
  _watchStore(): void {
    this._unsubscribeStore()
    const store = this._tokenStore
    this._unsubscribeStore = typeof store.subscribe === "function"
      ? store.subscribe(() => {
        for (const listener of this._storeListeners) listener()
      })
      : () => {}
  }

  /** @internal Whatever `f` throws becomes a rejection: facade calls always return a promise. */
  _safely(f: () => Promise<unknown>): Promise<unknown> {
    try {
      return f()
    } catch (error) {
      return Promise.reject(error)
    }
  }

  /** @internal */
  _run<A, E>(effect: Effect.Effect<A, E, StelaceClient | Session>, signal: AbortSignal | undefined): Promise<A> {
    if (this._disposed) return Promise.reject(new InvalidArgument({ message: "Stelace: this instance was disposed" }))
    // an already-aborted signal must not let the request start
    if (signal?.aborted) return Promise.reject(new RequestAborted({ message: "Request aborted" }))
    const fork = this._fork
    if (fork === undefined) {
      const ready = this._ensure()
      if (this._fork === undefined) return ready ? ready.then(() => this._run(effect, signal)) : Promise.reject(unbuilt())
      return this._run(effect, signal)
    }
    const fiber = fork(effect, signal ? { signal } : undefined)
    const calls = this._calls
    const call: CallUnderWay = { fiber, previous: undefined, next: calls.head }
    if (calls.head) calls.head.previous = call
    calls.head = call
    return new Promise<A>((resolve, reject) => {
      fiber.addObserver((exit) => {
        if (call.previous) call.previous.next = call.next
        else calls.head = call.next
        if (call.next) call.next.previous = call.previous
        if (Exit.isSuccess(exit)) resolve(exit.value)
        else reject(toRejection(exit.cause))
      })
    })
  }

  /** @internal A call's result: the page of a list as it is (`paginate`), or shaped as stelace.js's (`shape`). */
  _send(endpoint: AnyEndpoint, call: ParsedCall, input: unknown, shape?: (result: unknown) => unknown): Promise<unknown> {
    if (this._disposed) return Promise.reject(new InvalidArgument({ message: "Stelace: this instance was disposed" }))
    if (this._invoke === undefined) {
      const ready = this._ensure()
      if (this._invoke === undefined) return ready ? ready.then(() => this._send(endpoint, call, input, shape)) : Promise.reject(unbuilt())
    }
    const result = this._invoke(endpoint, { params: call.params, input, options: call.options })
    return this._run(shape ? Effect.map(result, shape) : result, call.signal)
  }

  /**
   * @internal The core's call with typed arguments (what React's bindings send): path parameters,
   * input and an abort signal, no argument sniffing; a list answers its page as the core made it.
   */
  _request(endpoint: AnyEndpoint, params: ReadonlyArray<unknown>, input: unknown, signal?: AbortSignal): Promise<unknown> {
    return this._safely(() => this._send(endpoint, { params: params as ReadonlyArray<string>, data: input, options: undefined, signal }, input))
  }

  /** @internal */
  _call(endpoint: AnyEndpoint, args: Array<unknown>): Promise<unknown> {
    const call = parseArguments(endpoint, args)
    if (call instanceof InvalidArgument) return Promise.reject(call)
    return this._send(endpoint, call, call.data, endpoint.kind === "list" ? toList : undefined)
  }

  /** @internal */
  _method(endpoint: AnyEndpoint) {
    return (...args: Array<unknown>) => {
      const callback = typeof args[args.length - 1] === "function" ? args.pop() as Callback : undefined
      return asCallback(this._safely(() => this._call(endpoint, args)), callback)
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

  /**
   * @internal Applies a change of settings (checked first: a bad value changes nothing); the
   * session hears of it from the settings.
   */
  _update(patch: Options): void {
    this._settings.update(patch)
  }

  /**
   * Runs an Effect program (composed from `stelace-effect/<Module>`) on this instance's client:
   * the same session and runtime as the instance's methods. Resolves with its result; rejects
   * with its typed error, or `RequestAborted` when `signal` aborts.
   */
  run<A, E>(effect: Effect.Effect<A, E, StelaceClient | Session>, options?: { readonly signal?: AbortSignal | undefined }): Promise<A> {
    return this._safely(() => this._run(effect, options?.signal)) as Promise<A>
  }

  /** Sets the API host, and optionally its port and protocol. */
  setHost(host: string, port?: number | string, protocol?: string): void {
    this._update({
      host,
      ...(port ? { port: portNumber(port) } : {}),
      ...(protocol ? { protocol } : {})
    })
  }

  /** Sets the protocol (`https` or `http`). */
  setProtocol(protocol: string): void {
    this._update({ protocol })
  }

  /** Sets the port. */
  setPort(port: number | string): void {
    this._update({ port: portNumber(port) })
  }

  /** Sets the API key (ignored when empty). */
  setApiKey(key: string | Redacted.Redacted<string> | null | undefined): void {
    if (key) this._update({ apiKey: key })
  }

  /** Sets the default API version (ignored when empty). */
  setApiVersion(version: string | null | undefined): void {
    if (version) this._update({ apiVersion: version })
  }

  /** Sets the timeout in milliseconds; anything but a number restores the default (30000). */
  setTimeout(timeout: number | null | undefined): void {
    this._update({ timeout: typeof timeout === "number" ? timeout : DEFAULT_TIMEOUT })
  }

  /** Sets the organization every call acts as; `null` stops. */
  setOrganizationId(organizationId: string | null | undefined): void {
    this._update({ organizationId: organizationId ?? null })
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
    if (this._session) {
      this._watchStore()
      // the session it holds may differ: read it now, so the snapshot and listeners follow
      Effect.runFork(Effect.ignore(this._session.current))
    }
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
    this._update({ beforeRefreshToken: adaptHook(hook) })
    this._beforeRefreshToken = hook
  }

  /** A configuration field, under stelace.js's names. */
  getApiField(name: string): unknown {
    const settings = this._settings.current
    switch (name) {
      case "key":
        return settings.apiKey === undefined ? null : Redacted.value(settings.apiKey)
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
    const listeners = this._listeners[type]
    listeners.push(listener)
    return () => {
      const index = listeners.indexOf(listener)
      if (index !== -1) listeners.splice(index, 1)
    }
  }

  /**
   * @internal Leaves an expired session for anonymous with no request (nothing is stored to
   * revoke): what React's logout does while the session is expired.
   */
  _leaveExpired(): Promise<void> {
    const writer = this._session && writerOf(this._session)
    return writer && this._session?.snapshot().status === "expired" ? Effect.runPromise(Effect.ignore(writer.clear)) : Promise.resolve()
  }

  /** Releases the instance's runtime: pending calls are interrupted, later calls rejected. */
  dispose(): Promise<void> {
    this._disposed = true
    this._unsubscribeStore()
    for (let call = this._calls.head; call; call = call.next) call.fiber.interruptUnsafe()
    return this._scope === undefined ? Promise.resolve() : Effect.runPromise(Scope.close(this._scope, Exit.void))
  }
}

/** What a client whose building failed rejects its calls with (a defect of the SDK). */
const unbuilt = () => new InvalidArgument({ message: "Stelace: the client could not be built" })

/** What the session shows until an asynchronous store first answers. */
const initialSnapshot = loadingSnapshot(null)

/** The services of an instance's client. */
interface Client {
  readonly client: StelaceClient["Service"]
  readonly session: Session["Service"]
}

/**
 * The calls of an instance under way, which `dispose` interrupts: a linked list, as cheap to join
 * and leave as a call can be (a `Set` of fibers was the main cost of the facade over the Effect API with
 * 100 calls in flight, in `npm run bench:speed`).
 */
interface CallsUnderWay {
  head: CallUnderWay | undefined
}

interface CallUnderWay {
  readonly fiber: Fiber.Fiber<unknown, unknown>
  previous: CallUnderWay | undefined
  next: CallUnderWay | undefined
}

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
        const family = this._family(name)
        Object.defineProperty(this, name, { value: family, enumerable: true, writable: true, configurable: true })
        return family
      },
      set(this: FacadeInstance, value: unknown) {
        Object.defineProperty(this, name, { value, enumerable: true, writable: true, configurable: true })
      }
    }
  }
  return properties
})()
