/**
 * What a Promise facade instance runs on: its `ClientRuntime` (the client and the session over
 * the platform's `HttpClient`), and what stelace.js's interface adds around it: settings and a
 * token store that setters replace, and `userSessionExpired` listeners.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type * as ManagedRuntime from "effect/ManagedRuntime"
import * as Redacted from "effect/Redacted"
import * as References from "effect/References"
import * as Stream from "effect/Stream"
import * as Tracer from "effect/Tracer"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { InvalidArgument } from "../Errors.js"
import type { SessionExpired } from "../Errors.js"
import { makeWith as makeClient } from "../internal/client/client.js"
import type { ClientServices } from "../internal/client/ClientRuntime.js"
import { ClientRuntime } from "../internal/client/ClientRuntime.js"
import type { Options, Settings } from "../internal/client/settings.js"
import { patchSettings } from "../internal/client/settings.js"
import { StelaceClient } from "../internal/client/StelaceClient.js"
import * as Platform from "../internal/wire/platform.js"
import type { SessionEvent } from "../Session.js"
import type { Signal } from "../signal/connection.js"
import type { SubscribeOptions } from "../signal/subscribe.js"
import * as Session from "../Session.js"
import type { CustomTokenStore } from "../TokenStore.js"
import { fromCustom, makeDefaultStore, TokenStore } from "../TokenStore.js"

/** The store an instance uses now: its setter replaces it. */
class FacadeStore extends Context.Service<FacadeStore, SubscriptionRef.SubscriptionRef<CustomTokenStore>>()(
  "stelace-effect/FacadeStore"
) {}

/** A `TokenStore` over the instance's store of the moment; replacing it reads the new one at once. */
const tokenStoreLayer = /*#__PURE__*/ Layer.effect(
  TokenStore,
  Effect.map(Effect.service(FacadeStore), (current) => {
    let adapted: { readonly store: CustomTokenStore; readonly service: TokenStore["Service"] } | undefined
    const serviceOf = (store: CustomTokenStore) => {
      if (adapted?.store !== store) adapted = { store, service: fromCustom(store) }
      return adapted.service
    }
    const service = Effect.sync(() => serviceOf(SubscriptionRef.getUnsafe(current)))
    return TokenStore.of({
      get: Effect.flatMap(service, (store) => store.get),
      set: (tokens) => Effect.flatMap(service, (store) => store.set(tokens)),
      remove: Effect.flatMap(service, (store) => store.remove),
      changes: SubscriptionRef.changes(current).pipe(
        Stream.switchMap((store) => Stream.concat(Stream.succeed(undefined), serviceOf(store).changes)),
        Stream.drop(1)
      )
    })
  })
)

/** The facade has no tracer to report to: no spans, not even the HTTP client's. */
const untraced = /*#__PURE__*/ Layer.mergeAll(Layer.succeed(References.TracerEnabled, false), Layer.succeed(Tracer.DisablePropagation, true))

export class FacadeRuntime {
  readonly client: ClientRuntime
  /** The instance's settings, as its setters left them (the client's follow). */
  settings: Settings
  /** `signal.subscribe`, once `Signal.install` added it (it keeps the real-time client out of apps that do not use it). */
  subscribeSignals: ((handler: (signal: Signal) => void, options?: SubscribeOptions) => () => void) | undefined
  private store: CustomTokenStore | undefined
  private expiryListeners: Array<(error: SessionExpired) => void> = []
  private sessionListeners: Array<(event: SessionEvent) => void> = []
  private stopEvents: (() => void) | undefined

  constructor(settings: Settings, store?: CustomTokenStore) {
    this.settings = settings
    this.store = store
    this.client = new ClientRuntime(() =>
      Session.layer.pipe(
        Layer.provideMerge(Layer.effect(StelaceClient, Effect.suspend(() => makeClient(this.settings)))),
        Layer.provideMerge(tokenStoreLayer.pipe(Layer.provideMerge(Layer.effect(FacadeStore, Effect.suspend(() => SubscriptionRef.make(this.tokenStore)))))),
        Layer.provide(Layer.suspend(Platform.layer)),
        Layer.provide(untraced)
      ) as Layer.Layer<ClientServices, unknown>
    )
  }

  /** The token store in use (by default the platform's: localStorage or memory, made on first use). */
  get tokenStore(): CustomTokenStore {
    this.store ??= makeDefaultStore()
    return this.store
  }

  /** Replaces the token store; the session reads the new one at once (it may hold another session). */
  setTokenStore(store: CustomTokenStore): void {
    this.store = store
    this.push()
  }

  /** Applies `patch` to the settings (a bad value throws `InvalidArgument` and changes nothing). */
  update(patch: Options): void {
    this.settings = patchSettings(this.settings, patch)
    this.push()
  }

  /** The session as user interfaces read it. */
  snapshot() {
    return this.client.snapshot(this.settings.organizationId ?? null)
  }

  /** Calls `listener` on every session event (building the client, so that events come); returns a function that stops. */
  subscribe(listener: (event: SessionEvent) => void): () => void {
    this.sessionListeners = [...this.sessionListeners, listener]
    this.listen()
    return () => {
      this.sessionListeners = this.sessionListeners.filter((other) => other !== listener)
    }
  }

  /** Calls `listener` once per expiry, before the session's listeners, with the error the waiting calls fail with. */
  onExpired(listener: (error: SessionExpired) => void): () => void {
    this.expiryListeners = [...this.expiryListeners, listener]
    this.listen()
    return () => {
      this.expiryListeners = this.expiryListeners.filter((other) => other !== listener)
    }
  }

  /** stelace.js's `errorListeners`. */
  get expiryListenersNow(): ReadonlyArray<(error: SessionExpired) => void> {
    return this.expiryListeners
  }

  dispose(): Promise<void> {
    this.stopEvents?.()
    return this.client.dispose()
  }

  /** One follower of the session's events for all the instance's listeners, in the order they came. */
  private listen(): void {
    if (this.stopEvents !== undefined) return
    const late = !this.client.built()
    this.stopEvents = this.client.follow((session) => session.events, (event) => this.announce(event))
    // built after an asynchronous store answered: listeners saw `loading` until now
    if (late) {
      this.client.whenBuilt().then(
        () => this.client.run(Effect.flatMap(Effect.service(Session.Session), (session) => session.tokens)),
        () => undefined
      ).then((tokens) => this.announce({ _tag: "Changed", tokens: tokens === undefined ? undefined : Redacted.make(tokens) }), () => {})
    }
  }

  private announce(event: SessionEvent): void {
    if (event._tag === "Expired") for (const listener of this.expiryListeners) listener(event.error)
    for (const listener of this.sessionListeners) listener(event)
  }

  /** The client's settings and store follow the instance's (a client not built yet reads them when it is). */
  private push(): void {
    if (!this.client.started) return
    if (this.client.runtime.cachedContext === undefined) {
      this.client.whenBuilt().then(() => this.push(), () => {})
      return
    }
    const { settings, tokenStore } = this
    const runtime = this.client.runtime as ManagedRuntime.ManagedRuntime<ClientServices | FacadeStore, unknown>
    runtime.runSync(Effect.gen(function*() {
      const client = yield* StelaceClient
      if ((yield* SubscriptionRef.get(client.settings)) !== settings) yield* SubscriptionRef.set(client.settings, settings)
      const store = yield* FacadeStore
      if ((yield* SubscriptionRef.get(store)) !== tokenStore) yield* SubscriptionRef.set(store, tokenStore)
    }))
  }
}

/**
 * Where a face finds the runtime of a facade instance: a registered symbol, so the CommonJS
 * bundles of the package's entries (each with its own copy of this module) find the same one.
 */
export const runtimeKey: unique symbol = Symbol.for("stelace-effect/ClientRuntime") as never

/** The runtime of a facade instance; `InvalidArgument` for anything `createInstance` did not make. */
export const runtimeOf = (instance: unknown): FacadeRuntime => {
  const runtime = instance !== null && typeof instance === "object" ? (instance as { [runtimeKey]?: FacadeRuntime })[runtimeKey] : undefined
  if (runtime === undefined) {
    throw new InvalidArgument({ message: "Stelace: expected a client made by createInstance(...)", reason: { _tag: "Argument" } })
  }
  return runtime
}
