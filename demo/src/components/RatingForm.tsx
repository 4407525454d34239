/** After an accepted booking, each party rates the other once. */
import { useMutation } from "@tanstack/react-query"
import { type FormEvent, useState } from "react"
import type { Transaction } from "stelace-effect"
import { useSession, useStelaceQueries } from "stelace-effect/react"
import { useDisplayName, useTransactionRatings } from "../queries.js"
import { ErrorMessage, Loading } from "./Feedback.js"
import { Stars } from "./Stars.js"
import { T, useT } from "../i18n/index.js"

export const RatingForm = ({ booking }: { booking: Transaction }) => {
  const t = useT()
  const api = useStelaceQueries()
  const { userId } = useSession()
  const targetId = booking.ownerId === userId ? booking.takerId : booking.ownerId
  const target = useDisplayName(targetId) ?? "…"
  const ratings = useTransactionRatings(booking.id)
  const [stars, setStars] = useState("")
  const [comment, setComment] = useState("")

  const rate = useMutation(api.ratings.create.mutationOptions())
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (stars === "") return
    rate.mutate({
      score: Number(stars) * 20,
      comment: comment.trim() || undefined,
      targetId: targetId!,
      assetId: booking.assetId ?? undefined,
      transactionId: booking.id
    })
  }

  const mine = ratings.data?.find((rating) => rating.authorId === userId)
  return (
    <section aria-labelledby="rating-title">
      <h2 id="rating-title">{t("rating.rate", { name: target })}</h2>
      {ratings.isPending && <Loading>{t("common.loadingRatings")}</Loading>}
      {ratings.isError && <ErrorMessage error={ratings.error} retry={() => void ratings.refetch()} />}
      {mine && (
        <p role="status">
          <T id="rating.youRated" values={{ name: target, stars: <Stars score={mine.score} /> }} />
          {mine.comment && t("rating.quotedComment", { comment: mine.comment })}
        </p>
      )}
      {ratings.isSuccess && !mine && (
        <form className="stack" onSubmit={submit}>
          <fieldset className="rating-choice">
            <legend>{t("rating.howWasIt")}</legend>
            {[5, 4, 3, 2, 1].map((value) => (
              <label key={value}>
                <input type="radio" name="stars" value={value} required checked={stars === String(value)} onChange={(event) => setStars(event.target.value)} />
                {t("rating.stars", { count: value })}
              </label>
            ))}
          </fieldset>
          <div className="field">
            <label htmlFor="rating-comment">{t("rating.comment")}</label>
            <textarea id="rating-comment" rows={2} maxLength={3000} value={comment} onChange={(event) => setComment(event.target.value)} />
          </div>
          {rate.isError && <ErrorMessage error={rate.error} action="rating" />}
          <button type="submit" disabled={rate.isPending}>{rate.isPending ? t("common.sending") : t("rating.submit")}</button>
        </form>
      )}
    </section>
  )
}
