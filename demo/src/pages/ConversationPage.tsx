/**
 * One conversation of the inbox: the messages of a topic with one person, oldest first, marked read
 * as they are shown, and a reply. A booking's conversation links to the booking.
 */
import { Link, useParams, useSearch } from "@tanstack/react-router"
import { useSession } from "stelace-effect/react"
import { ErrorMessage, Loading } from "../components/Feedback.js"
import { MessageComposer } from "../components/MessageComposer.js"
import { MessageList } from "../components/MessageList.js"
import { PageTitle } from "../components/PageTitle.js"
import { T, useT } from "../i18n/index.js"
import { useDisplayName, useMarkRead, useMyMessages, useTopicName } from "../queries.js"

export const ConversationPage = () => {
  const { topicId } = useParams({ from: "/inbox/$topicId" })
  const search = useSearch({ from: "/inbox/$topicId" })
  return <Conversation key={`${topicId}-${search.with ?? ""}`} topicId={topicId} otherId={search.with} />
}

const Conversation = ({ topicId, otherId: wanted }: { topicId: string; otherId: string | undefined }) => {
  const t = useT()
  const { userId } = useSession()
  const all = useMyMessages()
  const messages = (all.data ?? [])
    .filter((message) => message.topicId === topicId)
    .filter((message) => wanted === undefined || message.senderId === wanted || message.receiverId === wanted)
    .reverse()
  const first = messages[0]
  const otherId = wanted ?? (first === undefined ? undefined : first.senderId === userId ? first.receiverId : first.senderId)
  const other = useDisplayName(otherId) ?? "…"
  const topic = useTopicName(topicId)
  useMarkRead(messages)
  const title = t("messages.conversationWith", { name: other })
  return (
    <section className="messages narrow">
      <PageTitle>{title}</PageTitle>
      <nav aria-label={t("common.breadcrumb")} className="muted"><Link to="/inbox">{t("layout.inbox")}</Link> › {other}</nav>
      <h1 tabIndex={-1}>{title}</h1>
      <p>
        {topic.kind === "booking"
          ? <T id="messages.aboutBooking" values={{ listing: <Link to="/bookings/$id" params={{ id: topicId }}>{topic.name ?? "…"}</Link> }} />
          : (
            <T
              id="messages.aboutListing"
              values={{ listing: topic.assetId ? <Link to="/listings/$id" params={{ id: topic.assetId }}>{topic.name ?? "…"}</Link> : (topic.name ?? "…") }}
            />
          )}
      </p>
      {all.isPending && <Loading>{t("common.loadingMessages")}</Loading>}
      {all.isError && <ErrorMessage error={all.error} retry={() => void all.refetch()} />}
      {all.isSuccess && messages.length === 0 && <p className="muted">{t("messages.noneYet")}</p>}
      {messages.length > 0 && <MessageList messages={messages} other={other} />}
      {otherId !== undefined && (
        <MessageComposer to={{ topicId, receiverId: otherId, ...(first ? { conversationId: first.conversationId } : {}) }} />
      )}
    </section>
  )
}
