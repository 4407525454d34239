/**
 * Asking a listing's owner a question, without booking: a message whose topic is the listing,
 * which opens the conversation in the inbox.
 */
import { useMutation } from "@tanstack/react-query"
import { Link, useNavigate } from "@tanstack/react-router"
import { type FormEvent, useState } from "react"
import type { Asset } from "stelace-effect"
import { useSession, useStelaceQueries } from "stelace-effect/react"
import { MESSAGE_SENT, useNotify } from "../live.js"
import { ErrorMessage } from "./Feedback.js"
import { T, useT } from "../i18n/index.js"

export const AskQuestion = ({ listing, ownerName }: { listing: Asset; ownerName: string }) => {
  const t = useT()
  const api = useStelaceQueries()
  const { status } = useSession()
  const navigate = useNavigate()
  const [draft, setDraft] = useState("")
  const notify = useNotify()
  const ask = useMutation(api.messages.create.mutationOptions({
    onSuccess: (message) => {
      // the owner's open pages refetch their messages
      notify(message.receiverId, MESSAGE_SENT, message.topicId)
      return navigate({ to: "/inbox/$topicId", params: { topicId: listing.id }, search: { with: listing.ownerId! } })
    }
  }))
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (draft.trim() !== "" && listing.ownerId) ask.mutate({ topicId: listing.id, receiverId: listing.ownerId, content: draft.trim() })
  }
  return (
    <section aria-labelledby="ask-title" className="stack">
      <h2 id="ask-title">{t("messages.ask")}</h2>
      {status === "authenticated" || status === "expired"
        ? (
          <form className="stack" onSubmit={submit}>
            <div className="field">
              <label htmlFor="question">{t("common.message")}</label>
              <textarea id="question" rows={3} maxLength={3000} value={draft} onChange={(event) => setDraft(event.target.value)} aria-describedby="question-hint" />
              <p id="question-hint" className="hint">{t("messages.askHint", { name: ownerName })}</p>
            </div>
            {ask.isError && <ErrorMessage error={ask.error} action="message" />}
            <button type="submit" disabled={ask.isPending || draft.trim() === ""}>{ask.isPending ? t("common.sending") : t("common.send")}</button>
          </form>
        )
        : <p><T id="messages.logInToAsk" values={{ name: ownerName }} components={{ 0: <Link to="/login" search={{ next: `/listings/${listing.id}` }} /> }} /></p>}
    </section>
  )
}
