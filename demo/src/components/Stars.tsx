/** A rating out of five stars (Stelace scores are 0 to 100). */
import { useT } from "../i18n/index.js"

export const toStars = (score: number): number => Math.round(score / 20)

export const Stars = ({ score }: { score: number }) => {
  const t = useT()
  const stars = toStars(score)
  return (
    <span className="stars" role="img" aria-label={t("listing.stars", { stars })}>
      {"★".repeat(stars)}<span className="stars-empty">{"★".repeat(5 - stars)}</span>
    </span>
  )
}
