/**
 * Listing photos. Stelace stores no files: a listing keeps its photos' URLs in its metadata
 * (`metadata.images: [{ url }]`, as Stelace's own marketplace template does), and the files live
 * wherever the app uploads them. The app is given that place as a `PhotoUploader` (`main.tsx` makes
 * one from its configuration: the local backend's development endpoint under `npm start`); a fork
 * passes its own (S3, Cloudinary...). Photos are resized in the browser first, so a phone's 12 MB
 * picture goes up as a few hundred kilobytes.
 */
import { createContext, useContext } from "react"
import type { MessageId, MessageValues } from "./i18n/index.js"

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
    if (!response.ok || url === undefined) throw new PhotoProblem("photos.uploadFailed", {}, `status ${response.status}`)
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
  if (context === null) throw new PhotoProblem("photos.cannotResize")
  context.drawImage(bitmap, 0, 0, width, height)
  bitmap.close()
  const encode = (type: string) => new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, 0.85))
  const blob = (await encode("image/webp")) ?? (await encode("image/jpeg"))
  if (blob === null) throw new PhotoProblem("photos.cannotEncode")
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

/** Why photos cannot be sent: the form says it in the visitor's language (`sentence`, with its `values`). */
export class PhotoProblem extends Error {
  constructor(readonly sentence: MessageId, readonly values: MessageValues = {}, detail?: string) {
    super(detail === undefined ? sentence : `${sentence} (${detail})`)
  }
}

/** Which photo is on its way: the `photo`th of `of`. */
export interface UploadProgress {
  readonly photo: number
  readonly of: number
}

/**
 * Checks the chosen files (type, count with the `kept` ones, an uploader to send them), then
 * resizes and uploads them one after the other; their URLs, in order.
 */
export const uploadPhotos = async (
  uploader: PhotoUploader | undefined,
  files: ReadonlyArray<File>,
  { kept = 0, onProgress }: { readonly kept?: number; readonly onProgress?: (progress: UploadProgress | undefined) => void } = {}
): Promise<Array<string>> => {
  const wrongType = files.find((file) => !(PHOTO_TYPES as ReadonlyArray<string>).includes(file.type))
  if (wrongType !== undefined) throw new PhotoProblem("photos.wrongType", { file: wrongType.name })
  if (kept + files.length > MAX_PHOTOS) throw new PhotoProblem("photos.tooMany", { max: MAX_PHOTOS })
  if (files.length > 0 && uploader === undefined) throw new PhotoProblem("photos.uploadsOff")
  const urls: Array<string> = []
  for (const [index, file] of files.entries()) {
    onProgress?.({ photo: index + 1, of: files.length })
    urls.push(await uploader!.upload(await resizePhoto(file)))
  }
  onProgress?.(undefined)
  return urls
}
