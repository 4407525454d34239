/**
 * The inbox: the logged-in user's conversations, one per topic (a booking, or a listing someone
 * asked about) and person, the most recent first, with who, about what, the last message, and
 * whether some are unread. The people and the topics are read for all the rows at once.
 */
import { Trans, useLingui } from "@lingui/react"
import { Link } from "@tanstack/react-router"
import { useSession } from "stelace-effect/react"
import { formatTime } from "../../lib/format.js"
import { useLocale } from "../../lib/i18n/index.js"
import { useMembers } from "../../lib/members.js"
import { Empty } from "../../ui/Feedback.js"
import { QueryState } from "../../ui/QueryState.js"
import { type Conversation, conversationsOf } from "./conversations.js"
import { useInbox } from "./inbox.js"
import { type Topic, useTopics } from "./queries.js"

export const InboxPage = () => {
  const { i18n } = useLingui()
  const { userId } = useSession()
  const inbox = useInbox()
  const conversations = inbox.messages === undefined || userId === null ? undefined : conversationsOf(inbox.messages, userId)
  const members = useMembers((conversations ?? []).map((conversation) => conversation.otherId))
  const topicOf = useTopics((conversations ?? []).map((conversation) => conversation.topicId))
  return (
    <>
      <h1 tabIndex={-1}>{i18n._("layout.inbox")}</h1>
      <QueryState
        // loading until every page of messages is in
        query={{ ...inbox, isPending: inbox.isPending || (conversations === undefined && !inbox.isError), data: conversations }}
        loading={i18n._("messages.loadingInbox")}
        empty={<Empty><p>{i18n._("messages.inboxEmpty")}</p></Empty>}
      >
        {(list) => (
          <ul className="conversations">
            {list.map((conversation) => (
              <ConversationItem
                key={`${conversation.topicId}-${conversation.otherId}`}
                conversation={conversation}
                other={members.name(conversation.otherId) ?? "…"}
                topic={topicOf(conversation.topicId)}
              />
            ))}
          </ul>
        )}
      </QueryState>
    </>
  )
}

const ConversationItem = ({ conversation, other, topic }: { conversation: Conversation; other: string; topic: Topic }) => {
  const { i18n } = useLingui()
  const locale = useLocale()
  const { userId } = useSession()
  const last = conversation.messages[0]!
  const id = `conversation-${conversation.topicId}-${conversation.otherId}`
  return (
    <li className={conversation.unread > 0 ? "unread" : undefined}>
      <article aria-labelledby={id}>
        <h2 id={id} className="h3">
          <Link to="/inbox/$topicId" params={{ topicId: conversation.topicId }} search={{ with: conversation.otherId }}>
            {i18n._("messages.conversationTitle", { name: other, topic: topic.name ?? "…" })}
          </Link>
        </h2>
        <ul className="facts muted">
          <li>{i18n._(topic.kind === "booking" ? /*i18n*/ "messages.aboutABooking" : /*i18n*/ "messages.aboutAListing")}</li>
          <li><time dateTime={last.createdDate}>{formatTime(locale, last.createdDate)}</time></li>
          {conversation.unread > 0 && <li><strong>{i18n._("messages.unread", { count: conversation.unread })}</strong></li>}
        </ul>
        <p>{last.senderId === userId ? <Trans id="messages.fromYou" values={{ content: <>{last.content}</> }} /> : last.content}</p>
      </article>
    </li>
  )
}
