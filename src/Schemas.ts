/**
 * The shapes the Stelace API sends, as `effect/Schema` definitions: the resources (`Asset`,
 * `Transaction`, `User`...), their ids, route results, list pages and pagination metas. The
 * resource types of `stelace-effect` (`Asset`, `AssetId`...) are derived from them, so one
 * definition serves both.
 *
 * Decoding is opt-in and lives here, so apps that never decode carry none of `effect/Schema`:
 * `decodeAs(schema)` decodes one call's result, `layerDecoding` every result of a client.
 *
 * The SDK's errors have schemas here too (`Schemas.ServerError`, ..., `Schemas.StelaceError`), for
 * RPC and HttpApi error channels: each encodes to its JSON (`error.toJSON()`) and decodes back to
 * its class (`Errors.fromJSON`), so the schemas follow the error classes rather than copy them.
 *
 * Object schemas are open: fields the server adds beyond those named here are kept, not stripped,
 * so a newer server never breaks an app. `metadata` and `platformData` are open records; narrow
 * them with `extend`.
 *
 * @example
 * ```ts
 * import * as Effect from "effect/Effect"
 * import * as Assets from "stelace-effect/Assets"
 * import * as Schemas from "stelace-effect/Schemas"
 *
 * const page = Assets.list({ nbResultsPerPage: 10 }).pipe(Schemas.decodeAs(Schemas.Page(Schemas.Asset)))
 * // Effect<Page<Asset>, StelaceError, StelaceClient>, failing with DecodeError on a malformed body
 * ```
 *
 * @since 0.2.0
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import * as SchemaIssue from "effect/SchemaIssue"
import * as SchemaTransformation from "effect/SchemaTransformation"
import type { StelaceError as StelaceErrorType, WithLastResponse } from "./Errors.js"
import * as Errors from "./Errors.js"
import { DecodeError as DecodeErrorClass, defineHidden } from "./Errors.js"
import type { AnyEndpoint } from "./internal/routes/model.js"
import { routeSchemas } from "./internal/routes/resultSchemas.js"
import { CurrentResultDecoder } from "./Stelace.js"
import type { RegisteredDecodeError } from "./Types.js"

export * from "./internal/routes/resourceSchemas.js"

// ---------------------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------------------

/** An error's JSON: its tag and message, then its fields and reason. */
const ErrorJson = <Tag extends string>(tags: ReadonlyArray<Tag>) =>
  Schema.StructWithRest(
    Schema.Struct({ _tag: Schema.Literals(tags), message: Schema.String }),
    [Schema.Record(Schema.String, Schema.Unknown)]
  )

/** The schema of the errors tagged `tags`: encoded as their JSON, decoded back to instances of their classes. */
const errorSchema = <E extends StelaceErrorType>(tags: ReadonlyArray<E["_tag"]>) =>
  ErrorJson(tags).pipe(
    Schema.decodeTo(
      Schema.declare((u): u is E => Errors.isStelaceError(u) && (tags as ReadonlyArray<string>).includes(u._tag)),
      SchemaTransformation.transformEffect({
        decode: (json) => {
          const error = Errors.fromJSON(json)
          return error === undefined
            ? Effect.fail(new SchemaIssue.InvalidValue({ message: `not the JSON of a ${json._tag}` }, json))
            : Effect.succeed(error as E)
        },
        encode: (error) => Effect.succeed(error.toJSON() as Schema.Schema.Type<ReturnType<typeof ErrorJson<E["_tag"]>>>)
      })
    )
  )

/** A `ServerError`: its body's fields, status, request id and reason (`retryAfter` for a 429). */
export const ServerError = /*#__PURE__*/ errorSchema<Errors.ServerError>(["ServerError"])
/** A `NetworkError`: its message, reason, method and URL; never its `cause`. */
export const NetworkError = /*#__PURE__*/ errorSchema<Errors.NetworkError>(["NetworkError"])
/** A `SessionExpired`: its status and `data`. */
export const SessionExpired = /*#__PURE__*/ errorSchema<Errors.SessionExpired>(["SessionExpired"])
/** An `AuthorizationCodeError`: the server's message and status, and why it refused the code. */
export const AuthorizationCodeError = /*#__PURE__*/ errorSchema<Errors.AuthorizationCodeError>(["AuthorizationCodeError"])
/** A `HookError`: which hook, and why. */
export const HookError = /*#__PURE__*/ errorSchema<Errors.HookError>(["HookError"])
/** An `InvalidArgument`: its message and reason. */
export const InvalidArgument = /*#__PURE__*/ errorSchema<Errors.InvalidArgument>(["InvalidArgument"])
/** A `MalformedResponse`: its status, request id, reason and body. */
export const MalformedResponse = /*#__PURE__*/ errorSchema<Errors.MalformedResponse>(["MalformedResponse"])
/** A `RequestAborted`: its reason. */
export const RequestAborted = /*#__PURE__*/ errorSchema<Errors.RequestAborted>(["RequestAborted"])
/** A `DecodeError`: its message, reason and path (symbol keys as their description). */
export const DecodeError = /*#__PURE__*/ errorSchema<Errors.DecodeError>(["DecodeError"])
/** A `SignalError`: its message and reason. */
export const SignalError = /*#__PURE__*/ errorSchema<Errors.SignalError>(["SignalError"])

/** Any of the SDK's errors, by its `_tag`. */
export const StelaceError = /*#__PURE__*/ errorSchema<StelaceErrorType>([
  "ServerError",
  "NetworkError",
  "SessionExpired",
  "AuthorizationCodeError",
  "HookError",
  "InvalidArgument",
  "MalformedResponse",
  "RequestAborted",
  "DecodeError",
  "SignalError"
])

// ---------------------------------------------------------------------------------------------
// Decoding
// ---------------------------------------------------------------------------------------------

const formatIssue = /*#__PURE__*/ SchemaIssue.makeFormatterStandardSchemaV1()

/** The `DecodeError` of a result that did not match: the first mismatch's path and message. */
const toDecodeError = (error: Schema.SchemaError, what: string | undefined): Errors.DecodeError => {
  const first = formatIssue(error.issue).issues[0]
  const path = (first?.path ?? []).map((segment) => typeof segment === "object" ? segment.key : segment)
  const where = path.length === 0 ? "" : ` at ${path.map((key) => `[${JSON.stringify(key)}]`).join("")}`
  const message = `${what === undefined ? "" : `${what}: `}${first?.message ?? error.message}${where}`
  return new DecodeErrorClass({ message, reason: { _tag: "SchemaMismatch" }, path, cause: error })
}

const decodeWith = <S extends Schema.Top>(
  schema: S,
  result: unknown,
  what: string | undefined
): Effect.Effect<S["Type"], Errors.DecodeError, S["DecodingServices"]> =>
  Effect.map(
    Effect.mapError(Schema.decodeUnknownEffect(schema)(result), (error) => toDecodeError(error, what)),
    (decoded) => {
      const lastResponse = result !== null && typeof result === "object" ? (result as Partial<WithLastResponse>).lastResponse : undefined
      if (lastResponse !== undefined && decoded !== null && typeof decoded === "object") {
        defineHidden(decoded, "lastResponse", lastResponse)
      }
      return decoded
    }
  )

/**
 * Decodes the result of one call with `schema`: the result becomes the schema's type (branded
 * ids, your own `metadata` shape...), or the call fails with a `DecodeError` naming the path of
 * the first mismatch. `lastResponse` stays on the result.
 *
 * @example
 * ```ts
 * const transaction = yield* Transactions.read("trn_1").pipe(Schemas.decodeAs(Schemas.Transaction))
 * const assets = yield* Assets.list().pipe(Schemas.decodeAs(Schemas.Page(Schemas.Asset)))
 * ```
 */
export const decodeAs = <S extends Schema.Top>(schema: S) =>
<A, E, R>(
  self: Effect.Effect<A, E, R>
): Effect.Effect<
  S["Type"] & (A extends WithLastResponse ? WithLastResponse : unknown),
  E | Errors.DecodeError,
  R | S["DecodingServices"]
> => Effect.flatMap(self, (result) => decodeWith(schema, result, undefined) as Effect.Effect<any, Errors.DecodeError, S["DecodingServices"]>)

/** The decoder of every route's result, by endpoint: each route's schema from the route table. */
const resultDecoder = (): ((endpoint: AnyEndpoint, result: unknown) => Effect.Effect<unknown, Errors.DecodeError>) => {
  let schemas: ReadonlyMap<AnyEndpoint, Schema.Top> | undefined
  return (endpoint, result) => {
    schemas ??= routeSchemas()
    const schema = schemas.get(endpoint)
    return schema === undefined
      ? Effect.succeed(result)
      : decodeWith(schema as Schema.Codec<unknown>, result, `${endpoint.method} ${endpoint.path}`)
  }
}

/**
 * What `layerDecoding` is until decoding is registered: not a layer, so providing it is a type
 * error that names the registration.
 */
export interface DecodingNotRegistered {
  readonly "Register decoding first: declare module \"stelace-effect\" { interface Register { decoding: true } }": never
}

/**
 * Decodes every result of the clients it is provided to, each with its route's schema (`Asset` for
 * `Assets.read`, `Page(Asset)` for `Assets.list`...): a body that does not match fails the call
 * with a `DecodeError`. Unknown fields are kept. Provide it to the client layer; `Forward` calls
 * and routes without a schema pass through as they came.
 *
 * Register decoding first, so the routes' error types name `DecodeError` (they do not otherwise):
 * until then this is not a layer, and providing it does not compile.
 *
 * @example
 * ```ts
 * declare module "stelace-effect" {
 *   interface Register {
 *     decoding: true
 *   }
 * }
 *
 * const StelaceLive = Stelace.layerFetch({ apiKey: "pubk_test_..." }).pipe(
 *   Layer.provide([TokenStore.localStorageOrMemory, Schemas.layerDecoding])
 * )
 * ```
 */
export const layerDecoding: [RegisteredDecodeError] extends [never] ? DecodingNotRegistered : Layer.Layer<never> =
  /*#__PURE__*/ Layer.effectContext(Effect.sync(() => Context.make(CurrentResultDecoder, resultDecoder()))) as any
