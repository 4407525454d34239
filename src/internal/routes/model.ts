/**
 * What an endpoint is, as data: method, path template, whether it answers a list, and the few
 * behaviours some routes add (forcing `save` on search, storing or clearing the session). Types of
 * the input and output ride along as phantoms, so call signatures are derived from the table.
 */
import type {
  HookError,
  InvalidArgument,
  MalformedResponse,
  NetworkError,
  ServerError,
  SessionExpired,
  WithLastResponse
} from "../../Errors.js"
import type * as T from "../../Types.js"
import type { RequestOptions } from "../pipeline/arguments.js"

/** HTTP methods the API uses. */
export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS"

/** `object`: the body is the result. `list`: the body is a page (or a plain array) of items. */
export type Kind = "object" | "list"

/**
 * How a list pages, which types its pagination meta:
 * - `version`: by the API version (page-based under 2019-05-20, cursor-based under 2020-08-10);
 * - `version-or-array`: likewise, but a plain array under 2019-05-20, which the SDK makes a single
 *   page (asset types, categories, roles, webhooks, workflows);
 * - `page`: page-based in every version (event stats);
 * - `search`: page-based in every version, with `exhaustiveNbResults` (search);
 * - `cursor`: cursor-based only (history and logs, which exist only under 2020-08-10).
 */
export type Paging = "version" | "version-or-array" | "page" | "search" | "cursor"

/** Session side effects of auth routes. */
export type SessionEffect = "store" | "logout"

/** Phantom carrier of an endpoint's input and output types, and of how a list pages. */
export interface Types<Out, In, Pg extends Paging = "version"> {
  readonly _Out?: Out
  readonly _In?: In
  readonly _Paging?: Pg
}

/**
 * One route of the API. The method and session effect are in its type too: a `GET` answering one
 * object is a read (React query options), and a route with a session effect never refreshes first
 * (no `SessionExpired`).
 */
export interface Endpoint<
  P extends string = string,
  In = any,
  Out = any,
  K extends Kind = Kind,
  Pg extends Paging = Paging,
  M extends Method = Method,
  S extends SessionEffect | undefined = SessionEffect | undefined
> extends Types<Out, In, Pg> {
  readonly method: M
  readonly path: P
  readonly kind: K
  /** Names of the path parameters, in order. */
  readonly params: ReadonlyArray<string>
  /** Rewrites the input before it is sent (copies; never mutates the caller's object). */
  readonly prepare?: ((input: Record<string, unknown>) => Record<string, unknown>) | undefined
  readonly session?: S
  /** The server requires a body: `{}` is sent when the input is empty (by default an empty input sends none, as stelace.js did). */
  readonly bodyRequired?: boolean | undefined
}

/** Any endpoint. */
export type AnyEndpoint = Endpoint<string, any, any, Kind, Paging, Method, SessionEffect | undefined>

/**
 * What any call can fail with: refused arguments, an error answer, no answer, an answer that is
 * not JSON, and the application's token store or hook failing (the session reads the store on
 * every call, auth routes write it).
 */
export type CallError = InvalidArgument | ServerError | NetworkError | MalformedResponse | HookError

/**
 * What a call of `E` can fail with: `CallError`; `SessionExpired` unless it is an auth route (they
 * send the stored tokens as they are, never refreshing first); `DecodeError` when decoding is
 * registered (see `Register`) and the route has a result schema (its result type is not `unknown`).
 */
export type ErrorOf<E> = E extends Endpoint<any, any, infer Out, any, any, any, infer S> ?
    | CallError
    | ([S] extends [SessionEffect] ? never : SessionExpired)
    | (unknown extends Out ? never : T.RegisteredDecodeError)
  : never

/** Pagination metadata of a list result: page-based (with `exhaustiveNbResults` for search) or cursor-based. */
export type PaginationMeta = T.OffsetPagination | T.SearchPagination | T.CursorPagination

/**
 * The pagination meta of a list that pages as `Pg` under API version `V` (`undefined` or any
 * string: not known, so either kind).
 */
export type MetaOf<Pg extends Paging, V> = Pg extends "search" ? T.SearchPagination
  : Pg extends "page" ? T.OffsetPagination
  : Pg extends "cursor" ? T.CursorPagination
  : V extends "2019-05-20" ? (Pg extends "version-or-array" ? T.SinglePagePagination : T.OffsetPagination)
  : V extends "2020-08-10" ? T.CursorPagination
  : T.OffsetPagination | T.CursorPagination

/** A page of a list: its items and where it sits among the others. */
export interface Page<A, M extends PaginationMeta = PaginationMeta> extends WithLastResponse {
  readonly results: ReadonlyArray<A>
  readonly paginationMeta: M
}

/** Names of the `:params` of a path template. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}` ? [Name, ...PathParams<`/${Rest}`>]
  : P extends `${string}:${infer Name}` ? [Name]
  : []

// <generated by scripts/generate.mjs: the id kinds of the route table>
/** The kind of id the path parameter after each collection takes (`/assets/:id`: an `AssetId`). */
export interface IdsByCollection {
  readonly "api-keys": T.ApiKeyId
  readonly assessments: T.AssessmentId
  readonly "asset-types": T.AssetTypeId
  readonly assets: T.AssetId
  readonly availabilities: T.AvailabilityId
  readonly categories: T.CategoryId
  readonly "custom-attributes": T.CustomAttributeId
  readonly documents: T.DocumentId
  readonly entries: T.EntryId
  readonly events: T.EventId
  readonly messages: T.MessageId
  readonly "order-lines": T.OrderLineId
  readonly "order-moves": T.OrderMoveId
  readonly orders: T.OrderId
  readonly organizations: T.OrganizationId
  readonly ratings: T.RatingId
  readonly roles: T.RoleId
  readonly search: T.SavedSearchId
  readonly tasks: T.TaskId
  readonly transactions: T.TransactionId
  readonly users: T.UserId
  readonly "webhook-logs": T.WebhookLogId
  readonly webhooks: T.WebhookId
  readonly "workflow-logs": T.WorkflowLogId
  readonly workflows: T.WorkflowId
}
// </generated>

type LastSegment<S extends string> = S extends `${string}/${infer Rest}` ? LastSegment<Rest> : S

/** The argument type of the path parameter that follows `Before`: the collection's kind of id, or a string. */
type ParamArg<Before extends string> = LastSegment<Before> extends infer C extends keyof IdsByCollection
  ? T.IdInput<IdsByCollection[C]>
  : string

/** One argument per path parameter: the kind of id it takes, or a string. */
export type ParamArgs<P extends string> = P extends `${infer Before}/:${string}/${infer Rest}` ? [ParamArg<Before>, ...ParamArgs<`/${Rest}`>]
  : P extends `${infer Before}/:${string}` ? [ParamArg<Before>]
  : []

/** The input argument: optional when every field of the input is. */
// biome-ignore lint/complexity/noBannedTypes: `{} extends In` asks whether every field of the input is optional
export type InputArgs<In> = {} extends In ? [input?: In] : [input: In]

/**
 * Per-call options of the Effect functions (headers of your own go through
 * `Stelace.withRequestOptions`). Once an API version is registered (see `Register`), `apiVersion`
 * may only be that one, so results stay typed truthfully.
 */
export type CallOptions = [T.RegisteredApiVersion] extends [undefined] ? Omit<RequestOptions, "headers">
  : Omit<RequestOptions, "apiVersion" | "headers"> & { readonly apiVersion?: T.RegisteredApiVersion | undefined }

/** Arguments of an endpoint's function: path parameters, input, per-call options. */
export type EndpointArgs<E extends AnyEndpoint> = E extends Endpoint<infer P, infer In, any, any, any>
  ? [...ParamArgs<P>, ...InputArgs<In>, options?: CallOptions]
  : never

/** Output of an endpoint's function; lists are typed by the registered API version (see `Register`). */
export type EndpointResult<E extends AnyEndpoint> = E extends Endpoint<any, any, infer Out, infer K, infer Pg>
  ? K extends "list" ? Page<Out, MetaOf<Pg, T.RegisteredApiVersion>> : Out & WithLastResponse
  : never

/** Item type of a list endpoint. */
export type ItemOf<E extends AnyEndpoint> = E extends Endpoint<any, any, infer Out, "list", any> ? Out : never

/** Input type of an endpoint. */
export type InputOf<E extends AnyEndpoint> = E extends Endpoint<any, infer In, any, any, any> ? In : never

/**
 * Declares the output and input types of a route (and for a list, how it pages), as an
 * instantiation expression that is never called: `get("/assets/:id", as<Asset>)`.
 */
export function as<Out, In = Readonly<Record<string, unknown>>, Pg extends Paging = "version">(): Types<Out, In, Pg> {
  return {}
}

/** The type-carrying argument of the route helpers. */
export type TypesOf<Out, In, Pg extends Paging = "version"> = () => Types<Out, In, Pg>

/** Extra behaviour of a route. */
export interface RouteExtras<K extends Kind, S extends SessionEffect | undefined = undefined> {
  readonly kind?: K
  readonly prepare?: Endpoint["prepare"]
  readonly session?: S
  readonly bodyRequired?: boolean
}

/** A route: method, path template, types and extras. */
export function route<
  M extends Method,
  P extends string,
  Out,
  In,
  K extends Kind = "object",
  Pg extends Paging = "version",
  S extends SessionEffect | undefined = undefined
>(
  method: M,
  path: P,
  _types: TypesOf<Out, In, Pg>,
  extras?: RouteExtras<K, S>
): Endpoint<P, In, Out, K, Pg, M, S> {
  // the extras spread as given (absent ones stay absent): smaller in every bundle than naming each
  return {
    kind: "object" as K,
    ...extras,
    method,
    path,
    params: (path.match(/:[A-Za-z]+/g) ?? []).map((name) => name.slice(1))
  }
}

/** A `GET` route answering one object. */
export function get<P extends string, Out, In>(path: P, types: TypesOf<Out, In>) {
  return route("GET", path, types)
}

/** A `GET` route answering a list (page-based, cursor-based or a plain array). */
export function list<P extends string, Out, In, Pg extends Paging>(path: P, types: TypesOf<Out, In, Pg>) {
  return route("GET", path, types, { kind: "list" })
}

/** A `POST` route. */
export function post<
  P extends string,
  Out,
  In,
  K extends Kind = "object",
  Pg extends Paging = "version",
  S extends SessionEffect | undefined = undefined
>(
  path: P,
  types: TypesOf<Out, In, Pg>,
  extras?: RouteExtras<K, S>
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
