/** The conversation of a booking's two parties; a draft stays in its field until it is sent. */
import { useMutation } from "@tanstack/react-query"
import { type FormEvent, useState } from "react"
import type { Transaction } from "stelace-effect"
import { useSession, useStelaceQueries } from "stelace-effect/react"
import { formatTime } from "../format.js"
import { useDisplayName, useMarkRead, useMessages } from "../queries.js"
import { MESSAGE_SENT, useNotify } from "../live.js"
import { ErrorMessage, Loading } from "./Feedback.js"

export const Messages = ({ booking }: { booking: Transaction }) => {
  const api = useStelaceQueries()
  const { userId } = useSession()
  const messages = useMessages(booking.id)
  // shown, so read: the inbox and the header's count follow
  useMarkRead(messages.data)
  const otherId = booking.ownerId === userId ? booking.takerId : booking.ownerId
  const other = useDisplayName(otherId) ?? "…"
  const [draft, setDraft] = useState("")

  const notify = useNotify()
  const send = useMutation(api.messages.create.mutationOptions({
    onSuccess: () => {
      setDraft("")
      notify(otherId, MESSAGE_SENT, booking.id)
    }
  }))
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (draft.trim() !== "") send.mutate({ topicId: booking.id, receiverId: otherId!, content: draft.trim() })
  }

  return (
    <section aria-labelledby="messages-title" className="messages">
      <h2 id="messages-title">Conversation with {other}</h2>
      {messages.isPending && <Loading>Loading messages…</Loading>}
      {messages.isError && <ErrorMessage error={messages.error} retry={() => void messages.refetch()} />}
      {messages.isSuccess && messages.data.length === 0 && <p className="muted">No messages yet. Say hello!</p>}
      {messages.isSuccess && messages.data.length > 0 && (
        <ol className="conversation" aria-live="polite">
          {messages.data.map((message) => (
            <li key={message.id} className={message.senderId === userId ? "mine" : "theirs"}>
              <p className="meta">
                <strong>{message.senderId === userId ? "You" : other}</strong>{" "}
                <time dateTime={message.createdDate}>{formatTime(message.createdDate)}</time>
              </p>
              <p className="content">{message.content}</p>
            </li>
          ))}
        </ol>
      )}
      <form className="stack" onSubmit={submit}>
        <div className="field">
          <label htmlFor="message">Message</label>
          <textarea id="message" rows={3} maxLength={3000} value={draft} onChange={(event) => setDraft(event.target.value)} />
        </div>
        {send.isError && <ErrorMessage error={send.error} action="message" />}
        <button type="submit" disabled={send.isPending || draft.trim() === ""}>{send.isPending ? "Sending…" : "Send"}</button>
      </form>
    </section>
  )
}
