/**
 * Writing a message in a conversation (a booking's, or a question about a listing): the draft stays
 * in its field until the message is sent, and the receiver is signalled so their open pages refetch.
 */
import { useLingui } from "@lingui/react"
import { useMutation } from "@tanstack/react-query"
import { useState } from "react"
import type { MessageCreateParams } from "stelace-effect"
import { useStelaceQueries } from "stelace-effect/react"
import { MESSAGE_SENT, useNotify } from "../../lib/live.js"
import { ErrorMessage } from "../../ui/Feedback.js"
import { Field } from "../../ui/Field.js"
import { failure, SubmitButton, notSent, useSubmission } from "../../ui/form.js"

export const MessageComposer = ({ to }: { to: Omit<MessageCreateParams, "content"> }) => {
  const { i18n } = useLingui()
  const api = useStelaceQueries()
  const [draft, setDraft] = useState("")
  const notify = useNotify()
  const send = useMutation(api.messages.create.mutationOptions())
  const [submission, submit, pending] = useSubmission(async () => {
    if (draft.trim() === "") return notSent
    const message = await send.mutateAsync({ ...to, content: draft.trim() })
    setDraft("")
    notify(message.receiverId, MESSAGE_SENT, message.topicId)
    return message
  })
  return (
    <form className="stack" onSubmit={submit}>
      <Field label={i18n._("common.message")}>
        {(control) => <textarea {...control} rows={3} maxLength={3000} value={draft} onChange={(event) => setDraft(event.target.value)} />}
      </Field>
      {submission.status === "failed" && <ErrorMessage error={failure(submission)} action="message" />}
      <SubmitButton pending={pending} busy={i18n._("common.sending")} disabled={draft.trim() === ""}>{i18n._("common.send")}</SubmitButton>
    </form>
  )
}
