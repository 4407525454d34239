import type * as T from "../../../Types.js"
import { as, del, get, list, patch, post } from "../model.js"

/**
 * Messages between users (`/messages`).
 *
 * @id MessageId a message (`msg_...`)
 * @since 0.1.0
 */
export const messages = {
  /** Lists messages (`GET /messages`): one page, with its pagination meta. */
  list: /*#__PURE__*/ list("/messages", as<T.Message, T.MessageListParams>),
  /** Reads one message (`GET /messages/:id`). */
  read: /*#__PURE__*/ get("/messages/:id", as<T.Message>),
  /** Creates a message (`POST /messages`). */
  create: /*#__PURE__*/ post("/messages", as<T.Message, T.MessageCreateParams>),
  /** Updates a message (`PATCH /messages/:id`; metadata and platformData are deep-merged). */
  update: /*#__PURE__*/ patch("/messages/:id", as<T.Message, T.MessageUpdateParams>),
  /** Removes a message (`DELETE /messages/:id`); answers `{ id }`. */
  remove: /*#__PURE__*/ del("/messages/:id", as<T.Deleted>)
}
