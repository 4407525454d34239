import * as Schema from "effect/Schema"
import type * as T from "../../../Types.js"
import { as, del, get, list, patch, post } from "../model.js"
import { customData, live, OpenRecord, type Resource, resourceOf, stamped } from "../schemaParts.js"
import { MessageId, UserId } from "../sharedSchemas.js"

/**
 * Messages between users (`/messages`).
 *
 * @id MessageId a message (`msg_...`)
 * @apiReference Messages API
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

const messageFields = () => ({
  id: MessageId,
  ...stamped,
  /** The id of what the message is about (an asset, a transaction, ...). */
  topicId: Schema.String,
  conversationId: Schema.String,
  content: Schema.String,
  attachments: Schema.Array(OpenRecord),
  read: Schema.Boolean,
  senderId: UserId,
  receiverId: UserId,
  ...customData,
  ...live
})
/** A message (`msg_`) between two users about a topic. */
export const Message: Resource<ReturnType<typeof messageFields>, T.Message> = /*#__PURE__*/ resourceOf(messageFields)

/** Body of `POST /messages`. */
export interface MessageCreateParams extends T.CustomDataParams {
  topicId: string
  /** May be empty. */
  content: string
  receiverId: T.IdInput<T.UserId>
  conversationId?: string
  attachments?: ReadonlyArray<Record<string, unknown>>
  read?: boolean
  /** Defaults to the current user. */
  senderId?: T.IdInput<T.UserId>
}

/** Body of `PATCH /messages/:id`. */
export interface MessageUpdateParams extends T.CustomDataParams {
  read?: boolean
}

/** Query of `GET /messages`. */
export interface MessageListParams extends T.ListParams<"createdDate" | "updatedDate", T.MessageId> {
  /** Sender or receiver. */
  userId?: T.IdInput<T.UserId>
  senderId?: T.IdInput<T.UserId>
  receiverId?: T.IdInput<T.UserId>
  topicId?: string
  conversationId?: string
}
