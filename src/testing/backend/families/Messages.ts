/** Messages (`msg_`) and their routes besides read and update. */
import * as Effect from "effect/Effect"
import { type ApiError, forbidden, unprocessable } from "../ApiError.js"
import { dataFields, F, type Family } from "../Resources.js"
import * as R from "../Resources.js"
import { can, type RequestContext, route, type Route } from "../Route.js"
import { type Doc, newId } from "../Store.js"
import * as V from "../Validation.js"
import { allNamespaces } from "./shared.js"

const messageBody = V.object({
  topicId: V.required(V.string()),
  conversationId: V.string(),
  content: V.required(V.string({ max: 3000, empty: true })),
  attachments: V.array(V.record()),
  read: V.boolean(),
  senderId: V.string(),
  receiverId: V.required(V.string()),
  ...dataFields
})

/** Messages (`msg_`) between two users on a topic; each new message starts a conversation (`conv_`) unless it names one. */
export const message: Family = {
  name: "message",
  path: "/messages",
  prefix: "msg",
  operations: ["read", "update"],
  scope: "own",
  owners: (doc) => [doc.senderId, doc.receiverId],
  create: messageBody,
  // the fields of a sent message are fixed: only `read` and the data may change
  update: V.extend(messageBody, {
    topicId: V.forbidden(),
    conversationId: V.forbidden(),
    content: V.forbidden(),
    attachments: V.forbidden(),
    senderId: V.forbidden(),
    receiverId: V.forbidden()
  }),
  filters: {
    userId: F.custom(V.string(), (doc, value) => doc.senderId === value || doc.receiverId === value),
    senderId: F.equals("string"),
    receiverId: F.equals("string"),
    topicId: F.equals("string"),
    conversationId: F.equals("string")
  },
  defaults: () => ({ attachments: [], read: false, metadata: {}, platformData: {} })
}

/** POST /messages: sent by the current user (or `senderId` with `message:create:all`). */
const createMessage = Effect.fnUntraced(function*(ctx: RequestContext) {
  const body = ctx.body
  if (body.senderId === body.receiverId) return yield* Effect.fail(unprocessable("The sender cannot be the receiver"))
  if (!can(ctx.access, "message:create:all") && body.senderId && body.senderId !== ctx.currentUserId) {
    return yield* Effect.fail(forbidden())
  }
  const senderId = body.senderId || ctx.currentUserId
  if (!senderId) return yield* Effect.fail(unprocessable("Missing sender ID"))
  let conversationId: string = body.conversationId
  if (!conversationId) conversationId = newId("conv")
  else {
    const existing = ctx.store.all("message").find((doc) => doc.conversationId === conversationId)
    if (existing === undefined) return yield* Effect.fail(unprocessable(`No conversation with ID ${conversationId}`))
    if (existing.senderId !== senderId && existing.receiverId !== senderId) {
      return yield* Effect.fail(forbidden("The sender is not part of the conversation"))
    }
  }
  const doc = yield* R.build(message, ctx, { ...body, senderId, conversationId })
  ctx.store.put("message", doc)
  // the only message event of the real server
  R.emit({ ...message, event: "message" }, "created", doc, allNamespaces(ctx))
  return R.expose(message, doc, ctx)
})

/** GET /messages: refused as a whole if one message is someone else's (without `message:list:all`). */
const listMessages = (ctx: RequestContext): Effect.Effect<unknown, ApiError> =>
  Effect.suspend(() => {
    const answer = R.respondList(message, R.applyFilters(message, ctx.store.all("message"), ctx), ctx) as Doc
    if (!can(ctx.access, "message:list:all") &&
      (answer.results as Array<Doc>).some((doc) => !R.isOwner(message, doc, ctx))) {
      return Effect.fail(forbidden())
    }
    return Effect.succeed(answer)
  })

/** DELETE /messages/:id: only the sender. */
const removeMessage = Effect.fnUntraced(function*(ctx: RequestContext) {
  const doc = ctx.store.get("message", ctx.params.id!)
  if (doc === undefined) return { id: ctx.params.id! }
  if (!can(ctx.access, "message:remove:all") && doc.senderId !== ctx.currentUserId) return yield* Effect.fail(forbidden())
  ctx.store.delete("message", doc.id)
  return { id: doc.id }
})

/** The message routes besides read and update. */
export const messageRoutes: ReadonlyArray<Route> = [
  route("GET", "/messages", { permissions: ["message:list", "message:list:all"], query: R.listQueryRule(message) }, listMessages),
  route("POST", "/messages", { permissions: ["message:create", "message:create:all"], body: V.required(messageBody) }, createMessage),
  route("DELETE", "/messages/:id", { permissions: ["message:remove", "message:remove:all"] }, removeMessage)
]
