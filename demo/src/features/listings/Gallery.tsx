/**
 * A listing's photos: the one chosen large, all of them as buttons to choose from. Only the large
 * photo loads with the page; the thumbnails load as they near the screen.
 */
import { useLingui } from "@lingui/react"
import { useState } from "react"

export const Gallery = ({ name, photos }: { name: string; photos: ReadonlyArray<string> }) => {
  const { i18n } = useLingui()
  const [shown, setShown] = useState(0)
  const current = Math.min(shown, photos.length - 1)
  return (
    <figure className="gallery" aria-label={i18n._("listing.photosOf", { name })}>
      <img className="listing-image large" src={photos[current]} alt={i18n._("listing.photo", { name, index: current + 1, count: photos.length })} fetchPriority="high" />
      {photos.length > 1 && (
        <ul className="thumbnails">
          {photos.map((photo, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a listing may hold the same photo twice; its place tells them apart
            <li key={`${index}-${photo.slice(-24)}`}>
              <button
                type="button"
                aria-label={i18n._("listing.showPhoto", { index: index + 1 })}
                aria-pressed={index === current}
                onClick={() => setShown(index)}
                className="thumbnail"
              >
                <img src={photo} alt={i18n._("listing.photo", { name, index: index + 1, count: photos.length })} loading="lazy" decoding="async" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </figure>
  )
}
