/**
 * Types of the Promise facade, derived from the endpoint table: a method exists only where the
 * resource has the route (with the route's doc comment), path parameters take that kind of id or
 * a plain string, data is the route's input type, results are the resource types with
 * `lastResponse` (and `paginationMeta` for lists, typed by the instance's API version).
 *
 * @since 0.1.0
 */
import type { LastResponse, SessionExpired, StelaceError, WithLastResponse } from "../Errors.js"
import type { Endpoint, Kind, MetaOf, PaginationMeta, ParamArgs } from "../internal/routes/model.js"
import type { ApiVersion, AuthTokens, LoginParams, ProviderLogout, SsoTarget } from "../Types.js"
import type { Options } from "../internal/client/settings.js"
import type { Effect } from "effect/Effect"
import type { Redacted } from "effect/Redacted"
import type { Session, SessionEvent, SessionInfo, SessionSnapshot } from "../Session.js"
import type { StelaceClient } from "../Stelace.js"
import type { CustomTokenStore, Tokens } from "../TokenStore.js"
import type { Signal } from "../signal/connection.js"
import type { SubscribeOptions as SignalSubscribeOptions } from "../signal/subscribe.js"
import type { FacadeRequestOptions } from "./stelaceJsArguments.js"
import type { ResourceTable } from "./resources.js"

/** stelace.js's `beforeRefreshToken`: answers by calling `callback` or by returning a promise. */
export type LegacyBeforeRefreshToken = (
  tokens: Tokens,
  callback: (error: unknown, tokens?: Tokens | null) => void
  // biome-ignore lint/suspicious/noConfusingVoidType: a hook that answers through `callback` returns nothing, which only `void` accepts from any function
) => void | PromiseLike<Tokens | null | undefined>

/**
 * `createInstance`'s configuration: stelace.js's `apiKey`, `apiVersion`, `tokenStore` and
 * `beforeRefreshToken` (callback or promise style), plus the core's transport options (`host`,
 * `port`, `protocol`, `timeout`, `organizationId`, `userAgent`, `maxRetries`, `refreshMargin`).
 * `V` is the API version, which types list results.
 */
export interface FacadeConfig<V extends string | undefined = string | undefined>
  extends Omit<Options, "beforeRefreshToken" | "tracePropagation" | "apiVersion">
{
  /**
   * Default API version (`x-stelace-version`). `"2019-05-20"` types lists as page-based,
   * `"2020-08-10"` as cursor-based; unset (the platform's version) as either.
   */
  readonly apiVersion?: V | undefined
  /** Where tokens live; defaults to localStorage key `stl-authtoken` in browsers, memory elsewhere. */
  readonly tokenStore?: CustomTokenStore | undefined
  /** Replaces the default refresh call. */
  readonly beforeRefreshToken?: LegacyBeforeRefreshToken | undefined
}

/** The error a facade call rejects with. */
export type FacadeError = StelaceError | Error

/** A Node-style callback. */
export type Callback<R> = (error: FacadeError | null, result?: R) => void

/**
 * A list result: the items, with where they sit among the others. `M` is the kind of pagination
 * meta: page-based, cursor-based or either (`PaginationMeta`).
 */
export type ListResult<T, M extends PaginationMeta = PaginationMeta> = Array<T> & {
  readonly lastResponse: LastResponse
  readonly paginationMeta: M
}

/** What a method of the facade resolves to, for an instance of API version `V`. */
export type FacadeResult<Out, K extends Kind, M extends PaginationMeta = PaginationMeta> = K extends "list"
  ? ListResult<Out, M>
  : Out & WithLastResponse

/**
 * A method: path parameters, then data and options (either optional), or a callback last. (The
 * callback forms come first: TypeScript types a callback argument only when they do.)
 */
export interface FacadeMethod<Params extends Array<unknown>, In, R> {
  (...args: [...Params, callback: Callback<R>]): Promise<void>
  (...args: [...Params, data: In | FacadeRequestOptions, callback: Callback<R>]): Promise<void>
  (...args: [...Params, data: In | undefined, options: FacadeRequestOptions, callback: Callback<R>]): Promise<void>
  (...args: [...Params, data?: In, options?: FacadeRequestOptions]): Promise<R>
  (...args: [...Params, options: FacadeRequestOptions]): Promise<R>
}

/** The method of one endpoint, for an instance of API version `V`. */
export type FacadeMethodOf<E, V = undefined> = E extends Endpoint<infer P, infer In, infer Out, infer K, infer Pg>
  ? FacadeMethod<ParamArgs<P>, In, FacadeResult<Out, K, MetaOf<Pg, V>>>
  : never

/** `paginate(query)`: every item across pages, for `for await`. */
export type Paginate<E> = E extends Endpoint<infer P, infer In, infer Out, "list", any>
  ? (...args: [...ParamArgs<P>, data?: In, options?: FacadeRequestOptions]) => AsyncIterable<Out>
  : never

/** The `paginate` a resource with a `list` route has. */
export interface PaginateOf<E> {
  /**
   * Every item of `list` across all pages, for `for await`: pages are fetched as the loop asks
   * for them, page-based or cursor-based, whichever the server answers.
   */
  readonly paginate: Paginate<E>
}

/** A resource: one method per route (with the route's doc comment), plus `paginate` when it has a list. */
export type FacadeResource<F, V = undefined> =
  & { readonly [M in keyof F]: FacadeMethodOf<F[M], V> }
  & (F extends { readonly list: Endpoint<string, any, any, "list", any> } ? PaginateOf<F["list"]> : unknown)

/** `forward.get/post/put/patch/del/options(path, dataOrQuery?, options?)`. */
export interface ForwardMethod {
  <R = unknown>(path: string, data?: object, options?: FacadeRequestOptions): Promise<R & WithLastResponse>
  <R = unknown>(path: string, options: FacadeRequestOptions): Promise<R & WithLastResponse>
  <R = unknown>(path: string, callback: Callback<R & WithLastResponse>): Promise<void>
  <R = unknown>(path: string, data: object | undefined, callback: Callback<R & WithLastResponse>): Promise<void>
  <R = unknown>(
    path: string,
    data: object | undefined,
    options: FacadeRequestOptions,
    callback: Callback<R & WithLastResponse>
  ): Promise<void>
}

/** Every resource of an instance of API version `V`. */
export type FacadeResources<V = undefined> =
  & { readonly [R in Exclude<keyof ResourceTable, "auth" | "search" | "signal">]: FacadeResource<ResourceTable[R], V> }
  & {
    readonly signal: FacadeResource<ResourceTable["signal"], V> & {
      /**
       * Calls `handler` with every signal of the instance's channels (the user's own while logged
       * in) plus `options.channels`, over one WebSocket per instance; returns the function that
       * stops. Needs `install(stelace)` from `stelace-effect/Signal` first (which keeps the
       * real-time client out of apps that do not use it). Signals are hints to refetch, never data
       * to trust. See docs/signal.md.
       */
      subscribe(handler: (signal: Signal) => void, options?: SignalSubscribeOptions): () => void
    }
    readonly auth: FacadeResource<ResourceTable["auth"], V> & {
      /** Whether a user is logged in, and who, from the stored access token (no request). */
      info(): SessionInfo
      /** Logs a user in (`POST /auth/login`) and stores the returned tokens as the session. */
      login: FacadeMethod<[], LoginParams, AuthTokens & WithLastResponse>
      /**
       * The URL that starts a login through a provider (the API's `GET
       * /auth/sso/:platformId/:provider`), for the browser to go to. Throws `InvalidArgument` on a
       * bad platform id or connection name.
       */
      ssoLoginUrl(target: SsoTarget): string
      /**
       * Logs in with the one-time code of a provider login's return (`POST /auth/token`,
       * `authorizationCode` grant) and stores the session. Rejects with `AuthorizationCodeError`
       * (`Invalid`, `Expired`, `AlreadyUsed`) when the server refuses the code.
       */
      loginWithCode: {
        (code: string): Promise<AuthTokens & WithLastResponse>
        (code: string, callback: Callback<AuthTokens & WithLastResponse>): Promise<void>
      }
      /**
       * Logs out through the provider of an `openid` connection: the session ends at Stelace, and
       * resolves to `{ _tag: "Redirect", url }` (the provider's end-session page) where the
       * server's redirect can be read, `{ _tag: "StelaceOnly" }` in a browser, which hides it.
       */
      logoutFromProvider: {
        (): Promise<ProviderLogout>
        (callback: Callback<ProviderLogout>): Promise<void>
      }
    }
    readonly search: FacadeResource<ResourceTable["search"], V> & {
      /**
       * Every search result across all pages, for `for await`: pages are fetched as the loop asks
       * for them.
       */
      readonly paginate: Paginate<ResourceTable["search"]["results"]>
    }
    readonly forward: {
      readonly get: ForwardMethod
      readonly post: ForwardMethod
      readonly put: ForwardMethod
      readonly patch: ForwardMethod
      readonly del: ForwardMethod
      readonly options: ForwardMethod
    }
  }

/** The session of an instance, for user interfaces (React's `useSyncExternalStore`, say). */
export interface FacadeSession {
  /** The session as last seen: the same object until something changes. */
  getSnapshot(): SessionSnapshot
  /** Calls `listener` on every session event; returns a function that stops. */
  subscribe(listener: (event: SessionEvent) => void): () => void
}

/** The setters and listeners of an instance of API version `V`. */
export interface StelaceInstanceApi<V = undefined> {
  /** The session as a value, and its events. */
  readonly session: FacadeSession
  /**
   * Runs an Effect program on this instance's client (one session and runtime for both): resolves
   * with its result, rejects with its typed error, or `RequestAborted` when `signal` aborts.
   */
  run<A, E>(effect: Effect<A, E, StelaceClient | Session>, options?: { readonly signal?: AbortSignal | undefined }): Promise<A>
  setHost(host: string, port?: number | string, protocol?: string): void
  setProtocol(protocol: string): void
  setPort(port: number | string): void
  setApiKey(key: string | Redacted<string> | null | undefined): void
  /**
   * Sets the default API version (ignored when empty). An instance created with a known version
   * (which types its lists) may only be set to that version.
   */
  setApiVersion(version: (V extends ApiVersion ? V : string) | null | undefined): void
  setTimeout(timeout: number | null | undefined): void
  setOrganizationId(organizationId: string | null | undefined): void
  getTokenStore(): CustomTokenStore
  setTokenStore(tokenStore: CustomTokenStore | null | undefined): void
  setBeforeRefreshToken(hook: LegacyBeforeRefreshToken | null | undefined): void
  getApiField(name: string): unknown
  /** The only error type is `userSessionExpired`; returns a function that stops listening. */
  onError(type: "userSessionExpired", listener: (error: SessionExpired) => void): () => void
  /** Releases the instance's runtime; pending calls are interrupted. */
  dispose(): Promise<void>
}
