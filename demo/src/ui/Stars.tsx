/** A rating out of five stars (Stelace scores are 0 to 100). */
import { useLingui } from "@lingui/react"

export const toStars = (score: number): number => Math.round(score / 20)

export const Stars = ({ score }: { score: number }) => {
  const { i18n } = useLingui()
  const stars = toStars(score)
  return (
    <span className="stars" role="img" aria-label={i18n._("listing.stars", { stars })}>
      {"★".repeat(stars)}<span className="stars-empty">{"★".repeat(5 - stars)}</span>
    </span>
  )
}
