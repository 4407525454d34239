/**
 * A conversation, wherever it shows (the inbox's conversation page, a booking's page): the topic's
 * own messages with one person, oldest first, read a page at a time from the newest ("Show earlier
 * messages"), marked read as they show, and a reply.
 */
import { useLingui } from "@lingui/react"
import { useSession } from "stelace-effect/react"
import { useDisplayName } from "../../lib/member.js"
import { ErrorMessage, Loading } from "../../ui/Feedback.js"
import { MessageComposer } from "./MessageComposer.js"
import { MessageList } from "./MessageList.js"
import { useConversationMessages, useMarkRead, useTopic } from "./queries.js"

export const Conversation = ({ topicId, otherId: wanted, empty = /*i18n*/ "messages.noneYet" }: {
  readonly topicId: string
  /** Whom the conversation is with; found from its messages when not given. */
  readonly otherId: string | undefined
  /** What to say while there is no message yet (a message id). */
  readonly empty?: string
}) => {
  const { i18n } = useLingui()
  const { userId } = useSession()
  const topic = useTopic(topicId)
  // everything the query reads involves this member: the user, or the person asking about the
  // user's own listing (whose owner hears from several people on the same topic)
  const partyId = topic.kind === "listing" && wanted !== undefined && topic.ownerId === userId ? wanted : (userId ?? undefined)
  const messages = useConversationMessages(topicId, topic.settled || topic.kind === "booking" ? partyId : undefined, wanted)
  const first = messages.data?.[0]
  const otherId = wanted ?? (first === undefined ? undefined : first.senderId === userId ? first.receiverId : first.senderId)
  const other = useDisplayName(otherId) ?? "…"
  useMarkRead(messages.data)
  return (
    <>
      {messages.hasNextPage && (
        <button type="button" className="secondary" disabled={messages.isFetchingNextPage} onClick={() => void messages.fetchNextPage()}>
          {messages.isFetchingNextPage ? i18n._("messages.loadingEarlier") : i18n._("messages.earlier")}
        </button>
      )}
      {messages.isPending && <Loading>{i18n._("common.loadingMessages")}</Loading>}
      {messages.isError && <ErrorMessage error={messages.error} retry={() => void messages.refetch()} />}
      {messages.isSuccess && messages.data.length === 0 && <p className="muted">{i18n._(empty)}</p>}
      {messages.data !== undefined && messages.data.length > 0 && <MessageList messages={messages.data} other={other} />}
      {otherId !== undefined && (
        <MessageComposer to={{ topicId, receiverId: otherId, ...(first ? { conversationId: first.conversationId } : {}) }} />
      )}
    </>
  )
}
