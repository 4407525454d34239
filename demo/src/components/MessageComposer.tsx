/**
 * Writing a message in a conversation (a booking's, or a question about a listing): the draft stays
 * in its field until the message is sent, and the receiver is signalled so their open pages refetch.
 */
import { useMutation } from "@tanstack/react-query"
import { type FormEvent, useState } from "react"
import type { MessageCreateParams } from "stelace-effect"
import { useStelaceQueries } from "stelace-effect/react"
import { MESSAGE_SENT, useNotify } from "../live.js"
import { ErrorMessage } from "./Feedback.js"
import { useT } from "../i18n/index.js"

export const MessageComposer = ({ to }: { to: Omit<MessageCreateParams, "content"> }) => {
  const t = useT()
  const api = useStelaceQueries()
  const [draft, setDraft] = useState("")
  const notify = useNotify()
  const send = useMutation(api.messages.create.mutationOptions({
    onSuccess: (message) => {
      setDraft("")
      notify(message.receiverId, MESSAGE_SENT, message.topicId)
    }
  }))
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (draft.trim() !== "") send.mutate({ ...to, content: draft.trim() })
  }
  return (
    <form className="stack" onSubmit={submit}>
      <div className="field">
        <label htmlFor="message">{t("common.message")}</label>
        <textarea id="message" rows={3} maxLength={3000} value={draft} onChange={(event) => setDraft(event.target.value)} />
      </div>
      {send.isError && <ErrorMessage error={send.error} action="message" />}
      <button type="submit" disabled={send.isPending || draft.trim() === ""}>{send.isPending ? t("common.sending") : t("common.send")}</button>
    </form>
  )
}
