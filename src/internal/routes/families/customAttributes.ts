import * as Schema from "effect/Schema"
import type * as T from "../../../Types.js"
import { as, del, get, list, patch, post } from "../model.js"
import { customData, live, type Resource, resourceOf, stamped } from "../schemaParts.js"
import { CustomAttributeId } from "../sharedSchemas.js"

/**
 * Custom attributes: typed fields assets can carry and searches filter on (`/custom-attributes`).
 *
 * @id CustomAttributeId a custom attribute (`attr_...`)
 * @apiReference Asset API › Custom Attribute
 * @since 0.1.0
 */
export const customAttributes = {
  /** Lists custom attributes (`GET /custom-attributes`): one page, with its pagination meta. */
  list: /*#__PURE__*/ list("/custom-attributes", as<T.CustomAttribute, T.CustomAttributeListParams>),
  /** Reads one custom attribute (`GET /custom-attributes/:id`). */
  read: /*#__PURE__*/ get("/custom-attributes/:id", as<T.CustomAttribute>),
  /** Creates a custom attribute (`POST /custom-attributes`). */
  create: /*#__PURE__*/ post("/custom-attributes", as<T.CustomAttribute, T.CustomAttributeCreateParams>),
  /** Updates a custom attribute (`PATCH /custom-attributes/:id`; metadata and platformData are deep-merged). */
  update: /*#__PURE__*/ patch("/custom-attributes/:id", as<T.CustomAttribute, T.CustomAttributeUpdateParams>),
  /** Removes a custom attribute (`DELETE /custom-attributes/:id`); answers `{ id }`. */
  remove: /*#__PURE__*/ del("/custom-attributes/:id", as<T.Deleted>)
}

/** The value type of a custom attribute. */
export const CustomAttributeType: Schema.Codec<T.CustomAttributeType> = /*#__PURE__*/ Schema.Literals([
  "number",
  "boolean",
  "text",
  "select",
  "tags"
])

const customAttributeFields = () => ({
  id: CustomAttributeId,
  ...stamped,
  name: Schema.String,
  type: CustomAttributeType,
  /** Allowed values of `select` and `tags` attributes. */
  listValues: Schema.NullOr(Schema.Array(Schema.String)),
  ...customData,
  ...live
})
/** A custom attribute (`attr_`): a searchable asset field. */
export const CustomAttribute: Resource<ReturnType<typeof customAttributeFields>, T.CustomAttribute> = /*#__PURE__*/ resourceOf(customAttributeFields)

/** The value type of a custom attribute. */
export type CustomAttributeType = "number" | "boolean" | "text" | "select" | "tags"

/** Body of `POST /custom-attributes`. */
export interface CustomAttributeCreateParams extends T.CustomDataParams {
  name: string
  type: CustomAttributeType
  listValues?: ReadonlyArray<string>
}

/** Body of `PATCH /custom-attributes/:id`; name and type cannot change. */
export type CustomAttributeUpdateParams = Omit<CustomAttributeCreateParams, "name" | "type">

/** Query of `GET /custom-attributes`; `orderBy: "name"` works only under 2019-05-20. */
export interface CustomAttributeListParams
  extends T.PaginationParams, T.OrderParams<"createdDate" | "updatedDate" | "name">
{
  id?: T.IdFilter<T.CustomAttributeId>
}
