/**
 * Types of the Promise facade, derived from the endpoint table: a method exists only where the
 * resource has the route, path parameters are strings, data is the route's input type, results
 * are the resource types with `lastResponse` (and `paginationMeta` for lists).
 *
 * @since 0.1.0
 */
import type { LastResponse, SessionExpired, StelaceError, WithLastResponse } from "../Errors.js"
import type { Endpoint, Kind, PaginationMeta, ParamArgs } from "../internal/endpoint.js"
import type { AuthTokens, LoginParams } from "../Types.js"
import type { Options } from "../internal/settings.js"
import type { Effect } from "effect/Effect"
import type { Redacted } from "effect/Redacted"
import type { Session, SessionEvent, SessionInfo, SessionSnapshot } from "../Session.js"
import type { StelaceClient } from "../Stelace.js"
import type { CustomTokenStore, Tokens } from "../TokenStore.js"
import type { FacadeRequestOptions } from "./arguments.js"
import type { ResourceTable } from "./resources.js"

/** stelace.js's `beforeRefreshToken`: answers by calling `callback` or by returning a promise. */
export type LegacyBeforeRefreshToken = (
  tokens: Tokens,
  callback: (error: unknown, tokens?: Tokens | null) => void
) => void | PromiseLike<Tokens | null | undefined>

/**
 * `createInstance`'s configuration: stelace.js's `apiKey`, `apiVersion`, `tokenStore` and
 * `beforeRefreshToken` (callback or promise style), plus the core's transport options (`host`,
 * `port`, `protocol`, `timeout`, `organizationId`, `userAgent`, `maxRetries`, `refreshMargin`).
 */
export interface FacadeConfig extends Omit<Options, "beforeRefreshToken" | "tracePropagation"> {
  /** Where tokens live; defaults to localStorage key `stl-authtoken` in browsers, memory elsewhere. */
  readonly tokenStore?: CustomTokenStore | undefined
  /** Replaces the default refresh call. */
  readonly beforeRefreshToken?: LegacyBeforeRefreshToken | undefined
}

/** The error a facade call rejects with. */
export type FacadeError = StelaceError | Error

/** A Node-style callback. */
export type Callback<R> = (error: FacadeError | null, result?: R) => void

/** A list result: the items, with where they sit among the others. */
export type ListResult<T> = Array<T> & {
  readonly lastResponse: LastResponse
  readonly paginationMeta: PaginationMeta
}

/** What a method of the facade resolves to. */
export type FacadeResult<Out, K extends Kind> = K extends "list" ? ListResult<Out> : Out & WithLastResponse

/** A method: path parameters, then data and options (either optional), or a callback last. */
export interface FacadeMethod<Params extends Array<string>, In, R> {
  (...args: [...Params, data?: In, options?: FacadeRequestOptions]): Promise<R>
  (...args: [...Params, options: FacadeRequestOptions]): Promise<R>
  (...args: [...Params, callback: Callback<R>]): Promise<void>
  (...args: [...Params, data: In | FacadeRequestOptions, callback: Callback<R>]): Promise<void>
  (...args: [...Params, data: In | undefined, options: FacadeRequestOptions, callback: Callback<R>]): Promise<void>
}

/** The method of one endpoint. */
export type FacadeMethodOf<E> = E extends Endpoint<infer P, infer In, infer Out, infer K>
  ? FacadeMethod<ParamArgs<P>, In, FacadeResult<Out, K>>
  : never

/** `paginate(query)`: every item across pages, for `for await`. */
export type Paginate<E> = E extends Endpoint<infer P, infer In, infer Out, "list">
  ? (...args: [...ParamArgs<P>, data?: In, options?: FacadeRequestOptions]) => AsyncIterable<Out>
  : never

/** A resource: one method per route, plus `paginate` when it has a list. */
export type FacadeResource<F> =
  & { readonly [M in keyof F]: FacadeMethodOf<F[M]> }
  & (F extends { readonly list: Endpoint<string, any, any, "list"> } ? { readonly paginate: Paginate<F["list"]> } : {})

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

/** Every resource of an instance. */
export type FacadeResources =
  & { readonly [R in Exclude<keyof ResourceTable, "auth" | "search">]: FacadeResource<ResourceTable[R]> }
  & {
    readonly auth: FacadeResource<ResourceTable["auth"]> & {
      /** Whether a user is logged in, and who, from the stored access token (no request). */
      info(): SessionInfo
      login: FacadeMethod<[], LoginParams, AuthTokens & WithLastResponse>
    }
    readonly search: FacadeResource<ResourceTable["search"]> & { readonly paginate: Paginate<ResourceTable["search"]["results"]> }
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

/** The setters and listeners of an instance. */
export interface StelaceInstanceApi {
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
  setApiVersion(version: string | null | undefined): void
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
