/** After an accepted booking, each party rates the other once. */
import { Trans, useLingui } from "@lingui/react"
import { useMutation } from "@tanstack/react-query"
import { useState } from "react"
import type { Transaction } from "stelace-effect"
import { useSession, useStelaceQueries } from "stelace-effect/react"
import { ErrorMessage } from "../../ui/Feedback.js"
import { Field } from "../../ui/Field.js"
import { failure, SubmitButton, notSent, useSubmission } from "../../ui/form.js"
import { QueryState } from "../../ui/QueryState.js"
import { Stars } from "../../ui/Stars.js"
import { useBookingRatings } from "./queries.js"

export const RatingForm = ({ booking, other }: { booking: Transaction; other: string }) => {
  const { i18n } = useLingui()
  const api = useStelaceQueries()
  const { userId } = useSession()
  const targetId = booking.ownerId === userId ? booking.takerId : booking.ownerId
  const ratings = useBookingRatings(booking.id)
  const [stars, setStars] = useState("")
  const [comment, setComment] = useState("")
  // the ratings are read again: this booking's, and the summaries that count them
  const rate = useMutation(api.ratings.create.mutationOptions())
  const [submission, send, pending] = useSubmission(async () => {
    if (stars === "" || !targetId) return notSent
    return rate.mutateAsync({
      score: Number(stars) * 20,
      comment: comment.trim() || undefined,
      targetId,
      assetId: booking.assetId ?? undefined,
      transactionId: booking.id
    })
  })

  return (
    <section aria-labelledby="rating-title">
      <h2 id="rating-title">{i18n._("rating.rate", { name: other })}</h2>
      <QueryState query={ratings} loading={i18n._("common.loadingRatings")}>
        {(given) => {
          const mine = given.find((rating) => rating.authorId === userId)
          if (mine !== undefined) {
            return (
              <p role="status">
                {mine.comment
                  ? <Trans id="rating.youRatedWithComment" values={{ name: <>{other}</>, stars: <Stars score={mine.score} />, comment: <>{mine.comment}</> }} />
                  : <Trans id="rating.youRated" values={{ name: <>{other}</>, stars: <Stars score={mine.score} /> }} />}
              </p>
            )
          }
          return (
            <form className="stack" onSubmit={send}>
              <fieldset className="rating-choice">
                <legend>{i18n._("rating.howWasIt")}</legend>
                {[5, 4, 3, 2, 1].map((value) => (
                  <label key={value}>
                    <input type="radio" name="stars" value={value} required checked={stars === String(value)} onChange={(event) => setStars(event.target.value)} />
                    {i18n._("rating.stars", { count: value })}
                  </label>
                ))}
              </fieldset>
              <Field label={i18n._("rating.comment")}>
                {(control) => <textarea {...control} rows={2} maxLength={3000} value={comment} onChange={(event) => setComment(event.target.value)} />}
              </Field>
              {submission.status === "failed" && <ErrorMessage error={failure(submission)} action="rating" />}
              <SubmitButton pending={pending} busy={i18n._("common.sending")}>{i18n._("rating.submit")}</SubmitButton>
            </form>
          )
        }}
      </QueryState>
    </section>
  )
}
