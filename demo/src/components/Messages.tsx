/** The conversation of a booking's two parties; a draft stays in its field until it is sent. */
import type { Transaction } from "stelace-effect"
import { useSession } from "stelace-effect/react"
import { useT } from "../i18n/index.js"
import { useDisplayName, useMarkRead, useMessages } from "../queries.js"
import { ErrorMessage, Loading } from "./Feedback.js"
import { MessageComposer } from "./MessageComposer.js"
import { MessageList } from "./MessageList.js"

export const Messages = ({ booking }: { booking: Transaction }) => {
  const t = useT()
  const { userId } = useSession()
  const messages = useMessages(booking.id)
  // shown, so read: the inbox and the header's count follow
  useMarkRead(messages.data)
  const otherId = booking.ownerId === userId ? booking.takerId : booking.ownerId
  const other = useDisplayName(otherId) ?? "…"

  return (
    <section aria-labelledby="messages-title" className="messages">
      <h2 id="messages-title">{t("messages.conversationWith", { name: other })}</h2>
      {messages.isPending && <Loading>{t("common.loadingMessages")}</Loading>}
      {messages.isError && <ErrorMessage error={messages.error} retry={() => void messages.refetch()} />}
      {messages.isSuccess && messages.data.length === 0 && <p className="muted">{t("messages.sayHello")}</p>}
      {messages.isSuccess && messages.data.length > 0 && <MessageList messages={messages.data} other={other} />}
      {otherId != null && <MessageComposer to={{ topicId: booking.id, receiverId: otherId }} />}
    </section>
  )
}
