/** The messages of one conversation, oldest first: the user's own on one side, the other person's on the other. */
import type { Message } from "stelace-effect"
import { useSession } from "stelace-effect/react"
import { formatTime } from "../format.js"
import { useLocale, useT } from "../i18n/index.js"

/** `other` names the other person; new messages are announced politely. */
export const MessageList = ({ messages, other }: { messages: ReadonlyArray<Message>; other: string }) => {
  const t = useT()
  const locale = useLocale()
  const { userId } = useSession()
  return (
    <ol className="conversation" aria-live="polite">
      {messages.map((message) => (
        <li key={message.id} className={message.senderId === userId ? "mine" : "theirs"}>
          <p className="meta">
            <strong>{message.senderId === userId ? t("common.you") : other}</strong>{" "}
            <time dateTime={message.createdDate}>{formatTime(locale, message.createdDate)}</time>
          </p>
          <p className="content">{message.content}</p>
        </li>
      ))}
    </ol>
  )
}
