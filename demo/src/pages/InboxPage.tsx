/**
 * The inbox: the logged-in user's conversations, one per topic (a booking, or a listing someone
 * asked about) and person, the most recent first, with who, about what, the last message, and
 * whether some are unread.
 */
import { Link } from "@tanstack/react-router"
import { useSession } from "stelace-effect/react"
import { Empty, ErrorMessage, Loading } from "../components/Feedback.js"
import { formatTime, plural } from "../format.js"
import { type Conversation, conversationsOf, useDisplayName, useMyMessages, useTopicName } from "../queries.js"

export const InboxPage = () => {
  const { userId } = useSession()
  const messages = useMyMessages()
  const conversations = messages.data === undefined || userId === null ? [] : conversationsOf(messages.data, userId)
  return (
    <>
      <h1 tabIndex={-1}>Inbox</h1>
      {messages.isPending && <Loading>Loading your messages…</Loading>}
      {messages.isError && <ErrorMessage error={messages.error} retry={() => void messages.refetch()} />}
      {messages.isSuccess && conversations.length === 0 && (
        <Empty><p>No messages yet. Ask an owner a question from a listing, or write about a booking.</p></Empty>
      )}
      {conversations.length > 0 && (
        <ul className="conversations">
          {conversations.map((conversation) => <ConversationItem key={`${conversation.topicId}-${conversation.otherId}`} conversation={conversation} />)}
        </ul>
      )}
    </>
  )
}

const ConversationItem = ({ conversation }: { conversation: Conversation }) => {
  const { userId } = useSession()
  const other = useDisplayName(conversation.otherId) ?? "…"
  const topic = useTopicName(conversation.topicId)
  const last = conversation.messages[0]!
  return (
    <li className={conversation.unread > 0 ? "unread" : undefined}>
      <article aria-labelledby={`conversation-${conversation.topicId}-${conversation.otherId}`}>
        <h2 id={`conversation-${conversation.topicId}-${conversation.otherId}`} className="h3">
          <Link to="/inbox/$topicId" params={{ topicId: conversation.topicId }} search={{ with: conversation.otherId }}>
            {other} · {topic.name ?? "…"}
          </Link>
        </h2>
        <p className="muted">
          {topic.kind === "booking" ? "About a booking" : "A question about a listing"}
          {" · "}<time dateTime={last.createdDate}>{formatTime(last.createdDate)}</time>
          {conversation.unread > 0 && <> · <strong>{plural(conversation.unread, "unread message")}</strong></>}
        </p>
        <p>{last.senderId === userId ? "You: " : ""}{last.content}</p>
      </article>
    </li>
  )
}
