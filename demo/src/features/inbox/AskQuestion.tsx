/**
 * Asking a listing's owner a question, without booking: a message whose topic is the listing,
 * which opens the conversation in the inbox.
 */
import { Trans, useLingui } from "@lingui/react"
import { useMutation } from "@tanstack/react-query"
import { Link, useNavigate } from "@tanstack/react-router"
import { useState } from "react"
import type { Asset } from "stelace-effect"
import { useSession, useStelaceQueries } from "stelace-effect/react"
import { MESSAGE_SENT, useNotify } from "../../lib/live.js"
import { ErrorMessage } from "../../ui/Feedback.js"
import { Field } from "../../ui/Field.js"
import { failure, SubmitButton, notSent, useSubmission } from "../../ui/form.js"

export const AskQuestion = ({ listing, ownerName }: { listing: Asset; ownerName: string }) => {
  const { i18n } = useLingui()
  const api = useStelaceQueries()
  const { status } = useSession()
  const navigate = useNavigate()
  const notify = useNotify()
  const [draft, setDraft] = useState("")
  const ask = useMutation(api.messages.create.mutationOptions())
  const [submission, send, pending] = useSubmission(async () => {
    const ownerId = listing.ownerId
    if (draft.trim() === "" || !ownerId) return notSent
    const message = await ask.mutateAsync({ topicId: listing.id, receiverId: ownerId, content: draft.trim() })
    // the owner's open pages refetch their messages
    notify(message.receiverId, MESSAGE_SENT, message.topicId)
    await navigate({ to: "/inbox/$topicId", params: { topicId: listing.id }, search: { with: ownerId } })
    return message
  })
  return (
    <section aria-labelledby="ask-title" className="stack">
      <h2 id="ask-title">{i18n._("messages.ask")}</h2>
      {status === "authenticated" || status === "expired"
        ? (
          <form className="stack" onSubmit={send}>
            <Field label={i18n._("common.message")} hint={i18n._("messages.askHint", { name: ownerName })}>
              {(control) => <textarea {...control} rows={3} maxLength={3000} value={draft} onChange={(event) => setDraft(event.target.value)} />}
            </Field>
            {submission.status === "failed" && <ErrorMessage error={failure(submission)} action="message" />}
            <SubmitButton pending={pending} busy={i18n._("common.sending")} disabled={draft.trim() === ""}>{i18n._("common.send")}</SubmitButton>
          </form>
        )
        : (
          <p>
            <Trans
              id="messages.logInToAsk"
              values={{ name: <>{ownerName}</> }}
              components={{ 0: <Link to="/login" search={{ next: `/listings/${listing.id}` }} /> }}
            />
          </p>
        )}
    </section>
  )
}
