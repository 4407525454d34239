/** A listing's photos: the one chosen large, all of them as buttons to choose from. */
import { useState } from "react"

export const Gallery = ({ name, photos }: { name: string; photos: ReadonlyArray<string> }) => {
  const [shown, setShown] = useState(0)
  const current = Math.min(shown, photos.length - 1)
  return (
    <figure className="gallery" aria-label={`Photos of ${name}`}>
      <img className="listing-image large" src={photos[current]} alt={`${name}, ${current + 1} of ${photos.length}`} />
      {photos.length > 1 && (
        <ul className="thumbnails">
          {photos.map((photo, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a listing may hold the same photo twice; its place tells them apart
            <li key={`${index}-${photo.slice(-24)}`}>
              <button type="button" aria-label={`Show photo ${index + 1}`} aria-pressed={index === current} onClick={() => setShown(index)} className="thumbnail">
                <img src={photo} alt={`${name}, ${index + 1} of ${photos.length}`} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </figure>
  )
}
