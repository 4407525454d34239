/**
 * Sending a listing's photos: checked (type, count), resized in the browser, then uploaded one
 * after the other through the app's `PhotoUploader` (`photos.ts`). What goes wrong is a
 * `PhotoProblem`, which the form says in the visitor's language.
 */
import type { PhotoUploader } from "./photos.js"

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
  if (context === null) throw new PhotoProblem(/*i18n*/ "photos.cannotResize")
  context.drawImage(bitmap, 0, 0, width, height)
  bitmap.close()
  const encode = (type: string) => new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, 0.85))
  const blob = (await encode("image/webp")) ?? (await encode("image/jpeg"))
  if (blob === null) throw new PhotoProblem(/*i18n*/ "photos.cannotEncode")
  return blob
}

/** Photos a listing can have. */
export const MAX_PHOTOS = 8

/** Why photos cannot be sent: the form says it in the visitor's language (`sentence`, with its `values`). */
export class PhotoProblem extends Error {
  constructor(readonly sentence: string, readonly values: Readonly<Record<string, string | number>> = {}, detail?: string) {
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
  if (wrongType !== undefined) throw new PhotoProblem(/*i18n*/ "photos.wrongType", { file: wrongType.name })
  if (kept + files.length > MAX_PHOTOS) throw new PhotoProblem(/*i18n*/ "photos.tooMany", { max: MAX_PHOTOS })
  if (files.length > 0 && uploader === undefined) throw new PhotoProblem(/*i18n*/ "photos.uploadsOff")
  const urls: Array<string> = []
  for (const [index, file] of files.entries()) {
    onProgress?.({ photo: index + 1, of: files.length })
    const resized = await resizePhoto(file)
    urls.push(await uploader!.upload(resized).catch((error: unknown) => {
      throw new PhotoProblem(/*i18n*/ "photos.uploadFailed", {}, error instanceof Error ? error.message : String(error))
    }))
  }
  onProgress?.(undefined)
  return urls
}
