/**
 * The SDK's errors as schemas, for RPC and HttpApi error channels: each encodes to a JSON object
 * tagged with the error's `_tag` and decodes back to an instance of its class (so `instanceof`,
 * `reason` and `Effect.catchTag` work on the other side). Re-exported by `stelace-effect/Schemas`,
 * so the classes themselves stay free of `effect/Schema`.
 *
 * What travels: the message and the error's fields; for a `ServerError` its status, `data`, `code`,
 * request id and `retry-after` (its reason follows from them); for a `MalformedResponse` its body.
 * What does not: `cause` (a platform's error or a schema issue is no JSON), a server error's other
 * headers and raw body.
 */
import * as Schema from "effect/Schema"
import * as SchemaTransformation from "effect/SchemaTransformation"
import {
  DecodeError as DecodeErrorClass,
  HookError as HookErrorClass,
  InvalidArgument as InvalidArgumentClass,
  MalformedResponse as MalformedResponseClass,
  NetworkError as NetworkErrorClass,
  RequestAborted as RequestAbortedClass,
  ServerError as ServerErrorClass,
  SessionExpired as SessionExpiredClass
} from "../Errors.js"

/** The schema of `Class`, encoded as `encoded` through `decode`/`encode`. */
const errorSchema = <C extends abstract new(...args: any) => any, S extends Schema.Top>(
  Class: C,
  encoded: S,
  decode: (encoded: S["Type"]) => InstanceType<C>,
  encode: (error: InstanceType<C>) => S["Type"]
) =>
  encoded.pipe(
    Schema.decodeTo(Schema.instanceOf(Class), SchemaTransformation.transform({ decode, encode }))
  )

const optionalString = Schema.optionalKey(Schema.String)

/** A `ServerError`: `{ _tag: "ServerError", message, statusCode, data?, code?, requestId?, retryAfter? }`. */
export const ServerError = /*#__PURE__*/ errorSchema(
  ServerErrorClass,
  Schema.TaggedStruct("ServerError", {
    message: Schema.String,
    statusCode: Schema.Number,
    data: Schema.optionalKey(Schema.Unknown),
    code: optionalString,
    requestId: optionalString,
    retryAfter: Schema.optionalKey(Schema.Number)
  }),
  (e) =>
    ServerErrorClass.fromResponse({
      status: e.statusCode,
      requestId: e.requestId,
      headers: e.retryAfter === undefined ? {} : { "retry-after": String(e.retryAfter) },
      body: {
        message: e.message,
        statusCode: e.statusCode,
        ...(e.data === undefined ? {} : { data: e.data }),
        ...(e.code === undefined ? {} : { code: e.code })
      }
    }),
  (error) => ({
    _tag: "ServerError" as const,
    message: error.message,
    statusCode: error.statusCode,
    ...(error.data === undefined ? {} : { data: error.data }),
    ...(typeof error.code === "string" ? { code: error.code } : {}),
    ...(error.requestId === undefined ? {} : { requestId: error.requestId }),
    ...(error.reason._tag === "RateLimited" && error.reason.retryAfter !== undefined ? { retryAfter: error.reason.retryAfter } : {})
  })
)

const NetworkErrorReason = Schema.Union(
  (["Timeout", "Refused", "Dns", "Reset", "Tls", "Redirect", "Aborted", "Unknown"] as const).map((tag) => Schema.TaggedStruct(tag, {}))
)

/** A `NetworkError`: `{ _tag: "NetworkError", message, reason: { _tag }, method?, url? }`. */
export const NetworkError = /*#__PURE__*/ errorSchema(
  NetworkErrorClass,
  Schema.TaggedStruct("NetworkError", { message: Schema.String, reason: NetworkErrorReason, method: optionalString, url: optionalString }),
  ({ _tag: _, ...fields }) => new NetworkErrorClass(fields),
  (error) => ({
    _tag: "NetworkError" as const,
    message: error.message,
    reason: { _tag: error.reason._tag },
    ...(error.method === undefined ? {} : { method: error.method }),
    ...(error.url === undefined ? {} : { url: error.url })
  })
)

/** A `SessionExpired`: `{ _tag: "SessionExpired", message, statusCode, data? }`. */
export const SessionExpired = /*#__PURE__*/ errorSchema(
  SessionExpiredClass,
  Schema.TaggedStruct("SessionExpired", {
    message: Schema.Literal("User session expired"),
    statusCode: Schema.Number,
    data: Schema.optionalKey(Schema.Unknown)
  }),
  ({ _tag: _, ...fields }) => new SessionExpiredClass(fields),
  (error) => ({
    _tag: "SessionExpired" as const,
    message: error.message,
    statusCode: error.statusCode,
    ...(error.data === undefined ? {} : { data: error.data })
  })
)

/** A `HookError`: `{ _tag: "HookError", message, hook, reason: { _tag } }`. */
export const HookError = /*#__PURE__*/ errorSchema(
  HookErrorClass,
  Schema.TaggedStruct("HookError", {
    message: Schema.String,
    hook: Schema.Literals(["beforeRefreshToken", "getTokens", "setTokens", "removeTokens"]),
    reason: Schema.Union([Schema.TaggedStruct("Failed", {}), Schema.TaggedStruct("Timeout", {})])
  }),
  ({ _tag: _, ...fields }) => new HookErrorClass(fields),
  (error) => ({ _tag: "HookError" as const, message: error.message, hook: error.hook, reason: { _tag: error.reason._tag } })
)

/** An `InvalidArgument`: `{ _tag: "InvalidArgument", message }`. */
export const InvalidArgument = /*#__PURE__*/ errorSchema(
  InvalidArgumentClass,
  Schema.TaggedStruct("InvalidArgument", { message: Schema.String }),
  ({ message }) => new InvalidArgumentClass({ message }),
  (error) => ({ _tag: "InvalidArgument" as const, message: error.message })
)

/** A `MalformedResponse`: `{ _tag: "MalformedResponse", message, statusCode, requestId?, body }`. */
export const MalformedResponse = /*#__PURE__*/ errorSchema(
  MalformedResponseClass,
  Schema.TaggedStruct("MalformedResponse", {
    message: Schema.String,
    statusCode: Schema.Number,
    requestId: optionalString,
    body: Schema.String
  }),
  (e) => MalformedResponseClass.withBody(e.message, { requestId: e.requestId, statusCode: e.statusCode }, e.body),
  (error) => ({
    _tag: "MalformedResponse" as const,
    message: error.message,
    statusCode: error.statusCode,
    ...(error.requestId === undefined ? {} : { requestId: error.requestId }),
    body: error.body ?? ""
  })
)

/** A `RequestAborted`: `{ _tag: "RequestAborted", message }`. */
export const RequestAborted = /*#__PURE__*/ errorSchema(
  RequestAbortedClass,
  Schema.TaggedStruct("RequestAborted", { message: Schema.Literal("Request aborted") }),
  () => new RequestAbortedClass({ message: "Request aborted" }),
  () => ({ _tag: "RequestAborted" as const, message: "Request aborted" as const })
)

/** A `DecodeError`: `{ _tag: "DecodeError", message, path }` (symbol keys in the path as their description). */
export const DecodeError = /*#__PURE__*/ errorSchema(
  DecodeErrorClass,
  Schema.TaggedStruct("DecodeError", { message: Schema.String, path: Schema.Array(Schema.Union([Schema.String, Schema.Number])) }),
  ({ message, path }) => new DecodeErrorClass({ message, path }),
  (error) => ({
    _tag: "DecodeError" as const,
    message: error.message,
    path: error.path.map((key) => (typeof key === "symbol" ? String(key.description) : key))
  })
)

/** Any of the SDK's errors, by its `_tag`. */
export const StelaceError = /*#__PURE__*/ Schema.Union([
  ServerError,
  NetworkError,
  SessionExpired,
  HookError,
  InvalidArgument,
  MalformedResponse,
  RequestAborted,
  DecodeError
])
