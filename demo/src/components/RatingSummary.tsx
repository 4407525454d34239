/** An average rating as people read it: "4.5 out of 5 (2 ratings)", or that there are none yet. */
import { type Translate, useT } from "../i18n/index.js"
import type { RatingSummary as Summary } from "../queries.js"

export const ratingText = ({ average, count }: Summary, t: Translate): string =>
  count === 0 || average === null ? t("listing.noRatings") : t("listing.rating", { average, count })

export const RatingSummary = ({ summary, className }: { summary: Summary | undefined; className?: string }) => {
  const t = useT()
  return summary === undefined
    ? null
    : <span className={className ?? "rating-summary"}>{summary.count > 0 && <span aria-hidden="true">★ </span>}{ratingText(summary, t)}</span>
}
