/** The messages of one conversation, oldest first: the user's own on one side, the other person's on the other. */
import { useLingui } from "@lingui/react"
import type { Message } from "stelace-effect"
import { useSession } from "stelace-effect/react"
import { formatTime } from "../../lib/format.js"
import { useLocale } from "../../lib/i18n/index.js"

/** `other` names the other person; new messages are announced politely. */
export const MessageList = ({ messages, other }: { messages: ReadonlyArray<Message>; other: string }) => {
  const { i18n } = useLingui()
  const locale = useLocale()
  const { userId } = useSession()
  return (
    <ol className="conversation" aria-live="polite">
      {messages.map((message) => (
        <li key={message.id} className={message.senderId === userId ? "mine" : "theirs"}>
          <p className="meta">
            <strong>{message.senderId === userId ? i18n._("common.you") : other}</strong>{" "}
            <time dateTime={message.createdDate}>{formatTime(locale, message.createdDate)}</time>
          </p>
          <p className="content">{message.content}</p>
        </li>
      ))}
    </ol>
  )
}
