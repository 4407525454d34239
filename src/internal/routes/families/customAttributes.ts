import type * as T from "../../../Types.js"
import { as, del, get, list, patch, post } from "../model.js"

/**
 * Custom attributes: typed fields assets can carry and searches filter on (`/custom-attributes`).
 *
 * @id CustomAttributeId a custom attribute (`attr_...`)
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
