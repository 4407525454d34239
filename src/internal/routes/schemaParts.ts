/**
 * What the schemas of the route table are made of: the building blocks (`Resource`, `resource`,
 * `extend`, `OpenRecord`, `DateString`, public through `stelace-effect/Schemas`), the groups of
 * fields resources share, and the two forms a family's module declares its schemas in, which a
 * bundler drops when nothing uses them: a family's routes and its schemas sit in one module, and
 * an app that never decodes keeps none of the schemas (nor `effect/Schema`).
 */
import * as Schema from "effect/Schema"
import type * as Struct from "effect/Struct"

// ---------------------------------------------------------------------------------------------
// Building blocks
// ---------------------------------------------------------------------------------------------

/**
 * An open object schema: decodes the fields it names and keeps any other field as it came. `Type`
 * is the resource type (`Asset`...); `fields` are the field schemas, to reuse or `extend`.
 */
export interface Resource<Fields extends Schema.Struct.Fields, A = Schema.Struct.Type<Fields>>
  extends Schema.Codec<A, Schema.Struct.Encoded<Fields>>
{
  readonly fields: Fields
}

const rest = [Schema.Record(Schema.String, Schema.Unknown)] as const

/**
 * An open object schema from its fields: unknown fields are kept (effect's own structs strip
 * them, and `onExcessProperty` has no "keep" in 4.1).
 *
 * @example
 * ```ts
 * const Point = Schemas.resource({ latitude: Schema.Number, longitude: Schema.Number })
 * Schema.decodeUnknownSync(Point)({ latitude: 1, longitude: 2, city: "Paris" }) // city is kept
 * ```
 */
export const resource = <const Fields extends Schema.Struct.Fields>(fields: Fields): Resource<Fields> =>
  Object.assign(Schema.StructWithRest(Schema.Struct(fields), rest), { fields }) as any

/**
 * A resource schema with some fields replaced or added: the way to narrow `metadata`,
 * `platformData` or `customAttributes` to your own shapes. Unknown fields stay kept.
 *
 * @example
 * ```ts
 * const MyAsset = Schemas.extend(Schemas.Asset, {
 *   metadata: Schemas.resource({ color: Schema.String, tags: Schema.Array(Schema.String) })
 * })
 * const asset = yield* Assets.read("ast_1").pipe(Schemas.decodeAs(MyAsset))
 * asset.metadata.color // string
 * ```
 */
export const extend = <Fields extends Schema.Struct.Fields, A, const New extends Schema.Struct.Fields>(
  self: Resource<Fields, A>,
  fields: New
): Resource<Struct.Assign<Fields, New>, Omit<A, keyof New> & Schema.Struct.Type<New>> =>
  resource({ ...self.fields, ...fields }) as any

/** An open record: any keys, any values (`metadata`, `platformData`, `customAttributes`...). */
export const OpenRecord: Schema.Codec<Record<string, unknown>> = Schema.Record(Schema.String, Schema.Unknown)

/** An ISO 8601 date-time, kept as the string the server sent. */
export const DateString: Schema.Codec<string> = Schema.String

// ---------------------------------------------------------------------------------------------
// Declaring a family's schemas
// ---------------------------------------------------------------------------------------------

/**
 * A resource schema from a function that returns its fields, declared so that a bundler can drop
 * it: `export const Task: Resource<ReturnType<typeof taskFields>, T.Task> = /*#__PURE__*\/
 * resourceOf(taskFields)`. The call is pure and its only argument a function, so nothing runs
 * while the module loads unless the schema is used (a pure call's other arguments, such as
 * `Schema.NullOr(...)` in a fields object, would be kept and run).
 */
export const resourceOf = <const Fields extends Schema.Struct.Fields>(fields: () => Fields): Resource<Fields> =>
  resource(fields())

/**
 * Any other schema of a family, built by `make`, declared so that a bundler can drop it:
 * `export const RatingStat: Schema.Codec<T.RatingStat> = /*#__PURE__*\/ schemaOf(() => Schema.Union(...))`.
 */
export const schemaOf = <S>(make: () => S): S => make()

// ---------------------------------------------------------------------------------------------
// Fields resources share
// ---------------------------------------------------------------------------------------------

/** Creation and update dates. */
export const stamped = {
  /** ISO 8601 date-time. */
  createdDate: DateString,
  /** ISO 8601 date-time. */
  updatedDate: DateString
}

/** `metadata` and `platformData`. */
export const customData = {
  metadata: OpenRecord,
  /** Editing it needs the `platformData:edit:all` permission. */
  platformData: OpenRecord
}

/** `livemode`. */
export const live = {
  /** `true` for objects of the live environment. */
  livemode: Schema.Boolean
}

/** The ranking of a stats row, with `computeRanking`. */
export const statRanking = {
  ranking: Schema.optionalKey(Schema.Number),
  lowestRanking: Schema.optionalKey(Schema.Number)
}

// ---------------------------------------------------------------------------------------------
// Types of the shapes
// ---------------------------------------------------------------------------------------------

/** The "any other string" half of an open union: it keeps editor suggestions for the known values. */
export type OtherString = string & Record<never, never>

/** An object with exactly one of the given keys, e.g. `{ d: 2 }` and not `{ d: 2, h: 1 }`. */
export type OneKeyOf<Keys extends string, Key extends Keys = Keys> = Key extends Keys
  ? { readonly [K in Key]: number } & { readonly [K in Exclude<Keys, Key>]?: never }
  : never
