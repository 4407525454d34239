/**
 * What an endpoint is, as data: method, path template, whether it answers a list, and the few
 * behaviours some routes add (forcing `save` on search, storing or clearing the session). Types of
 * the input and output ride along as phantoms, so call signatures are derived from the table.
 *
 * @internal
 */
import type { WithLastResponse } from "../Errors.js"
import type { CursorPagination, OffsetPagination } from "../Types.js"
import type { Method, RequestOptions } from "./transport.js"

/** `object`: the body is the result. `list`: the body is a page (or a plain array) of items. */
export type Kind = "object" | "list"

/** Session side effects of auth routes. */
export type SessionEffect = "store" | "logout"

/** Phantom carrier of an endpoint's input and output types. */
export interface Types<Out, In> {
  readonly _Out?: Out
  readonly _In?: In
}

/** One route of the API. */
export interface Endpoint<P extends string = string, In = any, Out = any, K extends Kind = Kind> extends Types<Out, In> {
  readonly method: Method
  readonly path: P
  readonly kind: K
  /** Names of the path parameters, in order. */
  readonly params: ReadonlyArray<string>
  /** Rewrites the input before it is sent (copies; never mutates the caller's object). */
  readonly prepare?: ((input: Record<string, unknown>) => Record<string, unknown>) | undefined
  readonly session?: SessionEffect | undefined
  /** Where the `page` of a page-based list goes: the query (default) or the body (`POST /search`). */
  readonly pageIn?: "query" | "body" | undefined
}

/** Any endpoint. */
export type AnyEndpoint = Endpoint<string, any, any, Kind>

/** Pagination metadata of a list result. */
export type PaginationMeta = OffsetPagination | CursorPagination

/** A page of a list: its items and where it sits among the others. */
export interface Page<A> extends WithLastResponse {
  readonly results: ReadonlyArray<A>
  readonly paginationMeta: PaginationMeta
}

/** Names of the `:params` of a path template. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}` ? [Name, ...PathParams<`/${Rest}`>]
  : P extends `${string}:${infer Name}` ? [Name]
  : []

/** One string argument per path parameter. */
export type ParamArgs<P extends string> = P extends `${string}:${string}/${infer Rest}` ? [string, ...ParamArgs<`/${Rest}`>]
  : P extends `${string}:${string}` ? [string]
  : []

/** The input argument: optional when every field of the input is. */
export type InputArgs<In> = {} extends In ? [input?: In] : [input: In]

/** Arguments of an endpoint's function: path parameters, input, per-call options. */
export type EndpointArgs<E extends AnyEndpoint> = E extends Endpoint<infer P, infer In, any, any>
  ? [...ParamArgs<P>, ...InputArgs<In>, options?: RequestOptions]
  : never

/** Output of an endpoint's function. */
export type EndpointResult<E extends AnyEndpoint> = E extends Endpoint<any, any, infer Out, infer K>
  ? K extends "list" ? Page<Out> : Out & WithLastResponse
  : never

/** Item type of a list endpoint. */
export type ItemOf<E extends AnyEndpoint> = E extends Endpoint<any, any, infer Out, "list"> ? Out : never

/** Input type of an endpoint. */
export type InputOf<E extends AnyEndpoint> = E extends Endpoint<any, infer In, any, any> ? In : never

/**
 * Declares the output (and input) type of a route, as an instantiation expression that is never
 * called: `get("/assets/:id", as<Asset>)`.
 */
export function as<Out, In = Readonly<Record<string, unknown>>>(): Types<Out, In> {
  return {}
}

/** The type-carrying argument of the route helpers. */
export type TypesOf<Out, In> = () => Types<Out, In>

/** Extra behaviour of a route. */
export interface RouteExtras<K extends Kind> {
  readonly kind?: K
  readonly prepare?: Endpoint["prepare"]
  readonly session?: SessionEffect
  readonly pageIn?: "query" | "body"
}

/** A route: method, path template, types and extras. */
export function route<P extends string, Out, In, K extends Kind = "object">(
  method: Method,
  path: P,
  _types: TypesOf<Out, In>,
  extras?: RouteExtras<K>
): Endpoint<P, In, Out, K> {
  return {
    method,
    path,
    kind: (extras?.kind ?? "object") as K,
    params: (path.match(/:[A-Za-z]+/g) ?? []).map((name) => name.slice(1)),
    prepare: extras?.prepare,
    session: extras?.session,
    pageIn: extras?.pageIn
  }
}

/** A `GET` route answering one object. */
export function get<P extends string, Out, In>(path: P, types: TypesOf<Out, In>) {
  return route("GET", path, types)
}

/** A `GET` route answering a list (page-based, cursor-based or a plain array). */
export function list<P extends string, Out, In>(path: P, types: TypesOf<Out, In>) {
  return route("GET", path, types, { kind: "list" })
}

/** A `POST` route. */
export function post<P extends string, Out, In, K extends Kind = "object">(
  path: P,
  types: TypesOf<Out, In>,
  extras?: RouteExtras<K>
) {
  return route("POST", path, types, extras)
}

/** A `PATCH` route. */
export function patch<P extends string, Out, In>(path: P, types: TypesOf<Out, In>) {
  return route("PATCH", path, types)
}

/** A `PUT` route. */
export function put<P extends string, Out, In>(path: P, types: TypesOf<Out, In>) {
  return route("PUT", path, types)
}

/** A `DELETE` route. */
export function del<P extends string, Out, In>(path: P, types: TypesOf<Out, In>) {
  return route("DELETE", path, types)
}
