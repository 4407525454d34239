/**
 * Listing photos. Stelace stores no files: a listing keeps its photos' URLs in its metadata
 * (`metadata.images: [{ url }]`, as Stelace's own marketplace template does), and the files live
 * wherever the app uploads them. The app is given that place as a `PhotoUploader` (`main.tsx` makes
 * one from its configuration: the local backend's development endpoint under `npm start`); a fork
 * passes its own (S3, Cloudinary...). Photos are resized in the browser first, so a phone's 12 MB
 * picture goes up as a few hundred kilobytes.
 */
import { createContext, useContext } from "react"

/** Where photos go: takes an image, answers the URL it can be read at. */
export interface PhotoUploader {
  readonly upload: (photo: Blob) => Promise<string>
}

/** The app's uploader, or `undefined` when none is configured (listings then keep the photos they have). */
export const PhotoUploaderContext = createContext<PhotoUploader | undefined>(undefined)

export const usePhotoUploader = () => useContext(PhotoUploaderContext)

/** An uploader that POSTs each image, as its own body, to `endpoint`, which answers `{ url }`. No credentials go with it. */
export const httpUploader = (endpoint: URL): PhotoUploader => ({
  upload: async (photo) => {
    const response = await fetch(endpoint, { method: "POST", headers: { "content-type": photo.type }, body: photo, credentials: "omit" })
    const answer: unknown = await response.json().catch(() => undefined)
    const url = typeof answer === "object" && answer !== null && "url" in answer && typeof answer.url === "string" ? answer.url : undefined
    if (!response.ok || url === undefined) {
      const message = typeof answer === "object" && answer !== null && "message" in answer ? String(answer.message) : `status ${response.status}`
      throw new Error(`The photo could not be uploaded (${message}).`)
    }
    return url
  }
})

/** The image types the app takes. */
export const PHOTO_TYPES = ["image/jpeg", "image/png", "image/webp"] as const

/** The longest side of an uploaded photo, in pixels. */
export const MAX_SIDE = 1200

/**
 * The photo scaled down so its longest side is at most `maxSide`, as WebP (JPEG where the browser
 * cannot write WebP). Smaller photos are re-encoded at their size, which also drops their metadata
 * (a phone's GPS position above all).
 */
export const resizePhoto = async (file: Blob, maxSide = MAX_SIDE): Promise<Blob> => {
  const bitmap = await createImageBitmap(file)
  const scale = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height))
  const width = Math.max(1, Math.round(bitmap.width * scale))
  const height = Math.max(1, Math.round(bitmap.height * scale))
  const canvas = document.createElement("canvas")
  canvas.width = width
  canvas.height = height
  const context = canvas.getContext("2d")
  if (context === null) throw new Error("This browser cannot resize images.")
  context.drawImage(bitmap, 0, 0, width, height)
  bitmap.close()
  const encode = (type: string) => new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, 0.85))
  const blob = (await encode("image/webp")) ?? (await encode("image/jpeg"))
  if (blob === null) throw new Error("This browser cannot encode images.")
  return blob
}

/** A listing's photo URLs, from its metadata; anything but http(s) and data:image URLs is left out. */
export const photosOf = (listing: { readonly metadata?: unknown }): Array<string> => {
  const images = (listing.metadata as { images?: unknown } | null | undefined)?.images
  if (!Array.isArray(images)) return []
  return images.flatMap((image: unknown) => {
    const url = typeof image === "object" && image !== null && "url" in image ? image.url : undefined
    return typeof url === "string" && /^(https?:|data:image\/)/.test(url) ? [url] : []
  })
}

/** Photos a listing can have. */
export const MAX_PHOTOS = 8

/** Why photos cannot be sent, in words for the form. */
export class PhotoProblem extends Error {}

/**
 * Checks the chosen files (type, count with the `kept` ones, an uploader to send them), then
 * resizes and uploads them one after the other; their URLs, in order.
 */
export const uploadPhotos = async (
  uploader: PhotoUploader | undefined,
  files: ReadonlyArray<File>,
  { kept = 0, onProgress }: { readonly kept?: number; readonly onProgress?: (text: string) => void } = {}
): Promise<Array<string>> => {
  const wrongType = files.find((file) => !(PHOTO_TYPES as ReadonlyArray<string>).includes(file.type))
  if (wrongType !== undefined) throw new PhotoProblem(`${wrongType.name} is not a JPEG, PNG or WebP image.`)
  if (kept + files.length > MAX_PHOTOS) throw new PhotoProblem(`A listing has at most ${MAX_PHOTOS} photos.`)
  if (files.length > 0 && uploader === undefined) throw new PhotoProblem("Photo uploads are not set up for this marketplace.")
  const urls: Array<string> = []
  for (const [index, file] of files.entries()) {
    onProgress?.(`Uploading photo ${index + 1} of ${files.length}…`)
    urls.push(await uploader!.upload(await resizePhoto(file)))
  }
  onProgress?.("")
  return urls
}
