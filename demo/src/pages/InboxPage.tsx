/**
 * The inbox: the logged-in user's conversations, one per topic (a booking, or a listing someone
 * asked about) and person, the most recent first, with who, about what, the last message, and
 * whether some are unread.
 */
import { Link } from "@tanstack/react-router"
import { useSession } from "stelace-effect/react"
import { Empty, ErrorMessage, Loading } from "../components/Feedback.js"
import { formatTime } from "../format.js"
import { T, useLocale, useT } from "../i18n/index.js"
import { type Conversation, conversationsOf, useDisplayName, useMyMessages, useTopicName } from "../queries.js"

export const InboxPage = () => {
  const t = useT()
  const { userId } = useSession()
  const messages = useMyMessages()
  const conversations = messages.data === undefined || userId === null ? [] : conversationsOf(messages.data, userId)
  return (
    <>
      <h1 tabIndex={-1}>{t("layout.inbox")}</h1>
      {messages.isPending && <Loading>{t("messages.loadingInbox")}</Loading>}
      {messages.isError && <ErrorMessage error={messages.error} retry={() => void messages.refetch()} />}
      {messages.isSuccess && conversations.length === 0 && (
        <Empty><p>{t("messages.inboxEmpty")}</p></Empty>
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
  const t = useT()
  const locale = useLocale()
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
          {t(topic.kind === "booking" ? "messages.aboutABooking" : "messages.aboutAListing")}
          {" · "}<time dateTime={last.createdDate}>{formatTime(locale, last.createdDate)}</time>
          {conversation.unread > 0 && <> · <strong>{t("messages.unread", { count: conversation.unread })}</strong></>}
        </p>
        <p>{last.senderId === userId ? <T id="messages.fromYou" values={{ content: last.content }} /> : last.content}</p>
      </article>
    </li>
  )
}
