/**
 * Where promises meet effects: the Promise facade's instances and React's provider run their
 * calls and Effect programs through one `ManagedRuntime` per client. The runtime builds the
 * client and its session on first need (at once over a token store that answers synchronously,
 * in the background over an asynchronous one, calls waiting for it), keeps the calls under way
 * in its own fiber scope, and interrupts them when it is disposed.
 */
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import type * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import * as Stream from "effect/Stream"
import { InvalidArgument, RequestAborted } from "../../Errors.js"
import type { SessionSnapshot } from "../../Session.js"
import { loadingSnapshot, Session } from "../../Session.js"
import type { Invocation } from "../pipeline/arguments.js"
import type { AnyEndpoint } from "../routes/model.js"
import { CurrentRequestOptions } from "./client.js"
import { StelaceClient } from "./StelaceClient.js"

/** What a runtime's layer provides: a client and its user's session. */
export type ClientServices = StelaceClient | Session

const disposedError = () => new InvalidArgument({ message: "Stelace: this instance was disposed", reason: { _tag: "Disposed" } })

export class ClientRuntime {
  /** Whether the build started. */
  started = false
  private disposed = false
  private managed: ManagedRuntime.ManagedRuntime<ClientServices, unknown> | undefined

  /**
   * A runtime over the layer `layer` gives, which provides a client and its session (and may
   * provide more). Neither is made before the first need: a server may make a client per request
   * and never call it.
   */
  constructor(private readonly layer: () => Layer.Layer<ClientServices, unknown>) {}

  get runtime(): ManagedRuntime.ManagedRuntime<ClientServices, unknown> {
    this.managed ??= ManagedRuntime.make(this.layer())
    return this.managed
  }

  /**
   * Whether the client is built, starting its build if it is not: a build that needs nothing
   * asynchronous (the built-in token stores) is done when this returns.
   */
  built(): boolean {
    if (this.disposed) return this.managed?.cachedContext !== undefined
    if (this.runtime.cachedContext === undefined) {
      this.started = true
      this.runtime.runSyncExit(Effect.void)
    }
    return this.runtime.cachedContext !== undefined
  }

  /** Resolves once the client is built (rejects if its layer fails). */
  whenBuilt(): Promise<void> {
    return this.built() ? Promise.resolve() : this.runtime.context().then(() => undefined)
  }

  /**
   * Runs an Effect program on the client and the user's session: its result, or its typed error;
   * `RequestAborted` when `signal` aborts or the runtime is disposed meanwhile. Never throws.
   */
  run<A, E>(effect: Effect.Effect<A, E, ClientServices>, signal?: AbortSignal): Promise<A> {
    if (this.disposed) return Promise.reject(disposedError())
    if (signal?.aborted) return Promise.reject(new RequestAborted({ message: "Request aborted", reason: { _tag: "Signal" } }))
    this.started = true
    return this.runtime.runPromiseExit(effect, signal ? { signal } : undefined).then((exit) => {
      if (Exit.isSuccess(exit)) return exit.value
      const error = Cause.findErrorOption(exit.cause)
      if (error._tag === "Some") throw error.value
      if (Cause.hasInterruptsOnly(exit.cause)) {
        throw new RequestAborted({ message: "Request aborted", reason: { _tag: this.disposed ? "Disposed" : "Signal" } })
      }
      throw Cause.squash(exit.cause)
    })
  }

  /**
   * Performs one call of `endpoint` as the runtime's user: its result (`shape`d), or its typed
   * error. `headers` of your own must have been checked (`checkHeaders`). Never throws.
   */
  request(
    endpoint: AnyEndpoint,
    invocation: Invocation,
    signal?: AbortSignal,
    shape?: (result: unknown) => unknown,
    headers?: Readonly<Record<string, string>>
  ): Promise<unknown> {
    let call: Effect.Effect<unknown, unknown, ClientServices> = Effect.flatMap(Effect.service(StelaceClient), (client) => client.call(endpoint, invocation))
    if (shape !== undefined) call = Effect.map(call, shape)
    if (headers !== undefined) call = Effect.provideService(call, CurrentRequestOptions, { headers })
    return this.run(call, signal)
  }

  /** The session as last seen: the same object until it changes; `loading` until the client is built. */
  snapshot(organizationId: string | null = null): SessionSnapshot {
    if (!this.built()) return this.loading(organizationId)
    const exit = this.runtime.runSyncExit(Effect.flatMap(Effect.service(Session), (session) => session.snapshot))
    return Exit.isSuccess(exit) ? exit.value : this.loading(organizationId)
  }

  private loadingValue: SessionSnapshot | undefined
  private loading(organizationId: string | null): SessionSnapshot {
    if (this.loadingValue?.organizationId !== organizationId) this.loadingValue = loadingSnapshot(organizationId)
    return this.loadingValue
  }

  /**
   * Calls `f` with each element of the session's stream `stream` until the returned function is
   * called (building the client, so that elements come). What `f` throws is reported, not fatal.
   */
  follow<A>(stream: (session: Session["Service"]) => Stream.Stream<A>, f: (a: A) => void): () => void {
    return this.forEach(Stream.unwrap(Effect.map(Effect.service(Session), stream)), f)
  }

  /**
   * Calls `f` with each element of `stream` until the returned function is called, then
   * `onFailure` if the stream fails. What the callbacks throw is reported, not fatal.
   */
  forEach<A, E>(stream: Stream.Stream<A, E, ClientServices>, f: (a: A) => void, onFailure?: (error: E) => void): () => void {
    if (this.disposed) return () => {}
    this.started = true
    return this.runtime.runCallback(
      Stream.runForEach(stream, (a) => Effect.sync(() => guarded(f, a))).pipe(
        Effect.catch((error: E) => Effect.sync(() => onFailure && guarded(onFailure, error)))
      )
    )
  }

  /** What Signal's subscriptions of this client share (see `signal/subscribe.ts`). */
  signals: Map<unknown, Promise<unknown>> | undefined

  private owners = 0

  /**
   * Takes a share of the runtime; the returned function gives it back, and the runtime is
   * disposed once no share is left at the end of the turn (React's strict mode lets go of a
   * runtime and takes it again in one turn).
   */
  retain(): () => void {
    this.owners++
    let released = false
    return () => {
      if (released) return
      released = true
      this.owners--
      setTimeout(() => {
        if (this.owners === 0) void this.dispose()
      }, 0)
    }
  }

  /** Releases the runtime: calls under way are interrupted (`RequestAborted`), later ones refused. */
  dispose(): Promise<void> {
    this.disposed = true
    return this.managed === undefined ? Promise.resolve() : this.managed.dispose()
  }
}

const guarded = <A>(f: (a: A) => void, a: A): void => {
  try {
    f(a)
  } catch (error) {
    reportLater(error)
  }
}

/** An application callback's bug, thrown again outside the SDK (an uncaught error), so that it is seen without breaking the SDK. */
export const reportLater = (error: unknown): void => {
  setTimeout(() => {
    throw error
  }, 0)
}
