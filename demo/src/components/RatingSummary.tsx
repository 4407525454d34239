/** An average rating as people read it: "4.5 out of 5 (2 ratings)", or that there are none yet. */
import { plural } from "../format.js"
import type { RatingSummary as Summary } from "../queries.js"

export const ratingText = ({ average, count }: Summary): string =>
  count === 0 || average === null ? "No ratings yet" : `${average} out of 5 (${plural(count, "rating")})`

export const RatingSummary = ({ summary, className }: { summary: Summary | undefined; className?: string }) =>
  summary === undefined ? null : <span className={className ?? "rating-summary"}>{summary.count > 0 && <span aria-hidden="true">★ </span>}{ratingText(summary)}</span>
