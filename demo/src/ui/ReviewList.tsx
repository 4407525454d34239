/** Ratings as reviews: the stars, who gave them (their names read at once by the page), the comment. */
import { useLingui } from "@lingui/react"
import type { Rating } from "stelace-effect"
import type { Members } from "../lib/members.js"
import { Stars } from "./Stars.js"

export const ReviewList = ({ ratings, authors }: { readonly ratings: ReadonlyArray<Rating>; readonly authors: Members }) => {
  const { i18n } = useLingui()
  return (
    <ul className="reviews">
      {ratings.map((rating) => (
        <li key={rating.id}>
          <p><Stars score={rating.score} /> <span className="muted">{i18n._("common.by", { name: authors.name(rating.authorId) ?? "…" })}</span></p>
          {rating.comment && <p>{rating.comment}</p>}
        </li>
      ))}
    </ul>
  )
}
