/** A rating out of five stars (Stelace scores are 0 to 100). */
export const toStars = (score: number): number => Math.round(score / 20)

export const Stars = ({ score }: { score: number }) => {
  const stars = toStars(score)
  return (
    <span className="stars" role="img" aria-label={`${stars} out of 5 stars`}>
      {"★".repeat(stars)}<span className="stars-empty">{"★".repeat(5 - stars)}</span>
    </span>
  )
}
