/**
 * Custom attributes: typed fields assets can carry and searches filter on (`/custom-attributes`).
 *
 * @since 0.1.0
 */
import { call } from "../internal/call.js"
import { customAttributes as endpoints } from "../internal/endpoints.js"
import { paginate as pages } from "../internal/paginate.js"

/** Lists custom attributes (`GET /custom-attributes`): one page, with its pagination meta. */
export const list = /*#__PURE__*/ call(endpoints, "list")

/** Every custom attribute across all pages, as a stream (page-based or cursor-based, whichever the server answers). */
export const paginate = /*#__PURE__*/ pages(endpoints, "list")

/** Reads one custom attribute (`GET /custom-attributes/:id`). */
export const read = /*#__PURE__*/ call(endpoints, "read")

/** Creates a custom attribute (`POST /custom-attributes`). */
export const create = /*#__PURE__*/ call(endpoints, "create")

/** Updates a custom attribute (`PATCH /custom-attributes/:id`; metadata and platformData are deep-merged). */
export const update = /*#__PURE__*/ call(endpoints, "update")

/** Removes a custom attribute (`DELETE /custom-attributes/:id`); answers `{ id }`. */
export const remove = /*#__PURE__*/ call(endpoints, "remove")
