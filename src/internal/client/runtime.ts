/**
 * A client run on its own for one user: the core the Promise facade's instances and React's
 * bindings call, with typed arguments (a route of the table, its path parameters, input and
 * per-call options, an abort signal). It holds the client's settings (one `SettingsRef`) and the
 * token store in use; builds the client and the user's session on first need (at once over a
 * store that answers synchronously, in the background over an asynchronous one, calls waiting
 * for it); runs calls and Effect programs on them, keeping those under way for `dispose` to
 * interrupt; and announces the session to user interfaces. No layers and no managed runtime: the
 * services live in the runtime's scope, which `dispose` closes, so a facade app carries neither.
 */
import * as Cause from "effect/Cause"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import type * as Fiber from "effect/Fiber"
import * as Scope from "effect/Scope"
import type { SessionExpired, StelaceError } from "../../Errors.js"
import { InvalidArgument, RequestAborted } from "../../Errors.js"
import type { SessionEvent, SessionSnapshot } from "../../Session.js"
import { loadingSnapshot, makeFor, redact, Session } from "../../Session.js"
import type { FacadeHost, SubscribeOptions } from "../../signal/facade.js"
import type { Signal } from "../../signal/connection.js"
import type { CustomTokenStore } from "../../TokenStore.js"
import * as TokenStore from "../../TokenStore.js"
import type { Invocation } from "../pipeline/arguments.js"
import type { AnyEndpoint } from "../routes/model.js"
import type { Sender } from "../wire/rawSender.js"
import { platformSender } from "../wire/senders/platform.js"
import { CurrentRequestOptions, makeClient, StelaceClient } from "./core.js"
import type { Settings, SettingsRef } from "./settings.js"
import { makeSettingsRef } from "./settings.js"

/**
 * Where a face finds the runtime of a facade instance: a registered symbol, so the CommonJS
 * bundles of the package's entries (each with its own copy of this module) find the same one.
 */
export const runtimeKey: unique symbol = Symbol.for("stelace-effect/ClientRuntime") as never

/** The runtime of a facade instance; `InvalidArgument` for anything `createInstance` did not make. */
export const runtimeOf = (instance: unknown): ClientRuntime => {
  const runtime = instance !== null && typeof instance === "object" ? (instance as { [runtimeKey]?: ClientRuntime })[runtimeKey] : undefined
  if (runtime === undefined) throw new InvalidArgument({ message: "Stelace: expected a client made by createInstance(...)" })
  return runtime
}

/** What `Signal.install` adds to a runtime: its subscription to the client's signals. */
export type SubscribeSignals = (handler: (signal: Signal) => void, options?: SubscribeOptions) => () => void

/** A call of the runtime under way, which `dispose` interrupts. */
interface CallUnderWay {
  readonly fiber: Fiber.Fiber<unknown, unknown>
  previous: CallUnderWay | undefined
  next: CallUnderWay | undefined
}

/** The transport where the code runs, chosen once per process. */
let sender: Sender | undefined

const disposedError = () => new InvalidArgument({ message: "Stelace: this instance was disposed" })

/** What a runtime whose client could not be built rejects its calls with (a defect of the SDK). */
const unbuilt = () => new InvalidArgument({ message: "Stelace: the client could not be built" })

const toRejection = (cause: Cause.Cause<unknown>): unknown => {
  const error = Cause.findErrorOption(cause)
  if (error._tag === "Some") return error.value
  if (Cause.hasInterruptsOnly(cause)) return new RequestAborted({ message: "Request aborted" })
  return Cause.squash(cause)
}

/**
 * What a fiber settles with, as a promise: its value, or its failure as a rejection (`toRejection`).
 * The runtime's own effects settle through it rather than `Effect.runPromise`, whose machinery
 * would be in every browser bundle for a few calls outside the per-call path.
 */
export const settle = <A>(fiber: Fiber.Fiber<A, unknown>): Promise<A> =>
  new Promise((resolve, reject) => {
    fiber.addObserver((exit) => Exit.isSuccess(exit) ? resolve(exit.value) : reject(toRejection(exit.cause)))
  })

/** See the module's documentation. Made by `createInstance`; faces reach it with `runtimeOf`. */
export class ClientRuntime {
  /** The client's settings, in one place: the facade's setters change them there. */
  readonly settings: SettingsRef
  /**
   * What Signal's subscriptions share, and the subscription `Signal.install` adds: set by
   * stelace-effect/Signal, which keeps the real-time client out of apps that do not use it.
   */
  signalHost: FacadeHost | undefined
  subscribeSignals: SubscribeSignals | undefined
  /** The listeners of `onExpired`, in order (none until one listens). */
  expiryListeners: Array<(error: SessionExpired) => void> | undefined
  /** The user's session, once the client is built (read it, never set it). */
  session: Session["Service"] | undefined
  /** The scope of the client's services, once building started or the runtime was disposed (read it, never set it). */
  scope: Scope.Closeable | undefined

  // fields without an initializer start `undefined`: none is written twice when a runtime is made
  private store: CustomTokenStore | undefined
  private disposed = false
  /** Settles when the client is built, for a store that answers asynchronously. */
  private ready: Promise<void> | undefined
  /** The client's call function, as the runtime's user (a call needs no lookup of the client). */
  private invoke: ((endpoint: AnyEndpoint, invocation: Invocation) => Effect.Effect<unknown, StelaceError>) | undefined
  /** Runs an effect on the client's context. */
  private fork: (<A, E>(effect: Effect.Effect<A, E, StelaceClient | Session>, options?: Effect.RunOptions) => Fiber.Fiber<A, E>) | undefined
  /**
   * The calls under way, a linked list: as cheap to join and leave as a call can be (a `Set` of
   * fibers was the main cost of the facade over the Effect API with 100 calls in flight, in
   * `npm run bench:speed`).
   */
  private head: CallUnderWay | undefined
  private listeners: Set<(event: SessionEvent) => void> | undefined
  /** The session's listeners of the store's change notifications. */
  private storeListeners: Set<() => void> | undefined
  private unwatchStore: (() => void) | undefined
  /** The snapshot until the session is built (an asynchronous store has not answered yet). */
  private loading: SessionSnapshot | undefined

  /** A runtime with these settings, over `store` (by default, the platform's: localStorage or memory, made on first use). */
  constructor(settings: Settings, store?: CustomTokenStore) {
    this.settings = makeSettingsRef(settings)
    this.store = store
  }

  /** The token store in use. */
  get tokenStore(): CustomTokenStore {
    this.store ??= TokenStore.makeDefaultStore()
    return this.store
  }

  /** Replaces the token store; the session reads the new one at once (it may hold another session). */
  setTokenStore(store: CustomTokenStore): void {
    this.store = store
    if (this.scope === undefined || this.disposed) return
    this.watchStore()
    // not Effect.ignore: its optional logging weighs 2.2 KB gzip in a browser bundle
    if (this.session) Effect.runFork(Effect.catch(this.session.current, () => Effect.void))
  }

  /**
   * Performs one call of `endpoint` as the runtime's user: resolves with its result (a list's
   * page as the core makes it, or `shape`d), rejects with its typed error, or `RequestAborted`
   * when `signal` aborts. `headers` of your own must have been checked (`checkHeaders`). Never
   * throws.
   */
  request(
    endpoint: AnyEndpoint,
    invocation: Invocation,
    signal?: AbortSignal,
    shape?: (result: unknown) => unknown,
    headers?: Readonly<Record<string, string>>
  ): Promise<unknown> {
    const invoke = this.invoke
    if (invoke === undefined || this.disposed) return this.whenBuilt(() => this.request(endpoint, invocation, signal, shape, headers))
    let result = invoke(endpoint, invocation)
    if (shape !== undefined) result = Effect.map(result, shape)
    return this.run(headers === undefined ? result : Effect.provideService(result, CurrentRequestOptions, { headers }), signal)
  }

  /** Runs an Effect program on the client and the user's session: its result, or its typed error. Never throws. */
  run<A, E>(effect: Effect.Effect<A, E, StelaceClient | Session>, signal?: AbortSignal): Promise<A> {
    if (this.disposed) return Promise.reject(disposedError())
    // an already-aborted signal must not let the request start
    if (signal?.aborted) return Promise.reject(new RequestAborted({ message: "Request aborted" }))
    const fork = this.fork
    if (fork === undefined) return this.whenBuilt(() => this.run(effect, signal))
    let fiber: Fiber.Fiber<A, E>
    try {
      fiber = fork(effect, signal ? { signal } : undefined)
    } catch (error) {
      // not an effect (a JavaScript caller's mistake): a rejection, as every call's failure is
      return Promise.reject(error)
    }
    const call: CallUnderWay = { fiber, previous: undefined, next: this.head }
    if (this.head) this.head.previous = call
    this.head = call
    return new Promise<A>((resolve, reject) => {
      fiber.addObserver((exit) => {
        if (call.previous) call.previous.next = call.next
        else this.head = call.next
        if (call.next) call.next.previous = call.previous
        if (Exit.isSuccess(exit)) resolve(exit.value)
        else reject(toRejection(exit.cause))
      })
    })
  }

  /** The session as last seen: the same object until something changes. */
  snapshot(): SessionSnapshot {
    this.ensure()
    if (this.session !== undefined) return this.session.snapshot()
    // about the organization the client acts as now: once built, the session follows it itself
    const organizationId = this.settings.current.organizationId ?? null
    if (this.loading?.organizationId !== organizationId) this.loading = loadingSnapshot(organizationId)
    return this.loading
  }

  /** Calls `listener` on every session event (building the client, so that events come); returns a function that stops. */
  subscribe(listener: (event: SessionEvent) => void): () => void {
    this.listeners ??= new Set()
    const listeners = this.listeners
    listeners.add(listener)
    this.ensure()
    return () => {
      listeners.delete(listener)
    }
  }

  /** Calls `listener` once per expiry, before the session's listeners, with the error the waiting calls fail with. */
  onExpired(listener: (error: SessionExpired) => void): () => void {
    this.expiryListeners ??= []
    const listeners = this.expiryListeners
    listeners.push(listener)
    return () => {
      const index = listeners.indexOf(listener)
      if (index !== -1) listeners.splice(index, 1)
    }
  }

  /** Releases the runtime: calls under way are interrupted, later ones rejected, the client's scope closed. */
  dispose(): Promise<void> {
    this.disposed = true
    this.unwatchStore?.()
    this.unwatchStore = undefined
    for (let call = this.head; call; call = call.next) call.fiber.interruptUnsafe()
    this.scope ??= Scope.makeUnsafe()
    return settle(Effect.runFork(Scope.close(this.scope, Exit.void)))
  }

  /** `retry` once the client is built (at once when it is), or the reason it cannot run. */
  private whenBuilt<A>(retry: () => Promise<A>): Promise<A> {
    if (this.disposed) return Promise.reject(disposedError())
    const ready = this.ensure()
    if (this.invoke !== undefined) return retry()
    if (ready === undefined) return Promise.reject(unbuilt())
    return ready.then(() => this.invoke === undefined && !this.disposed ? Promise.reject(unbuilt()) : retry())
  }

  /**
   * Builds the client and its session, once: at once with a store that answers synchronously (the
   * built-in ones, most custom ones), in the background with an asynchronous one (the result
   * settles when it is built). The client's services live in the runtime's scope.
   */
  ensure(): Promise<void> | undefined {
    if (this.scope !== undefined || this.disposed) return this.ready
    const scope = Scope.makeUnsafe()
    this.scope = scope
    this.watchStore()
    const store = TokenStore.fromCustom({
      getTokens: () => this.tokenStore.getTokens(),
      setTokens: (tokens) => this.tokenStore.setTokens(tokens),
      removeTokens: () => this.tokenStore.removeTokens(),
      subscribe: (listener) => {
        this.storeListeners ??= new Set()
        const listeners = this.storeListeners
        listeners.add(listener)
        return () => {
          listeners.delete(listener)
        }
      }
    })
    sender ??= platformSender()
    const client = makeClient({ settings: this.settings, sender })
    const fiber = Effect.runFork(Effect.provideService(makeFor(client, store), Scope.Scope, scope))
    const built = fiber.pollUnsafe()
    if (built) {
      if (Exit.isSuccess(built)) this.connect(client, built.value, false)
      return undefined
    }
    this.ready = settle(fiber).then((session) => this.connect(client, session, true), () => {})
    return this.ready
  }

  /** The client is built: calls run on its context, session events reach the listeners. */
  private connect(client: StelaceClient["Service"], session: Session["Service"], late: boolean): void {
    this.session = session
    this.invoke = (endpoint, invocation) => client.invoke(endpoint, invocation, session)
    this.fork = Effect.runForkWith(Context.make(StelaceClient, client).pipe(Context.add(Session, session)))
    session.subscribe((event) => this.announce(event))
    // built after an asynchronous store answered: listeners saw the loading snapshot until now (and
    // no organization change meanwhile: the snapshot they read now has it)
    if (late) settle(Effect.runFork(session.current)).then((tokens) => this.announce({ _tag: "Changed", tokens: redact(tokens) }), () => {})
  }

  private announce(event: SessionEvent): void {
    if (event._tag === "Expired" && this.expiryListeners !== undefined) {
      for (const listener of [...this.expiryListeners]) listener(event.error)
    }
    if (this.listeners === undefined) return
    for (const listener of [...this.listeners]) {
      try {
        listener(event)
      } catch {
        // a listener's bug must not break the call that triggered the event
      }
    }
  }

  /** Follows the change notifications of the store in use (another tab's login or logout). */
  private watchStore(): void {
    this.unwatchStore?.()
    const store = this.tokenStore
    this.unwatchStore = typeof store.subscribe === "function"
      ? store.subscribe(() => {
        if (this.storeListeners !== undefined) for (const listener of this.storeListeners) listener()
      })
      : undefined
  }
}
