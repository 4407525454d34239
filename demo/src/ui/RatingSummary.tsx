/** An average rating as people read it: "4.5 out of 5 (2 ratings)", or that there are none yet. */
import type { I18n } from "@lingui/core"
import { useLingui } from "@lingui/react"

/** A member's average rating out of 5 (scores are 0 to 100) and their number of ratings. */
export interface Summary {
  readonly average: number | null
  readonly count: number
}

export const ratingText = ({ average, count }: Summary, i18n: I18n): string =>
  count === 0 || average === null ? i18n._("listing.noRatings") : i18n._("listing.rating", { average, count })

export const RatingSummary = ({ summary, className }: { summary: Summary | undefined; className?: string }) => {
  const { i18n } = useLingui()
  return summary === undefined
    ? null
    : <span className={className ?? "rating-summary"}>{summary.count > 0 && <span aria-hidden="true">★ </span>}{ratingText(summary, i18n)}</span>
}
