/**
 * Listing photos. Stelace stores no files: a listing keeps its photos' URLs in its metadata
 * (`metadata.images: [{ url }]`, as Stelace's own marketplace template does), and the files live
 * wherever the app uploads them. The app is given that place as a `PhotoUploader` (`main.tsx` makes
 * one from its configuration: the local backend's development endpoint under `npm start`); a fork
 * passes its own (S3, Cloudinary...). Photos are resized in the browser first, so a phone's 12 MB
 * picture goes up as a few hundred kilobytes (`photoUpload.ts`, which the listing forms use).
 */
import { createContext, useContext } from "react"

/** Where photos go: takes an image, answers the URL it can be read at. */
export interface PhotoUploader {
  readonly upload: (photo: Blob) => Promise<string>
}

/** The app's uploader, or `undefined` when none is configured (listings then keep the photos they have). */
export const PhotoUploaderContext = createContext<PhotoUploader | undefined>(undefined)

export const usePhotoUploader = () => useContext(PhotoUploaderContext)

/**
 * An uploader that POSTs each image, as its own body, to `endpoint`, which answers `{ url }`. The
 * user's access token goes with it (`authorization: Bearer`), as the local server's development
 * uploads require; no cookie does.
 */
export const httpUploader = (endpoint: URL, accessToken: () => Promise<string | undefined>): PhotoUploader => ({
  upload: async (photo) => {
    const token = await accessToken()
    const headers: Record<string, string> = { "content-type": photo.type }
    if (token !== undefined) headers.authorization = `Bearer ${token}`
    const response = await fetch(endpoint, { method: "POST", headers, body: photo, credentials: "omit" })
    const answer: unknown = await response.json().catch(() => undefined)
    const url = typeof answer === "object" && answer !== null && "url" in answer && typeof answer.url === "string" ? answer.url : undefined
    if (!response.ok || url === undefined) throw new Error(`The upload endpoint answered ${response.status} without a URL`)
    return url
  }
})

/** A listing's photo URLs, from its metadata; anything but http(s) and data:image URLs is left out. */
export const photosOf = (listing: { readonly metadata?: unknown }): Array<string> => {
  const images = (listing.metadata as { images?: unknown } | null | undefined)?.images
  if (!Array.isArray(images)) return []
  return images.flatMap((image: unknown) => {
    const url = typeof image === "object" && image !== null && "url" in image ? image.url : undefined
    return typeof url === "string" && /^(https?:|data:image\/)/.test(url) ? [url] : []
  })
}
