/** A listing's photos: the one chosen large, all of them as buttons to choose from. */
import { useState } from "react"
import { useT } from "../i18n/index.js"

export const Gallery = ({ name, photos }: { name: string; photos: ReadonlyArray<string> }) => {
  const t = useT()
  const [shown, setShown] = useState(0)
  const current = Math.min(shown, photos.length - 1)
  return (
    <figure className="gallery" aria-label={t("listing.photosOf", { name })}>
      <img className="listing-image large" src={photos[current]} alt={t("listing.photo", { name, index: current + 1, count: photos.length })} />
      {photos.length > 1 && (
        <ul className="thumbnails">
          {photos.map((photo, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a listing may hold the same photo twice; its place tells them apart
            <li key={`${index}-${photo.slice(-24)}`}>
              <button type="button" aria-label={t("listing.showPhoto", { index: index + 1 })} aria-pressed={index === current} onClick={() => setShown(index)} className="thumbnail">
                <img src={photo} alt={t("listing.photo", { name, index: index + 1, count: photos.length })} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </figure>
  )
}
